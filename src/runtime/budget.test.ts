import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyMessageBudget, applyResultSizeBudget, createMemoryResultStore, effectiveMaxResultSize, persistOversizedResult, previewText } from './budget.js';
import { createBudgetState, type BudgetDecision, type ResultStore } from './budget-types.js';
import { initialAppState } from './context.js';
import { restoreRunState, type RunCheckpoint } from './checkpoint.js';
import { runAgent } from './loop.js';
import { createScriptedClient } from './model/scripted.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import { emptyUsage } from './model/types.js';
import type { ToolResultContentBlock } from './model/types.js';
import { buildTool, DEFAULT_MAX_RESULT_SIZE_CHARS } from './tool.js';

const text = (t: string): ToolResultContentBlock[] => [{ type: 'text', text: t }];
const lines = (n: number, width = 49) => Array.from({ length: n }, (_, i) => `${String(i).padStart(6, '0')} ${'x'.repeat(width - 7)}`).join('\n');
const tool = (maxResultSizeChars: number) =>
  buildTool({ name: 'big', maxResultSizeChars, inputSchema: z.object({}), prompt: 'p', call: async () => ({ data: '' }) });

/** Counts writes; optionally fails them like a full disk. */
function countingStore(fail?: Error): ResultStore & { puts: number } {
  const inner = createMemoryResultStore();
  const store = {
    puts: 0,
    async put(record: Parameters<ResultStore['put']>[0]) {
      store.puts++;
      if (fail) throw fail;
      await inner.put(record);
    },
    get: (id: string) => inner.get(id),
  };
  return store;
}

describe('limits and previews', () => {
  it("caps a tool's limit at the global default unless it opts out with Infinity", () => {
    expect(effectiveMaxResultSize({ maxResultSizeChars: 1_000_000 })).toBe(DEFAULT_MAX_RESULT_SIZE_CHARS);
    expect(effectiveMaxResultSize({ maxResultSizeChars: 1_000 })).toBe(1_000);
    expect(effectiveMaxResultSize({ maxResultSizeChars: Infinity })).toBe(Infinity);
  });

  it('cuts the preview at a line break near 2,000 characters', () => {
    const preview = previewText(lines(100));
    expect(preview.length).toBeLessThanOrEqual(2_000);
    expect(preview.length).toBeGreaterThan(1_900);
    expect(lines(100).startsWith(preview)).toBe(true);
    expect(lines(100)[preview.length]).toBe('\n');
    expect(previewText('y'.repeat(5_000))).toHaveLength(2_000); // no line break: a plain cut
  });
});

describe('persistOversizedResult', () => {
  it('stores the full text and gives a preview with the total size, the id and how to read more', async () => {
    const store = createMemoryResultStore();
    const full = lines(2_000);
    const decision = await persistOversizedResult({ toolUseId: 'toolu_9', toolName: 'big', content: text(full) }, store, 'Too long');
    expect(decision.kind).toBe('persisted');
    expect(decision.storedId).toBe('result_toolu_9');
    expect(decision.totalChars).toBe(full.length);
    const shown = decision.content[0]?.type === 'text' ? decision.content[0].text : '';
    expect(shown.startsWith(previewText(full))).toBe(true);
    expect(shown).toContain(`${full.length.toLocaleString('en-US')} characters in total`);
    expect(shown).toContain(`read_result {"id":"result_toolu_9","offset":${previewText(full).length},"limit":20000}`);
    expect((await store.get('result_toolu_9'))?.content).toBe(full);
  });

  it('still gives the preview, with a clear note, when the store fails', async () => {
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const decision = await persistOversizedResult({ toolUseId: 't', toolName: 'big', content: text(lines(2_000)) }, countingStore(quota), 'Too long');
    expect(decision.kind).toBe('preview_only');
    expect(decision.storedId).toBeUndefined();
    const shown = decision.content[0]?.type === 'text' ? decision.content[0].text : '';
    expect(shown.startsWith(previewText(lines(2_000)))).toBe(true);
    expect(shown).toContain('could not be stored (QuotaExceededError: The quota has been exceeded.)');
    expect(shown).not.toContain('read_result');
  });
});

describe('applyResultSizeBudget', () => {
  it('keeps results within the limit and stores those over it', async () => {
    const store = countingStore();
    const budget = createBudgetState();
    expect((await applyResultSizeBudget(tool(100), { toolUseId: 'a', toolName: 'big', content: text('x'.repeat(100)) }, budget, store)).kind).toBe('kept');
    expect((await applyResultSizeBudget(tool(100), { toolUseId: 'b', toolName: 'big', content: text('x'.repeat(101)) }, budget, store)).kind).toBe('persisted');
    expect((await applyResultSizeBudget(tool(Infinity), { toolUseId: 'c', toolName: 'big', content: text('x'.repeat(60_000)) }, budget, store)).kind).toBe(
      'kept',
    );
    expect(store.puts).toBe(1);
  });

  it('never stores results with images', async () => {
    const content: ToolResultContentBlock[] = [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'text', text: 'x'.repeat(10_000) },
    ];
    const store = countingStore();
    const decision = await applyResultSizeBudget(tool(100), { toolUseId: 'i', toolName: 'big', content }, createBudgetState(), store);
    expect(decision).toMatchObject({ kind: 'kept', content });
    const perMessage = await applyMessageBudget([decision], new Map(), createBudgetState(), store, 1_000);
    expect(perMessage[0]?.content).toBe(content);
    expect(store.puts).toBe(0);
  });

  it('applies a frozen preview byte for byte, without storing again', async () => {
    const store = countingStore();
    const budget = createBudgetState();
    const frozen: BudgetDecision = { toolUseId: 'f', kind: 'persisted', content: text('the preview first sent'), storedId: 'result_f', totalChars: 500 };
    budget.decisions.set('f', frozen);
    expect(await applyResultSizeBudget(tool(10), { toolUseId: 'f', toolName: 'big', content: text('x'.repeat(500)) }, budget, store)).toEqual(frozen);
    expect(store.puts).toBe(0);
  });

  it('applies a frozen "kept" verdict to the produced content without measuring it again', async () => {
    const store = countingStore();
    const budget = createBudgetState();
    budget.decisions.set('k', { toolUseId: 'k', kind: 'kept' });
    const produced = text('x'.repeat(500)); // over the limit of 10, but it was sent in full before
    expect(await applyResultSizeBudget(tool(10), { toolUseId: 'k', toolName: 'big', content: produced }, budget, store)).toEqual({
      toolUseId: 'k',
      kind: 'kept',
      content: produced,
    });
    expect(store.puts).toBe(0);
  });
});

