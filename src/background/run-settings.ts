/** The settings a run needs before it starts, and the notice the person gets when they are missing. */
import type { Notice } from '../shared/protocol/panel.js';
import type { Settings } from '../shared/settings.js';
import { notice } from './panels.js';

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; message: string; suggestion: string };

/** The checks a run needs before it starts; a notice for the person when one fails. */
export function checkSettingsForRun(result: SettingsResult): { ok: true; settings: Settings } | { ok: false; notice: Notice } {
  if (!result.ok) return { ok: false, notice: notice('SETTINGS_INVALID', result.message, result.suggestion) };
  const { settings } = result;
  const provider = settings[settings.provider];
  // Local OpenAI-compatible servers (Ollama, LM Studio) take no key; the official endpoints do.
  const keyOptional = settings.provider === 'openai' && !/^https:\/\/api\.openai\.com\b/.test(provider.baseUrl);
  if (!provider.apiKey && !keyOptional) {
    const name = settings.provider === 'anthropic' ? 'Anthropic' : 'OpenAI';
    return {
      ok: false,
      notice: notice(
        'NO_API_KEY',
        `No ${name} API key is set, so Pagewright cannot ask the model.`,
        `Open Settings in the side panel and paste your ${name} API key (or choose another provider).`,
      ),
    };
  }
  return { ok: true, settings };
}
