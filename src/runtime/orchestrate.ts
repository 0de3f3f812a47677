/**
 * Many calls: one assistant turn's tool calls, partitioned into batches, run, and returned in call order.
 * The engine is the streaming executor (`streaming-executor.ts`), which the loop feeds while the reply
 * streams; `runToolCalls` hands it a whole message at once, for callers that have one.
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
 *   is final (the per-message budget is decided batch by batch); results go back to the model in call order.
 */
import type { ToolUseContext } from './context.js';
import { prepareToolCall, type PreparedCall } from './execute.js';
import type { ToolUseBlock } from './model/types.js';
import { isCallConcurrencySafe } from './outcomes.js';
import { StreamingToolExecutor, type RunToolCallsOptions, type TurnResults } from './streaming-executor.js';

export { INTERRUPT_REASON } from './abort.js';
export { isCallConcurrencySafe } from './outcomes.js';
export { DEFAULT_MAX_CONCURRENCY, StreamingToolExecutor, type RunToolCallsOptions, type TurnResults } from './streaming-executor.js';

/** A run of calls that execute together: several concurrency-safe ones, or exactly one other. */
export interface Batch {
  concurrent: boolean;
  calls: PreparedCall[];
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

/**
 * Runs one whole assistant turn's tool calls. Emits `tool_call_started` and `tool_call_progress` as they
 * happen, and exactly one `tool_call_finished` per call, carrying exactly what the model gets. Never
 * throws for tool failures.
 */
export function runToolCalls(toolUses: ToolUseBlock[], context: ToolUseContext, options: RunToolCallsOptions): Promise<TurnResults> {
  return new StreamingToolExecutor(context, options).finish(toolUses, options.parentMessage);
}
