/**
 * The two wire formats of the bridge. Native messaging (host ↔ browser): each message is a 4-byte
 * little-endian length, then that many bytes of UTF-8 JSON. The local socket (server ↔ host): one JSON
 * per line. Both readers take bytes as they come, in any split, and bound what they hold.
 */
import type { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { MAX_BROWSER_MESSAGE_BYTES } from '../shared/protocol/bridge-chunks.js';

export { MAX_BROWSER_MESSAGE_BYTES };

/** Chrome refuses a message over 1 MB from the host; callers chunk before this (bridge-chunks.ts). */
export const MAX_HOST_MESSAGE_BYTES = 1024 * 1024;

/** One native message: the length prefix and the JSON. Throws when it is over the browser's cap. */
export function encodeNativeMessage(message: unknown): Buffer {
  return encodeNativeText(JSON.stringify(message));
}

/** One native message from JSON text already written. */
export function encodeNativeText(json: string): Buffer {
  const body = Buffer.from(json, 'utf8');
  if (body.length > MAX_HOST_MESSAGE_BYTES) throw new RangeError(`A native message of ${body.length} bytes is over the browser's 1 MB cap.`);
  const frame = Buffer.alloc(4 + body.length);
  frame.writeUInt32LE(body.length, 0);
  body.copy(frame, 4);
  return frame;
}

/**
 * Reads native messages from a byte stream; `onMessage` gets each parsed JSON value, and the UTF-8 JSON
 * it was read from. The pipe gives at most 64 KiB at a time: the pieces of a long message (a screenshot)
 * are kept as they came and joined once it is all there, not copied again at every piece.
 */
export class NativeMessageReader {
  private pieces: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly onMessage: (message: unknown, json: Buffer) => void,
    private readonly maxBytes = MAX_BROWSER_MESSAGE_BYTES,
  ) {}

  /** Feeds bytes; throws on a frame over the cap or one that is not JSON (the pipe is then unusable). */
  push(bytes: Buffer): void {
    this.pieces.push(bytes);
    this.size += bytes.length;
    while (this.size >= 4) {
      if ((this.pieces[0]?.length ?? 0) < 4) this.pieces = [Buffer.concat(this.pieces, this.size)];
      const length = (this.pieces[0] as Buffer).readUInt32LE(0);
      if (length > this.maxBytes) throw new RangeError(`A native message of ${length} bytes is over the ${this.maxBytes}-byte cap.`);
      if (this.size < 4 + length) return;
      const all = this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces, this.size);
      const body = all.subarray(4, 4 + length);
      const rest = all.subarray(4 + length);
      this.pieces = rest.length > 0 ? [rest] : [];
      this.size = rest.length;
      this.onMessage(JSON.parse(body.toString('utf8')), body);
    }
  }
}

/** One line of the socket protocol. */
export const encodeLine = (message: unknown): string => `${JSON.stringify(message)}\n`;

const NEWLINE = 0x0a;

/**
 * One line from JSON text as another program wrote it (the browser's native message), without writing
 * it out again; undefined when the text holds a line break (JSON never needs one; the caller then
 * encodes the parsed value).
 */
export function lineOfJson(json: Buffer | string): Buffer | string | undefined {
  if (typeof json === 'string') return json.includes('\n') ? undefined : `${json}\n`;
  return json.includes(NEWLINE) ? undefined : Buffer.concat([json, Buffer.of(NEWLINE)]);
}

/**
 * Reads newline-delimited JSON; a line that does not parse is handed over as `undefined` (the receiver
 * answers it with an error). Throws when a line grows past `maxChars` without ending. A long line comes
 * in many reads: only each new piece is searched for its end, and the pieces are joined once.
 */
export class LineReader {
  private partial: string[] = [];
  private partialChars = 0;
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly maxChars = 32 * 1024 * 1024,
  ) {}

  push(bytes: Buffer): void {
    let text = this.decoder.write(bytes);
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      this.partial.push(text.slice(0, newline));
      const line = this.partial.join('');
      this.partial = [];
      this.partialChars = 0;
      text = text.slice(newline + 1);
      if (line.trim() !== '') this.onMessage(parseOrUndefined(line));
      newline = text.indexOf('\n');
    }
    if (text !== '') {
      this.partial.push(text);
      this.partialChars += text.length;
    }
    if (this.partialChars > this.maxChars) throw new RangeError(`A line of more than ${this.maxChars} characters.`);
  }
}

/**
 * Reads one socket's lines into `onMessage`; a peer that sends a line past the cap loses its connection
 * (nothing it sent after that is read), and socket errors are left to the 'close' handler.
 */
export function readLinesFrom(socket: Socket, onMessage: (message: unknown) => void): void {
  const reader = new LineReader(onMessage);
  socket.on('data', (bytes: Buffer) => {
    try {
      reader.push(bytes);
    } catch {
      socket.destroy();
    }
  });
  socket.on('error', () => undefined);
}

function parseOrUndefined(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
