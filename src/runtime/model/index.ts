/**
 * The model client for the person's settings: one place that maps `settings.provider` to a client,
 * so the service worker and `npm start` build it the same way.
 */
import { createAnthropicClient } from './anthropic.js';
import type { HttpModelClientOptions } from './http.js';
import { createOpenAIClient } from './openai.js';
import type { ModelClient } from './types.js';

/** Where one provider is reached: its key, base URL and model id. */
export interface ProviderConfig {
  apiKey: string;
  baseUrl: string;
  model: string;
}

/** The provider choice, as the person's settings hold it. */
export interface ProviderSettings {
  provider: 'anthropic' | 'openai';
  anthropic: ProviderConfig;
  openai: ProviderConfig;
}

/** Extra options for the HTTP clients (a custom fetch, retry settings). */
export type ModelClientExtras = Omit<HttpModelClientOptions, 'apiKey' | 'baseUrl' | 'model'>;

/** Creates the client for the provider the settings choose. */
export function createModelClient(settings: ProviderSettings, extras: ModelClientExtras = {}): ModelClient {
  if (settings.provider === 'openai') return createOpenAIClient({ ...settings.openai, ...extras });
  return createAnthropicClient({ ...settings.anthropic, ...extras });
}
