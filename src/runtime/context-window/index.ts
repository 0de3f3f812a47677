/**
 * The context window: what of the transcript each request sends (old screenshots and superseded reads as
 * notes, compaction), the cost meter and the run budget. `contextWindowForRun` is the entry for a run;
 * the loop sees only the `ContextPolicy` hook.
 */
export { contextWindowForRun, type ContextWindowStart } from './for-run.js';
export { carryOver, createContextPolicy, type ContextPolicyOptions } from './policy.js';
export { contextEventSchemas, type ContextEvent } from './events.js';
export {
  CLOUD_IMAGE_OPTIONS,
  DEFAULT_IMAGE_OPTIONS,
  KNOWN_MODELS,
  modelOverrideSchema,
  modelProfile,
  type ImageOptions,
  type ModelOverride,
  type ModelPrices,
  type ModelProfile,
} from './models.js';
export { costOf, totalTokens, type MeterReading, type RunBudget } from './cost.js';
export type { ContextPolicy, ContextWindowState, PreparedRequest, TurnBoundary } from './types.js';
