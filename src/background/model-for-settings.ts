/** The model a run or a key test talks to: the built-in demo, or an HTTP provider's endpoint. */
import { createModelClient, type ModelClientExtras, type ModelEndpoint } from '../runtime/model/index.js';
import type { ModelClient } from '../runtime/model/types.js';
import type { Settings } from '../shared/settings.js';
import { createDemoModelClient } from './demo-model.js';

/**
 * The runtime knows only HTTP providers; the demo lives in this worker, so the worker's endpoint adds it
 * (it has no address, key or model id to carry).
 */
export type WorkerModelEndpoint = ModelEndpoint | { provider: 'demo' };

/** The chosen provider's endpoint from the settings. */
export function endpointOf(settings: Settings): WorkerModelEndpoint {
  return settings.provider === 'demo' ? { provider: 'demo' } : { provider: settings.provider, ...settings[settings.provider] };
}

/** One place that maps an endpoint to a client, for runs and for the key test alike. */
export function modelFor(endpoint: WorkerModelEndpoint, extras: ModelClientExtras = {}): ModelClient {
  if (endpoint.provider === 'demo') return createDemoModelClient();
  return createModelClient(endpoint, extras);
}
