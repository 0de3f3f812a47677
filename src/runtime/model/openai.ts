/**
 * OpenAI-compatible Chat Completions, streamed over SSE: OpenAI itself, Ollama, LM Studio, OpenRouter,
 * or any server at `baseUrl` (which includes the `/v1` part). Tool calls arrive as `tool_calls`
 * fragments keyed by index; tool results go back as `role: 'tool'` messages.
 */
import { RetryableModelError, resolveFetch, retryPolicyFrom, retryingStream, idlePolicyFrom, underIdleWatchdog, type HttpModelClientOptions } from './http.js';
import { abortedError, classifyHttpError, networkError, protocolError, type ProviderLabel } from './http-errors.js';
import { readSseEvents } from './sse.js';
import { parseStreamedToolInput } from './tool-input.js';
import { emptyUsage } from './types.js';
import type { ContentBlock, ImageBlock, Message, ModelClient, ModelRequest, ModelStreamEvent, StopReason, ToolUseBlock, Usage } from './types.js';

/** Options for `createOpenAIClient`; `baseUrl` ends before `/chat/completions`, e.g. `https://api.openai.com/v1`. */
export interface OpenAIClientOptions extends HttpModelClientOptions {
  /**
   * OpenAI's own API wants `max_completion_tokens` (newer models reject `max_tokens`); most compatible
   * servers know only `max_tokens`. Default: the former for api.openai.com, the latter elsewhere.
   */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

type UserPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** One Chat Completions message on the wire. */
export type OpenAIWireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | UserPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };

const dataUrl = (image: ImageBlock) => `data:${image.source.media_type};base64,${image.source.data}`;

/** A user message's parts: a plain string when it is only text (the form every server understands). */
function userContent(parts: UserPart[]): string | UserPart[] {
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('\n\n');
  return parts;
}

/**
 * Maps the transcript to Chat Completions messages. Tool results must directly follow the assistant
 * message that called them, and `role: 'tool'` content can only be text, so any images from tool
 * results (and the person's own text/images) go into one user message after the tool messages.
 */
export function toOpenAIMessages(system: string, messages: readonly Message[]): OpenAIWireMessage[] {
  const out: OpenAIWireMessage[] = [];
  if (system) out.push({ role: 'system', content: system });
  for (const message of messages) {
    if (message.role === 'assistant') {
      const text = message.content
        .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
        .map((b) => b.text)
        .join('');
      const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
      out.push({
        role: 'assistant',
        content: text === '' && calls.length > 0 ? null : text,
        ...(calls.length > 0
          ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) } })) }
          : {}),
      });
      continue;
    }
    const toolImages: UserPart[] = [];
    const parts: UserPart[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        const texts = block.content.filter((c) => c.type === 'text').map((c) => c.text);
        const images = block.content.filter((c): c is ImageBlock => c.type === 'image');
        if (images.length > 0) {
          texts.push(`(${images.length === 1 ? 'The image is' : `${images.length} images are`} attached in the next user message.)`);
          toolImages.push({ type: 'text', text: `Image from tool call ${block.tool_use_id}:` });
          for (const image of images) toolImages.push({ type: 'image_url', image_url: { url: dataUrl(image) } });
        }
        const text = texts.join('\n');
        out.push({
          role: 'tool',
          tool_call_id: block.tool_use_id,
          content: block.is_error && !text.includes('error') ? `Error: ${text}` : text || '(empty result)',
        });
      } else if (block.type === 'text') {
        if (block.text !== '') parts.push({ type: 'text', text: block.text });
      } else if (block.type === 'image') {
        parts.push({ type: 'image_url', image_url: { url: dataUrl(block) } });
      }
    }
    const all = [...toolImages, ...parts];
    if (all.length > 0) out.push({ role: 'user', content: userContent(all) });
  }
  return out;
}

