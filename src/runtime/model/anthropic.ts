/**
 * The Anthropic Messages API, streamed over SSE with `fetch`. Our content blocks already have the
 * Anthropic shape, so mapping is mostly copying, plus prompt-cache breakpoints (see `buildAnthropicBody`).
 */
import { RetryableModelError, resolveFetch, retryPolicyFrom, retryingStream, idlePolicyFrom, underIdleWatchdog, type HttpModelClientOptions } from './http.js';
import { abortedError, classifyHttpError, networkError, protocolError, type ProviderLabel } from './http-errors.js';
import { readSseEvents } from './sse.js';
import { parseStreamedToolInput } from './tool-input.js';
import { ModelError, emptyUsage } from './types.js';
import type { ContentBlock, Message, ModelClient, ModelRequest, ModelStreamEvent, StopReason, ToolUseBlock, Usage } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_MAX_TOKENS = 8192;

/** Options for `createAnthropicClient`; `baseUrl` is the origin, e.g. `https://api.anthropic.com`. */
export type AnthropicClientOptions = HttpModelClientOptions;

type CacheControl = { type: 'ephemeral' };
const EPHEMERAL: CacheControl = { type: 'ephemeral' };

type WireBlock = ContentBlock & { cache_control?: CacheControl };
interface WireMessage {
  role: 'user' | 'assistant';
  content: WireBlock[];
}

/**
 * The JSON body for `POST /v1/messages`. Exported so tests can check it without a server.
 *
 * Prompt-cache breakpoints (the API allows four; the cache is a prefix in the order tools → system → messages):
 * 1. the last tool: the tool list, the same across runs and conversations;
 * 2. the system prompt: tools + system, the same for the whole run, read again after the context window
 *    rewrites older messages (a stub, a summary), when the message breakpoints find nothing cached;
 * 3. the newest message: writes the transcript so far, for the next request to read;
 * 4. the previous user message, where the last request's breakpoint 3 was: reads what that request wrote
 *    even when a turn added more blocks than the API looks back over (20) from breakpoint 3.
 */
export function buildAnthropicBody(model: string, request: Omit<ModelRequest, 'signal'>): Record<string, unknown> {
  const tools: Array<Record<string, unknown>> = request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema,
  }));
  const lastTool = tools[tools.length - 1];
  if (lastTool) lastTool['cache_control'] = EPHEMERAL;

  const system: Array<Record<string, unknown>> = request.system ? [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] : [];

  const messages = request.messages.map(toWireMessage).filter((m) => m.content.length > 0);
  const users = messages.filter((m) => m.role === 'user');
  const marked = [messages[messages.length - 1], users.length >= 2 ? users[users.length - 2] : undefined];
  for (const message of marked) {
    const last = message?.content[message.content.length - 1];
    if (last) last.cache_control = EPHEMERAL;
  }

  return {
    model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(system.length > 0 ? { system } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(tools.length > 0 && request.toolChoice === 'none' ? { tool_choice: { type: 'none' } } : {}),
    messages,
    stream: true,
  };
}

/** Copies a message for the wire (never mutating the transcript) and drops empty text, which the API rejects. */
function toWireMessage(message: Message): WireMessage {
  const content: WireBlock[] = [];
  for (const block of message.content) {
    if (block.type === 'text') {
      if (block.text !== '') content.push({ type: 'text', text: block.text });
    } else if (block.type === 'tool_result') {
      content.push({
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content.map((c) => ({ ...c })),
        ...(block.is_error ? { is_error: true } : {}),
      });
    } else if (block.type === 'tool_use') {
      // The API only takes object inputs; an array or scalar (from another provider) is wrapped, not lost.
      const input = typeof block.input === 'object' && block.input !== null && !Array.isArray(block.input) ? block.input : { _input: block.input };
      content.push({ ...block, input });
    } else {
      content.push({ ...block });
    }
  }
  return { role: message.role, content };
}

const STOP_REASONS: Readonly<Record<string, StopReason>> = {
  end_turn: 'end_turn',
  tool_use: 'tool_use',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  refusal: 'refusal',
};

interface BlockState {
  kind: 'text' | 'tool_use' | 'other';
  text: string;
  id: string;
  name: string;
  json: string;
  /** `content_block_stop` arrived for it. */
  complete?: boolean;
}

const toolUseOf = (state: BlockState): ToolUseBlock => ({ type: 'tool_use', id: state.id, name: state.name, input: parseStreamedToolInput(state.json) });

function readUsage(into: Usage, raw: unknown): Usage {
  if (typeof raw !== 'object' || raw === null) return into;
  const u = raw as Record<string, unknown>;
  const num = (key: string, fallback: number) => (typeof u[key] === 'number' ? (u[key] as number) : fallback);
  // message_delta repeats the counts cumulatively, so the latest value wins.
  return {
    inputTokens: num('input_tokens', into.inputTokens),
    outputTokens: num('output_tokens', into.outputTokens),
    cacheReadTokens: num('cache_read_input_tokens', into.cacheReadTokens),
    cacheCreationTokens: num('cache_creation_input_tokens', into.cacheCreationTokens),
  };
}

