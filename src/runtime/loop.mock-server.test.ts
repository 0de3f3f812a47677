/**
 * The loop with the real HTTP clients against the mock model server: the whole path from transcript
 * to wire format and back, for both providers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMockModelServer, toolResultsOf, toolNamesOf, type MockModelServer, type RecordedRequest } from '../../tests/support/mock-model-server.js';
import { createMemoryResultStore } from './budget.js';
import { createRootContext, type ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { runAgent } from './loop.js';
import { createAnthropicClient } from './model/anthropic.js';
import { createOpenAIClient } from './model/openai.js';
import type { ModelClient } from './model/types.js';
import { buildTool, type CanUseTool, type Tools } from './tool.js';

let server: MockModelServer;
beforeAll(async () => {
  server = await startMockModelServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const clicked: string[] = [];
const findButton = buildTool({
  name: 'find',
  prompt: 'Finds an element and returns its ref.',
  inputSchema: z.object({ query: z.string().describe('What to look for') }),
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  async call(input) {
    return { data: { query: input.query, ref: 'e42' } };
  },
});
const click = buildTool({
  name: 'click',
  prompt: 'Clicks the element with this ref.',
  inputSchema: z.object({ ref: z.string().describe('The element ref from find') }),
  async call(input) {
    clicked.push(input.ref);
    if (input.ref !== 'e42') throw new Error(`no element ${input.ref}`);
    return { data: `clicked ${input.ref}` };
  },
});

const allowAll: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });

function makeContext(tools: Tools): ToolUseContext {
  return createRootContext({
    agentId: 'main',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: 1,
    windowId: 1,
    tools,
  });
}

/** Reads the ref out of the previous tool result, as a model would. */
function clickTheFoundRef(request: RecordedRequest) {
  const [found] = toolResultsOf(request);
  const ref = /"ref":\s*"(e\d+)"/.exec(found?.text ?? '')?.[1] ?? 'missing';
  return { text: 'Clicking it.', toolCalls: [{ name: 'click', input: { ref } }] };
}

const providers: Array<[string, () => ModelClient]> = [
  ['anthropic', () => createAnthropicClient({ apiKey: 'k', baseUrl: server.url, model: 'claude-test', maxRetries: 0 })],
  ['openai', () => createOpenAIClient({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-test', maxRetries: 0 })],
];

describe.each(providers)('runAgent over the %s wire format', (provider, makeClient) => {
  it('does a tool round trip whose second call depends on the first result', async () => {
    clicked.length = 0;
    server.enqueue({ toolCalls: [{ name: 'find', input: { query: 'Buy button' } }] }, clickTheFoundRef, { text: 'Done: the button is clicked.' });
    const events: AgentEvent[] = [];
    const result = await runAgent({
      runId: 'r',
      model: makeClient(),
      system: 'Test system.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Click the buy button' }] }],
      context: makeContext([findButton, click]),
      canUseTool: allowAll,
      onEvent: (event) => events.push(event),
    });

    expect(result.reason).toBe('end_turn');
    expect(clicked).toEqual(['e42']);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.provider === provider)).toBe(true);
    expect(toolNamesOf(server.requests[0]!)).toEqual(['find', 'click']);
    expect(toolResultsOf(server.requests[2]!)).toEqual([expect.objectContaining({ text: 'clicked e42', isError: false })]);
    expect(result.messages[result.messages.length - 1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Done: the button is clicked.' }] });
    expect(
      events
        .filter((e) => e.type === 'text_delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('Clicking it.Done: the button is clicked.');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('sends a failed call back as an error result', async () => {
    server.enqueue({ toolCalls: [{ name: 'click', input: { ref: 'e999' } }] }, { text: 'That did not work.' });
    await runAgent({
      runId: 'r',
      model: makeClient(),
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Click e999' }] }],
      context: makeContext([findButton, click]),
      canUseTool: allowAll,
      onEvent: () => undefined,
    });
    const [failed] = toolResultsOf(server.requests[1]!);
    expect(failed?.isError).toBe(true);
    expect(failed?.text).toContain('no element e999');
    if (provider === 'anthropic') {
      const last = server.requests[1]!.body.messages.at(-1).content.at(-1);
      expect(last).toMatchObject({ type: 'tool_result', is_error: true, cache_control: { type: 'ephemeral' } });
    }
  });

  it('ends with model_error and a person-friendly message on 401', async () => {
    server.enqueue({ status: 401 });
    const result = await runAgent({
      runId: 'r',
      model: makeClient(),
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      context: makeContext([]),
      canUseTool: allowAll,
      onEvent: () => undefined,
    });
    expect(result.reason).toBe('model_error');
    expect(result.error).toMatchObject({ code: 'AUTH', message: expect.stringMatching(/rejected the API key/) });
  });
});
