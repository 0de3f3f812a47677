/**
 * A small Server-Sent Events parser (the `text/event-stream` format both providers stream). Bytes may
 * arrive split anywhere — inside a line, between `\r` and `\n`, inside a multi-byte character — so the
 * parser keeps the unfinished tail between chunks and only dispatches an event at a blank line.
 */

/** One dispatched event: the `event:` name (default `message`) and the `data:` lines joined by `\n`. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Incremental parser: `push` text as it arrives, get whole events back; `end` flushes a final event. */
export class SseParser {
  private buffer = '';
  /** True when the previous chunk ended in `\r`, so a leading `\n` in the next one belongs to it. */
  private pendingCr = false;
  private eventName = '';
  private dataLines: string[] = [];
  private hasData = false;
  private lastId: string | undefined;

  /** Feeds decoded text; returns the events completed by it, in order. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let chunk = text;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (chunk.startsWith('\n')) chunk = chunk.slice(1);
    }
    this.buffer += chunk;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (ch === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
      const event = this.processLine(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The stream ended: an event still waiting for its blank line is dispatched (servers sometimes omit it). */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer.length > 0) {
      const event = this.processLine(this.buffer);
      this.buffer = '';
      if (event) events.push(event);
    }
    const last = this.dispatch();
    if (last) events.push(last);
    return events;
  }

  private processLine(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.dataLines.push(value);
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        break; // `retry` and unknown fields are ignored, as the spec says
    }
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const name = this.eventName;
    const hasData = this.hasData;
    const data = this.dataLines.join('\n');
    this.eventName = '';
    this.dataLines = [];
    this.hasData = false;
    if (!hasData) return undefined;
    const event: SseEvent = { event: name || 'message', data };
    if (this.lastId !== undefined) event.id = this.lastId;
    return event;
  }
}

/**
 * Reads a response body as SSE events. Decoding is streaming, so a UTF-8 character split across two
 * network chunks is not mangled. Aborting the fetch's signal makes the underlying read reject.
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    const tail = decoder.decode();
    if (tail) yield* parser.push(tail);
    yield* parser.end();
  } finally {
    // Stop the download when the consumer leaves early (an error event, an abort, a `break`).
    if (!finished) await reader.cancel().catch(() => undefined);
    try {
      reader.releaseLock();
    } catch {
      // already released by a cancelled read; nothing left to free
    }
  }
}
