/** The context-window policy inside the real loop, with a scripted model and tools that read and look. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAGE_TEXT } from '../../../tests/support/transcripts.js';
import { createMemoryResultStore, readStoredResult } from '../budget.js';
import { createRootContext } from '../context.js';
import type { AgentEvent } from '../events.js';
import type { RunCheckpoint } from '../checkpoint.js';
import { runAgent } from '../loop.js';
import { stopAfterTurns } from '../stop-conditions.js';
import { createScriptedClient, type RecordedModelRequest, type ScriptedReply, type ScriptedStep } from '../model/scripted.js';
import type { Message, ToolResultBlock } from '../model/types.js';
import { buildTool } from '../tool.js';
import { SUMMARY_INSTRUCTION } from './compact.js';
import { KNOWN_MODELS, type ModelProfile } from './models.js';
import { carryOver, createContextPolicy, type ContextPolicyOptions } from './policy.js';
import { requestTokens } from './tokens.js';

const readPage = buildTool({
  name: 'read_page',
  searchHint: 'read the page tree',
  prompt: 'Reads the page.',
  inputSchema: z.object({ url: z.string().describe('Which page (test only)') }),
  isReadOnly: () => true,
  async call(input) {
    return { data: `Page: ${input.url}\n${PAGE_TEXT}`, readScope: { document: `tab 1 at ${input.url}`, view: 'all', whole: true } };
  },
});

const screenshot = buildTool({
  name: 'screenshot',
  searchHint: 'take a picture of the tab',
  prompt: 'Shows the tab.',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  async call() {
    return { data: 'shot' };
  },
  mapResultForModel: (_output, id) => [
    { type: 'text', text: 'Screenshot of tab 1:' },
    { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: `UklGR${id}${'A'.repeat(2000)}` } },
  ],
});

const allow = async () => ({ behavior: 'allow' as const, reason: { type: 'mode' as const, mode: 'auto' as const, detail: 'test' } });
const SONNET = KNOWN_MODELS['claude-sonnet-4-5'] as ModelProfile;

/** A model that reports as many input tokens as the request holds (so estimates and reports agree). */
const sized =
  (step: { toolCalls?: Array<{ name: string; input: unknown }>; text?: string }) =>
  (request: RecordedModelRequest): ScriptedReply => ({
    ...step,
    usage: { inputTokens: requestTokens(request), outputTokens: 50 },
  });
/** Answers a summary request with a summary, anything else with `step`. */
const orSummary =
  (step: ScriptedStep): ScriptedStep =>
  (request, index) => {
    const last = request.messages.at(-1)?.content.at(-1);
    if (last?.type === 'text' && last.text === SUMMARY_INSTRUCTION)
      return { text: '1. Task: read the pages. 5. Stored results: result_r1.', usage: { inputTokens: 5_000, outputTokens: 80 } };
    return typeof step === 'function' ? step(request, index) : step;
  };

const plan = (calls: Array<{ name: string; input: unknown }>): ScriptedStep[] => [
  ...calls.map((call) => orSummary(sized({ toolCalls: [call] }))),
  orSummary(sized({ text: 'Done.' })),
  orSummary(sized({ text: 'Done.' })),
];

async function run(
  calls: Array<{ name: string; input: unknown }>,
  policy: Partial<ContextPolicyOptions> = {},
  messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Look at the shop.' }] }],
) {
  const model = createScriptedClient(plan(calls), { model: 'claude-sonnet-4-5' });
  const resultStore = createMemoryResultStore();
  const context = createRootContext({
    agentId: 'run-1',
    resultStore,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools: [readPage, screenshot],
  });
  const contextPolicy = createContextPolicy({ model, resultStore, ...policy });
  const events: AgentEvent[] = [];
  const checkpoints: RunCheckpoint[] = [];
  const result = await runAgent({
    runId: 'run-1',
    model,
    system: 'Test.',
    messages,
    context,
    canUseTool: allow,
    onEvent: (e) => events.push(e),
    contextPolicy,
    checkpointer: { save: async (c) => void checkpoints.push(c) },
  });
  return { result, model, events, checkpoints, resultStore, contextPolicy };
}

const imagesIn = (request: RecordedModelRequest | undefined) => JSON.stringify(request?.messages ?? []).match(/"type":"image"/g)?.length ?? 0;
const fullReadsIn = (request: RecordedModelRequest | undefined) => JSON.stringify(request?.messages ?? []).split('Item 199').length - 1;
const resultIn = (request: RecordedModelRequest | undefined, id: string) =>
  request?.messages.flatMap((m) => m.content).find((b): b is ToolResultBlock => b.type === 'tool_result' && b.tool_use_id === id);

