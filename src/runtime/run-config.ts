/**
 * One run's configuration in the runtime's own terms: the model it talks to, what is known about that model
 * beyond the built-in table, the limits it keeps, and the permission context its calls are judged by. The
 * service worker derives it from the person's settings once per run (`src/background/run-settings.ts`);
 * nothing in the runtime reads settings, so a value here means what it says (an absent limit is no limit).
 */
import type { RunBudget } from './context-window/cost.js';
import type { ModelOverride } from './context-window/models.js';
import type { ModelEndpoint } from './model/index.js';
import type { PermissionContext } from './permission-types.js';

/** What one run may use before it stops on its own. */
export interface RunLimits {
  /** Model turns before the run stops with `max_turns`. */
  maxTurns: number;
  /** Caps on the run's tokens and estimated cost, checked before each request; absent = none. */
  budget?: RunBudget;
  /** Compaction keeps each request under this many tokens; absent = only near the model's window. */
  maxContextTokens?: number;
}

/** Everything a run is configured by, derived once when it starts. */
export interface RunConfig {
  /** The provider, address, key and model id the run's model client uses. */
  model: ModelEndpoint;
  /** Per model id (or id prefix): window, screenshot encoding and prices over the built-in table (`models.ts`). */
  modelOverrides: Readonly<Record<string, ModelOverride>>;
  limits: RunLimits;
  /** The mode, rules and stored site grants every call of the run is judged by. */
  permissions: PermissionContext;
  /** Only the minimal core tool set (the tools that declare `inSimpleMode`). */
  simpleMode: boolean;
}
