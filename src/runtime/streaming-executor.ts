/**
 * The tool executor of a turn: runs one assistant turn's tool calls, in batches, starting them while the
 * reply still streams. Calls are added as their `tool_use` blocks complete; `finish` is called with the whole
 * message (and adds any call not added yet, so a message handed over whole runs by the same rules).
 *
 * - Batches are formed as calls arrive: consecutive calls that are concurrency-safe for their input
 *   (principle 3) share a batch; every other call is alone. Unknown tools and inputs that do not parse
 *   count as unsafe (principle 2, fail closed).
 * - A batch starts when the batches before it are done. A concurrency-safe call starts the moment it
 *   arrives in a running batch (at most `maxConcurrency` at a time), so a read can finish while the model
 *   is still talking. Any other call waits for the end of the message: an action must not happen on a
 *   reply that may still break off. A call whose input does not parse is never safe, so it waits too, and
 *   is then answered with the parse error, never run.
 * - The abort tree is run → turn → batch → call. An interrupt cancels 'cancel' calls, lets 'block' calls
 *   finish, and starts nothing more; a failure whose tool says it invalidates its siblings does the same
 *   to the rest of the turn. `contextModifier` applies only to calls that are not concurrency-safe.
 * - Results reach the model in call order, whatever order calls finish in. Each call gets exactly one
 *   `tool_call_finished`, as soon as its content is final: the per-message budget is decided batch by
 *   batch, so a result it could still shorten waits for its batch; any other is announced when it ends.
 * Never throws for tool failures.
 */
