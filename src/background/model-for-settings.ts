/** The model client for the person's settings: the built-in demo, or the provider's HTTP client. */
import { createModelClient, type ModelClientExtras } from '../runtime/model/index.js';
import type { ModelClient } from '../runtime/model/types.js';
import type { Settings } from '../shared/settings.js';
import { createDemoModelClient } from './demo-model.js';

/** One place that maps `settings.provider` to a client, for runs and for the key test alike. */
export function modelForSettings(settings: Settings, extras: ModelClientExtras = {}): ModelClient {
  if (settings.provider === 'demo') return createDemoModelClient();
  return createModelClient({ ...settings, provider: settings.provider }, extras);
}
