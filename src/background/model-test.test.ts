/** The key test against a local server speaking each provider's real streaming protocol. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockModelServer, type MockModelServer } from '../../tests/support/mock-model-server.js';
import { testModel } from './model-test.js';

let server: MockModelServer;
beforeAll(async () => {
  server = await startMockModelServer();
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

describe('testModel', () => {
  it('makes one tiny request and reports the model that answered', async () => {
    server.enqueue({ text: 'OK' });
    const reply = await testModel({ provider: 'anthropic', apiKey: 'sk-test', baseUrl: server.url, model: 'claude-haiku-4-5' });
    expect(reply).toEqual({ ok: true, model: 'claude-haiku-4-5', reply: 'OK' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['x-api-key']).toBe('sk-test');
    expect(server.requests[0]?.body).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 16 });
  });

  it("says the provider's own reason for a rejected key, once (no retries), and never echoes the key", async () => {
    server.enqueue({ status: 401, body: { error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
    const reply = await testModel({ provider: 'anthropic', apiKey: 'sk-secret-123', baseUrl: server.url, model: 'claude-haiku-4-5' });
    expect(reply).toMatchObject({ ok: false, code: 'AUTH' });
    expect(reply.ok === false && reply.message).toContain('invalid x-api-key');
    expect(JSON.stringify(reply)).not.toContain('sk-secret-123');
    expect(server.requests).toHaveLength(1);
  });

  it('tests an OpenAI-compatible local server without a key', async () => {
    server.enqueue({ text: 'OK.' });
    const reply = await testModel({ provider: 'openai', apiKey: '', baseUrl: `${server.url}/v1`, model: 'llama3.2' });
    expect(reply).toMatchObject({ ok: true, model: 'llama3.2' });
    expect(server.requests[0]?.provider).toBe('openai');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reports a server that cannot be reached in plain words', async () => {
    const reply = await testModel({ provider: 'openai', apiKey: '', baseUrl: 'http://127.0.0.1:9/v1', model: 'llama3.2' });
    expect(reply).toMatchObject({ ok: false, code: 'NETWORK' });
  });

  it('needs nothing for the demo model', async () => {
    expect(await testModel({ provider: 'demo', apiKey: '', baseUrl: '', model: '' })).toMatchObject({ ok: true, model: 'demo' });
  });
});
