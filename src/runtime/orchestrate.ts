/**
 * Many calls: one assistant turn's tool calls, partitioned into batches, run, and returned in call order.
 *
 * - Consecutive calls that are concurrency-safe *for their input* (principle 3) form one batch run in
 *   parallel (at most `maxConcurrency` at a time); every other call runs alone. Unknown tools and inputs
 *   that do not parse count as unsafe (principle 2, fail closed).
 * - Abort tree: run (`context.abortController`) → turn → batch → call. Aborting the run with
 *   INTERRUPT_REASON cancels 'cancel' tools and lets 'block' tools finish; later batches do not start.
 *   A failure whose tool says it invalidates its siblings (`failureCancelsSiblings`) stops the rest the same way.
 * - `contextModifier` is applied only for calls that are not concurrency-safe: parallel calls cannot
 *   agree on an order to apply them in.
 * - Progress and results are emitted as they happen; results go back in call order.
 */
import { createChildAbortController, INTERRUPT_REASON, SiblingFailure } from './abort.js';
import { applyMessageBudget } from './budget.js';
import type { ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { abortPayload, errorContent, executeToolCall, parseToolInput, type ToolCallOutcome } from './execute.js';
import type { Message, ToolResultBlock, ToolUseBlock } from './model/types.js';
import { findToolByName } from './pool.js';
import type { CanUseTool } from './tool.js';

export { INTERRUPT_REASON } from './abort.js';

/** The most calls of one batch that run at the same time, unless configured. */
export const DEFAULT_MAX_CONCURRENCY = 10;

/** Options for `runToolCalls`. */
export interface RunToolCallsOptions {
  canUseTool: CanUseTool;
  emit: (event: AgentEvent) => void;
  maxConcurrency?: number;
  parentMessage?: Message;
  /** Milliseconds each `call` may take (see DEFAULT_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** The per-message result budget in characters (see MESSAGE_BUDGET_CHARS). */
  messageBudgetChars?: number;
}

/** A run of calls that execute together: several concurrency-safe ones, or exactly one other. */
export interface Batch {
  concurrent: boolean;
  calls: ToolUseBlock[];
}

/** Is this call safe to run alongside others? Anything we cannot judge is not. */
export function isCallConcurrencySafe(toolUse: ToolUseBlock, context: ToolUseContext): boolean {
  const tool = findToolByName(context.tools, toolUse.name);
  if (!tool) return false;
  const parsed = parseToolInput(tool, toolUse.input);
  if (!parsed.ok) return false;
  try {
    return tool.isConcurrencySafe(parsed.input) === true;
  } catch {
    return false;
  }
}

/** Splits a turn's calls, in order, into batches. */
export function partitionToolCalls(toolUses: readonly ToolUseBlock[], context: ToolUseContext): Batch[] {
  const batches: Batch[] = [];
  for (const toolUse of toolUses) {
    const safe = isCallConcurrencySafe(toolUse, context);
    const last = batches[batches.length - 1];
    if (safe && last?.concurrent) last.calls.push(toolUse);
    else batches.push({ concurrent: safe, calls: [toolUse] });
  }
  return batches;
}

/** Runs `tasks` with at most `limit` in flight; results in task order. */
async function runLimited<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

/** The outcome for a call that never started because the turn was stopped first. */
function notStarted(toolUse: ToolUseBlock, reason: unknown): ToolCallOutcome {
  const error = abortPayload(reason, toolUse.name);
  return {
    toolUseId: toolUse.id,
    name: toolUse.name,
    tool: undefined,
    status: 'cancelled',
    isError: true,
    error,
    decision: { toolUseId: toolUse.id, kind: 'kept', content: errorContent(error) },
    newMessages: [],
    durationMs: 0,
  };
}

function finishedEvent(outcome: ToolCallOutcome): AgentEvent {
  return {
    type: 'tool_call_finished',
    toolUseId: outcome.toolUseId,
    name: outcome.name,
    status: outcome.status,
    content: outcome.decision.content,
    isError: outcome.isError,
    ...(outcome.output !== undefined && isSmallJson(outcome.output) ? { output: outcome.output } : {}),
    ...(outcome.error ? { error: { code: outcome.error.code, message: outcome.error.message, suggestion: outcome.error.suggestion } } : {}),
    ...(outcome.decision.kind !== 'kept'
      ? {
          persisted: {
            ...(outcome.decision.storedId !== undefined ? { storedId: outcome.decision.storedId } : {}),
            ...(outcome.decision.totalChars !== undefined ? { totalChars: outcome.decision.totalChars } : {}),
          },
        }
      : {}),
    ...(outcome.permission ? { permission: outcome.permission } : {}),
    durationMs: outcome.durationMs,
  };
}

// The panel shows raw outputs in tool views; only small JSON-safe ones cross the port.
function isSmallJson(value: unknown): boolean {
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= 20_000;
  } catch {
    return false;
  }
}

