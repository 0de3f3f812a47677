import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockModelServer, type MockModelServer } from '../../../tests/support/mock-model-server.js';
import { createModelClient } from './index.js';
import { createOpenAIClient, toOpenAIMessages, type OpenAIClientOptions } from './openai.js';
import { ModelError, type Message, type ModelClient, type ModelRequest, type ModelStreamEvent, type ToolSpec } from './types.js';

let server: MockModelServer;
beforeAll(async () => {
  server = await startMockModelServer();
});
afterAll(async () => {
  await server.close();
});
const sleeps: number[] = [];
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const TOOLS: ToolSpec[] = [{ name: 'click', description: 'Click an element', input_schema: { type: 'object', properties: { ref: { type: 'string' } } } }];
const PNG = { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgo=' };

function client(overrides: Partial<OpenAIClientOptions> = {}): ModelClient {
  return createOpenAIClient({
    apiKey: 'sk-openai-test',
    baseUrl: `${server.url}/v1`,
    model: 'gpt-test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
}

function request(messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], signal = new AbortController().signal): ModelRequest {
  return { system: 'You are a test.', tools: TOOLS, messages, signal, maxTokens: 1000 };
}

async function collect(model: ModelClient, req: ModelRequest): Promise<{ events: ModelStreamEvent[]; error?: ModelError }> {
  const events: ModelStreamEvent[] = [];
  try {
    for await (const event of model.stream(req)) events.push(event);
    return { events };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { events, error };
  }
}

function done(events: ModelStreamEvent[]) {
  const last = events[events.length - 1];
  if (last?.type !== 'message_done') throw new Error(`no message_done: ${JSON.stringify(events)}`);
  return last;
}

describe('OpenAI-compatible client', () => {
  it('streams text, asks for usage, and counts cached prompt tokens as cache reads', async () => {
    server.enqueue({ text: 'Hello there, streamed in several chunks.', usage: { inputTokens: 80, cacheReadTokens: 20, outputTokens: 6 } });
    const { events } = await collect(client(), request());
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(2);
    const final = done(events);
    expect(final.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello there, streamed in several chunks.' }] });
    expect(final.stopReason).toBe('end_turn');
    expect(final.usage).toEqual({ inputTokens: 80, outputTokens: 6, cacheReadTokens: 20, cacheCreationTokens: 0 });

    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers['authorization']).toBe('Bearer sk-openai-test');
    expect(sent.body).toMatchObject({ model: 'gpt-test', stream: true, stream_options: { include_usage: true }, max_tokens: 1000 });
    expect(sent.body.tools).toEqual([{ type: 'function', function: { name: 'click', description: 'Click an element', parameters: TOOLS[0]!.input_schema } }]);
  });

  it('sends no Authorization header without a key (Ollama, LM Studio)', async () => {
    server.enqueue({ text: 'local' });
    await collect(client({ apiKey: '' }), request());
    expect(server.requests[0]!.headers['authorization']).toBeUndefined();
  });

  it('assembles tool_calls deltas by index', async () => {
    const input = { ref: 'e7', text: 'a "quoted" value with ümlauts' };
    server.enqueue({
      text: 'Let me click.',
      toolCalls: [
        { id: 'call_a', name: 'click', input },
        { id: 'call_b', name: 'read_page', input: { max: 5 } },
      ],
    });
    const { events } = await collect(client(), request());
    expect(events.filter((e) => e.type === 'tool_use_start')).toEqual([
      { type: 'tool_use_start', id: 'call_a', name: 'click' },
      { type: 'tool_use_start', id: 'call_b', name: 'read_page' },
    ]);
    expect(events.filter((e) => e.type === 'tool_use_delta' && e.id === 'call_a').length).toBeGreaterThan(1);
    const final = done(events);
    expect(final.stopReason).toBe('tool_use');
    expect(final.message.content).toEqual([
      { type: 'text', text: 'Let me click.' },
      { type: 'tool_use', id: 'call_a', name: 'click', input },
      { type: 'tool_use', id: 'call_b', name: 'read_page', input: { max: 5 } },
    ]);
  });

  it('says a call is complete when the next call starts, and the last one when the message ends', async () => {
    server.enqueue({
      toolCalls: [
        { id: 'call_a', name: 'click', input: { ref: 'e1' } },
        { id: 'call_b', name: 'read_page', input: { max: 5 } },
      ],
    });
    const { events } = await collect(client(), request());
    const order = events.flatMap((e) =>
      e.type === 'tool_use_start'
        ? [`start ${e.id}`]
        : e.type === 'tool_use_complete'
          ? [`complete ${e.toolUse.id}`]
          : e.type === 'message_done'
            ? ['done']
            : [],
    );
    expect(order).toEqual(['start call_a', 'complete call_a', 'start call_b', 'complete call_b', 'done']);
    expect(events.find((e) => e.type === 'tool_use_complete')).toEqual({
      type: 'tool_use_complete',
      toolUse: { type: 'tool_use', id: 'call_a', name: 'click', input: { ref: 'e1' } },
    });
  });

  it('maps finish_reason length to max_tokens', async () => {
    server.enqueue({ text: 'cut', stopReason: 'max_tokens' });
    const { events } = await collect(client(), request());
    expect(done(events).stopReason).toBe('max_tokens');
  });

  it('maps the transcript: tool calls, role tool results, errors, and images as data URLs', async () => {
    const messages: Message[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look at this' },
          { type: 'image', source: PNG },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Taking a screenshot.' },
          { type: 'tool_use', id: 'call_1', name: 'screenshot', input: {} },
          { type: 'tool_use', id: 'call_2', name: 'click', input: { ref: 'e1' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_1',
            content: [
              { type: 'text', text: 'Screenshot taken.' },
              { type: 'image', source: PNG },
            ],
          },
          { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: 'no such ref' }], is_error: true },
        ],
      },
    ];
    server.enqueue({ text: 'ok' });
    await collect(client(), request(messages));
    expect(server.requests[0]!.body.messages).toEqual(toOpenAIMessages('You are a test.', messages));
    expect(toOpenAIMessages('You are a test.', messages)).toEqual([
      { role: 'system', content: 'You are a test.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look at this' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Taking a screenshot.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'screenshot', arguments: '{}' } },
          { id: 'call_2', type: 'function', function: { name: 'click', arguments: '{"ref":"e1"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Screenshot taken.\n(The image is attached in the next user message.)' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Error: no such ref' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Image from tool call call_1:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ]);
  });

  it('sends tool_choice none with the tools kept, and nothing when the choice is left to the model', async () => {
    server.enqueue({ text: 'ok' });
    server.enqueue({ text: 'ok' });
    await collect(client(), { ...request(), toolChoice: 'none' });
    await collect(client(), request());
    const [summary, ordinary] = server.requests.map((r) => r.body);
    expect(summary?.tool_choice).toBe('none');
    expect(summary?.tools).toEqual(ordinary?.tools);
    expect(ordinary?.tool_choice).toBeUndefined();
  });

  it('sends null content for an assistant message that only calls tools, and plain strings for text-only user turns', () => {
    expect(
      toOpenAIMessages('', [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'x', input: { n: 1 } }] },
      ]),
    ).toEqual([
      { role: 'user', content: 'a\n\nb' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{"n":1}' } }] },
    ]);
  });

  it('uses max_completion_tokens for api.openai.com', async () => {
    let body: unknown;
    const fakeFetch: typeof fetch = async (_url, init) => {
      body = JSON.parse(String(init?.body));
      return new Response('data: {"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n', { status: 200 });
    };
    await collect(client({ baseUrl: 'https://api.openai.com/v1', fetch: fakeFetch }), request());
    expect(body).toMatchObject({ max_completion_tokens: 1000 });
    expect(body).not.toHaveProperty('max_tokens');
  });

  it('reports 401 and 404 for a person', async () => {
    server.enqueue({ status: 401 }, { status: 404 });
    const first = await collect(client(), request());
    expect(first.error).toMatchObject({ code: 'AUTH', status: 401 });
    expect(first.error?.message).toMatch(/rejected the API key/);
    const second = await collect(client(), request());
    expect(second.error).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    expect(second.error?.message).toContain('gpt-test');
    expect(server.requests).toHaveLength(2);
  });

  it('retries 429 honouring retry-after-ms, and does not retry an exhausted quota', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after-ms': '1200' } }, { text: 'ok' });
    const { error } = await collect(client(), request());
    expect(error).toBeUndefined();
    expect(sleeps).toEqual([1200]);

    server.enqueue({ status: 429, body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } } });
    const quota = await collect(client(), request());
    expect(quota.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(quota.error?.message).toMatch(/out of quota/);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a 5xx and then reports it as a server error', async () => {
    server.enqueue({ status: 503 }, { status: 502 });
    const { error } = await collect(client({ maxRetries: 1 }), request());
    expect(error).toMatchObject({ code: 'SERVER', status: 502 });
    expect(server.requests).toHaveLength(2);
  });

  it('turns an error chunk inside the stream into a ModelError', async () => {
    server.enqueue({ text: 'partial', streamError: { type: 'server_error', message: 'The server had an error' } });
    const { error } = await collect(client(), request());
    expect(error).toMatchObject({ code: 'SERVER' });
    expect(error?.message).toContain('The server had an error');
  });

  it('stops mid-stream when the signal aborts', async () => {
    server.enqueue({ hang: true, text: 'Thinking' });
    const controller = new AbortController();
    let caught: unknown;
    try {
      for await (const event of client().stream(request(undefined, controller.signal))) {
        if (event.type === 'text_delta') controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'ABORTED' });
    await expect.poll(() => server.requests[0]?.disconnected).toBe(true);
  });

  it('reports a server that stops sending data', async () => {
    server.enqueue({ hang: true, text: '' });
    const { error } = await collect(client({ idleTimeoutMs: 100, maxRetries: 0 }), request());
    expect(error).toMatchObject({ code: 'NETWORK' });
    expect(error?.message).toMatch(/stopped responding/);
  });

  it('reassembles a slow stream whose chunks arrive separately', async () => {
    server.enqueue({ text: 'Slow and steady.', toolCalls: [{ id: 'call_s', name: 'click', input: { ref: 'e5' } }], chunkDelayMs: 2 });
    const { events } = await collect(client(), request());
    expect(done(events).message.content).toEqual([
      { type: 'text', text: 'Slow and steady.' },
      { type: 'tool_use', id: 'call_s', name: 'click', input: { ref: 'e5' } },
    ]);
  });

  it('reports a server that is not running', async () => {
    const closed = await startMockModelServer();
    const url = `${closed.url}/v1`;
    await closed.close();
    const { error } = await collect(client({ baseUrl: url, maxRetries: 0 }), request());
    expect(error).toMatchObject({ code: 'NETWORK' });
    expect(error?.suggestion).toMatch(/Ollama, LM Studio/);
  });

  it('completes a stream that has a finish_reason but no [DONE] (some local servers)', async () => {
    const fakeFetch: typeof fetch = async () =>
      new Response('data: {"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\n', { status: 200 });
    const { events, error } = await collect(client({ fetch: fakeFetch }), request());
    expect(error).toBeUndefined();
    expect(done(events).message.content).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('treats a stream cut off before any finish as an error', async () => {
    const fakeFetch: typeof fetch = async () =>
      new Response('data: {"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n', { status: 200 });
    const { error } = await collect(client({ fetch: fakeFetch, maxRetries: 0 }), request());
    expect(error).toMatchObject({ code: 'PROTOCOL' });
  });
});

describe('createModelClient', () => {
  it('builds the client of the endpoint’s provider, pointed at its base URL', async () => {
    const openai = createModelClient({ provider: 'openai', apiKey: '', baseUrl: `${server.url}/v1`, model: 'local-model' });
    const anthropic = createModelClient({ provider: 'anthropic', apiKey: 'k', baseUrl: server.url, model: 'claude-x' });
    expect([openai.provider, openai.model, anthropic.provider, anthropic.model]).toEqual(['openai', 'local-model', 'anthropic', 'claude-x']);
    server.enqueue({ text: 'a' }, { text: 'b' });
    await collect(openai, request());
    await collect(anthropic, request());
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/messages']);
  });
});
