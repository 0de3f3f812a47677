/**
 * The agent loop: build the request (system prompt, tools, transcript) → stream the model's answer →
 * run its tool calls through the streaming executor → append the results → checkpoint → repeat, until the
 * model ends its turn, a stop condition says so, the run is aborted, or the model fails.
 *
 * Every step is emitted as an `AgentEvent` (for the side panel) and saved through a `Checkpointer`
 * (for service-worker restarts). Model failures never throw: they end the run with `model_error`.
 */
import { INTERRUPT_REASON } from './abort.js';
import { repairInterruptedTranscript, type Checkpointer, type RunCheckpoint } from './checkpoint.js';
import type { ContextPolicy } from './context-window/types.js';
import type { ToolUseContext } from './context.js';
import { messageOf, type RunError } from './errors.js';
import type { AgentEvent, RunStopReason } from './events.js';
import { ModelError, addUsage, emptyUsage } from './model/types.js';
import type { Message, ModelClient, ToolUseBlock, Usage } from './model/types.js';
import { StreamingToolExecutor } from './streaming-executor.js';
import { brokeOff, keepBrokenOffTurn } from './turn-break.js';
import { deliverQueued, type SteeringQueue } from './steering.js';
import type { StopCondition, StopState } from './stop-conditions.js';
import { deferredToolsPromptSection, toolSpecsForRequest } from './registry.js';
import type { CanUseTool } from './tool.js';

/** Options for `runAgent`. */
export interface RunAgentOptions {
  runId: string;
  model: ModelClient;
  /** The system prompt; the loop appends the section naming the deferred tools. */
  system: string;
  /** The transcript so far, ending with the person's message (or tool results, when resuming). */
  messages: Message[];
  /** Its `abortController` is the run's: `abort(INTERRUPT_REASON)` interrupts, any other reason is a hard stop. */
  context: ToolUseContext;
  canUseTool: CanUseTool;
  onEvent: (event: AgentEvent) => void;
  stopWhen?: StopCondition[];
  checkpointer?: Checkpointer;
  maxConcurrency?: number;
  /** The model's output cap per turn. */
  maxTokens?: number;
  /** Start concurrency-safe calls while the reply streams (default true); false waits for the whole message. */
  streamingToolExecution?: boolean;
  /** A checkpoint that fails does not stop the run; this hears about it (default: console.warn). */
  onCheckpointError?: (error: unknown) => void;
  /**
   * Shapes what each request sends (old images and superseded reads as notes, compaction) and may stop the
   * run before a request (budget); see `context-window/policy.ts`. Without one the whole transcript is sent.
   */
  contextPolicy?: ContextPolicy;
  /** The person's messages sent mid-run, delivered at each turn boundary (steering.ts). */
  steering?: SteeringQueue;
}

/** How a run ended. */
export interface RunResult {
  reason: RunStopReason;
  messages: Message[];
  usage: Usage;
  context: ToolUseContext;
  error?: RunError;
}

function toRunError(error: unknown): RunError {
  if (error instanceof ModelError) {
    return {
      code: error.code,
      message: error.message,
      suggestion: error.suggestion,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    };
  }
  const message = messageOf(error);
  return { code: 'PROTOCOL', message: `The model client failed: ${message}`, suggestion: 'Try again; if it keeps happening, check the provider settings.' };
}

const abortReasonOf = (signal: AbortSignal): RunStopReason => (signal.reason === INTERRUPT_REASON ? 'interrupted' : 'aborted');

/** Joins the parts of the system prompt that are not empty. */
export function buildSystemPrompt(system: string, deferredSection: string): string {
  return [system, deferredSection].filter((part) => part.trim() !== '').join('\n\n');
}

/**
 * Runs the agent until the model ends its turn, a stop condition holds, the run is aborted, or the
 * model fails. Never throws for model errors (reason `model_error`, with `error`).
 */
