/**
 * The wire side of the mock model server (tests/support/mock-model-server.ts): the replies a test scripts,
 * the requests it records, and the streamed frames of each provider's real format (Anthropic's named
 * SSE events, OpenAI's `data:` chunks), each event cut into pieces as the real APIs send them.
 */
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
  /** The trailing text waits for this before its first event: the message cannot end before the test lets it. */
  trailingAfter?: Promise<unknown>;
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

/** The provider's own error body for an HTTP status. */
export function defaultErrorBody(provider: RecordedRequest['provider'], status: number): unknown {
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

/** A streamed answer as Anthropic's SSE events. */
export function anthropicFrames(request: RecordedRequest, reply: MockStreamReply, ids: () => string): string[] {
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

/** A streamed answer as OpenAI's Chat Completions chunks. */
export function openaiFrames(request: RecordedRequest, reply: MockStreamReply, ids: () => string): string[] {
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
export function trailingFrame(frame: string, trailing: string): boolean {
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
