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
 *   error`, OpenAI `data: {"error": ...}`) and ends the response.
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

/** A streamed answer. */
export interface MockStreamReply {
  text?: string;
  toolCalls?: Array<{ id?: string; name: string; input: unknown }>;
  /** Anthropic stop reason (`end_turn`, `tool_use`, `max_tokens`) — mapped for OpenAI. Default from the content. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';
  /** Token counts to report; defaults are derived from the sizes of the request and the reply. */
  usage?: Partial<MockUsage>;
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Wait this long between writes (slow streaming). */
  chunkDelayMs?: number;
  /** Send an error event after the text and end the stream. */
  streamError?: { type: string; message: string };
  /**
   * Text streamed after the tool calls (a second text block for Anthropic; more content deltas for
   * OpenAI): the model still talking once its calls are complete.
   */
  trailingText?: string;
  /** Wait this long between the trailing text's events (a slow end of the message). */
  trailingDelayMs?: number;
}

/** An HTTP error status. */
export interface MockErrorReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Start streaming, then wait for the client to abort. */
export interface MockHangReply {
  hang: true;
  text?: string;
}

export type MockReply = MockStreamReply | MockErrorReply | MockHangReply;
/** A reply, or a function of the request that returns one. */
export type MockReplySource = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

/** Token counts in Anthropic's terms (`inputTokens` excludes cache reads and writes). */
export interface MockUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

/** One request the server received. */
export interface RecordedRequest {
  /** 0-based position in `requests`. */
  index: number;
  method: string;
  path: string;
  provider: 'anthropic' | 'openai' | 'unknown';
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body (or `undefined` when it was not JSON; see `rawBody`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index freely into provider JSON
  body: any;
  rawBody: string;
  /** True when the client closed the connection before the response was complete (an abort). */
  disconnected: boolean;
  /** True once the whole response has been written (the message has ended). */
  ended: boolean;
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

/** Splits text into pieces of a few code points (never inside a surrogate pair). */
function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Splits a JSON text into about three parts, at arbitrary points (as the real APIs do). */
function jsonPieces(json: string): string[] {
  if (json.length < 6) return [json];
  const a = Math.floor(json.length / 3);
  const b = Math.floor((2 * json.length) / 3);
  return [json.slice(0, a), json.slice(a, b), json.slice(b)];
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};
const ERROR_MESSAGES: Record<number, string> = {
  400: 'Invalid request.',
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  404: 'model: not found',
  413: 'Request exceeds the maximum allowed number of bytes.',
  429: 'Number of request tokens has exceeded your per-minute rate limit.',
  500: 'Internal server error.',
  529: 'Overloaded',
};
const OPENAI_ERROR_CODES: Record<number, string> = { 401: 'invalid_api_key', 404: 'model_not_found', 429: 'rate_limit_exceeded' };

function defaultErrorBody(provider: RecordedRequest['provider'], status: number): unknown {
  const message = ERROR_MESSAGES[status] ?? `Error ${status}.`;
  if (provider === 'openai') {
    return { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: OPENAI_ERROR_CODES[status] ?? null } };
  }
  return { type: 'error', error: { type: ANTHROPIC_ERROR_TYPES[status] ?? 'api_error', message } };
}

/** One SSE event as Anthropic frames it. */
const anthropicEvent = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
/** One SSE chunk as OpenAI frames it. */
const openaiData = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

function resolveUsage(request: RecordedRequest, reply: MockStreamReply): MockUsage {
  const toolCalls = reply.toolCalls?.length ?? 0;
  return {
    inputTokens: Math.ceil(request.rawBody.length / 4),
    outputTokens: Math.ceil((reply.text?.length ?? 0) / 4) + 20 * toolCalls + 1,
    cacheReadTokens: 0,
    cacheCreationTokens: 0,
    ...reply.usage,
  };
}

function anthropicFrames(request: RecordedRequest, reply: MockStreamReply, ids: () => string): string[] {
  const model = typeof request.body?.model === 'string' ? request.body.model : 'mock-model';
  const usage = resolveUsage(request, reply);
  const frames: string[] = [
    anthropicEvent('message_start', {
      message: {
        id: `msg_mock_${request.index + 1}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.inputTokens,
          cache_creation_input_tokens: usage.cacheCreationTokens,
          cache_read_input_tokens: usage.cacheReadTokens,
          output_tokens: 1,
        },
      },
    }),
  ];
  let index = 0;
  if (reply.text) {
    frames.push(anthropicEvent('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    frames.push(anthropicEvent('ping', {}));
    for (const text of pieces(reply.text, 12)) frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    frames.push(anthropicEvent('content_block_stop', { index }));
    index++;
  }
  if (reply.streamError) {
    frames.push(anthropicEvent('error', { error: reply.streamError }));
    return frames;
  }
  for (const call of reply.toolCalls ?? []) {
    frames.push(anthropicEvent('content_block_start', { index, content_block: { type: 'tool_use', id: call.id ?? ids(), name: call.name, input: {} } }));
    frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const part of jsonPieces(JSON.stringify(call.input ?? {}))) {
      frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } }));
    }
    frames.push(anthropicEvent('content_block_stop', { index }));
    index++;
  }
  if (reply.trailingText) {
    frames.push(anthropicEvent('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of pieces(reply.trailingText, 12)) frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    frames.push(anthropicEvent('content_block_stop', { index }));
  }
  const stopReason = reply.stopReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
  frames.push(anthropicEvent('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.outputTokens } }));
  frames.push(anthropicEvent('message_stop', {}));
  return frames;
}

const OPENAI_FINISH: Record<string, string> = {
  end_turn: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  stop_sequence: 'stop',
  refusal: 'content_filter',
};

function openaiFrames(request: RecordedRequest, reply: MockStreamReply, ids: () => string): string[] {
  const model = typeof request.body?.model === 'string' ? request.body.model : 'mock-model';
  const base = { id: `chatcmpl-mock-${request.index + 1}`, object: 'chat.completion.chunk', created: 1_700_000_000, model };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    openaiData({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const frames: string[] = [chunk({ role: 'assistant', content: '' })];
  for (const text of pieces(reply.text ?? '', 12)) frames.push(chunk({ content: text }));
  if (reply.streamError) {
    frames.push(openaiData({ error: { message: reply.streamError.message, type: reply.streamError.type, param: null, code: null } }));
    return frames;
  }
  for (const [i, call] of (reply.toolCalls ?? []).entries()) {
    frames.push(chunk({ tool_calls: [{ index: i, id: call.id ?? ids(), type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const part of jsonPieces(JSON.stringify(call.input ?? {}))) frames.push(chunk({ tool_calls: [{ index: i, function: { arguments: part } }] }));
  }
  for (const text of pieces(reply.trailingText ?? '', 12)) frames.push(chunk({ content: text }));
  const stopReason = reply.stopReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
  frames.push(chunk({}, OPENAI_FINISH[stopReason] ?? 'stop'));
  if (request.body?.stream_options?.include_usage === true) {
    const usage = resolveUsage(request, reply);
    const prompt = usage.inputTokens + usage.cacheReadTokens;
    frames.push(
      openaiData({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: prompt,
          completion_tokens: usage.outputTokens,
          total_tokens: prompt + usage.outputTokens,
          prompt_tokens_details: { cached_tokens: usage.cacheReadTokens },
        },
      }),
    );
  }
  frames.push(openaiData('[DONE]'));
  return frames;
}

/** Is this frame one of the trailing text's deltas? (Its pieces are what the frame carries as text.) */
function trailingFrame(frame: string, trailing: string): boolean {
  const data = /data: (.*)/.exec(frame)?.[1];
  if (!data) return false;
  try {
    const parsed = JSON.parse(data) as { delta?: { text?: string }; choices?: Array<{ delta?: { content?: string } }> };
    const text = parsed.delta?.text ?? parsed.choices?.[0]?.delta?.content;
    return typeof text === 'string' && text !== '' && trailing.includes(text);
  } catch {
    return false;
  }
}

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
    for (const frame of frames) {
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

/**
 * The tool results of the newest turn, in either provider's format: every result in the messages after
 * the last assistant message, whatever else sits among them (a screenshot's image message comes after
 * the results; a resumed run may add the person's message). OpenAI's `role: 'tool'` messages have no
 * error flag, so there `isError` means the text carries an `"error"` payload.
 */
export function toolResultsOf(request: RecordedRequest): Array<{ toolUseId: string; text: string; isError: boolean }> {
  const messages = (Array.isArray(request.body?.messages) ? request.body.messages : []) as Array<{ role?: string; content?: unknown; tool_call_id?: string }>;
  const lastAssistant = messages.map((m) => m?.role).lastIndexOf('assistant');
  const out: Array<{ toolUseId: string; text: string; isError: boolean }> = [];
  for (const m of messages.slice(lastAssistant + 1)) {
    if (request.provider === 'openai') {
      if (m?.role !== 'tool') continue;
      const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
      out.push({ toolUseId: m.tool_call_id ?? '', text, isError: /"error"\s*:/.test(text) || text.startsWith('Error:') });
      continue;
    }
    if (m?.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const b of m.content as Array<Record<string, unknown>>) {
      if (b['type'] !== 'tool_result') continue;
      const content = b['content'];
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? (content as Array<{ type?: string; text?: string }>)
                .filter((c) => c.type === 'text')
                .map((c) => c.text ?? '')
                .join('\n')
            : '';
      out.push({ toolUseId: String(b['tool_use_id'] ?? ''), text, isError: b['is_error'] === true });
    }
  }
  return out;
}

/** The tool names the request offered, in order. */
export function toolNamesOf(request: RecordedRequest): string[] {
  const tools: unknown[] = Array.isArray(request.body?.tools) ? request.body.tools : [];
  return tools.map((t) => {
    const tool = t as { name?: string; function?: { name?: string } };
    return tool.name ?? tool.function?.name ?? '';
  });
}

/** The system prompt of the request (Anthropic `system` blocks or OpenAI's system message). */
export function systemOf(request: RecordedRequest): string {
  const body = request.body as { system?: unknown; messages?: Array<{ role?: string; content?: unknown }> } | undefined;
  if (request.provider === 'openai') {
    const system = body?.messages?.find((m) => m.role === 'system');
    return typeof system?.content === 'string' ? system.content : '';
  }
  if (typeof body?.system === 'string') return body.system;
  if (Array.isArray(body?.system)) return (body.system as Array<{ text?: string }>).map((b) => b.text ?? '').join('\n');
  return '';
}

/** The text of the newest user message that is not only tool results ('' if none). */
export function lastUserTextOf(request: RecordedRequest): string {
  const messages = (Array.isArray(request.body?.messages) ? request.body.messages : []) as Array<{ role?: string; content?: unknown }>;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      const text = (m.content as Array<{ type?: string; text?: string }>)
        .filter((b) => b.type === 'text')
        .map((b) => b.text ?? '')
        .join('\n');
      if (text !== '') return text;
    }
  }
  return '';
}