/** The JSON body for `POST {baseUrl}/chat/completions`. Exported so tests can check it without a server. */
export function buildOpenAIBody(
  model: string,
  request: Omit<ModelRequest, 'signal'>,
  maxTokensField: 'max_tokens' | 'max_completion_tokens',
): Record<string, unknown> {
  return {
    model,
    messages: toOpenAIMessages(request.system, request.messages),
    ...(request.tools.length > 0
      ? { tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.input_schema } })) }
      : {}),
    ...(request.tools.length > 0 && request.toolChoice === 'none' ? { tool_choice: 'none' } : {}),
    ...(request.maxTokens !== undefined ? { [maxTokensField]: request.maxTokens } : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

const FINISH_REASONS: Readonly<Record<string, StopReason>> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

interface CallState {
  id: string;
  name: string;
  args: string;
  started: boolean;
  /** `tool_use_complete` was sent for it. */
  complete: boolean;
}

/**
 * Chat Completions has no end-of-call event: a call is complete once a later call starts (servers stream
 * calls one after another) or the message ends. Its arguments must also parse: a server that interleaves
 * calls would otherwise have one started on half its input.
 */
function completedCall(state: CallState): ToolUseBlock | undefined {
  if (!state.started || state.complete) return undefined;
  try {
    const input = state.args.trim() === '' ? {} : (JSON.parse(state.args) as unknown);
    state.complete = true;
    return { type: 'tool_use', id: state.id, name: state.name, input };
  } catch {
    return undefined;
  }
}

/**
 * Usage in our terms. OpenAI's `prompt_tokens` includes cached tokens; Anthropic's `input_tokens` does
 * not, so the cached part is moved to `cacheReadTokens` to keep the two providers comparable.
 */
function readUsage(raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const u = raw as { prompt_tokens?: unknown; completion_tokens?: unknown; prompt_tokens_details?: { cached_tokens?: unknown } | null };
  const prompt = typeof u.prompt_tokens === 'number' ? u.prompt_tokens : 0;
  const cached = typeof u.prompt_tokens_details?.cached_tokens === 'number' ? u.prompt_tokens_details.cached_tokens : 0;
  return {
    inputTokens: Math.max(0, prompt - cached),
    outputTokens: typeof u.completion_tokens === 'number' ? u.completion_tokens : 0,
    cacheReadTokens: cached,
    cacheCreationTokens: 0,
  };
}

/** Creates a `ModelClient` for an OpenAI-compatible Chat Completions endpoint. */
export function createOpenAIClient(options: OpenAIClientOptions): ModelClient {
  const doFetch = resolveFetch(options);
  const policy = retryPolicyFrom(options);
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}/chat/completions`;
  let host = '';
  try {
    host = new URL(base).host;
  } catch {
    host = base;
  }
  const label: ProviderLabel = { name: host === 'api.openai.com' ? 'OpenAI' : `The model server ${host}`, baseUrl: base, model: options.model };
  const maxTokensField = options.maxTokensField ?? (host === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens');

  const idle = idlePolicyFrom(options);
  const attempt = (request: ModelRequest) => underIdleWatchdog(label, request.signal, idle, (signal, touch) => streamOnce(request, signal, touch));

  /** One HTTP attempt. `signal` is the attempt's (caller's abort or a stall); `touch` marks data arriving. */
  async function* streamOnce(request: ModelRequest, signal: AbortSignal, touch: () => void): AsyncGenerator<ModelStreamEvent> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // Local servers (Ollama, LM Studio) need no key; sending an empty bearer token confuses some proxies.
    if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
    let response: Response;
    try {
      response = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(buildOpenAIBody(options.model, request, maxTokensField)), signal });
    } catch (error) {
      if (request.signal.aborted) throw abortedError(request.signal.reason);
      throw networkError(label, error);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new RetryableModelError(classifyHttpError(label, response.status, response.headers, text));
    }
    if (!response.body) throw protocolError(label, 'the response had no body');

    let text = '';
    const calls = new Map<number, CallState>();
    let finish: string | undefined;
    let usage: Usage | undefined;
    let done = false;
    let callCounter = 0;

    for await (const sse of readSseEvents(response.body)) {
      touch();
      if (sse.data === '[DONE]') {
        done = true;
        break;
      }
      let chunk: Record<string, unknown>;
      try {
        chunk = JSON.parse(sse.data) as Record<string, unknown>;
      } catch (error) {
        throw protocolError(label, 'unreadable chunk data', error);
      }
      if (chunk['error'] !== undefined) {
        // Some servers report failures inside a 200 stream.
        const error = chunk['error'] as { code?: unknown; type?: unknown };
        const kind = String(error.type ?? error.code ?? '');
        const status = /rate/.test(kind) ? 429 : /overload/.test(kind) ? 529 : 500;
        throw new RetryableModelError(classifyHttpError(label, status, new Headers(), JSON.stringify(chunk)));
      }
      const chunkUsage = readUsage(chunk['usage']);
      if (chunkUsage) usage = chunkUsage;
      const choices = Array.isArray(chunk['choices']) ? (chunk['choices'] as unknown[]) : [];
      const choice = choices[0] as { delta?: Record<string, unknown>; finish_reason?: unknown } | undefined;
      if (!choice) continue;
      const delta = choice.delta ?? {};
      if (typeof delta['content'] === 'string' && delta['content'] !== '') {
        text += delta['content'];
        yield { type: 'text_delta', text: delta['content'] };
      }
      const toolCalls = Array.isArray(delta['tool_calls']) ? (delta['tool_calls'] as unknown[]) : [];
      for (const [position, raw] of toolCalls.entries()) {
        const part = raw as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } };
        // Some servers omit `index` when they send whole calls in one chunk.
        const index = typeof part.index === 'number' ? part.index : calls.size + position;
        let state = calls.get(index);
        if (!state) {
          for (const [earlier, prior] of calls) {
            const done = earlier < index ? completedCall(prior) : undefined;
            if (done) yield { type: 'tool_use_complete', toolUse: done };
          }
          state = { id: '', name: '', args: '', started: false, complete: false };
          calls.set(index, state);
        }
        if (typeof part.id === 'string' && part.id !== '') state.id = part.id;
        if (typeof part.function?.name === 'string') state.name += part.function.name;
        const args = typeof part.function?.arguments === 'string' ? part.function.arguments : '';
        if (!state.started && state.name !== '') {
          if (state.id === '') state.id = `call_${Date.now().toString(36)}_${callCounter++}`;
          state.started = true;
          yield { type: 'tool_use_start', id: state.id, name: state.name };
          if (state.args !== '') yield { type: 'tool_use_delta', id: state.id, partialJson: state.args };
        }
        state.args += args;
        if (state.started && args !== '') yield { type: 'tool_use_delta', id: state.id, partialJson: args };
      }
      if (typeof choice.finish_reason === 'string') finish = choice.finish_reason;
    }

    if (!done && finish === undefined) {
      if (request.signal.aborted) throw abortedError(request.signal.reason);
      throw new RetryableModelError({ error: protocolError(label, 'the stream ended before the answer was complete'), retryable: true });
    }

    for (const index of [...calls.keys()].sort((a, b) => a - b)) {
      const state = calls.get(index);
      const done = state && completedCall(state);
      if (done) yield { type: 'tool_use_complete', toolUse: done };
    }
    const content: ContentBlock[] = [];
    if (text !== '') content.push({ type: 'text', text });
    for (const index of [...calls.keys()].sort((a, b) => a - b)) {
      const call = calls.get(index);
      if (!call || call.name === '') continue;
      if (call.id === '') call.id = `call_${Date.now().toString(36)}_${callCounter++}`;
      content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseStreamedToolInput(call.args) });
    }
    const hasCalls = content.some((b) => b.type === 'tool_use');
    // Ollama and others say `stop` even when they called tools; the calls are what matter.
    const stopReason: StopReason = hasCalls && finish !== 'length' ? 'tool_use' : (FINISH_REASONS[finish ?? 'stop'] ?? 'other');
    const total = usage ?? emptyUsage();
    yield { type: 'usage', usage: total };
    yield { type: 'message_done', message: { role: 'assistant', content }, stopReason, usage: total };
  }

  return {
    provider: 'openai',
    model: options.model,
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
      yield* retryingStream(policy, request.signal, () => attempt(request));
    },
  };
}
