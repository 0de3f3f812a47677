/** The last line of `npm start -- --task` (Chromium and Firefox alike): what the run used and cost. */

/** The run's last line: its tokens by kind and its estimated cost, as the panel's meter says them. */
export function usageLine(usage, cost) {
  const n = (value) => value.toLocaleString('en-US');
  if (!usage) return 'used no tokens';
  const total = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
  if (total === 0) return 'used no tokens · $0';
  const kinds = `${n(usage.inputTokens)} in, ${n(usage.outputTokens)} out, ${n(usage.cacheReadTokens)} cache reads, ${n(usage.cacheCreationTokens)} cache writes`;
  const money =
    cost?.costUsd === undefined
      ? `cost unknown: no price for ${cost?.model ?? 'this model'} (add one in Settings → Cost and context)`
      : `≈ $${cost.costUsd < 0.01 ? cost.costUsd.toFixed(4) : cost.costUsd.toFixed(2)}`;
  return `used ${n(total)} tokens (${kinds}) · ${money}`;
}
