/**
 * The cost meter and the run budget. The meter adds up every request's tokens (the agent's turns and the
 * compaction summaries) and prices them from the model's price table; the budget is checked before each
 * request against what that request could cost, so a run stops before it would pass the limit, not after.
 */
import { addUsage, emptyUsage, type Usage } from '../model/types.js';
import type { ModelPrices } from './models.js';

/** Caps on one run: tokens (all four kinds together), estimated US dollars, or both. An absent cap is none. */
export interface RunBudget {
  maxTokens?: number;
  maxCostUsd?: number;
}

/** What the meter knows: tokens by kind, requests made, and the estimated cost when prices are known. */
export interface MeterReading {
  usage: Usage;
  requests: number;
  /** Absent when the model has no known prices. */
  costUsd?: number;
}

/** All four kinds of tokens together, as a token budget counts them. */
export const totalTokens = (usage: Usage): number => usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;

/** The price of some usage in US dollars. */
export function costOf(usage: Usage, prices: ModelPrices): number {
  return (
    (usage.inputTokens * prices.input +
      usage.outputTokens * prices.output +
      usage.cacheReadTokens * prices.cacheRead +
      usage.cacheCreationTokens * prices.cacheWrite) /
    1_000_000
  );
}

/** Adds one request's usage to a reading. */
export function addReading(reading: MeterReading, usage: Usage, prices: ModelPrices | undefined): MeterReading {
  const total = addUsage(reading.usage, usage);
  return { usage: total, requests: reading.requests + 1, ...(prices ? { costUsd: costOf(total, prices) } : {}) };
}

/** A reading with nothing in it. */
export const emptyReading = (prices: ModelPrices | undefined): MeterReading => ({ usage: emptyUsage(), requests: 0, ...(prices ? { costUsd: 0 } : {}) });

/** What the next request is expected to take: input split into the part read from the cache and the rest. */
export interface RequestEstimate {
  inputTokens: number;
  /** The part of `inputTokens` expected to be read from the provider's cache. */
  cachedTokens: number;
  outputTokens: number;
}

/**
 * The usage a request is expected to have. Input the cache will not serve is counted as a cache write when the
 * provider charges for writes (Anthropic), which is the dearer case.
 */
export function estimateUsage(estimate: RequestEstimate): Usage {
  const cached = Math.min(estimate.cachedTokens, estimate.inputTokens);
  return { inputTokens: 0, outputTokens: estimate.outputTokens, cacheReadTokens: cached, cacheCreationTokens: estimate.inputTokens - cached };
}

const dollars = (value: number) => `$${value < 1 ? value.toFixed(value < 0.1 ? 3 : 2) : value.toFixed(2)}`;
const tokens = (value: number) => Math.round(value).toLocaleString('en-US');

/** Why a run stops for its budget: the error the person reads. */
export interface BudgetStop {
  code: 'BUDGET_EXCEEDED';
  message: string;
  suggestion: string;
}

/**
 * `undefined` when the next request fits the budget; otherwise why not. `what` names the request ("the next
 * step", "summarising earlier turns") for the message.
 */
export function checkBudget(
  budget: RunBudget | undefined,
  reading: MeterReading,
  next: Usage,
  prices: ModelPrices | undefined,
  what: string,
): BudgetStop | undefined {
  const suggestion = 'Raise the run budget in Settings, or send a narrower request; the conversation so far is kept.';
  if (budget?.maxTokens) {
    const used = totalTokens(reading.usage);
    const needed = totalTokens(next);
    if (used + needed > budget.maxTokens) {
      return {
        code: 'BUDGET_EXCEEDED',
        message: `Stopped before ${what}: this run has used ${tokens(used)} of its ${tokens(budget.maxTokens)}-token budget, and ${what} could take about ${tokens(needed)} more.`,
        suggestion,
      };
    }
  }
  if (budget?.maxCostUsd && prices) {
    const used = reading.costUsd ?? costOf(reading.usage, prices);
    const needed = costOf(next, prices);
    if (used + needed > budget.maxCostUsd) {
      return {
        code: 'BUDGET_EXCEEDED',
        message: `Stopped before ${what}: this run has cost about ${dollars(used)} of its ${dollars(budget.maxCostUsd)} budget, and ${what} could cost about ${dollars(needed)} more.`,
        suggestion,
      };
    }
  }
  return undefined;
}
