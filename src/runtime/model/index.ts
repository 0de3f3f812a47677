/**
 * The model client for a run's configuration: one place that maps a provider to its client, so every
 * caller (the service worker, tests against the mock server) builds it the same way.
 */
import { createAnthropicClient } from './anthropic.js';
import type { HttpModelClientOptions } from './http.js';
import { createOpenAIClient } from './openai.js';
import type { ModelClient } from './types.js';

/** The provider APIs there are clients for. */
export type ModelProvider = 'anthropic' | 'openai';

/** Where a run's model is reached: which provider's API, at which base URL, with which key and model id. */
export interface ModelEndpoint {
  provider: ModelProvider;
  apiKey: string;
  baseUrl: string;
  model: string;
}

/** Extra options for the HTTP clients (a custom fetch, retry settings). */
export type ModelClientExtras = Omit<HttpModelClientOptions, 'apiKey' | 'baseUrl' | 'model'>;

/** Creates the client for the endpoint's provider. */
export function createModelClient(endpoint: ModelEndpoint, extras: ModelClientExtras = {}): ModelClient {
  const { provider, ...connection } = endpoint;
  if (provider === 'openai') return createOpenAIClient({ ...connection, ...extras });
  return createAnthropicClient({ ...connection, ...extras });
}
