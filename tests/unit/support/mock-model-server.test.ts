import { afterEach, describe, expect, it } from 'vitest';
import { lastUserTextOf, startDemoModelServer, startMockModelServer, systemOf, type MockModelServer } from '../../support/mock-model-server.js';

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('mock model server', () => {
  it('answers CORS preflights without recording them and exposes retry-after', async () => {
    server = await startMockModelServer();
    const preflight = await fetch(`${server.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'chrome-extension://abc', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('chrome-extension://abc');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,x-api-key');
    server.enqueue({ status: 429, headers: { 'retry-after': '3' } });
    const limited = await post(`${server.url}/v1/messages`, { model: 'm' }, { origin: 'chrome-extension://abc' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(await limited.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.any(String) } });
    expect(server.requests).toHaveLength(1);
  });

  it('sends the real OpenAI error shape and a [DONE]-terminated stream', async () => {
    server = await startMockModelServer();
    server.enqueue({ status: 401 }, { text: 'hi' });
    const denied = await post(`${server.url}/v1/chat/completions`, { model: 'm' });
    expect(await denied.json()).toMatchObject({ error: { code: 'invalid_api_key', type: 'invalid_request_error' } });
    const streamed = await (await post(`${server.url}/v1/chat/completions`, { model: 'm', stream: true })).text();
    expect(streamed.trim().endsWith('data: [DONE]')).toBe(true);
    // Without stream_options.include_usage, no usage chunk is sent (as OpenAI does).
    expect(streamed).not.toContain('"usage"');
  });

  it('waits for requests, reads the system prompt and the last user text, and resets', async () => {
    server = await startMockModelServer();
    server.script(() => ({ text: 'ok' }));
    const waiting = server.waitForRequests(2);
    await (await post(`${server.url}/v1/messages`, { system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: 'first' }] })).text();
    await (await post(`${server.url}/v1/chat/completions`, { messages: [{ role: 'system', content: 'Sys' }, { role: 'user', content: [{ type: 'text', text: 'second' }] }] })).text();
    const [a, b] = await waiting;
    expect([systemOf(a!), lastUserTextOf(a!)]).toEqual(['Be brief.', 'first']);
    expect([systemOf(b!), lastUserTextOf(b!)]).toEqual(['Sys', 'second']);
    server.reset();
    expect(server.requests).toHaveLength(0);
    expect((await post(`${server.url}/v1/messages`, {})).status).toBe(500);
  });

  it('runs a demo server that echoes the person', async () => {
    server = await startDemoModelServer();
    const text = await (await post(`${server.url}/v1/messages`, { messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] })).text();
    const deltas = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: { type: string; text?: string } })
      .filter((event) => event.type === 'content_block_delta' && event.delta?.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.delta?.text).join('')).toBe('(mock model) You said: hello');
  });
});
