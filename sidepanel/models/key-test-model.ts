/** "Test" in the setup card and Settings → Model: one tiny request through the worker, and what came of it. */
import { signal } from '@preact/signals';
import type { ReplyOf } from '../../src/shared/protocol/requests.js';
import { activeProviderConfig, type Settings } from '../../src/shared/settings.js';
import { describeRunError } from '../lib/provider-errors.js';
import { WorkerListModel } from './worker-request.js';

/** Where a test stands, in the words the panel shows. */
export type KeyTestState =
  { state: 'idle' } | { state: 'testing' } | { state: 'ok'; message: string } | { state: 'failed'; title: string; message: string; suggestion: string };

/** Key test state and action. */
export class KeyTestModel extends WorkerListModel {
  readonly result = signal<KeyTestState>({ state: 'idle' });
  /** The values last tested, so an edit after a test clears its result. */
  private tested: string | undefined;

  /** Tests the provider the (maybe unsaved) settings describe. */
  async test(settings: Settings): Promise<void> {
    const config = activeProviderConfig(settings);
    const params = { provider: settings.provider, apiKey: config?.apiKey ?? '', baseUrl: config?.baseUrl ?? '', model: config?.model ?? '' };
    this.tested = JSON.stringify(params);
    this.result.value = { state: 'testing' };
    const reply = await this.worker.call('model.test', params);
    if (this.tested !== JSON.stringify(params)) return;
    this.result.value = reply ? describe(reply) : { state: 'failed', title: 'The test did not run', message: this.error.value ?? '', suggestion: '' };
  }

  /** Forgets the result (the values it was about changed). */
  clear(): void {
    this.tested = undefined;
    this.result.value = { state: 'idle' };
  }
}

function describe(reply: ReplyOf<'model.test'>): KeyTestState {
  if (reply.ok) return { state: 'ok', message: reply.model === 'demo' ? 'The demo model is ready.' : `It works: ${reply.model} answered.` };
  const view = describeRunError({ code: reply.code, message: reply.message, suggestion: reply.suggestion });
  return { state: 'failed', title: view.title, message: view.message, suggestion: view.suggestion };
}
