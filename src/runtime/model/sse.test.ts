import { describe, expect, it } from 'vitest';
import { SseParser, readSseEvents, type SseEvent } from './sse.js';

const STREAM =
  'event: message_start\r\ndata: {"type":"message_start"}\r\n\r\n' +
  ': keep-alive comment\n' +
  'event: content_block_delta\ndata: {"text":"héllo 🌍"}\n\n' +
  'data: line one\ndata: line two\n\n' +
  'event: message_stop\rdata: {}\r\r';

const EXPECTED: SseEvent[] = [
  { event: 'message_start', data: '{"type":"message_start"}' },
  { event: 'content_block_delta', data: '{"text":"héllo 🌍"}' },
  { event: 'message', data: 'line one\nline two' },
  { event: 'message_stop', data: '{}' },
];

function parseInPieces(pieces: string[]): SseEvent[] {
  const parser = new SseParser();
  const events = pieces.flatMap((p) => parser.push(p));
  return [...events, ...parser.end()];
}

describe('SseParser', () => {
  it('parses CRLF, LF and CR line endings, comments and multi-line data', () => {
    expect(parseInPieces([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events whichever position the stream is split at', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parseInPieces([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(EXPECTED);
    }
  });

  it('gives the same events when fed one character at a time', () => {
    expect(parseInPieces(Array.from(STREAM))).toEqual(EXPECTED);
  });

  it('does not dispatch an event until its blank line, but flushes it at the end', () => {
    const parser = new SseParser();
    expect(parser.push('event: x\ndata: 1\n')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'x', data: '1' }]);
  });

  it('ignores events without data and keeps the last id', () => {
    const parser = new SseParser();
    expect(parser.push('event: lonely\n\nid: 7\ndata: a\n\n')).toEqual([{ event: 'message', data: 'a', id: '7' }]);
  });

  it('keeps a value without the optional space after the colon', () => {
    expect(new SseParser().push('data:{"a":1}\n\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });
});

describe('readSseEvents', () => {
  it('decodes UTF-8 characters split across network chunks', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    // Cut inside the 4-byte emoji and inside the 2-byte é.
    const emoji = bytes.indexOf(0xf0);
    const accent = bytes.indexOf(0xc3);
    const cuts = [0, accent + 1, emoji + 2, bytes.length].sort((a, b) => a - b);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i + 1 < cuts.length; i++) controller.enqueue(bytes.slice(cuts[i], cuts[i + 1]));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(events).toEqual(EXPECTED);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(body)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
