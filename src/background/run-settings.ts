/** The settings a run needs before it starts, and the notice the person gets when they are missing. */
import type { Notice } from '../shared/protocol/panel.js';
import { providerReady, type Settings } from '../shared/settings.js';
import { notice } from './panels.js';

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; message: string; suggestion: string };

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