/**
 * Runs one assistant turn's tool calls. Emits `tool_call_started`, `tool_call_progress` and
 * `tool_call_finished` as they happen. When the per-message budget later shortens a result, a second
 * `tool_call_finished` for that id carries the final content (the last event for an id is what the
 * model got). Never throws for tool failures.
 */
export async function runToolCalls(
  toolUses: ToolUseBlock[],
  context: ToolUseContext,
  options: RunToolCallsOptions,
): Promise<{ results: ToolResultBlock[]; newMessages: Message[]; context: ToolUseContext }> {
  const turn = createChildAbortController(context.abortController.signal);
  const outcomes = new Map<string, ToolCallOutcome>();
  let current = context;

  const runOne = async (toolUse: ToolUseBlock, batch: AbortController, base: ToolUseContext): Promise<ToolCallOutcome> => {
    const tool = findToolByName(base.tools, toolUse.name);
    const parsed = tool ? parseToolInput(tool, toolUse.input) : undefined;
    let description = toolUse.name;
    try {
      if (tool && parsed?.ok) description = tool.description(parsed.input, base);
    } catch {
      // the name will do
    }
    options.emit({ type: 'tool_call_started', toolUseId: toolUse.id, name: toolUse.name, input: toolUse.input, description });
    const outcome = await executeToolCall(toolUse, { ...base, abortController: batch }, {
      canUseTool: options.canUseTool,
      onProgress: (progress) => options.emit({ type: 'tool_call_progress', toolUseId: toolUse.id, progress }),
      ...(options.parentMessage ? { parentMessage: options.parentMessage } : {}),
      ...(options.callTimeoutMs !== undefined ? { timeoutMs: options.callTimeoutMs } : {}),
    });
    outcomes.set(toolUse.id, outcome);
    options.emit(finishedEvent(outcome));
    // A failure that invalidates its siblings cancels them (and the calls after it in this turn).
    if (outcome.status === 'error' && outcome.tool && parsed?.ok && safeFailureCancels(outcome, parsed.input)) {
      const reason = new SiblingFailure(toolUse.name, toolUse.id);
      batch.abort(reason);
      turn.abort(reason);
    }
    return outcome;
  };

  for (const batch of partitionToolCalls(toolUses, context)) {
    if (turn.signal.aborted) {
      for (const toolUse of batch.calls) outcomes.set(toolUse.id, emitNotStarted(toolUse, turn.signal.reason, options));
      continue;
    }
    const controller = createChildAbortController(turn.signal);
    if (batch.concurrent) {
      const base = current; // concurrency-safe calls share one context; their modifiers are ignored
      await runLimited(
        batch.calls.map((toolUse) => () => runOne(toolUse, controller, base)),
        options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
      );
    } else {
      const [toolUse] = batch.calls as [ToolUseBlock];
      const outcome = await runOne(toolUse, controller, current);
      if (outcome.status === 'done' && outcome.contextModifier) current = applyModifier(outcome, current);
    }
    controller.release();
  }
  turn.release();

  const ordered = toolUses.map((toolUse) => outcomes.get(toolUse.id) ?? notStarted(toolUse, INTERRUPT_REASON));
  const names = new Map(ordered.map((outcome) => [outcome.toolUseId, outcome.name]));
  const decisions = await applyMessageBudget(
    ordered.map((outcome) => outcome.decision),
    names,
    context.budget,
    context.resultStore,
    options.messageBudgetChars,
  );
  const results: ToolResultBlock[] = ordered.map((outcome, index) => {
    const decision = decisions[index] ?? outcome.decision;
    if (decision !== outcome.decision && decision.content !== outcome.decision.content) options.emit(finishedEvent({ ...outcome, decision }));
    return { type: 'tool_result', tool_use_id: outcome.toolUseId, content: decision.content, ...(outcome.isError ? { is_error: true } : {}) };
  });
  return { results, newMessages: ordered.flatMap((outcome) => outcome.newMessages), context: current };
}

function emitNotStarted(toolUse: ToolUseBlock, reason: unknown, options: RunToolCallsOptions): ToolCallOutcome {
  const outcome = notStarted(toolUse, reason);
  options.emit({ type: 'tool_call_started', toolUseId: toolUse.id, name: toolUse.name, input: toolUse.input, description: toolUse.name });
  options.emit(finishedEvent(outcome));
  return outcome;
}

function safeFailureCancels(outcome: ToolCallOutcome, input: Record<string, unknown>): boolean {
  try {
    return outcome.tool?.failureCancelsSiblings(input) === true;
  } catch {
    return false;
  }
}

/** A modifier that throws leaves the context as it was: the call's own result already reached the model. */
function applyModifier(outcome: ToolCallOutcome, context: ToolUseContext): ToolUseContext {
  try {
    return outcome.contextModifier?.(context) ?? context;
  } catch {
    return context;
  }
}
