/**
 * The cost meter in words, one figure each for a run and for the conversation, so they never disagree:
 * a price where one is known, "$0" where nothing was used (a run that failed before the model answered
 * costs nothing, priced or not), and "—" with the reason only where tokens were used and no price exists.
 */
import type { ConversationTotals, RunCostState } from '../../src/shared/protocol/panel.js';
import type { PanelUsage } from '../models/types.js';

const n = (value: number) => value.toLocaleString('en-US');
/** Dollars with enough digits to see a cheap run move: $0.0042, $0.056, $0.42, $4.20; nothing is $0. */
export const dollars = (value: number) => (value === 0 ? '$0' : `$${value < 0.01 ? value.toFixed(4) : value < 0.1 ? value.toFixed(3) : value.toFixed(2)}`);
/** All four kinds of tokens together. */
export const totalTokens = (usage: PanelUsage) => usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;

/** A run's line: its tokens by kind, its cost, and its budget if it has one. */
export function runCostLine(usage: PanelUsage, cost: RunCostState | undefined): string {
  const tokens = totalTokens(usage);
  const kinds = [`${n(usage.inputTokens)} in`, `${n(usage.outputTokens)} out`];
  if (usage.cacheReadTokens > 0) kinds.push(`${n(usage.cacheReadTokens)} cache reads`);
  if (usage.cacheCreationTokens > 0) kinds.push(`${n(usage.cacheCreationTokens)} cache writes`);
  const money =
    cost?.costUsd !== undefined || tokens === 0
      ? dollars(cost?.costUsd ?? 0)
      : `cost — (no price for ${cost?.model ?? 'this model'}: add one in Settings → Cost and context)`;
  const budget = cost?.budget;
  const limits = [budget?.maxCostUsd ? dollars(budget.maxCostUsd) : '', budget?.maxTokens ? `${n(budget.maxTokens)} tokens` : ''].filter(Boolean).join(' or ');
  return `This run: ${n(tokens)} tokens (${kinds.join(', ')}) · ${money}${limits ? ` · budget ${limits}` : ''}`;
}

/** The conversation's line: its runs together, one figure for their cost. */
export function conversationCostLine(totals: ConversationTotals): string {
  const tokens = totalTokens(totals.usage);
  const runs = `${totals.runs} run${totals.runs === 1 ? '' : 's'}`;
  const unpriced = totals.runsWithoutPrice;
  const money =
    unpriced === 0
      ? dollars(totals.costUsd)
      : unpriced >= totals.runs
        ? 'cost — (no price for its model)'
        : `at least ${dollars(totals.costUsd)} (${unpriced} run${unpriced === 1 ? '' : 's'} with no price)`;
  return `This conversation: ${runs} · ${n(tokens)} tokens · ${money}`;
}
