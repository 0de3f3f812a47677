/**
 * "Test" in the setup card and Settings → Model: one tiny real request to the provider with the values
 * typed in (not yet saved), answered with success or the provider's error in plain words. It runs in
 * the worker like every model request: the key goes only into the provider's request header, never to a
 * page, and the reply never carries it back.
 */
import type { ModelClientExtras } from '../runtime/model/index.js';
import { toErrorPayload } from '../runtime/errors.js';
import type { ReplyOf } from '../shared/protocol/requests.js';
import type { Settings } from '../shared/settings.js';
import { modelFor, type WorkerModelEndpoint } from './model-for-settings.js';

/** How long the test waits for the provider before saying it did not answer. */
export const MODEL_TEST_TIMEOUT_MS = 30_000;

/** What is tested: the values typed into the form. */
export interface ModelTestParams {
  provider: Settings['provider'];
  apiKey: string;
  baseUrl: string;
  model: string;
}

/** Sends "Reply with OK." with a 16-token cap and reports what came back. */
export async function testModel(params: ModelTestParams, extras: ModelClientExtras = {}): Promise<ReplyOf<'model.test'>> {
  const endpoint: WorkerModelEndpoint =
    params.provider === 'demo'
      ? { provider: 'demo' }
      : { provider: params.provider, apiKey: params.apiKey.trim(), baseUrl: params.baseUrl.trim(), model: params.model.trim() };
  // No retries: a person pressing Test wants the provider's first answer, not three.
  const client = modelFor(endpoint, { maxRetries: 0, ...extras });
  const signal = AbortSignal.timeout(MODEL_TEST_TIMEOUT_MS);
  try {
    let reply = '';
    for await (const event of client.stream({
      system: 'You are checking a connection. Reply with the single word OK.',
      tools: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Reply with OK.' }] }],
      maxTokens: 16,
      signal,
    })) {
      if (event.type === 'text_delta') reply += event.text;
    }
    return { ok: true, model: client.model, reply: reply.trim().slice(0, 80) };
  } catch (error) {
    if (signal.aborted)
      return {
        ok: false,
        code: 'NETWORK',
        message: `The provider did not answer within ${MODEL_TEST_TIMEOUT_MS / 1000} seconds.`,
        suggestion: 'Check the base URL, and that the server is running (a local server may still be loading the model: try again).',
      };
    // A ModelError carries its own code and suggestion; anything else is FAILED.
    const { code, message, suggestion } = toErrorPayload(error, { code: 'FAILED', suggestion: 'Check the settings and try again.' });
    return { ok: false, code, message, suggestion };
  }
}
