/**
 * Screenshots inside tool results, through both real HTTP clients and the mock model server, with the
 * context window on: Anthropic gets images in `tool_result` content; Chat Completions `tool` messages can
 * only be text, so the OpenAI client says where the image is and sends it in a user message right after.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_IMAGES } from '../../../tests/support/images.js';
import { startMockModelServer, type MockModelServer } from '../../../tests/support/mock-model-server.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { screenshot } from './screenshot.js';
import { createMemoryResultStore } from '../../runtime/budget.js';
import { createRootContext } from '../../runtime/context.js';
import { runAgent } from '../../runtime/loop.js';
import { createAnthropicClient } from '../../runtime/model/anthropic.js';
import { createOpenAIClient } from '../../runtime/model/openai.js';
import type { ModelClient } from '../../runtime/model/types.js';
import { createContextPolicy } from '../../runtime/context-window/policy.js';

let server: MockModelServer;
beforeAll(async () => {
  server = await startMockModelServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const SHOTS = 5;

async function runShots(model: ModelClient): Promise<void> {
  for (let n = 1; n <= SHOTS; n++) server.enqueue({ toolCalls: [{ id: `shot_${n}`, name: 'screenshot', input: {} }] });
  server.enqueue({ text: 'Seen.' });
  const browser = new FakeBrowser(undefined, { capture: { mediaType: 'image/webp', data: CHROMIUM_IMAGES.webpLossy, width: 37, height: 23 } });
  const resultStore = createMemoryResultStore();
  const context = createRootContext({
    agentId: 'r',
    resultStore,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools: [screenshot],
    currentTabId: 1,
    browser,
  });
  const result = await runAgent({
    runId: 'r',
    model,
    system: 'Test.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Look five times.' }] }],
    context,
    canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } }),
    onEvent: () => {},
    contextPolicy: createContextPolicy({ model, resultStore }),
  });
  expect(result.reason).toBe('end_turn');
}

describe('screenshots through the wire, with the context window', () => {
  it('Anthropic: the image is inside its tool_result; only the newest three are sent; no meta on the wire', async () => {
    await runShots(createAnthropicClient({ apiKey: 'k', baseUrl: server.url, model: 'claude-sonnet-4-5' }));
    const last = server.requests.at(-1)!;
    const results = (last.body.messages as Array<{ content: Array<Record<string, unknown>> }>)
      .flatMap((m) => m.content)
      .filter((b) => b['type'] === 'tool_result');
    expect(results).toHaveLength(SHOTS);
    const images = results.map((b) => (b['content'] as Array<{ type: string }>).filter((c) => c.type === 'image').length);
    expect(images).toEqual([0, 0, 1, 1, 1]);
    expect(JSON.stringify(results[0])).toContain('Image removed to save context');
    expect(results.every((b) => !('meta' in b))).toBe(true);
    expect(last.rawBody).toContain('"media_type":"image/webp"');
  });

  it('OpenAI: tool messages stay text, each kept image follows in a user message, old ones are notes', async () => {
    await runShots(createOpenAIClient({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4.1' }));
    const messages = server.requests.at(-1)!.body.messages as Array<{ role: string; content: unknown; tool_calls?: unknown[] }>;
    const tools = messages.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(SHOTS);
    expect(tools.every((m) => typeof m.content === 'string')).toBe(true);
    expect(tools.map((m) => /Image removed to save context/.test(m.content as string))).toEqual([true, true, false, false, false]);
    expect(tools.slice(2).every((m) => (m.content as string).includes('attached in the next user message'))).toBe(true);
    const urls = JSON.stringify(messages).match(/data:image\/webp;base64,/g) ?? [];
    expect(urls).toHaveLength(3);
    // Every tool message directly follows its assistant call (or another tool message): the API's rule.
    for (const [index, message] of messages.entries()) {
      if (message.role !== 'tool') continue;
      const before = messages[index - 1];
      expect(before?.role === 'tool' || (before?.role === 'assistant' && (before.tool_calls?.length ?? 0) > 0)).toBe(true);
    }
  });
});
