/**
 * A scripted `ModelClient` for unit tests: each call to `stream` plays the next step. A step may be a
 * function of the request (e.g. to read a ref out of the previous tool result). Every request is
 * recorded (without its signal) so tests can assert what the loop sent.
 */
import { ModelError, emptyUsage } from './types.js';
import type { ContentBlock, Message, ModelClient, ModelRequest, ModelStreamEvent, StopReason, Usage } from './types.js';

/** One scripted assistant answer, or a failure, or a stream that waits until it is aborted. */
export type ScriptedReply =
  | {
      text?: string;
      toolCalls?: Array<{ id?: string; name: string; input: unknown }>;
      /** Default: `tool_use` when there are tool calls, else `end_turn`. */
      stopReason?: StopReason;
      usage?: Partial<Usage>;
      /** Text is streamed in pieces of this many characters (default 8). */
      chunkSize?: number;
      /**
       * Awaited after the tool calls have streamed and before the message ends: a test holds the stream
       * open here (a slow model still talking) to see what happens to calls that are already complete.
       */
      beforeDone?: () => Promise<void>;
      /** Text streamed after the tool calls (while `beforeDone` has not resolved, before it). */
      trailingText?: string;
    }
  | { error: ModelError }
  /** Streams `text` (if any) and then waits for the signal to abort. */
  | { hang: true; text?: string };

/** A step: a reply, or a function of the request that returns one. */
export type ScriptedStep = ScriptedReply | ((request: RecordedModelRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);

/** A request as the scripted client saw it: a deep copy, so later mutation of the transcript cannot change it. */
export type RecordedModelRequest = Omit<ModelRequest, 'signal'>;

/** A scripted client plus its recordings. */
export interface ScriptedModelClient extends ModelClient {
  readonly requests: RecordedModelRequest[];
  /** Steps not yet played. */
  remaining(): number;
}

function abortError(signal: AbortSignal): ModelError {
  return new ModelError('ABORTED', 'The request to the model was stopped.', { cause: signal.reason, suggestion: 'Send again when you are ready.' });
}

function waitForAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(abortError(signal));
    else signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
  });
}

/** Creates a client that plays `steps` in order; running out is an error naming the request number. */
export function createScriptedClient(steps: readonly ScriptedStep[], options: { model?: string } = {}): ScriptedModelClient {
  const queue = [...steps];
  const requests: RecordedModelRequest[] = [];
  let toolIds = 0;

  async function* play(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const recorded: RecordedModelRequest = structuredClone({
      system: request.system,
      tools: request.tools,
      messages: request.messages,
      ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
      ...(request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
    });
    requests.push(recorded);
    const index = requests.length - 1;
    const step = queue.shift();
    if (step === undefined) {
      throw new ModelError('PROTOCOL', `The scripted model has no step for request #${index + 1}.`, { suggestion: 'Add a step to the test script.' });
    }
    if (request.signal.aborted) throw abortError(request.signal);
    const reply = typeof step === 'function' ? await step(recorded, index) : step;
    if ('error' in reply) throw reply.error;
    if ('hang' in reply) {
      if (reply.text) yield { type: 'text_delta', text: reply.text };
      return await waitForAbort(request.signal);
    }

    const content: ContentBlock[] = [];
    const text = reply.text ?? '';
    const size = Math.max(1, reply.chunkSize ?? 8);
    for (let i = 0; i < text.length; i += size) {
      if (request.signal.aborted) throw abortError(request.signal);
      yield { type: 'text_delta', text: text.slice(i, i + size) };
    }
    if (text !== '') content.push({ type: 'text', text });
    for (const call of reply.toolCalls ?? []) {
      const id = call.id ?? `toolu_scripted_${++toolIds}`;
      const json = JSON.stringify(call.input ?? {});
      yield { type: 'tool_use_start', id, name: call.name };
      yield { type: 'tool_use_delta', id, partialJson: json };
      const block = { type: 'tool_use' as const, id, name: call.name, input: structuredClone(call.input ?? {}) };
      yield { type: 'tool_use_complete', toolUse: structuredClone(block) };
      content.push(block);
    }
    if (reply.trailingText) {
      yield { type: 'text_delta', text: reply.trailingText };
      content.push({ type: 'text', text: reply.trailingText });
    }
    if (reply.beforeDone) await Promise.race([reply.beforeDone(), waitForAbort(request.signal)]);
    if (request.signal.aborted) throw abortError(request.signal);
    const usage: Usage = { ...emptyUsage(), inputTokens: 10, outputTokens: 5, ...reply.usage };
    const stopReason = reply.stopReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
    const message: Message = { role: 'assistant', content };
    yield { type: 'usage', usage };
    yield { type: 'message_done', message, stopReason, usage };
  }

  return {
    provider: 'scripted',
    model: options.model ?? 'scripted-model',
    requests,
    remaining: () => queue.length,
    stream: (request) => play(request),
  };
}