export async function runAgent(options: RunAgentOptions): Promise<RunResult> {
  // A listener that throws (say, a panel that went away) must not end the run.
  const emit = (event: AgentEvent) => {
    try {
      options.onEvent(event);
    } catch (error) {
      console.warn('Pagewright: an event listener failed', error);
    }
  };
  let context = options.context;
  const signal = context.abortController.signal;
  let messages = repairInterruptedTranscript(options.messages);
  let usage = emptyUsage();
  let turn = 0;
  let toolCalls = 0;

  // Saves go one after another, each with the state as it was when it was asked for; the promise is the last one's.
  let saving: Promise<void> = Promise.resolve();
  const checkpoint = (inFlight: string[], status: RunCheckpoint['status']): Promise<void> => {
    const { checkpointer } = options;
    if (!checkpointer) return saving;
    const state: RunCheckpoint = {
      runId: options.runId,
      messages: [...messages],
      turn,
      toolCalls,
      usage,
      inFlight,
      budget: [...context.budget.decisions.values()],
      appState: context.getAppState(),
      currentTabId: context.currentTabId,
      status,
      ...(options.contextPolicy ? { contextWindow: options.contextPolicy.snapshot() } : {}),
    };
    saving = saving.then(async () => {
      try {
        await checkpointer.save(state);
      } catch (error) {
        (options.onCheckpointError ?? ((e: unknown) => console.warn('Pagewright: checkpoint failed', e)))(error);
      }
    });
    return saving;
  };

  const finish = async (reason: RunStopReason, error?: RunError): Promise<RunResult> => {
    await checkpoint([], 'finished');
    emit({ type: 'run_finished', reason, ...(error ? { error } : {}) });
    return { reason, messages, usage, context, ...(error ? { error } : {}) };
  };

  await checkpoint([], 'running');

  for (;;) {
    if (signal.aborted) return finish(abortReasonOf(signal));
    if (turn > 0) {
      const state: StopState = { turn, toolCalls, usage };
      for (const condition of options.stopWhen ?? []) {
        const reason = condition(state);
        if (reason) return finish(reason);
      }
    }

    const appState = context.getAppState();
    const system = buildSystemPrompt(options.system, deferredToolsPromptSection(context.tools));
    const tools = toolSpecsForRequest(context.tools, appState, context);
    // The turn boundary: the policy decides what of the transcript is sent, or stops the run first.
    let sent: Message[] = [...messages];
    if (options.contextPolicy) {
      const prepared = await options.contextPolicy.prepare({ system, tools, messages, maxTokens: options.maxTokens, signal, emit });
      if (prepared.usage) usage = addUsage(usage, prepared.usage);
      if (signal.aborted) return finish(abortReasonOf(signal));
      if ('stop' in prepared) return finish(prepared.stop, prepared.error);
      sent = prepared.messages;
    }

    turn++;
    emit({ type: 'turn_started', turn });
    const request = { system, tools, messages: sent, signal, ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}) };

    let assistant: Message | undefined;
    let turnUsage: Usage | undefined;
    let streamedText = '';
    // Calls start while the reply streams (streaming-executor.ts); without it they wait for the whole message.
    const executor = new StreamingToolExecutor(context, { canUseTool: options.canUseTool, emit, maxConcurrency: options.maxConcurrency });
    try {
      for await (const event of options.model.stream(request)) {
        if (event.type === 'text_delta') {
          streamedText += event.text;
          emit({ type: 'text_delta', text: event.text });
        } else if (event.type === 'tool_use_complete') {
          if (options.streamingToolExecution !== false) executor.add(event.toolUse);
        } else if (event.type === 'message_done') {
          assistant = event.message;
          turnUsage = event.usage;
        }
      }
      if (!assistant) throw new ModelError('PROTOCOL', 'The model stream ended without a message.', { suggestion: 'Try again.' });
    } catch (error) {
      // Keep the text the person saw and the calls that already started, with their results; calls
      // still streaming are dropped (they never ran).
      const kept = keepBrokenOffTurn(streamedText, await executor.abandon(signal.aborted ? signal.reason : brokeOff));
      if (kept.assistant) emit({ type: 'assistant_message', message: kept.assistant });
      if (kept.results.length > 0) emit({ type: 'tool_results', messages: kept.results });
      messages = [...messages, ...(kept.assistant ? [kept.assistant] : []), ...kept.results];
      if (signal.aborted) return finish(abortReasonOf(signal));
      return finish('model_error', toRunError(error));
    }

    if (turnUsage) {
      usage = addUsage(usage, turnUsage);
      emit({ type: 'usage', usage: turnUsage, total: usage });
      options.contextPolicy?.observe(turnUsage, emit);
    }
    messages = [...messages, assistant];
    emit({ type: 'assistant_message', message: assistant });
    const toolUses = assistant.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    // Reads under way may finish and be announced while the message is saved; actions wait for the save.
    executor.messageComplete(toolUses, assistant);
    await checkpoint(
      toolUses.map((use) => use.id),
      'running',
    );
    // No calls: the model has finished (end_turn, or max_tokens/refusal with nothing left to do).
    if (toolUses.length === 0) {
      await executor.finish([]);
      // The model is done, unless the person said more meanwhile: then their words are the next turn.
      const steered = deliverQueued(messages, options.steering, emit);
      if (steered === messages) return finish('end_turn');
      messages = steered;
      await checkpoint([], 'running');
      continue;
    }

    const outcome = await executor.finish(toolUses, assistant);
    context = outcome.context;
    toolCalls += toolUses.length;
    const resultMessage: Message = { role: 'user', content: outcome.results };
    const added = [resultMessage, ...outcome.newMessages];
    messages = [...messages, ...added];
    emit({ type: 'tool_results', messages: added });
    messages = deliverQueued(messages, options.steering, emit);
    // Not waited for: the next turn starts at once (for a coding agent, its next call), and the save of
    // that turn's message, which any action waits for, follows this one.
    void checkpoint([], 'running');
  }
}
