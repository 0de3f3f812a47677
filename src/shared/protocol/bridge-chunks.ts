/**
 * Native messaging takes at most 1 MB in one message from the host to the browser, and a screenshot or a
 * long page read can be more. A message whose JSON is longer than `maxChars` travels as `chunk`s of its
 * JSON text, in order, and is joined again at the other end before it is parsed and checked. The other
 * way the browser takes up to 4 GB, and the host reads up to `MAX_BROWSER_MESSAGE_BYTES`: the worker
 * cuts only a message that could pass that (`surelyAtMost` says which, without writing the JSON).
 */
import type { Chunk } from './bridge.js';

/**
 * 128 Ki UTF-16 units: at most 768 KiB of UTF-8 even if every unit were escaped as `\uXXXX`, so a
 * chunk with its envelope stays under the 1 MB cap.
 */
export const MAX_CHUNK_CHARS = 128 * 1024;

/** What the host accepts from the browser in one message (the browser's own cap that way is 4 GB). */
export const MAX_BROWSER_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * Whether `value`'s JSON is surely at most `limit` bytes of UTF-8, by a bound that writes no JSON: a
 * string counts 6 bytes a UTF-16 unit (the longest escape, `\uXXXX`), any other leaf 24. Stops as soon
 * as the bound passes the limit.
 */
export function surelyAtMost(value: unknown, limit: number): boolean {
  let left = limit;
  const fits = (item: unknown): boolean => {
    if (typeof item === 'string') left -= 6 * item.length + 2;
    else if (Array.isArray(item)) {
      left -= 2 + item.length;
      for (const element of item) if (!fits(element)) return false;
    } else if (typeof item === 'object' && item !== null) {
      left -= 2;
      for (const [key, element] of Object.entries(item)) {
        left -= 6 * key.length + 4;
        if (!fits(element)) return false;
      }
    } else left -= 24;
    return left >= 0;
  };
  return fits(value);
}

/** The message as it goes on the wire: itself, or its JSON in chunks when that is long. */
export function splitMessage(message: object, newId: () => string, maxChars = MAX_CHUNK_CHARS): Array<object> {
  const text = JSON.stringify(message);
  return text.length <= maxChars ? [message] : chunksOf(text, newId(), maxChars);
}

/**
 * The same pieces as `splitMessage`, as the JSON texts to write: for a writer that sends text (the
 * host), so a message is turned into JSON once, not once to measure it and again to send it.
 */
export function splitMessageText(message: object, newId: () => string, maxChars = MAX_CHUNK_CHARS): string[] {
  const text = JSON.stringify(message);
  return text.length <= maxChars ? [text] : chunksOf(text, newId(), maxChars).map((chunk) => JSON.stringify(chunk));
}

function chunksOf(text: string, id: string, maxChars: number): Chunk[] {
  const count = Math.ceil(text.length / maxChars);
  const chunks: Chunk[] = [];
  for (let index = 0; index < count; index++) chunks.push({ type: 'chunk', id, index, count, data: text.slice(index * maxChars, (index + 1) * maxChars) });
  return chunks;
}

/** Why a chunked message could not be put together again. */
export class ChunkError extends Error {
  override readonly name = 'ChunkError';
  constructor(
    readonly code: 'CHUNK_OUT_OF_ORDER' | 'CHUNKS_TOO_LONG' | 'CHUNK_NOT_JSON',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Joins chunks back into messages. Chunks of one message arrive in order (one pipe, one writer); a
 * message whose chunks would pass `maxChars` in total is dropped with an error, so a broken peer cannot
 * make the other side hold memory without bound.
 */
export class ChunkJoiner {
  private readonly open = new Map<string, { count: number; parts: string[]; length: number }>();

  constructor(private readonly maxChars = 256 * 1024 * 1024) {}

  /** Adds a chunk; returns the whole message (parsed JSON, not yet checked) once its last chunk is in. */
  add(chunk: Chunk): unknown {
    const text = this.addText(chunk);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new ChunkError('CHUNK_NOT_JSON', `Message ${chunk.id} is not JSON once its chunks are joined.`);
    }
  }

  /** Adds a chunk; returns the whole message's JSON text (not yet parsed) once its last chunk is in. */
  addText(chunk: Chunk): string | undefined {
    const entry = this.open.get(chunk.id) ?? { count: chunk.count, parts: [], length: 0 };
    if (chunk.count !== entry.count || chunk.index !== entry.parts.length) {
      this.open.delete(chunk.id);
      throw new ChunkError('CHUNK_OUT_OF_ORDER', `Chunk ${chunk.index + 1} of ${chunk.count} of message ${chunk.id} came out of order.`);
    }
    entry.length += chunk.data.length;
    if (entry.length > this.maxChars) {
      this.open.delete(chunk.id);
      throw new ChunkError('CHUNKS_TOO_LONG', `Message ${chunk.id} is longer than ${this.maxChars} characters.`);
    }
    entry.parts.push(chunk.data);
    if (entry.parts.length < entry.count) {
      this.open.set(chunk.id, entry);
      return undefined;
    }
    this.open.delete(chunk.id);
    return entry.parts.join('');
  }

  /** Messages whose chunks are still coming. */
  get pending(): number {
    return this.open.size;
  }
}
