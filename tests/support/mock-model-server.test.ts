import { afterEach, describe, expect, it } from 'vitest';
import { lastUserTextOf, startMockModelServer, systemOf, toolResultsOf, type MockModelServer, type RecordedRequest } from './mock-model-server.js';

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

  it('streams the tool calls, then holds the trailing text until trailingAfter settles: the message cannot end before', async () => {
    server = await startMockModelServer();
    let release = () => {};
    const trailingAfter = new Promise<void>((resolve) => (release = resolve));
    server.enqueue({ toolCalls: [{ id: 'tu_1', name: 'read_page', input: {} }], trailingText: 'Still talking.', trailingAfter });
    const response = await post(`${server.url}/v1/messages`, { model: 'm', stream: true });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('"tu_1"') || !received.includes('content_block_stop')) received += new TextDecoder().decode((await reader.read()).value);
    expect(received).not.toContain('text_delta');
    expect(server.requests[0]?.ended).toBe(false);
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += new TextDecoder().decode(chunk.value);
    expect(received).toContain('text_delta');
    expect(server.requests[0]?.ended).toBe(true);
  });

  it('waits for requests, reads the system prompt and the last user text, and resets', async () => {
    server = await startMockModelServer();
    server.script(() => ({ text: 'ok' }));
    const waiting = server.waitForRequests(2);
    await (await post(`${server.url}/v1/messages`, { system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: 'first' }] })).text();
    await (
      await post(`${server.url}/v1/chat/completions`, {
        messages: [
          { role: 'system', content: 'Sys' },
          { role: 'user', content: [{ type: 'text', text: 'second' }] },
        ],
      })
    ).text();
    const [a, b] = await waiting;
    expect([systemOf(a!), lastUserTextOf(a!)]).toEqual(['Be brief.', 'first']);
    expect([systemOf(b!), lastUserTextOf(b!)]).toEqual(['Sys', 'second']);
    server.reset();
    expect(server.requests).toHaveLength(0);
    expect((await post(`${server.url}/v1/messages`, {})).status).toBe(500);
  });

  describe('toolResultsOf', () => {
    const request = (provider: RecordedRequest['provider'], messages: unknown[]) =>
      ({ index: 0, method: 'POST', path: '/', provider, headers: {}, body: { messages } }) as unknown as RecordedRequest;
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };
    const result = (id: string, text: string, isError = false) => ({
      type: 'tool_result',
      tool_use_id: id,
      content: [{ type: 'text', text }],
      ...(isError ? { is_error: true } : {}),
    });

    it("finds the newest turn's Anthropic results when a screenshot's image message comes after them", () => {
      const messages = [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'old', name: 'x', input: {} }] },
        { role: 'user', content: [result('old', 'old result')] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 's', name: 'screenshot', input: {} },
            { type: 'tool_use', id: 'f', name: 'find', input: {} },
          ],
        },
        { role: 'user', content: [result('s', 'shot taken'), result('f', 'no match', true)] },
        { role: 'user', content: [{ type: 'text', text: 'The screenshot:' }, image] },
      ];
      expect(toolResultsOf(request('anthropic', messages))).toEqual([
        { toolUseId: 's', text: 'shot taken', isError: false },
        { toolUseId: 'f', text: 'no match', isError: true },
      ]);
    });

    it('finds OpenAI tool messages after the last assistant message, past an image message', () => {
      const messages = [
        { role: 'assistant', tool_calls: [{ id: 'c1' }] },
        { role: 'tool', tool_call_id: 'c1', content: '{"error":{"code":"X"}}' },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ];
      expect(toolResultsOf(request('openai', messages))).toEqual([{ toolUseId: 'c1', text: '{"error":{"code":"X"}}', isError: true }]);
    });

    it('finds none when the newest message is an assistant turn or there are no messages', () => {
      expect(
        toolResultsOf(
          request('anthropic', [
            { role: 'user', content: [result('a', 'r')] },
            { role: 'assistant', content: 'hi' },
          ]),
        ),
      ).toEqual([]);
      expect(toolResultsOf(request('anthropic', []))).toEqual([]);
    });
  });
});
