import { describe, expect, it } from 'vitest';
import { addReading, checkBudget, costOf, emptyReading, estimateUsage, totalTokens } from './cost.js';
import { KNOWN_MODELS } from './models.js';

const sonnet = KNOWN_MODELS['claude-sonnet-4-5']?.prices;
const usage = (input: number, output: number, read = 0, write = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: read,
  cacheCreationTokens: write,
});

describe('the meter', () => {
  it('prices each kind of token at its own rate', () => {
    // 1M of each at $3 + $15 + $0.30 + $3.75.
    expect(costOf(usage(1e6, 1e6, 1e6, 1e6), sonnet!)).toBeCloseTo(22.05, 10);
    const reading = addReading(addReading(emptyReading(sonnet), usage(1_000, 200, 30_000, 2_000), sonnet), usage(500, 100, 32_000, 1_500), sonnet);
    expect(reading.requests).toBe(2);
    expect(reading.usage).toEqual(usage(1_500, 300, 62_000, 3_500));
    expect(reading.costUsd).toBeCloseTo((1_500 * 3 + 300 * 15 + 62_000 * 0.3 + 3_500 * 3.75) / 1e6, 12);
    expect(totalTokens(reading.usage)).toBe(67_300);
  });

  it('leaves the cost out when prices are unknown, instead of saying $0', () => {
    const reading = addReading(emptyReading(undefined), usage(1_000, 10), undefined);
    expect(reading.costUsd).toBeUndefined();
    expect(reading.usage.inputTokens).toBe(1_000);
  });

  it('estimates a request with the cached prefix as reads and the rest as writes', () => {
    expect(estimateUsage({ inputTokens: 10_000, cachedTokens: 8_000, outputTokens: 1_024 })).toEqual(usage(0, 1_024, 8_000, 2_000));
    expect(estimateUsage({ inputTokens: 1_000, cachedTokens: 8_000, outputTokens: 5 })).toEqual(usage(0, 5, 1_000, 0));
  });
});

describe('checkBudget', () => {
  const used = addReading(emptyReading(sonnet), usage(2_000, 1_000, 40_000, 5_000), sonnet);

  it('lets a request through when it fits, and stops before one that could pass a token budget', () => {
    expect(checkBudget({ maxTokens: 100_000 }, used, usage(0, 2_000, 45_000, 3_000), sonnet, 'the next step')).toBeUndefined();
    const stop = checkBudget({ maxTokens: 90_000 }, used, usage(0, 2_000, 45_000, 3_000), sonnet, 'the next step');
    expect(stop).toEqual({
      code: 'BUDGET_EXCEEDED',
      message: 'Stopped before the next step: this run has used 48,000 of its 90,000-token budget, and the next step could take about 50,000 more.',
      suggestion: expect.stringMatching(/Raise the run budget in Settings/),
    });
  });

  it('stops before a request that could pass a money budget, in dollars', () => {
    // Used: $0.05175 (2k×3 + 1k×15 + 40k×0.3 + 5k×3.75, per million). Next: 2k×15 + 45k×0.3 + 3k×3.75 = $0.05475.
    expect(checkBudget({ maxCostUsd: 0.2 }, used, usage(0, 2_000, 45_000, 3_000), sonnet, 'the next step')).toBeUndefined();
    expect(checkBudget({ maxCostUsd: 0.1 }, used, usage(0, 2_000, 45_000, 3_000), sonnet, 'the next step')?.message).toBe(
      'Stopped before the next step: this run has cost about $0.052 of its $0.10 budget, and the next step could cost about $0.055 more.',
    );
  });

  it('has nothing to check without a budget, or a money budget without prices', () => {
    expect(checkBudget(undefined, used, usage(1e9, 1e9), sonnet, 'x')).toBeUndefined();
    expect(checkBudget({ maxTokens: 0, maxCostUsd: 0 }, used, usage(1e9, 1e9), sonnet, 'x')).toBeUndefined();
    expect(checkBudget({ maxCostUsd: 0.01 }, used, usage(1e9, 1e9), undefined, 'x')).toBeUndefined();
  });
});
