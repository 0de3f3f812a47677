/**
 * A mock model server that speaks the REAL streaming wire formats of the Anthropic Messages API
 * (`POST /v1/messages`, named SSE events) and OpenAI Chat Completions (`POST /v1/chat/completions`,
 * `data:` chunks ending in `[DONE]`), on 127.0.0.1 with a random port. Tests script its replies and
 * assert on what the client sent.
 *
 * ```ts
 * const server = await startMockModelServer();
 * // settings: anthropic baseUrl = server.url; openai baseUrl = `${server.url}/v1`
 * server.enqueue(
 *   { toolCalls: [{ name: 'read_page', input: {} }] },
 *   (request) => ({ toolCalls: [{ name: 'click', input: { ref: findRef(toolResultsOf(request)[0]?.text) } }] }),
 *   { text: 'Done.' },
 * );
 * ...
 * expect(server.requests[1]?.body).toMatchObject({ stream: true });
 * expect(toolNamesOf(server.requests[0]!)).toEqual(['click', 'read_page']);
 * await server.close();
 * ```
 *
 * Replies (`MockReply`), taken in order from the queue (`enqueue`), else from the `script` handler:
 * - `{ text?, toolCalls?, usage?, stopReason?, delayMs?, chunkDelayMs?, streamError? }` — a streamed
 *   answer. Text is sent in several deltas and each tool call's JSON input in several pieces; every
 *   SSE event is written in two halves, so clients must cope with events split across chunks.
 *   `delayMs` waits before the response headers; `chunkDelayMs` waits between writes (slow streaming).
 *   `streamError: {type, message}` sends a mid-stream error event after the text (Anthropic `event:
 *   error`, OpenAI `data: {"error": ...}`) and ends the response. `trailingText` is streamed after the
 *   tool calls (`trailingDelayMs` between its events; it waits for the promise `trailingAfter` first).
 * - `{ status, body?, headers? }` — an HTTP error (e.g. 401; 429 with `{'retry-after': '2'}`; 529). Without
 *   a body, the provider's real error shape for that status is sent.
 * - `{ hang: true, text? }` — sends the headers and the start of the stream (and `text`, if any), then keeps
 *   the connection open until the client goes away (for Stop / abort tests).
 * A reply may be a function of the recorded request (sync or async).
 *
 * When no reply is left, the server answers 500 with a body naming the request, so the test fails loudly.
 * Every POST is recorded in `requests` (path, lower-cased headers, parsed JSON body, provider, and
 * `disconnected` when the client hung up before the response ended). CORS preflights are answered (and
 * not recorded), and `retry-after` is exposed, so an extension page or service worker can call it too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  anthropicFrames,
  defaultErrorBody,
  openaiFrames,
  trailingFrame,
  type MockReply,
  type MockReplySource,
  type RecordedRequest,
} from './mock-model-wire.js';

export type { MockErrorReply, MockHangReply, MockReply, MockReplySource, MockStreamReply, MockUsage, RecordedRequest } from './mock-model-wire.js';
// What the model was sent, read back: here too, for the tests that import it with the server.
export { lastUserTextOf, systemOf, toolNamesOf, toolResultsOf } from './model-results.js';

/** Settings over the mock provider's: the permission mode, the model (a known one brings its window and prices), anything else. */
export interface MockProviderOverrides {
  permissionMode?: 'ask' | 'auto' | 'read-only' | 'plan';
  /** Default 'mock-model' (an unknown model: a 32K window, no prices). */
  model?: string;
  apiKey?: string;
  [setting: string]: unknown;
}

/** Settings that point the extension at the scripted model server; `auto` (the default) runs non-destructive calls without asking. */
export function mockProviderSettings(url: string, overrides: MockProviderOverrides = {}): Record<string, unknown> {
  const { permissionMode = 'auto', model = 'mock-model', apiKey = 'test-key', ...rest } = overrides;
  return { provider: 'anthropic', anthropic: { apiKey, baseUrl: url, model }, permissionMode, ...rest };
}

