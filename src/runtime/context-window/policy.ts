/**
 * The context-window policy a run gives `runAgent`: before each request it elides old screenshots and
 * superseded reads (elide.ts), compacts when the request nears the model's window or the person's cap
 * (compact.ts), and checks the run budget against an estimate of the request (cost.ts); after each reply it
 * meters the tokens and emits `run_cost`. Its state is checkpointed with the run and can be carried into the
 * conversation's next run, so history is sent the same way, byte for byte, for as long as it can be.
 */
import type { ResultStore } from '../budget-types.js';
import { storedIdFor } from '../budget.js';
import { messageOf } from '../errors.js';
import type { AgentEvent } from '../events.js';
import type { Message, ModelClient, Usage } from '../model/types.js';
import { chooseCut, compactionHolds, fingerprintOf, summarise, SUMMARY_MAX_TOKENS, summaryMessage, type CompactionState } from './compact.js';
import { addReading, checkBudget, emptyReading, estimateUsage, type BudgetStop, type MeterReading, type RunBudget } from './cost.js';
import { applyStubs, DEFAULT_KEEP_IMAGES, DEFAULT_REWRITE, freezeStubs, planElisions, type RewriteThreshold, type StubStore, type Stubs } from './elide.js';
import { modelProfile, type ModelProfile } from './models.js';
import { calibrate, requestTokens, type Calibration } from './tokens.js';
import type { ContextPolicy, ContextWindowState, PreparedRequest, TurnBoundary } from './types.js';

/** Compact when a request would fill this share of the window (with room for the reply). */
export const DEFAULT_COMPACT_AT = 0.8;
/** After compacting, about this share of the target stays as it was (the newest turns). */
const KEEP_SHARE = 0.3;
/** Compact only when the turns to summarise hold at least this share of what is sent. */
const MIN_SUMMARISED_SHARE = 0.2;

/** Options for `createContextPolicy`. */
export interface ContextPolicyOptions {
  /** The run's model: it writes compaction summaries, and its id selects the profile. */
  model: ModelClient;
  /** Default: `modelProfile(model.model)`. */
  profile?: ModelProfile;
  /** Where a superseded read's full text is stored when the result budget has not stored it already. */
  resultStore: ResultStore;
  keepImages?: number;
  rewrite?: RewriteThreshold;
  /** The person's cap on one request, in tokens: compaction keeps requests under it. */
  maxContextTokens?: number;
  compactAt?: number;
  budget?: RunBudget;
  /** State from this run's last checkpoint, or carried from the conversation's previous run (`carryOver`). */
  restored?: ContextWindowState;
  now?: () => number;
}

/** The state to start a conversation's next run with: stubs and summary stay, the meter starts again. */
export function carryOver(state: ContextWindowState | undefined): ContextWindowState | undefined {
  if (!state) return undefined;
  return { stubs: state.stubs, ...(state.compaction ? { compaction: state.compaction } : {}) };
}

