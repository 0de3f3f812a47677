/**
 * The context window for one run, from the person's settings: the policy `runAgent` takes and the image
 * options the run's context gives screenshots. The service worker calls this once per run.
 */
import type { ResultStore } from '../budget-types.js';
import type { ModelClient } from '../model/types.js';
import type { RunBudget } from './cost.js';
import { modelProfile, type ImageOptions, type ModelOverride, type ModelProfile } from './models.js';
import { carryOver, createContextPolicy } from './policy.js';
import type { ContextPolicy, ContextWindowState } from './types.js';

/** The settings this reads (the shape of those fields in src/shared/settings.ts; 0 means none). */
export interface ContextWindowSettings {
  runBudget?: RunBudget;
  maxContextTokens?: number;
  models?: Readonly<Record<string, ModelOverride>>;
}

/** Where the run's context window starts from. */
export type ContextWindowStart =
  /** A new conversation. */
  | { kind: 'new' }
  /** The same run after a worker restart: its last checkpoint's state, meter included. */
  | { kind: 'resume'; state: ContextWindowState | undefined }
  /** The conversation's next run: stubs and summary carry over, the meter starts at zero. */
  | { kind: 'next'; previous: ContextWindowState | undefined };

/** Builds the policy and image options for a run. */
export function contextWindowForRun(options: { model: ModelClient; resultStore: ResultStore; settings: ContextWindowSettings; start: ContextWindowStart }): {
  policy: ContextPolicy;
  imageOptions: ImageOptions;
  profile: ModelProfile;
} {
  const profile = modelProfile(options.model.model, options.settings.models);
  const restored = options.start.kind === 'resume' ? options.start.state : options.start.kind === 'next' ? carryOver(options.start.previous) : undefined;
  const budget = options.settings.runBudget;
  const policy = createContextPolicy({
    model: options.model,
    profile,
    resultStore: options.resultStore,
    ...(budget && (budget.maxTokens || budget.maxCostUsd) ? { budget } : {}),
    ...(options.settings.maxContextTokens ? { maxContextTokens: options.settings.maxContextTokens } : {}),
    ...(restored ? { restored } : {}),
  });
  return { policy, imageOptions: profile.image, profile };
}