const LONG_RUN = [
  ...Array.from({ length: 5 }, () => [
    { name: 'screenshot', input: {} },
    { name: 'read_page', input: { url: 'https://shop.test/' } },
  ]).flat(),
  { name: 'read_page', input: { url: 'https://other.test/' } },
];

describe('the context-window policy in the loop', () => {
  it('sends only the newest screenshots and one full read per page, while the transcript keeps everything', async () => {
    const { result, model, events } = await run(LONG_RUN);
    expect(result.reason).toBe('end_turn');
    const last = model.requests.at(-1);
    expect(imagesIn(last)).toBe(3);
    expect(fullReadsIn(last)).toBe(2); // one of shop.test, one of other.test
    expect(JSON.stringify(result.messages).match(/"type":"image"/g)).toHaveLength(5);
    expect(JSON.stringify(result.messages).split('Item 199').length - 1).toBe(6);
    expect(events.filter((e) => e.type === 'context_trimmed').length).toBeGreaterThan(0);
  });

  it('sends a stub byte for byte the same from the request that introduced it on, and read_result brings the text back', async () => {
    const { model, resultStore } = await run(LONG_RUN);
    const stubbed = (request: RecordedModelRequest | undefined, id: string) => JSON.stringify(resultIn(request, id)?.content ?? '').includes('Superseded');
    const first = model.requests
      .at(-1)
      ?.messages.flatMap((m) => m.content)
      .find((b): b is ToolResultBlock => b.type === 'tool_result' && JSON.stringify(b.content).includes('Superseded'));
    expect(first).toBeDefined();
    const since = model.requests.findIndex((r) => stubbed(r, first!.tool_use_id));
    for (const request of model.requests.slice(since)) expect(resultIn(request, first!.tool_use_id)?.content).toEqual(first!.content);
    const storedId = /read_result \{"id":"([^"]+)"\}/.exec(first!.content[0]?.type === 'text' ? first!.content[0].text : '')?.[1] ?? '';
    expect((await readStoredResult(resultStore, storedId)).content).toBe(`Page: https://shop.test/\n${PAGE_TEXT}`);
  });

  it('compacts before the person’s cap: the summary replaces older turns, pairs stay whole, the event says so', async () => {
    const { result, model, events } = await run(LONG_RUN, { maxContextTokens: 9_000 });
    const summaryRequests = model.requests.filter((r) => JSON.stringify(r.messages.at(-1)).includes('Stop here and write a summary'));
    expect(summaryRequests.length).toBeGreaterThan(0);
    const compacted = events.find((e) => e.type === 'context_compacted');
    expect(compacted).toMatchObject({ summary: expect.stringContaining('result_r1') });
    const after = model.requests.at(-1)!;
    expect(JSON.stringify(after.messages[0])).toContain('[Context summary]');
    expect(after.messages[1]?.role).toBe('assistant');
    const uses = new Set(after.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))));
    for (const block of after.messages.flatMap((m) => m.content)) if (block.type === 'tool_result') expect(uses.has(block.tool_use_id)).toBe(true);
    for (const request of model.requests.slice(model.requests.indexOf(summaryRequests[0]!) + 1)) expect(requestTokens(request)).toBeLessThan(9_000);
    // The transcript keeps every turn; the summary's tokens count in the run's usage.
    expect(result.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Look at the shop.' }] });
    expect(result.usage.outputTokens).toBe(50 * (model.requests.length - summaryRequests.length) + 80 * summaryRequests.length);
  });

  it('compacts when the request nears the model’s window', async () => {
    const { events } = await run(LONG_RUN, { profile: { ...SONNET, contextWindow: 14_000, maxOutputTokens: 1_000 } });
    expect(events.some((e) => e.type === 'context_compacted')).toBe(true);
  });

  it('does not summarise when the bulk is in the newest turn, and after a failed summary waits for the context to grow', async () => {
    // A cap below one page read: what could be summarised is only the person's message, so nothing is asked.
    const small = await run(
      [
        { name: 'read_page', input: { url: 'https://shop.test/' } },
        { name: 'screenshot', input: {} },
      ],
      { maxContextTokens: 1_000 },
    );
    expect(small.model.requests.some((r) => JSON.stringify(r.messages).includes('Stop here and write a summary'))).toBe(false);
    expect(small.result.reason).toBe('end_turn');

    // A model that cannot summarise (it answers with a tool call): one failure event, not one per turn.
    const stubborn: ScriptedStep = (request, index) => {
      const last = request.messages.at(-1)?.content.at(-1);
      if (last?.type === 'text' && last.text === SUMMARY_INSTRUCTION) return { toolCalls: [{ name: 'screenshot', input: {} }] };
      return sized({ toolCalls: [LONG_RUN[index] ?? { name: 'screenshot', input: {} }] })(request);
    };
    const model = createScriptedClient([...Array.from({ length: 40 }, () => stubborn)], { model: 'claude-sonnet-4-5' });
    const resultStore = createMemoryResultStore();
    const context = createRootContext({
      agentId: 'r',
      resultStore,
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      tools: [readPage, screenshot],
    });
    const events: AgentEvent[] = [];
    await runAgent({
      runId: 'r',
      model,
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Go' }] }],
      context,
      canUseTool: allow,
      onEvent: (e) => events.push(e),
      contextPolicy: createContextPolicy({ model, resultStore, maxContextTokens: 9_000 }),
      stopWhen: [stopAfterTurns(16)],
    });
    const failures = events.filter((e) => e.type === 'context_compaction_failed').length;
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(4);
  });

  it('stops with a clear message before a request that could pass the token budget, and never passes it', async () => {
    const { result, events } = await run(LONG_RUN, { budget: { maxTokens: 40_000 } });
    expect(result.reason).toBe('budget');
    expect(result.error).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      message: expect.stringMatching(/^Stopped before the next step: this run has used [\d,]+ of its 40,000-token budget/),
    });
    const total = result.usage.inputTokens + result.usage.outputTokens + result.usage.cacheReadTokens + result.usage.cacheCreationTokens;
    expect(total).toBeLessThanOrEqual(40_000);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', reason: 'budget' });
  });

  it('meters every request and prices it; stops before passing a money budget', async () => {
    const { events, result } = await run(LONG_RUN, { budget: { maxCostUsd: 0.15 } });
    const costs = events.filter((e) => e.type === 'run_cost');
    expect(costs.length).toBeGreaterThan(3);
    const last = costs.at(-1);
    expect(last).toMatchObject({ model: 'claude-sonnet-4-5', budget: { maxCostUsd: 0.15 } });
    expect(last?.type === 'run_cost' ? last.costUsd : -1).toBeLessThanOrEqual(0.15);
    expect(result.reason).toBe('budget');
  });

  it('checkpoints its state, so a restored policy sends the same bytes; a new run carries stubs and summary, not the meter', async () => {
    const { checkpoints, model, result } = await run(LONG_RUN, { maxContextTokens: 9_000 });
    const saved = checkpoints.at(-1)?.contextWindow;
    expect(saved?.compaction).toBeDefined();
    expect(saved?.meter?.requests).toBe(model.requests.length);
    const restored = createContextPolicy({ model, resultStore: createMemoryResultStore(), restored: saved });
    const boundary = {
      system: 'Test.',
      tools: [],
      messages: result.messages.slice(0, -1),
      maxTokens: undefined,
      signal: new AbortController().signal,
      emit: () => {},
    };
    const prepared = await restored.prepare(boundary);
    expect('messages' in prepared && prepared.messages).toEqual(model.requests.at(-1)?.messages);
    expect(carryOver(saved)).toEqual({ stubs: saved?.stubs, compaction: saved?.compaction });
  });

  it('goes on with the full reads when their text cannot be stored (a stub must lead back to it)', async () => {
    const model = createScriptedClient(plan(LONG_RUN), { model: 'claude-sonnet-4-5' });
    const failing = { put: async () => Promise.reject(new Error('QuotaExceededError')), get: async () => undefined };
    const context = createRootContext({
      agentId: 'r',
      resultStore: failing,
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      tools: [readPage, screenshot],
    });
    const result = await runAgent({
      runId: 'r',
      model,
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Go' }] }],
      context,
      canUseTool: allow,
      onEvent: () => {},
      contextPolicy: createContextPolicy({ model, resultStore: failing }),
    });
    expect(result.reason).toBe('end_turn');
    expect(fullReadsIn(model.requests.at(-1))).toBe(6);
    expect(imagesIn(model.requests.at(-1))).toBe(3);
  });
});