/** Creates a `ModelClient` for the Anthropic Messages API. */
export function createAnthropicClient(options: AnthropicClientOptions): ModelClient {
  const doFetch = resolveFetch(options);
  const policy = retryPolicyFrom(options);
  const label: ProviderLabel = { name: 'Anthropic', baseUrl: options.baseUrl, model: options.model };
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/messages`;

  const idle = idlePolicyFrom(options);
  const attempt = (request: ModelRequest) => underIdleWatchdog(label, request.signal, idle, (signal, touch) => streamOnce(request, signal, touch));

  /** One HTTP attempt. `signal` is the attempt's (caller's abort or a stall); `touch` marks data arriving. */
  async function* streamOnce(request: ModelRequest, signal: AbortSignal, touch: () => void): AsyncGenerator<ModelStreamEvent> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': options.apiKey,
          'anthropic-version': ANTHROPIC_VERSION,
          // The service worker calls the API directly; without this header Anthropic refuses CORS requests.
          'anthropic-dangerous-direct-browser-access': 'true',
        },
        body: JSON.stringify(buildAnthropicBody(options.model, request)),
        signal,
      });
    } catch (error) {
      if (request.signal.aborted) throw abortedError(request.signal.reason);
      throw networkError(label, error);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new RetryableModelError(classifyHttpError(label, response.status, response.headers, text));
    }
    if (!response.body) throw protocolError(label, 'the response had no body');

    const blocks = new Map<number, BlockState>();
    const order: number[] = [];
    let usage = emptyUsage();
    let stopReason: StopReason = 'other';
    let sawStop = false;

    for await (const sse of readSseEvents(response.body)) {
      touch();
      if (sse.event === 'ping') continue;
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(sse.data) as Record<string, unknown>;
      } catch (error) {
        throw protocolError(label, `unreadable event data (${sse.event})`, error);
      }
      const type = typeof data['type'] === 'string' ? data['type'] : sse.event;
      switch (type) {
        case 'message_start': {
          const message = data['message'] as { usage?: unknown } | undefined;
          usage = readUsage(usage, message?.usage);
          break;
        }
        case 'content_block_start': {
          const index = Number(data['index']);
          const block = (data['content_block'] ?? {}) as { type?: string; text?: string; id?: string; name?: string };
          const state: BlockState = {
            kind: block.type === 'text' ? 'text' : block.type === 'tool_use' ? 'tool_use' : 'other',
            text: block.text ?? '',
            id: block.id ?? '',
            name: block.name ?? '',
            json: '',
          };
          blocks.set(index, state);
          order.push(index);
          if (state.kind === 'text' && state.text) yield { type: 'text_delta', text: state.text };
          if (state.kind === 'tool_use') yield { type: 'tool_use_start', id: state.id, name: state.name };
          break;
        }
        case 'content_block_delta': {
          const state = blocks.get(Number(data['index']));
          const delta = (data['delta'] ?? {}) as { type?: string; text?: string; partial_json?: string };
          if (!state) throw protocolError(label, 'a delta for a block that never started');
          if (delta.type === 'text_delta' && typeof delta.text === 'string') {
            state.text += delta.text;
            yield { type: 'text_delta', text: delta.text };
          } else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
            state.json += delta.partial_json;
            yield { type: 'tool_use_delta', id: state.id, partialJson: delta.partial_json };
          }
          break;
        }
        case 'content_block_stop': {
          // The block's input is whole: the loop may start the call while the rest of the message streams.
          const state = blocks.get(Number(data['index']));
          if (state?.kind === 'tool_use' && !state.complete) {
            state.complete = true;
            yield { type: 'tool_use_complete', toolUse: toolUseOf(state) };
          }
          break;
        }
        case 'message_delta': {
          const delta = (data['delta'] ?? {}) as { stop_reason?: string | null };
          if (typeof delta.stop_reason === 'string') stopReason = STOP_REASONS[delta.stop_reason] ?? 'other';
          usage = readUsage(usage, data['usage']);
          break;
        }
        case 'message_stop':
          sawStop = true;
          break;
        case 'error': {
          const error = (data['error'] ?? {}) as { type?: string; message?: string };
          // An error event mid-stream is the same failure an HTTP status would have been.
          const status = error.type === 'overloaded_error' ? 529 : error.type === 'rate_limit_error' ? 429 : error.type === 'api_error' ? 500 : 400;
          throw new RetryableModelError(classifyHttpError(label, status, new Headers(), JSON.stringify({ error })));
        }
        default:
          break; // new event types are ignored, as the API's versioning policy asks
      }
      if (sawStop) break;
    }

    if (!sawStop) {
      if (request.signal.aborted) throw abortedError(request.signal.reason);
      // A dropped connection: safe to retry as long as nothing was shown yet (see retryingStream).
      throw new RetryableModelError({ error: protocolError(label, 'the stream ended before message_stop'), retryable: true });
    }

    const content: ContentBlock[] = [];
    for (const index of order) {
      const state = blocks.get(index);
      if (!state) continue;
      if (state.kind === 'text' && state.text !== '') content.push({ type: 'text', text: state.text });
      if (state.kind === 'tool_use') content.push(toolUseOf(state));
    }
    yield { type: 'usage', usage };
    yield { type: 'message_done', message: { role: 'assistant', content }, stopReason, usage };
  }

  return {
    provider: 'anthropic',
    model: options.model,
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
      if (!options.apiKey) {
        throw new ModelError('NOT_CONFIGURED', 'No Anthropic API key is set.', { suggestion: 'Add your Anthropic API key in Settings.' });
      }
      yield* retryingStream(policy, request.signal, () => attempt(request));
    },
  };
}