/** A running mock server. */
export interface MockModelServer {
  /** `http://127.0.0.1:PORT` — the Anthropic base URL; OpenAI's is `${url}/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Adds replies to the queue (used before the `script` handler). */
  enqueue(...replies: MockReplySource[]): void;
  /** Sets the handler used when the queue is empty (`undefined` removes it). */
  script(handler: ((request: RecordedRequest) => MockReply | Promise<MockReply>) | undefined): void;
  /** Replies still queued. */
  pending(): number;
  /** Clears the queue, the handler and the recorded requests. */
  reset(): void;
  /** Resolves once `count` requests have been recorded (rejects after `timeoutMs`, default 10 s). */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

/** Options for `startMockModelServer`. */
export interface MockModelServerOptions {
  /** Default 0: a random free port. */
  port?: number;
  /** Model name echoed in responses when the request has none. */
  model?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function providerOf(path: string): RecordedRequest['provider'] {
  if (/\/messages$/.test(path)) return 'anthropic';
  if (/\/chat\/completions$/.test(path)) return 'openai';
  return 'unknown';
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  // Extension pages and service workers call from chrome-extension:// origins.
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, request-id');
}

/** Starts a mock model server on 127.0.0.1 (random port unless `options.port`). */
export async function startMockModelServer(options: MockModelServerOptions = {}): Promise<MockModelServer> {
  const requests: RecordedRequest[] = [];
  const queue: MockReplySource[] = [];
  let handler: ((request: RecordedRequest) => MockReply | Promise<MockReply>) | undefined;
  let toolIds = 0;
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  async function respond(req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest): Promise<void> {
    const ids = () => (recorded.provider === 'openai' ? `call_mock_${++toolIds}` : `toolu_mock_${++toolIds}`);
    if (recorded.provider === 'unknown') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'not_found_error', message: `mock model server: unknown path ${recorded.path}` } }));
      return;
    }
    const source = queue.shift() ?? handler;
    if (source === undefined) {
      const message = `mock model server: no scripted reply for request #${recorded.index + 1} (${recorded.method} ${recorded.path}). Enqueue more replies or set a script handler.`;
      console.warn(message);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          recorded.provider === 'openai' ? { error: { message, type: 'server_error' } } : { type: 'error', error: { type: 'api_error', message } },
        ),
      );
      return;
    }
    const reply = typeof source === 'function' ? await source(recorded) : source;

    if ('status' in reply) {
      const body = reply.body === undefined ? defaultErrorBody(recorded.provider, reply.status) : reply.body;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
      return;
    }

    const sseHeaders = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' };
    if ('hang' in reply) {
      res.writeHead(200, sseHeaders);
      const start =
        recorded.provider === 'anthropic'
          ? anthropicFrames(recorded, { text: reply.text ?? '' }, ids)
          : openaiFrames(recorded, { text: reply.text ?? '' }, ids);
      // Everything before the first event that would end the message: message_start and the text so far.
      const keep = start.filter((f) => !/message_delta|message_stop|content_block_stop|finish_reason":"|\[DONE\]|"choices":\[\]/.test(f));
      for (const frame of keep) res.write(frame);
      await new Promise<void>((resolve) => res.once('close', () => resolve()));
      return;
    }

    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    res.writeHead(200, sseHeaders);
    const frames = recorded.provider === 'anthropic' ? anthropicFrames(recorded, reply, ids) : openaiFrames(recorded, reply, ids);
    // The trailing text's events are the ones that carry it (and, for Anthropic, its block's start and stop).
    const trailing = new Set(reply.trailingText ? frames.filter((frame) => trailingFrame(frame, reply.trailingText ?? '')) : []);
    let held = reply.trailingAfter;
    for (const frame of frames) {
      if (held && trailing.has(frame)) {
        await held;
        held = undefined;
      }
      // Two writes per event, split mid-JSON: clients must reassemble events across chunks.
      const cut = Math.floor(frame.length / 2);
      for (const part of [frame.slice(0, cut), frame.slice(cut)]) {
        if (res.destroyed) return;
        res.write(part);
        const delay = trailing.has(frame) ? (reply.trailingDelayMs ?? reply.chunkDelayMs) : reply.chunkDelayMs;
        if (delay) await sleep(delay);
      }
    }
    recorded.ended = true;
    res.end();
  }

  const server = createServer((req, res) => {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        // `*` does not cover Authorization, so echo what the browser asks for.
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-private-network': 'true',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody === '' ? undefined : JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      const recorded: RecordedRequest = {
        index: requests.length,
        method: req.method ?? 'GET',
        path,
        provider: providerOf(path),
        headers,
        body,
        rawBody,
        disconnected: false,
        ended: false,
      };
      requests.push(recorded);
      res.once('close', () => {
        if (!res.writableFinished) recorded.disconnected = true;
      });
      for (const wake of [...waiters]) wake();
      respond(req, res, recorded).catch((error: unknown) => {
        console.error('mock model server: reply failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `mock model server: the scripted reply threw: ${String(error)}` } }));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    script: (next) => {
      handler = next;
    },
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      handler = undefined;
      requests.length = 0;
    },
    waitForRequests: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= count) {
          resolve(requests.slice());
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`mock model server: expected ${count} requests, got ${requests.length}`));
        }, timeoutMs);
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(requests.slice());
        };
        waiters.add(check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
