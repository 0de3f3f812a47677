/**
 * The one place a run reads the person's settings: the checks a run needs before it starts (with the notice
 * the person gets when one fails), and the run's configuration derived from them, once per run. Everything
 * after this (the session, the loop, the context window, the model client) takes the configuration.
 */
import type { PermissionContext, SiteGrant } from '../runtime/permission-types.js';
import type { RunBudget } from '../runtime/context-window/cost.js';
import type { RunConfig } from '../runtime/run-config.js';
import type { Notice } from '../shared/protocol/panel.js';
import { providerReady, type Settings } from '../shared/settings.js';
import { endpointOf, type WorkerModelEndpoint } from './model-for-settings.js';
import { notice } from './panels.js';

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; message: string; suggestion: string };

/**
 * A run's configuration as this worker uses it: the runtime's, with the worker's own demo model among the
 * endpoints, and the storage cap kept once the run ends.
 */
export interface WorkerRunConfig extends Omit<RunConfig, 'model'> {
  model: WorkerModelEndpoint;
  /** Past this many megabytes of conversations the oldest are deleted after the run; 0 = no cap. */
  storageCapMb: number;
}

/** The checks a run needs before it starts; a notice for the person when one fails. */
export function checkSettingsForRun(result: SettingsResult): { ok: true; settings: Settings } | { ok: false; notice: Notice } {
  if (!result.ok) return { ok: false, notice: notice('SETTINGS_INVALID', result.message, result.suggestion) };
  const { settings } = result;
  if (!providerReady(settings)) {
    const name = settings.provider === 'anthropic' ? 'Anthropic' : 'OpenAI';
    return {
      ok: false,
      notice: notice(
        'NO_API_KEY',
        `No ${name} API key is set, so Pagewright cannot ask the model.`,
        `Paste your ${name} API key in the panel's setup card or in Settings → Model (or try the demo model, which needs none).`,
      ),
    };
  }
  return { ok: true, settings };
}

/**
 * The run's configuration from the settings and the site grants stored now. Settings say "none" with 0 (no
 * budget, no context cap); the configuration leaves such a limit out.
 */
export function runConfigFrom(settings: Settings, grants: readonly SiteGrant[]): WorkerRunConfig {
  const budget: RunBudget = {
    ...(settings.runBudget.maxTokens > 0 ? { maxTokens: settings.runBudget.maxTokens } : {}),
    ...(settings.runBudget.maxCostUsd > 0 ? { maxCostUsd: settings.runBudget.maxCostUsd } : {}),
  };
  const permissions: PermissionContext = { mode: settings.permissionMode, rules: settings.rules, grants };
  return {
    model: endpointOf(settings),
    modelOverrides: settings.models,
    limits: {
      maxTurns: settings.maxTurns,
      ...(budget.maxTokens !== undefined || budget.maxCostUsd !== undefined ? { budget } : {}),
      ...(settings.maxContextTokens > 0 ? { maxContextTokens: settings.maxContextTokens } : {}),
    },
    permissions,
    simpleMode: settings.simpleMode,
    storageCapMb: settings.storageCapMb,
  };
}
