import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockModelServer, type MockModelServer } from '../../../tests/support/mock-model-server.js';
import { createAnthropicClient, type AnthropicClientOptions } from './anthropic.js';
import { parseRetryAfter } from './http-errors.js';
import { ModelError, type Message, type ModelClient, type ModelRequest, type ModelStreamEvent, type ToolSpec } from './types.js';

let server: MockModelServer;
beforeAll(async () => {
  server = await startMockModelServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const TOOLS: ToolSpec[] = [
  { name: 'click', description: 'Click an element', input_schema: { type: 'object', properties: { ref: { type: 'string' } } } },
  { name: 'read_page', description: 'Read the page', input_schema: { type: 'object', properties: {} } },
];

const sleeps: number[] = [];
function client(overrides: Partial<AnthropicClientOptions> = {}): ModelClient {
  return createAnthropicClient({
    apiKey: 'sk-ant-test',
    baseUrl: server.url,
    model: 'claude-test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
}
beforeEach(() => {
  sleeps.length = 0;
});

function request(messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], signal = new AbortController().signal): ModelRequest {
  return { system: 'You are a test.', tools: TOOLS, messages, signal };
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

describe('Anthropic client', () => {
  it('streams text in several deltas and sends the required headers', async () => {
    const text = 'Hello from the mock model — it streams in pieces. 🌍';
    server.enqueue({ text });
    const { events } = await collect(client(), request());
    const deltas = events.filter((e) => e.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((d) => d.text).join('')).toBe(text);
    const final = done(events);
    expect(final.message).toEqual({ role: 'assistant', content: [{ type: 'text', text }] });
    expect(final.stopReason).toBe('end_turn');

    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe('sk-ant-test');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toMatchObject({ model: 'claude-test', stream: true, system: [{ type: 'text', text: 'You are a test.' }] });
    expect(typeof sent.body.max_tokens).toBe('number');
  });

  it('assembles a tool call whose JSON input arrives split across deltas', async () => {
    const input = { ref: 'e12', options: { double: true, note: 'a "quoted" value' } };
    server.enqueue({
      text: 'Clicking.',
      toolCalls: [
        { id: 'toolu_1', name: 'click', input },
        { name: 'read_page', input: {} },
      ],
    });
    const { events } = await collect(client(), request());
    expect(events.filter((e) => e.type === 'tool_use_start')).toEqual([
      { type: 'tool_use_start', id: 'toolu_1', name: 'click' },
      expect.objectContaining({ type: 'tool_use_start', name: 'read_page' }),
    ]);
    const parts = events.filter((e) => e.type === 'tool_use_delta' && e.id === 'toolu_1');
    expect(parts.length).toBeGreaterThan(2);
    const final = done(events);
    expect(final.stopReason).toBe('tool_use');
    expect(final.message.content).toEqual([
      { type: 'text', text: 'Clicking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'click', input },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'read_page', input: {} },
    ]);
  });

  it('says each tool call is complete at its content_block_stop, before the message ends', async () => {
    server.enqueue({
      toolCalls: [
        { id: 'toolu_a', name: 'click', input: { ref: 'e1' } },
        { id: 'toolu_b', name: 'read_page', input: {} },
      ],
      trailingText: 'And more text after the calls.',
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
    expect(order).toEqual(['start toolu_a', 'complete toolu_a', 'start toolu_b', 'complete toolu_b', 'done']);
    const firstText = events.findIndex((e) => e.type === 'text_delta');
    expect(events.findIndex((e) => e.type === 'tool_use_complete')).toBeLessThan(firstText);
    expect(done(events).message.content.at(-1)).toEqual({ type: 'text', text: 'And more text after the calls.' });
  });

  it('reports usage including cache reads and writes', async () => {
    server.enqueue({ text: 'ok', usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 3000, cacheCreationTokens: 450 } });
    const { events } = await collect(client(), request());
    const expected = { inputTokens: 120, outputTokens: 9, cacheReadTokens: 3000, cacheCreationTokens: 450 };
    expect(done(events).usage).toEqual(expected);
    expect(events.find((e) => e.type === 'usage')).toEqual({ type: 'usage', usage: expected });
  });

  it('puts cache breakpoints on the last tool, the system prompt, the previous user message and the newest block; sends is_error; leaves the transcript untouched', async () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'Click it' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '' },
          { type: 'tool_use', id: 'toolu_a', name: 'click', input: { ref: 'e1' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: '{"error":{"code":"STALE_REF"}}' }], is_error: true, meta: { at: 1 } },
        ],
      },
    ];
    const before = JSON.stringify(messages);
    server.enqueue({ text: 'ok' });
    await collect(client(), request(messages));
    const body = server.requests[0]!.body;
    const marked = (value: { cache_control?: unknown }) => value.cache_control !== undefined;
    expect(body.tools.map(marked)).toEqual([false, true]);
    expect(body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
    expect(body.messages.map((m: { content: Array<{ cache_control?: unknown }> }) => m.content.map(marked))).toEqual([[true], [false], [true]]);
    // The empty text block is dropped (the API rejects it); the tool_use remains.
    expect(body.messages[1].content).toEqual([{ type: 'tool_use', id: 'toolu_a', name: 'click', input: { ref: 'e1' } }]);
    // `meta` stays on our side: the result goes out with exactly the API's fields.
    expect(body.messages[2].content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_a',
        content: [{ type: 'text', text: '{"error":{"code":"STALE_REF"}}' }],
        is_error: true,
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(JSON.stringify(messages)).toBe(before);
  });

  it('sends tool_choice none with the tools kept, so a summary request cannot be answered with a call', async () => {
    server.enqueue({ text: 'ok' });
    server.enqueue({ text: 'ok' });
    await collect(client(), { ...request(), toolChoice: 'none' });
    await collect(client(), request());
    const [summary, ordinary] = server.requests.map((r) => r.body);
    expect(summary?.tool_choice).toEqual({ type: 'none' });
    expect(summary?.tools).toEqual(ordinary?.tools);
    expect(ordinary?.tool_choice).toBeUndefined();
  });

  it('keeps the system prompt as a breakpoint when there are no tools', async () => {
    server.enqueue({ text: 'ok' });
    await collect(client(), { ...request(), tools: [] });
    const body = server.requests[0]!.body;
    expect(body.tools).toBeUndefined();
    expect(body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
  });

  it('reports a rejected key (401) for a person, without retrying', async () => {
    server.enqueue({ status: 401 });
    const { error } = await collect(client(), request());
    expect(error).toMatchObject({ code: 'AUTH', status: 401 });
    expect(error?.message).toMatch(/rejected the API key/);
    expect(error?.suggestion).toMatch(/API key in Settings/);
    expect(server.requests).toHaveLength(1);
  });

  it('reports 403 as a permission problem', async () => {
    server.enqueue({ status: 403 });
    const { error } = await collect(client(), request());
    expect(error).toMatchObject({ code: 'AUTH', status: 403 });
    expect(error?.message).toMatch(/403/);
  });

  it('reports an unknown model (404) naming the model', async () => {
    server.enqueue({ status: 404 });
    const { error } = await collect(client(), request());
    expect(error).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    expect(error?.message).toContain('claude-test');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 after the retry-after the server asked for', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '2' } }, { text: 'after the wait' });
    const { events, error } = await collect(client(), request());
    expect(error).toBeUndefined();
    expect(done(events).message.content).toEqual([{ type: 'text', text: 'after the wait' }]);
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on 429 after maxRetries and says when to try again', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '7' } }, { status: 429, headers: { 'retry-after': '7' } });
    const { error } = await collect(client({ maxRetries: 1 }), request());
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 7000, status: 429 });
    expect(error?.message).toMatch(/7 s/);
    expect(server.requests).toHaveLength(2);
  });

  it('caps a long retry-after', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '3600' } }, { text: 'ok' });
    await collect(client({ maxRetryDelayMs: 5000 }), request());
    expect(sleeps).toEqual([5000]);
  });

  it('retries 529 overloaded with exponential backoff', async () => {
    server.enqueue({ status: 529 }, { status: 529 }, { text: 'third time' });
    const { events } = await collect(client({ retryBaseDelayMs: 100 }), request());
    expect(done(events).message.content).toEqual([{ type: 'text', text: 'third time' }]);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(75);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
    expect(sleeps[1]).toBeGreaterThanOrEqual(150);
    expect(sleeps[1]).toBeLessThanOrEqual(200);
  });

  it('retries an overloaded_error event that arrives before any content', async () => {
    server.enqueue({ streamError: { type: 'overloaded_error', message: 'Overloaded' } }, { text: 'recovered' });
    const { events, error } = await collect(client(), request());
    expect(error).toBeUndefined();
    expect(done(events).message.content).toEqual([{ type: 'text', text: 'recovered' }]);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry an error event after text was shown (it would repeat the text)', async () => {
    server.enqueue({ text: 'partial answer', streamError: { type: 'overloaded_error', message: 'Overloaded' } }, { text: 'never asked for' });
    const { events, error } = await collect(client(), request());
    expect(events.some((e) => e.type === 'text_delta')).toBe(true);
    expect(error).toMatchObject({ code: 'OVERLOADED' });
    expect(server.requests).toHaveLength(1);
  });

  it('stops mid-stream when the signal aborts and closes the connection', async () => {
    server.enqueue({ hang: true, text: 'I am thinking about' });
    const controller = new AbortController();
    const events: ModelStreamEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of client().stream(request(undefined, controller.signal))) {
        events.push(event);
        if (event.type === 'text_delta') controller.abort('interrupt');
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ModelError);
    expect(caught).toMatchObject({ code: 'ABORTED' });
    expect(events[0]).toMatchObject({ type: 'text_delta' });
    await expect.poll(() => server.requests[0]?.disconnected).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('retries an attempt that stalls (no data before the idle timeout)', async () => {
    server.enqueue({ hang: true }, { text: 'second try' });
    // The idle clock is the test's: the first attempt stalls once its request has arrived, and the
    // second is never timed out, however slow a loaded machine makes it.
    const clocks: Array<{ fire: () => void; cancelled: boolean }> = [];
    const idleTimer = (fire: () => void) => {
      const clock = { fire, cancelled: false };
      clocks.push(clock);
      return () => void (clock.cancelled = true);
    };
    const result = collect(client({ idleTimeoutMs: 100, idleTimer }), request());
    await expect.poll(() => server.requests.length).toBe(1);
    const armed = clocks.filter((clock) => !clock.cancelled);
    expect(armed).toHaveLength(1);
    armed[0]?.fire();
    const { events, error } = await result;
    expect(error).toBeUndefined();
    expect(done(events).message.content).toEqual([{ type: 'text', text: 'second try' }]);
    expect(server.requests).toHaveLength(2);
    await expect.poll(() => server.requests[0]?.disconnected).toBe(true);
  });

  it('reassembles a slow stream whose events arrive in separate network chunks', async () => {
    const input = { ref: 'e3', text: 'ünïcödé ✓' };
    server.enqueue({ text: 'Slowly streamed text.', toolCalls: [{ id: 'toolu_s', name: 'click', input }], chunkDelayMs: 2 });
    const { events } = await collect(client(), request());
    expect(done(events).message.content).toEqual([
      { type: 'text', text: 'Slowly streamed text.' },
      { type: 'tool_use', id: 'toolu_s', name: 'click', input },
    ]);
  });

  it('reports a network failure (closed port) after retrying', async () => {
    const closed = await startMockModelServer();
    const url = closed.url;
    await closed.close();
    const { error } = await collect(client({ baseUrl: url, maxRetries: 1 }), request());
    expect(error).toMatchObject({ code: 'NETWORK' });
    expect(error?.message).toContain(new URL(url).host);
    expect(error?.suggestion).toMatch(/connection/);
    expect(sleeps).toHaveLength(1);
  });

  it('asks for a key before calling when none is set', async () => {
    const { error } = await collect(client({ apiKey: '' }), request());
    expect(error).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(server.requests).toHaveLength(0);
  });

  it('fails loudly when the mock script runs out', async () => {
    const { error } = await collect(client({ maxRetries: 0 }), request());
    expect(error).toMatchObject({ code: 'SERVER', status: 500 });
    expect(error?.message).toMatch(/no scripted reply for request #1/);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, HTTP dates and retry-after-ms, and ignores garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });
});
