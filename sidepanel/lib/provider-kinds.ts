/**
 * The providers as a person picks them: Anthropic, OpenAI, a local (or other) OpenAI-compatible server,
 * or the demo model. Settings store three providers (`anthropic`, `openai`, `demo`): OpenAI's own API
 * and a local server are both `openai`, told apart by the base URL.
 */
import { KNOWN_MODELS } from '../../src/runtime/context-window/models.js';
import { defaultSettings, keyRequired, type Settings } from '../../src/shared/settings.js';

/** A provider as the person picks it. */
export type ProviderKind = 'anthropic' | 'openai' | 'local' | 'demo';

const OPENAI_URL = defaultSettings().openai.baseUrl;
/** Ollama's OpenAI-compatible endpoint: the local server most people have. */
export const LOCAL_DEFAULT_URL = 'http://localhost:11434/v1';

/** What each kind is called in the picker, and a line about it. */
export const PROVIDER_KINDS: ReadonlyArray<{ kind: ProviderKind; label: string; hint: string }> = [
  { kind: 'anthropic', label: 'Anthropic (Claude)', hint: 'Needs an API key from console.anthropic.com.' },
  { kind: 'openai', label: 'OpenAI', hint: 'Needs an API key from platform.openai.com.' },
  { kind: 'local', label: 'Local or other server (Ollama, LM Studio, OpenRouter)', hint: 'Any OpenAI-compatible server; a local one needs no key.' },
  { kind: 'demo', label: 'Demo model (no key)', hint: 'Echoes you and reads pages: a way to see Pagewright work. It does no real thinking.' },
];

/** Which kind the settings describe. */
export function providerKind(settings: Settings): ProviderKind {
  if (settings.provider !== 'openai') return settings.provider;
  return settings.openai.baseUrl.replace(/\/+$/, '') === OPENAI_URL ? 'openai' : 'local';
}

/** The settings with another kind chosen: a local server gets a local address, OpenAI its own. */
export function withProviderKind(settings: Settings, kind: ProviderKind): Settings {
  if (kind === 'anthropic' || kind === 'demo') return { ...settings, provider: kind };
  const current = settings.openai.baseUrl.replace(/\/+$/, '');
  const baseUrl = kind === 'openai' ? OPENAI_URL : current === OPENAI_URL ? LOCAL_DEFAULT_URL : settings.openai.baseUrl;
  const model = kind === 'local' && Object.hasOwn(KNOWN_MODELS, settings.openai.model) ? 'llama3.2' : settings.openai.model;
  return { ...settings, provider: 'openai', openai: { ...settings.openai, baseUrl, model } };
}

/** The models the picker lists for a kind (a local server's are its own: typed in). */
export function knownModels(kind: ProviderKind): string[] {
  const prefix = kind === 'anthropic' ? 'claude' : kind === 'openai' ? 'gpt' : undefined;
  return prefix ? Object.keys(KNOWN_MODELS).filter((id) => id.startsWith(prefix)) : [];
}

/** Whether the key may stay empty for these settings. */
export function keyOptional(settings: Settings): boolean {
  return settings.provider === 'demo' || !keyRequired(settings.provider, settings[settings.provider].baseUrl);
}
