import { describe, expect, it } from 'vitest';
import { ChunkError, ChunkJoiner, MAX_CHUNK_CHARS, splitMessage, splitMessageText, surelyAtMost } from './bridge-chunks.js';
import { chunkSchema, extensionToHostSchema } from './bridge.js';

let ids = 0;
const newId = () => `m${++ids}`;

describe('chunked native messages', () => {
  it('sends a short message as it is', () => {
    const message = { type: 'tools_changed', connection: 'c1' };
    expect(splitMessage(message, newId)).toEqual([message]);
  });

  it('cuts a long one into chunks that each stay under the 1 MB native messaging cap, and joins them back exactly', () => {
    // The worst case for UTF-8 size: characters JSON writes as \u escapes, and astral ones (a surrogate pair may be cut).
    const text = `${'\u0001'.repeat(200_000)}${'😀'.repeat(150_000)}é"\\`;
    const message = { type: 'response', connection: 'c1', id: 3, result: { content: [{ type: 'text', text }] } };
    const pieces = splitMessage(message, newId);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(chunkSchema.parse(piece).data.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
      expect(Buffer.byteLength(JSON.stringify(piece), 'utf8')).toBeLessThan(1024 * 1024);
    }
    const joiner = new ChunkJoiner();
    const results = pieces.map((piece) => joiner.add(chunkSchema.parse(piece)));
    expect(results.slice(0, -1).every((r) => r === undefined)).toBe(true);
    expect(results.at(-1)).toEqual(message);
    expect(extensionToHostSchema.parse(results.at(-1))).toMatchObject({ type: 'response', id: 3 });
    expect(joiner.pending).toBe(0);
  });

  it('gives the same pieces as JSON texts for a writer of text, and joins them back to the message’s own JSON', () => {
    const message = { type: 'response', connection: 'c1', id: 4, result: { text: 'é"\\'.repeat(50_000) } };
    expect(splitMessageText({ type: 'tools_changed' }, newId)).toEqual([JSON.stringify({ type: 'tools_changed' })]);
    const texts = splitMessageText(message, newId, 40_000);
    expect(texts.length).toBe(Math.ceil(JSON.stringify(message).length / 40_000));
    const joiner = new ChunkJoiner();
    const joined = texts.map((text) => joiner.addText(chunkSchema.parse(JSON.parse(text))));
    expect(joined.at(-1)).toBe(JSON.stringify(message));
  });

  it('bounds a message’s JSON size without writing it: never below the real size, even where every character is escaped', () => {
    const worst = {
      type: 'response',
      id: 1,
      flag: true,
      none: null,
      result: { content: [{ type: 'text', text: '\u0001'.repeat(1_000) }, { n: -1.7976931348623157e308 }] },
    };
    const bytes = Buffer.byteLength(JSON.stringify(worst), 'utf8');
    expect(surelyAtMost(worst, bytes * 2)).toBe(true);
    for (const message of [worst, { text: '😀é"\\'.repeat(500) }, [1, 'a', [null, { b: false }]]])
      expect(surelyAtMost(message, Buffer.byteLength(JSON.stringify(message), 'utf8') - 1)).toBe(false);
  });

  it('refuses chunks out of order and messages longer than its cap, keeping nothing of them', () => {
    const pieces = splitMessage({ type: 'x', data: 'a'.repeat(300_000) }, newId, 100_000).map((p) => chunkSchema.parse(p));
    const joiner = new ChunkJoiner();
    joiner.add(pieces[0]!);
    expect(() => joiner.add(pieces[2]!)).toThrow(ChunkError);
    expect(joiner.pending).toBe(0);
    const small = new ChunkJoiner(150_000);
    small.add(pieces[0]!);
    expect(() => small.add(pieces[1]!)).toThrow(/longer than 150000/);
    expect(small.pending).toBe(0);
  });
});
