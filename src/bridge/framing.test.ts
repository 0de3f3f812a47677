import { describe, expect, it } from 'vitest';
import { encodeLine, encodeNativeMessage, LineReader, lineOfJson, NativeMessageReader } from './framing.js';

describe('native messaging frames', () => {
  it('writes a 4-byte little-endian length and UTF-8 JSON, and reads frames back however the bytes are split', () => {
    const messages = [{ type: 'host_ready', protocol: 1, version: '0.1.0' }, { text: 'héllo 😀' }];
    const bytes = Buffer.concat(messages.map(encodeNativeMessage));
    expect(bytes.readUInt32LE(0)).toBe(Buffer.byteLength(JSON.stringify(messages[0])));
    const read: unknown[] = [];
    const texts: string[] = [];
    const reader = new NativeMessageReader((m, json) => {
      read.push(m);
      texts.push(json.toString('utf8'));
    });
    for (let i = 0; i < bytes.length; i += 3) reader.push(bytes.subarray(i, i + 3));
    expect(read).toEqual(messages);
    expect(texts).toEqual(messages.map((m) => JSON.stringify(m)));
  });

  it('refuses to write a message over the browser’s 1 MB cap, and to read one over its own', () => {
    expect(() => encodeNativeMessage({ text: 'x'.repeat(1024 * 1024) })).toThrow(RangeError);
    const reader = new NativeMessageReader(() => undefined, 10);
    const frame = Buffer.alloc(4);
    frame.writeUInt32LE(11, 0);
    expect(() => reader.push(frame)).toThrow(/over the 10-byte cap/);
  });
});

describe('socket lines', () => {
  it('reads one JSON per line across splits (multi-byte characters too); a broken line arrives as undefined', () => {
    const read: unknown[] = [];
    const reader = new LineReader((m) => read.push(m));
    const bytes = Buffer.from(`${encodeLine({ a: 'é😀' })}not json\n${encodeLine({ b: 2 })}`);
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1));
    expect(read).toEqual([{ a: 'é😀' }, undefined, { b: 2 }]);
  });

  it('makes a line of JSON as it was written (bytes or text), and none of text holding a line break', () => {
    const json = JSON.stringify({ text: 'a\nb é' });
    expect(lineOfJson(Buffer.from(json))).toEqual(Buffer.from(`${json}\n`));
    expect(lineOfJson(json)).toBe(`${json}\n`);
    expect(lineOfJson(Buffer.from('{"a":\n1}'))).toBeUndefined();
    expect(lineOfJson('{"a":\n1}')).toBeUndefined();
  });

  it('throws when a line grows past its cap without ending', () => {
    const reader = new LineReader(() => undefined, 8);
    expect(() => reader.push(Buffer.from('123456789'))).toThrow(RangeError);
    const pieces = new LineReader(() => undefined, 8);
    pieces.push(Buffer.from('1234'));
    expect(() => pieces.push(Buffer.from('56789'))).toThrow(RangeError);
    const read: unknown[] = [];
    const ended = new LineReader((m) => read.push(m), 8);
    ended.push(Buffer.from('[1,'));
    ended.push(Buffer.from('2]\n[3,4,'));
    expect(read).toEqual([[1, 2]]);
    expect(() => ended.push(Buffer.from('5,6]'))).toThrow(RangeError);
  });
});