import { createChildAbortController, type ChildAbortController } from './abort.js';
import { applyMessageBudget, canMessageBudgetShorten, contentSize, MESSAGE_BUDGET_CHARS } from './budget.js';
import type { BudgetDecision } from './budget-types.js';
import type { ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { safely } from './errors.js';
import { executeToolCall, prepareToolCall, type PreparedCall, type ToolCallOutcome } from './execute.js';
import type { Message, ToolResultBlock, ToolUseBlock } from './model/types.js';
import { applyModifier, finishedEvent, isCallConcurrencySafe, notStarted, resultMeta, siblingFailureReason } from './outcomes.js';
import type { CanUseTool } from './tool.js';

/** The most calls of one batch that run at the same time, unless configured. */
export const DEFAULT_MAX_CONCURRENCY = 10;

/** Options for one turn's calls. */
export interface StreamingToolExecutorOptions {
  canUseTool: CanUseTool;
  emit: (event: AgentEvent) => void;
  maxConcurrency?: number;
  parentMessage?: Message;
  /** Milliseconds each `call` may take (see DEFAULT_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** The per-message result budget in characters (see MESSAGE_BUDGET_CHARS). */
  messageBudgetChars?: number;
}

/** What one turn's calls came to: results in call order, the messages they added, the context after them. */
export interface TurnResults {
  results: ToolResultBlock[];
  newMessages: Message[];
  context: ToolUseContext;
}

interface OpenBatch {
  concurrent: boolean;
  calls: PreparedCall[];
  /** No more calls can join: a later batch exists, or the message is complete. */
  closed: boolean;
}

/** Runs one turn's calls as they stream in; see the file comment for the rules. */
export class StreamingToolExecutor {
  private readonly turn: ChildAbortController;
  private readonly batches: OpenBatch[] = [];
  private readonly added: ToolUseBlock[] = [];
  private readonly outcomes = new Map<string, ToolCallOutcome>();
  private readonly finals = new Map<string, BudgetDecision>();
  private readonly announced = new Set<string>();
  private readonly names = new Map<string, string>();
  private readonly messageBudget: number;
  private turnChars = 0;
  private current: ToolUseContext;
  /** The message is whole: no call joins any more (`messageComplete`). */
  private complete = false;
  /** Calls that are not concurrency-safe may start (`finish`), or nothing more starts (`abandon`). */
  private sealed = false;
  private parentMessage: Message | undefined;
  private changed!: Promise<void>;
  private wake!: () => void;
  private readonly pumping: Promise<void>;

  constructor(
    private readonly context: ToolUseContext,
    private readonly options: StreamingToolExecutorOptions,
  ) {
    this.turn = createChildAbortController(context.abortController.signal);
    this.current = context;
    this.messageBudget = options.messageBudgetChars ?? MESSAGE_BUDGET_CHARS;
    this.parentMessage = options.parentMessage;
    this.resetChange();
    this.pumping = this.pump();
  }

  /** A call whose input has finished streaming; it starts now if the rules allow. Repeats are ignored. */
  add(toolUse: ToolUseBlock): void {
    if (this.sealed || this.complete || this.names.has(toolUse.id)) return;
    this.names.set(toolUse.id, toolUse.name);
    this.added.push(toolUse);
    const call = prepareToolCall(toolUse, this.context.tools);
    const safe = isCallConcurrencySafe(call);
    const last = this.batches.at(-1);
    if (safe && last?.concurrent && !last.closed) last.calls.push(call);
    else {
      if (last) last.closed = true;
      this.batches.push({ concurrent: safe, calls: [call], closed: !safe });
    }
    this.notify();
  }

  /**
   * The message is complete, but its actions may not start yet (the loop saves the message first): no
   * call joins a batch any more, so a batch of reads that is done settles, and its results are announced,
   * without waiting for that save. Calls not added yet are added now, in order.
   */
  messageComplete(toolUses: readonly ToolUseBlock[], parentMessage?: Message): void {
    if (parentMessage) this.parentMessage = parentMessage;
    for (const toolUse of toolUses) this.add(toolUse);
    if (this.complete) return;
    this.complete = true;
    const last = this.batches.at(-1);
    if (last) last.closed = true;
    this.notify();
  }

  /**
   * The message is complete and its actions may start: its calls run to the end. Resolves with the
   * results of `toolUses`, in their order.
   */
  async finish(toolUses: readonly ToolUseBlock[], parentMessage?: Message): Promise<TurnResults> {
    this.messageComplete(toolUses, parentMessage);
    this.seal();
    await this.pumping;
    return this.resultsFor(toolUses);
  }

  /**
   * The reply broke off before it was complete (a model error, or the run was stopped): calls still
   * waiting never run, running ones are stopped with `reason` (unless the run's own stop already did),
   * and every call that was added gets its result, so the transcript can keep them.
   */
  async abandon(reason: unknown): Promise<TurnResults & { toolUses: ToolUseBlock[] }> {
    if (!this.turn.signal.aborted) this.turn.abort(reason);
    this.seal();
    await this.pumping;
    return { ...this.resultsFor(this.added), toolUses: [...this.added] };
  }

  // --- the pump: batches one after another ----------------------------------------------------------

  private async pump(): Promise<void> {
    for (let index = 0; ; index++) {
      while (this.batches.length <= index && !this.sealed) await this.nextChange();
      const batch = this.batches[index];
      if (!batch) break;
      const settled: ToolCallOutcome[] = [];
      if (batch.concurrent) await this.runConcurrent(batch, settled);
      else await this.runAlone(batch, settled);
      await this.settle(settled);
    }
    this.turn.release();
  }

  /** Starts each call of a concurrency-safe batch as it arrives, up to the cap, until the batch is closed and done. */
  private async runConcurrent(batch: OpenBatch, settled: ToolCallOutcome[]): Promise<void> {
    const controller = createChildAbortController(this.turn.signal);
    const base = this.current; // concurrency-safe calls share one context; their modifiers are ignored
    const limit = Math.max(1, this.options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY);
    let next = 0;
    let inBatch = 0;
    for (;;) {
      const change = this.changed;
      while (next < batch.calls.length && inBatch < limit) {
        const call = batch.calls[next++] as PreparedCall;
        if (this.turn.signal.aborted) {
          settled.push(this.startNotStarted(call.toolUse, this.turn.signal.reason));
          continue;
        }
        inBatch++;
        void this.runOne(call, controller, base, settled).finally(() => {
          inBatch--;
          this.notify();
        });
      }
      if (batch.closed && next >= batch.calls.length && inBatch === 0) break;
      await change;
    }
    controller.release();
  }

  /** A call that is not concurrency-safe: once the message is complete and everything before it is done. */
  private async runAlone(batch: OpenBatch, settled: ToolCallOutcome[]): Promise<void> {
    while (!this.sealed) await this.nextChange();
    const call = batch.calls[0] as PreparedCall;
    if (this.turn.signal.aborted) {
      settled.push(this.startNotStarted(call.toolUse, this.turn.signal.reason));
      return;
    }
    const controller = createChildAbortController(this.turn.signal);
    const outcome = await this.runOne(call, controller, this.current, settled);
    controller.release();
    if (outcome.status === 'done' && outcome.contextModifier) this.current = applyModifier(outcome, this.current);
  }

  private async runOne(call: PreparedCall, batch: AbortController, base: ToolUseContext, settled: ToolCallOutcome[]): Promise<ToolCallOutcome> {
    const { toolUse, tool, parsed } = call;
    // A description that cannot be made: the name will do.
    const description = tool && parsed?.ok ? safely(() => tool.description(parsed.input, base), toolUse.name) : toolUse.name;
    const { emit } = this.options;
    emit({ type: 'tool_call_started', toolUseId: toolUse.id, name: tool?.name ?? toolUse.name, input: toolUse.input, description, startedAt: Date.now() });
    const outcome = await executeToolCall(
      call,
      { ...base, abortController: batch },
      {
        canUseTool: this.options.canUseTool,
        onProgress: (progress) => emit({ type: 'tool_call_progress', toolUseId: toolUse.id, progress }),
        ...(this.parentMessage ? { parentMessage: this.parentMessage } : {}),
        ...(this.options.callTimeoutMs !== undefined ? { timeoutMs: this.options.callTimeoutMs } : {}),
      },
    );
    this.outcomes.set(toolUse.id, outcome);
    settled.push(outcome);
    // Final as it is: nothing the per-message budget does can change it, so the panel may show it now.
    if (!canMessageBudgetShorten(outcome.decision, this.context.budget)) this.announce(outcome, outcome.decision);
    // A failure that invalidates its siblings cancels them (and the calls after it in this turn).
    const reason = parsed?.ok ? siblingFailureReason(outcome, parsed.input) : undefined;
    if (reason) {
      batch.abort(reason);
      this.turn.abort(reason);
    }
    return outcome;
  }

  // --- results ------------------------------------------------------------------------------------

  /** The per-message budget for one batch's outcomes (in the order they finished), then their finished events. */
  private async settle(settled: readonly ToolCallOutcome[]): Promise<void> {
    if (settled.length === 0) return;
    const decisions = await applyMessageBudget(
      settled.map((outcome) => outcome.decision),
      this.names,
      this.context.budget,
      this.context.resultStore,
      Math.max(0, this.messageBudget - this.turnChars),
    );
    settled.forEach((outcome, index) => {
      const decision = decisions[index] ?? outcome.decision;
      this.finals.set(outcome.toolUseId, decision);
      this.turnChars += contentSize(decision.content);
      this.announce(outcome, decision);
    });
  }

  private announce(outcome: ToolCallOutcome, decision: BudgetDecision): void {
    if (this.announced.has(outcome.toolUseId)) return;
    this.announced.add(outcome.toolUseId);
    this.options.emit(finishedEvent({ ...outcome, decision }));
  }

  /** A call that never started because the turn was stopped first: announced as started, then settled like the rest. */
  private startNotStarted(toolUse: ToolUseBlock, reason: unknown): ToolCallOutcome {
    const outcome = notStarted(toolUse, reason);
    this.options.emit({
      type: 'tool_call_started',
      toolUseId: toolUse.id,
      name: toolUse.name,
      input: toolUse.input,
      description: toolUse.name,
      startedAt: Date.now(),
    });
    this.outcomes.set(toolUse.id, outcome);
    return outcome;
  }

  private resultsFor(toolUses: readonly ToolUseBlock[]): TurnResults {
    const ordered = toolUses.map((toolUse) => this.outcomes.get(toolUse.id) ?? notStarted(toolUse, this.turn.signal.reason));
    const results: ToolResultBlock[] = ordered.map((outcome) => {
      const decision = this.finals.get(outcome.toolUseId) ?? outcome.decision;
      const meta = resultMeta(outcome, decision);
      return {
        type: 'tool_result',
        tool_use_id: outcome.toolUseId,
        content: decision.content,
        ...(outcome.isError ? { is_error: true } : {}),
        ...(meta ? { meta } : {}),
      };
    });
    return { results, newMessages: ordered.flatMap((outcome) => outcome.newMessages), context: this.current };
  }

  // --- change notification ------------------------------------------------------------------------

  private seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const last = this.batches.at(-1);
    if (last) last.closed = true;
    this.notify();
  }

  private resetChange(): void {
    this.changed = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  private notify(): void {
    const wake = this.wake;
    this.resetChange();
    wake();
  }

  private nextChange(): Promise<void> {
    return this.changed;
  }
}