/** Creates the policy for one run. */
export function createContextPolicy(options: ContextPolicyOptions): ContextPolicy {
  const profile = options.profile ?? modelProfile(options.model.model);
  const keepImages = options.keepImages ?? DEFAULT_KEEP_IMAGES;
  const rewrite = options.rewrite ?? DEFAULT_REWRITE;
  const compactAt = options.compactAt ?? DEFAULT_COMPACT_AT;
  const now = options.now ?? Date.now;
  let stubs: Stubs = { ...options.restored?.stubs };
  let compaction: CompactionState | undefined = options.restored?.compaction;
  let meter: MeterReading = options.restored?.meter ?? emptyReading(profile.prices);
  let calibration: Calibration = { factor: 1 };
  let lastRaw = 0;
  let largestOutput = 0;
  let lastInput = 0;
  let sawCache = false;
  let prefixChanged = true;
  let retryCompactionAbove = 0;

  const store: StubStore = {
    async store(toolUseId, toolName, content) {
      const id = storedIdFor(toolUseId);
      await options.resultStore.put({ id, toolUseId, toolName, content, createdAt: now() });
      return id;
    },
  };

  const costEvent = (): AgentEvent => ({
    type: 'run_cost',
    model: options.model.model,
    usage: meter.usage,
    requests: meter.requests,
    ...(meter.costUsd !== undefined ? { costUsd: meter.costUsd } : {}),
    ...(options.budget && (options.budget.maxTokens || options.budget.maxCostUsd) ? { budget: { ...options.budget } } : {}),
  });

  const project = (messages: readonly Message[]): Message[] => {
    const held = compactionHolds(compaction, messages) ? compaction : undefined;
    const kept = applyStubs(held ? messages.slice(held.keptFrom) : messages, stubs);
    return held ? [summaryMessage(held.summary), ...kept] : kept;
  };

  /** What a request of `tokens` input will take, from what earlier replies showed. */
  const estimate = (tokens: number, prefixTokens: number, cap: number) =>
    estimateUsage({
      inputTokens: tokens,
      // The provider's cache serves the unchanged prefix, once a reply has shown that it caches at all.
      cachedTokens: sawCache ? Math.min(prefixTokens, tokens) : 0,
      outputTokens: Math.min(cap, Math.max(1_024, largestOutput * 2)),
    });

  /** Summarises the turns before a cut; `stop` when the summary request itself would pass the budget. */
  async function compact(boundary: TurnBoundary, from: number, target: number): Promise<{ usage?: Usage; stop?: BudgetStop }> {
    const cut = chooseCut(boundary.messages, from, target * KEEP_SHARE);
    if (cut === undefined) return {};
    const older = [...(compaction && from > 0 ? [summaryMessage(compaction.summary)] : []), ...applyStubs(boundary.messages.slice(from, cut), stubs)];
    // Summarising less than a summary's own length frees nothing (the bulk is in the newest turns): wait.
    const olderTokens = requestTokens({ system: '', tools: [], messages: older });
    if (olderTokens < Math.max(SUMMARY_MAX_TOKENS, MIN_SUMMARISED_SHARE * requestTokens({ system: '', tools: [], messages: project(boundary.messages) })))
      return {};
    const head = requestTokens({ system: boundary.system, tools: boundary.tools, messages: [] });
    const needed = estimate(requestTokens({ system: boundary.system, tools: boundary.tools, messages: older }) * calibration.factor, head, SUMMARY_MAX_TOKENS);
    const stop = checkBudget(options.budget, meter, needed, profile.prices, 'summarising earlier turns');
    if (stop) return { stop };
    const before = requestTokens({ system: boundary.system, tools: boundary.tools, messages: project(boundary.messages) });
    try {
      const { summary, usage } = await summarise(options.model, { system: boundary.system, tools: boundary.tools, older, signal: boundary.signal });
      if (usage) {
        meter = addReading(meter, usage, profile.prices);
        boundary.emit(costEvent());
      }
      compaction = { summary, keptFrom: cut, fingerprint: fingerprintOf(boundary.messages[cut]), count: (compaction?.count ?? 0) + 1 };
      prefixChanged = true;
      const after = requestTokens({ system: boundary.system, tools: boundary.tools, messages: project(boundary.messages) });
      boundary.emit({ type: 'context_compacted', summary, summarizedMessages: cut, tokensBefore: before, tokensAfter: after });
      return usage ? { usage } : {};
    } catch (error) {
      if (boundary.signal.aborted) throw error;
      const paid = (error as { usage?: Usage }).usage;
      if (paid) {
        meter = addReading(meter, paid, profile.prices);
        boundary.emit(costEvent());
      }
      // Not again on every turn: only once what is sent has grown by a quarter.
      retryCompactionAbove = before * 1.25;
      const message = messageOf(error);
      boundary.emit({
        type: 'context_compaction_failed',
        error: {
          code: 'COMPACTION_FAILED',
          message: `Earlier turns could not be summarised: ${message}`,
          suggestion: 'The run goes on with the full context; if the model refuses it as too long, start a new conversation.',
        },
      });
      return paid ? { usage: paid } : {};
    }
  }

  async function prepare(boundary: TurnBoundary): Promise<PreparedRequest> {
    const { messages } = boundary;
    // A summary whose cut no longer points at the same message (a transcript repaired after a restore) is dropped.
    if (!compactionHolds(compaction, messages)) compaction = undefined;
    const from = compaction?.keptFrom ?? 0;

    const plan = planElisions(messages, from, stubs, { keepImages, rewrite });
    if (plan.images.length + plan.reads.length > 0) {
      const before = requestTokens({ system: '', tools: [], messages: project(messages) });
      const fresh = await freezeStubs(plan, keepImages, store);
      if (Object.keys(fresh).length > 0) {
        stubs = { ...stubs, ...fresh };
        prefixChanged = true;
        const saved = before - requestTokens({ system: '', tools: [], messages: project(messages) });
        const ids = Object.keys(fresh);
        boundary.emit({
          type: 'context_trimmed',
          toolUseIds: ids,
          images: plan.images.filter((r) => ids.includes(r.block.tool_use_id)).length,
          reads: plan.reads.filter((r) => ids.includes(r.block.tool_use_id)).length,
          savedTokens: Math.max(0, saved),
        });
      }
    }

    const cap = boundary.maxTokens ?? profile.maxOutputTokens;
    const target = Math.min(profile.contextWindow * compactAt - cap, options.maxContextTokens ?? Infinity);
    const head = requestTokens({ system: boundary.system, tools: boundary.tools, messages: [] });
    let raw = requestTokens({ system: boundary.system, tools: boundary.tools, messages: project(messages) });
    let spent: Usage | undefined;
    if (raw * calibration.factor > target && raw > retryCompactionAbove) {
      const compacted = await compact(boundary, from, target);
      if (compacted.stop) return { stop: 'budget', error: compacted.stop };
      spent = compacted.usage;
      raw = requestTokens({ system: boundary.system, tools: boundary.tools, messages: project(messages) });
    }

    const prefix = prefixChanged ? head : lastInput;
    const stop = checkBudget(options.budget, meter, estimate(raw * calibration.factor, prefix, cap), profile.prices, 'the next step');
    if (stop) return { stop: 'budget', error: stop, ...(spent ? { usage: spent } : {}) };
    lastRaw = raw;
    prefixChanged = false;
    return { messages: project(messages), ...(spent ? { usage: spent } : {}) };
  }

  return {
    async prepare(boundary) {
      try {
        return await prepare(boundary);
      } catch (error) {
        if (boundary.signal.aborted) return { messages: project(boundary.messages) };
        // A bug here must not end the run: send what was decided so far, and say so.
        console.warn('Pagewright: the context window could not prepare the request', error);
        return { messages: project(boundary.messages) };
      }
    },
    observe(usage, emit) {
      meter = addReading(meter, usage, profile.prices);
      const reported = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
      calibration = calibrate(lastRaw, reported);
      lastInput = reported;
      largestOutput = Math.max(largestOutput, usage.outputTokens);
      sawCache ||= usage.cacheReadTokens + usage.cacheCreationTokens > 0;
      emit(costEvent());
    },
    snapshot: () => ({ stubs: { ...stubs }, ...(compaction ? { compaction } : {}), meter }),
  };
}