describe('applyMessageBudget', () => {
  const kept = (id: string, size: number): BudgetDecision => ({ toolUseId: id, kind: 'kept', content: text(lines(Math.ceil(size / 50)).slice(0, size)) });

  it('stores the largest results first until the turn fits', async () => {
    const store = countingStore();
    const decisions = [kept('a', 30_000), kept('b', 90_000), kept('c', 60_000), kept('d', 50_000)];
    const final = await applyMessageBudget(decisions, new Map(), createBudgetState(), store, 100_000);
    expect(final.map((d) => d.kind)).toEqual(['kept', 'persisted', 'persisted', 'kept']); // b, then c; 80k + previews fits
    expect(store.puts).toBe(2);
  });

  it('freezes every decision: applying it again yields byte-identical content and stores nothing', async () => {
    const store = countingStore();
    const budget = createBudgetState();
    const decisions = [kept('a', 150_000), kept('b', 100_000)];
    const first = await applyMessageBudget(decisions, new Map([['a', 'big']]), budget, store, 200_000);
    const again = await applyMessageBudget(decisions, new Map(), budget, store, 200_000);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(store.puts).toBe(1);
    expect([...budget.decisions.keys()]).toEqual(['a', 'b']);
  });

  it('keeps a preview in the state but not the content of a result sent in full (the transcript has it)', async () => {
    const budget = createBudgetState();
    const decisions = [kept('a', 150_000), kept('b', 100_000)];
    const [a] = await applyMessageBudget(decisions, new Map(), budget, countingStore(), 200_000);
    expect(budget.decisions.get('a')).toEqual(a);
    expect(a?.kind).toBe('persisted');
    expect(budget.decisions.get('b')).toEqual({ toolUseId: 'b', kind: 'kept' });
    expect(JSON.stringify([...budget.decisions.values()]).length).toBeLessThan(5_000);
  });

  it('gives byte-identical results after a restore from a checkpoint, storing nothing again', async () => {
    const store = countingStore();
    const budget = createBudgetState();
    const decisions = [kept('a', 150_000), kept('b', 100_000), kept('c', 10)];
    const first = await applyMessageBudget(decisions, new Map(), budget, store, 200_000);
    // What a checkpoint holds goes through structured cloning (IndexedDB), then restoreRunState.
    const checkpoint: RunCheckpoint = structuredClone({
      runId: 'r',
      messages: [],
      turn: 1,
      toolCalls: 3,
      usage: emptyUsage(),
      inFlight: [],
      budget: [...budget.decisions.values()],
      appState: initialAppState(),
      currentTabId: undefined,
      status: 'running',
    });
    const restored = restoreRunState(checkpoint);
    const again = await applyMessageBudget(decisions, new Map(), restored.budget, store, 10);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(store.puts).toBe(1);
  });
});

describe('checkpoints of a run', () => {
  it('hold each full result once (in the transcript), and a preview byte for byte', async () => {
    const page = 'p'.repeat(30_000);
    const tools = [
      buildTool({ name: 'page', inputSchema: z.object({}), prompt: 'p', isConcurrencySafe: () => true, call: async () => ({ data: page }) }),
      buildTool({ name: 'huge', inputSchema: z.object({}), prompt: 'p', maxResultSizeChars: 1_000, call: async () => ({ data: 'h\n'.repeat(5_000) }) }),
    ];
    const checkpoints: RunCheckpoint[] = [];
    const context = createTestContext(tools);
    await runAgent({
      runId: 'r',
      model: createScriptedClient([
        {
          toolCalls: [
            { id: 'kept_1', name: 'page', input: {} },
            { id: 'big_1', name: 'huge', input: {} },
          ],
        },
        { text: 'done' },
      ]),
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
      context,
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } }),
      onEvent: () => undefined,
      checkpointer: { save: async (checkpoint) => void checkpoints.push(structuredClone(checkpoint)) },
    });
    const last = checkpoints.at(-1)!;
    expect(last.budget).toEqual([{ toolUseId: 'kept_1', kind: 'kept' }, expect.objectContaining({ toolUseId: 'big_1', kind: 'persisted' })]);
    expect(JSON.stringify(last).split(page).length - 1).toBe(1);
    const preview = last.budget[1]?.content?.[0];
    expect(JSON.stringify(last.messages)).toContain(JSON.stringify(preview));
  });
});
