/**
 * The context window for one run, from its configuration: the policy `runAgent` takes and the image options
 * the run's context gives screenshots. The service worker calls this once per run.
 */
import type { ResultStore } from '../budget-types.js';
import type { ModelClient } from '../model/types.js';
import type { RunConfig } from '../run-config.js';
import { modelProfile, type ImageOptions, type ModelProfile } from './models.js';
import { carryOver, createContextPolicy } from './policy.js';
import type { ContextPolicy, ContextWindowState } from './types.js';

/** Where the run's context window starts from. */
export type ContextWindowStart =
  /** A new conversation. */
  | { kind: 'new' }
  /** The same run after a worker restart: its last checkpoint's state, meter included. */
  | { kind: 'resume'; state: ContextWindowState | undefined }
  /** The conversation's next run: stubs and summary carry over, the meter starts at zero. */
  | { kind: 'next'; previous: ContextWindowState | undefined };

/**
 * Builds the policy and image options for a run. The profile (window, prices, screenshot encoding) is the one
 * of the model the client really talks to, with the configuration's overrides for it.
 */
export function contextWindowForRun(options: {
  model: ModelClient;
  resultStore: ResultStore;
  config: Pick<RunConfig, 'modelOverrides' | 'limits'>;
  start: ContextWindowStart;
}): {
  policy: ContextPolicy;
  imageOptions: ImageOptions;
  profile: ModelProfile;
} {
  const { modelOverrides, limits } = options.config;
  const profile = modelProfile(options.model.model, modelOverrides);
  const restored = options.start.kind === 'resume' ? options.start.state : options.start.kind === 'next' ? carryOver(options.start.previous) : undefined;
  const policy = createContextPolicy({
    model: options.model,
    profile,
    resultStore: options.resultStore,
    ...(limits.budget ? { budget: limits.budget } : {}),
    ...(limits.maxContextTokens !== undefined ? { maxContextTokens: limits.maxContextTokens } : {}),
    ...(restored ? { restored } : {}),
  });
  return { policy, imageOptions: profile.image, profile };
}
