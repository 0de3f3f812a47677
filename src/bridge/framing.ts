/**
 * The two wire formats of the bridge. Native messaging (host ↔ browser): each message is a 4-byte
 * little-endian length, then that many bytes of UTF-8 JSON. The local socket (server ↔ host): one JSON
 * per line. Both readers take bytes as they come, in any split, and bound what they hold.
 */
import type { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';

/** Chrome refuses a message over 1 MB from the host; callers chunk before this (bridge-chunks.ts). */
export const MAX_HOST_MESSAGE_BYTES = 1024 * 1024;
/** What the host accepts from the browser in one message (Chrome's own cap is 64 MiB). */
export const MAX_BROWSER_MESSAGE_BYTES = 64 * 1024 * 1024;

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

/** Reads native messages from a byte stream; `onMessage` gets each parsed JSON value, and the UTF-8 JSON it was read from. */
export class NativeMessageReader {
  private buffered: Buffer = Buffer.alloc(0);

  constructor(
    private readonly onMessage: (message: unknown, json: Buffer) => void,
    private readonly maxBytes = MAX_BROWSER_MESSAGE_BYTES,
  ) {}

  /** Feeds bytes; throws on a frame over the cap or one that is not JSON (the pipe is then unusable). */
  push(bytes: Buffer): void {
    this.buffered = this.buffered.length === 0 ? bytes : Buffer.concat([this.buffered, bytes]);
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUInt32LE(0);
      if (length > this.maxBytes) throw new RangeError(`A native message of ${length} bytes is over the ${this.maxBytes}-byte cap.`);
      if (this.buffered.length < 4 + length) return;
      const body = this.buffered.subarray(4, 4 + length);
      this.buffered = this.buffered.subarray(4 + length);
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
 * answers it with an error). Throws when a line grows past `maxChars` without ending.
 */
export class LineReader {
  private partial = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly maxChars = 32 * 1024 * 1024,
  ) {}

  push(bytes: Buffer): void {
    this.partial += this.decoder.write(bytes);
    let newline = this.partial.indexOf('\n');
    while (newline >= 0) {
      const line = this.partial.slice(0, newline);
      this.partial = this.partial.slice(newline + 1);
      if (line.trim() !== '') this.onMessage(parseOrUndefined(line));
      newline = this.partial.indexOf('\n');
    }
    if (this.partial.length > this.maxChars) throw new RangeError(`A line of more than ${this.maxChars} characters.`);
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
