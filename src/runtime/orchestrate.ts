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
 * - Progress is emitted as it happens; each call's `tool_call_finished` exactly once, as soon as its content
 *   is final (see `runToolCalls` for the per-message budget); results go back to the model in call order.
 */
import { createChildAbortController, INTERRUPT_REASON, SiblingFailure } from './abort.js';
import { applyMessageBudget, canMessageBudgetShorten, contentSize, MESSAGE_BUDGET_CHARS } from './budget.js';
import type { BudgetDecision } from './budget-types.js';
import type { ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { abortPayload, errorContent, executeToolCall, prepareToolCall, type PreparedCall, type ToolCallOutcome } from './execute.js';
import type { ImageBlock, Message, ToolResultBlock, ToolResultMeta, ToolUseBlock } from './model/types.js';
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
  calls: PreparedCall[];
}

/** Is this call safe to run alongside others? Anything we cannot judge (unknown tool, bad input) is not. */
export function isCallConcurrencySafe(call: PreparedCall): boolean {
  if (!call.tool || !call.parsed?.ok) return false;
  try {
    return call.tool.isConcurrencySafe(call.parsed.input) === true;
  } catch {
    return false;
  }
}

/** Prepares a turn's calls (each found and parsed once) and splits them, in order, into batches. */
export function partitionToolCalls(toolUses: readonly ToolUseBlock[], context: ToolUseContext): Batch[] {
  const batches: Batch[] = [];
  for (const toolUse of toolUses) {
    const call = prepareToolCall(toolUse, context.tools);
    const safe = isCallConcurrencySafe(call);
    const last = batches[batches.length - 1];
    if (safe && last?.concurrent) last.calls.push(call);
    else batches.push({ concurrent: safe, calls: [call] });
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
  const images = outcome.newMessages.flatMap((message) => message.content.filter((block): block is ImageBlock => block.type === 'image'));
  return {
    type: 'tool_call_finished',
    toolUseId: outcome.toolUseId,
    name: outcome.name,
    status: outcome.status,
    content: outcome.decision.content,
    isError: outcome.isError,
    ...(outcome.output !== undefined && isSmallJson(outcome.output) ? { output: outcome.output } : {}),
    ...(images.length > 0 ? { images } : {}),
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
    ...(outcome.site !== undefined ? { site: outcome.site } : {}),
    ...(outcome.effect?.summary ? { effect: outcome.effect.summary } : {}),
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
 * Runs one assistant turn's tool calls. Emits `tool_call_started` and `tool_call_progress` as they
 * happen, and exactly one `tool_call_finished` per call, carrying exactly what the model gets.
 *
 * The per-message budget is decided batch by batch, before the batch's finished events go out: a
 * batch's results may be shortened (largest first) until the turn so far fits, and results of earlier
 * batches, already shown, are final. A result the budget could never shorten (small, an image, an
 * error) is announced the moment it finishes; a large one in a parallel batch waits for its batch.
 * Never throws for tool failures.
 */
export async function runToolCalls(
  toolUses: ToolUseBlock[],
  context: ToolUseContext,
  options: RunToolCallsOptions,
): Promise<{ results: ToolResultBlock[]; newMessages: Message[]; context: ToolUseContext }> {
  const turn = createChildAbortController(context.abortController.signal);
  const outcomes = new Map<string, ToolCallOutcome>();
  const finals = new Map<string, BudgetDecision>();
  const announced = new Set<string>();
  const names = new Map(toolUses.map((toolUse) => [toolUse.id, toolUse.name]));
  const messageBudget = options.messageBudgetChars ?? MESSAGE_BUDGET_CHARS;
  let turnChars = 0;
  let current = context;

  const announce = (outcome: ToolCallOutcome, decision: BudgetDecision) => {
    if (announced.has(outcome.toolUseId)) return;
    announced.add(outcome.toolUseId);
    options.emit(finishedEvent({ ...outcome, decision }));
  };

  /** The per-message budget for one batch's outcomes (in the order they finished), then their finished events. */
  const settle = async (settled: readonly ToolCallOutcome[]) => {
    const decisions = await applyMessageBudget(
      settled.map((outcome) => outcome.decision),
      names,
      context.budget,
      context.resultStore,
      Math.max(0, messageBudget - turnChars),
    );
    settled.forEach((outcome, index) => {
      const decision = decisions[index] ?? outcome.decision;
      finals.set(outcome.toolUseId, decision);
      turnChars += contentSize(decision.content);
      announce(outcome, decision);
    });
  };

  const runOne = async (call: PreparedCall, batch: AbortController, base: ToolUseContext, settled: ToolCallOutcome[]): Promise<ToolCallOutcome> => {
    const { toolUse, tool, parsed } = call;
    let description = toolUse.name;
    try {
      if (tool && parsed?.ok) description = tool.description(parsed.input, base);
    } catch {
      // the name will do
    }
    options.emit({ type: 'tool_call_started', toolUseId: toolUse.id, name: toolUse.name, input: toolUse.input, description });
    const outcome = await executeToolCall(call, { ...base, abortController: batch }, {
      canUseTool: options.canUseTool,
      onProgress: (progress) => options.emit({ type: 'tool_call_progress', toolUseId: toolUse.id, progress }),
      ...(options.parentMessage ? { parentMessage: options.parentMessage } : {}),
      ...(options.callTimeoutMs !== undefined ? { timeoutMs: options.callTimeoutMs } : {}),
    });
    outcomes.set(toolUse.id, outcome);
    settled.push(outcome);
    // Final as it is: nothing the per-message budget does can change it, so the panel may show it now.
    if (!canMessageBudgetShorten(outcome.decision, context.budget)) announce(outcome, outcome.decision);
    // A failure that invalidates its siblings cancels them (and the calls after it in this turn).
    if (outcome.status === 'error' && outcome.tool && parsed?.ok && safeFailureCancels(outcome, parsed.input)) {
      const reason = new SiblingFailure(toolUse.name, toolUse.id);
      batch.abort(reason);
      turn.abort(reason);
    }
    return outcome;
  };

  for (const batch of partitionToolCalls(toolUses, context)) {
    const settled: ToolCallOutcome[] = [];
    if (turn.signal.aborted) {
      for (const call of batch.calls) settled.push(startNotStarted(call.toolUse, turn.signal.reason, options, outcomes));
      await settle(settled);
      continue;
    }
    const controller = createChildAbortController(turn.signal);
    if (batch.concurrent) {
      const base = current; // concurrency-safe calls share one context; their modifiers are ignored
      await runLimited(
        batch.calls.map((call) => () => runOne(call, controller, base, settled)),
        options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
      );
    } else {
      const [call] = batch.calls as [PreparedCall];
      const outcome = await runOne(call, controller, current, settled);
      if (outcome.status === 'done' && outcome.contextModifier) current = applyModifier(outcome, current);
    }
    controller.release();
    await settle(settled);
  }
  turn.release();

  // Every call has an outcome by now; this only guards the results the model needs against a bug.
  const missing = toolUses.filter((toolUse) => !outcomes.has(toolUse.id)).map((toolUse) => startNotStarted(toolUse, INTERRUPT_REASON, options, outcomes));
  if (missing.length > 0) await settle(missing);

  const ordered = toolUses.map((toolUse) => outcomes.get(toolUse.id) as ToolCallOutcome);
  const results: ToolResultBlock[] = ordered.map((outcome) => {
    const decision = finals.get(outcome.toolUseId) ?? outcome.decision;
    const meta = resultMeta(outcome, decision);
    return { type: 'tool_result', tool_use_id: outcome.toolUseId, content: decision.content, ...(outcome.isError ? { is_error: true } : {}), ...(meta ? { meta } : {}) };
  });
  return { results, newMessages: ordered.flatMap((outcome) => outcome.newMessages), context: current };
}

/** A call that never started because the turn was stopped first: announced as started, then settled like the rest. */
function startNotStarted(toolUse: ToolUseBlock, reason: unknown, options: RunToolCallsOptions, outcomes: Map<string, ToolCallOutcome>): ToolCallOutcome {
  const outcome = notStarted(toolUse, reason);
  options.emit({ type: 'tool_call_started', toolUseId: toolUse.id, name: toolUse.name, input: toolUse.input, description: toolUse.name });
  outcomes.set(toolUse.id, outcome);
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

/**
 * The facts the context window needs to shorten this result later without asking the tool again: set only
 * for images and page reads that succeeded, so other results stay exactly as they were.
 */
function resultMeta(outcome: ToolCallOutcome, decision: BudgetDecision): ToolResultMeta | undefined {
  if (outcome.isError) return undefined;
  const hasImage = decision.content.some((block) => block.type === 'image');
  if (!hasImage && !outcome.readScope) return undefined;
  return {
    at: Date.now(),
    ...(outcome.readScope ? { read: outcome.readScope } : {}),
    ...(decision.storedId !== undefined ? { storedId: decision.storedId } : {}),
  };
}
