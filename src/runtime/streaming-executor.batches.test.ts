import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from './events.js';
import type { ToolUseBlock } from './model/types.js';
import { INTERRUPT_REASON } from './abort.js';
import { buildTool } from './tool.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import { allowAll, echoTool, runTurn, sleeper } from '../../tests/support/runtime-tools.js';

let nextId = 0;
const use = (name: string, input: unknown, id = `toolu_${++nextId}`): ToolUseBlock => ({ type: 'tool_use', id, name, input });
const textOf = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((b) => b.text ?? '').join('');
const codeOf = (result: { content: Array<{ type: string; text?: string }> }) =>
  (JSON.parse(textOf(result)) as { error: { code: string; message: string } }).error;

/** A tool that counts how many of its calls are in flight at once. */
function counter() {
  let inFlight = 0;
  let most = 0;
  const tool = buildTool({
    name: 'count',
    inputSchema: z.object({}),
    prompt: 'p',
    isConcurrencySafe: () => true,
    async call() {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return { data: 'ok' };
    },
  });
  return { tool, most: () => most };
}

/**
 * A concurrency-safe-for-its-input tool that notes how many of its calls were running when each started, then
 * waits a macrotask: calls of one batch all start before any of them ends; a call in a later batch starts alone.
 */
function probe() {
  let inFlight = 0;
  const startedWith: Record<string, number> = {};
  const tool = buildTool({
    name: 'probe',
    inputSchema: z.object({ label: z.string().describe('l'), safe: z.boolean().describe('s') }),
    prompt: 'p',
    isConcurrencySafe: (input) => input.safe,
    async call(input) {
      startedWith[input.label] = ++inFlight;
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return { data: input.label };
    },
  });
  return { tool, startedWith };
}

describe('batches of a whole message', () => {
  it('runs consecutive concurrency-safe calls together and every other call alone, judging each call by its input', async () => {
    const { tool, startedWith } = probe();
    const call = (label: string, safe: boolean) => use('probe', { label, safe });
    const { results } = await runTurn(
      [call('a', true), call('b', true), call('u', false), call('c', true), use('probe', { label: 5 }), call('d', true), use('nope', {}), call('e', true)],
      createTestContext([tool]),
      { canUseTool: allowAll(), emit: () => undefined },
    );
    expect(startedWith).toEqual({ a: 1, b: 2, u: 1, c: 1, d: 1, e: 1 });
    // Input that does not parse and an unknown tool count as unsafe: they split the batches around them, and never run.
    expect(results.map((r) => (r.is_error ? codeOf(r).code : textOf(r)))).toEqual(['a', 'b', 'u', 'c', 'INVALID_INPUT', 'd', 'UNKNOWN_TOOL', 'e']);
  });
});

describe('one turn of calls', () => {
  it('returns results in call order, whatever order they finish in, and emits as things happen', async () => {
    const log: string[] = [];
    // The first call ends only once the second has been announced: the order does not hang on timers.
    let secondShown!: () => void;
    const shown = new Promise<void>((resolve) => (secondShown = resolve));
    const gated = buildTool({
      name: 'gated',
      inputSchema: z.object({ label: z.string() }),
      prompt: 'p',
      isConcurrencySafe: () => true,
      isReadOnly: () => true,
      async call(input) {
        log.push(`start ${input.label}`);
        if (input.label === 'first') await shown;
        log.push(`end ${input.label}`);
        return { data: input.label };
      },
    });
    const events: AgentEvent[] = [];
    const calls = [use('gated', { label: 'first' }), use('gated', { label: 'second' })];
    const emit = (e: AgentEvent) => {
      events.push(e);
      if (e.type !== 'tool_call_finished') return;
      log.push(`finished ${textOf(e)}`);
      if (e.toolUseId === calls[1]?.id) secondShown();
    };
    const { results } = await runTurn(calls, createTestContext([gated]), { canUseTool: allowAll(), emit });
    expect(results.map(textOf)).toEqual(['first', 'second']);
    expect(results.map((r) => r.tool_use_id)).toEqual(calls.map((c) => c.id));
    const finished = events.filter((e) => e.type === 'tool_call_finished').map((e) => (e.type === 'tool_call_finished' ? e.toolUseId : ''));
    expect(finished).toEqual([calls[1]?.id, calls[0]?.id]);
    expect(events.filter((e) => e.type === 'tool_call_started')).toHaveLength(2);
    // A small result is shown the moment it is done, not when its batch is (else the first would never end).
    expect(log).toEqual(['start first', 'start second', 'end second', 'finished second', 'end first', 'finished first']);
  });

  it('runs a batch in parallel up to the cap (10 by default, configurable)', async () => {
    const a = counter();
    await runTurn(
      Array.from({ length: 12 }, () => use('count', {})),
      createTestContext([a.tool]),
      { canUseTool: allowAll(), emit: () => undefined },
    );
    expect(a.most()).toBe(10);
    const b = counter();
    await runTurn(
      Array.from({ length: 6 }, () => use('count', {})),
      createTestContext([b.tool]),
      { canUseTool: allowAll(), emit: () => undefined, maxConcurrency: 2 },
    );
    expect(b.most()).toBe(2);
  });

  it('runs non-concurrency-safe calls one at a time', async () => {
    const log: string[] = [];
    const serial = sleeper('serial', { safe: false, log });
    await runTurn([use('serial', { ms: 5, label: 'a' }), use('serial', { ms: 1, label: 'b' })], createTestContext([serial]), {
      canUseTool: allowAll(),
      emit: () => undefined,
    });
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('forwards progress as it happens', async () => {
    const steps = buildTool({
      name: 'steps',
      inputSchema: z.object({}),
      prompt: 'p',
      async call(_i, _c, _u, _p, onProgress: (p: string) => void) {
        onProgress('half');
        return { data: 'done' };
      },
    });
    const events: AgentEvent[] = [];
    await runTurn([use('steps', {}, 'toolu_p')], createTestContext([steps]), { canUseTool: allowAll(), emit: (e) => events.push(e) });
    expect(events.map((e) => e.type)).toEqual(['tool_call_started', 'tool_call_progress', 'tool_call_finished']);
    expect(events[1]).toEqual({ type: 'tool_call_progress', toolUseId: 'toolu_p', progress: 'half' });
  });

  it('on interrupt cancels "cancel" tools, lets "block" tools finish, and starts nothing more', async () => {
    const log: string[] = [];
    const tools = [
      sleeper('cancellable', { behavior: 'cancel', log }),
      sleeper('blocking', { behavior: 'block', log }),
      sleeper('later', { safe: false, log }),
    ];
    const context = createTestContext(tools);
    setTimeout(() => context.abortController.abort(INTERRUPT_REASON), 5);
    const { results } = await runTurn(
      [use('cancellable', { ms: 10_000, label: 'c' }), use('blocking', { ms: 30, label: 'b' }), use('later', { ms: 1, label: 'l' })],
      context,
      { canUseTool: allowAll(), emit: () => undefined },
    );
    expect(codeOf(results[0]!).code).toBe('CANCELLED');
    expect(textOf(results[1]!)).toBe('b');
    expect(results[1]!.is_error).toBeUndefined();
    expect(codeOf(results[2]!).code).toBe('CANCELLED');
    expect(log).toEqual(['start c', 'start b', 'end b']);
  });

  it('on a hard stop cancels "block" tools too', async () => {
    const context = createTestContext([sleeper('blocking', { behavior: 'block' })]);
    setTimeout(() => context.abortController.abort('hard stop'), 5);
    const { results } = await runTurn([use('blocking', { ms: 10_000, label: 'b' })], context, { canUseTool: allowAll(), emit: () => undefined });
    expect(codeOf(results[0]!).code).toBe('CANCELLED');
  });

  it('does not cancel siblings when a call fails, unless the tool says its failure invalidates them', async () => {
    const failing = (cancels: boolean) =>
      buildTool({
        name: 'fails',
        inputSchema: z.object({}),
        prompt: 'p',
        isConcurrencySafe: () => true,
        failureCancelsSiblings: () => cancels,
        async call() {
          await new Promise((resolve) => setTimeout(resolve, 2));
          throw new Error('broken');
        },
      });
    const calls = () => [use('fails', {}), use('slow', { ms: 40, label: 'sibling' }), use('serial', { ms: 1, label: 'after' })];
    const tools = (cancels: boolean) => [failing(cancels), sleeper('slow'), sleeper('serial', { safe: false })];

    const kept = await runTurn(calls(), createTestContext(tools(false)), { canUseTool: allowAll(), emit: () => undefined });
    expect(kept.results.map((r) => (r.is_error ? codeOf(r).code : textOf(r)))).toEqual(['TOOL_FAILED', 'sibling', 'after']);

    const cancelled = await runTurn(calls(), createTestContext(tools(true)), { canUseTool: allowAll(), emit: () => undefined });
    expect(cancelled.results.map((r) => (r.is_error ? codeOf(r).code : textOf(r)))).toEqual(['TOOL_FAILED', 'CANCELLED', 'CANCELLED']);
    expect(codeOf(cancelled.results[1]!).message).toContain('because fails');
  });

  it('applies contextModifier for calls that are not concurrency-safe and ignores it for safe ones', async () => {
    const switcher = (safe: boolean) =>
      buildTool({
        name: safe ? 'switch_safe' : 'switch_tab',
        inputSchema: z.object({ tab: z.number().describe('t') }),
        prompt: 'p',
        isConcurrencySafe: () => safe,
        async call(input) {
          return { data: 'switched', contextModifier: (c) => ({ ...c, currentTabId: input.tab }) };
        },
      });
    const seenTab = buildTool({ name: 'which_tab', inputSchema: z.object({}), prompt: 'p', call: async (_i, c) => ({ data: String(c.currentTabId) }) });
    const tools = [switcher(true), switcher(false), seenTab];

    const safe = await runTurn([use('switch_safe', { tab: 7 }), use('which_tab', {})], createTestContext(tools), {
      canUseTool: allowAll(),
      emit: () => undefined,
    });
    expect(safe.context.currentTabId).toBe(1);
    expect(textOf(safe.results[1]!)).toBe('1');

    const unsafe = await runTurn([use('switch_tab', { tab: 7 }), use('which_tab', {})], createTestContext(tools), {
      canUseTool: allowAll(),
      emit: () => undefined,
    });
    expect(unsafe.context.currentTabId).toBe(7);
    expect(textOf(unsafe.results[1]!)).toBe('7');
  });

  it('collects newMessages in call order', async () => {
    const withImage = (name: string) =>
      buildTool({
        name,
        inputSchema: z.object({}),
        prompt: 'p',
        isConcurrencySafe: () => true,
        call: async () => ({ data: name, newMessages: [{ role: 'user', content: [{ type: 'text', text: `from ${name}` }] }] }),
      });
    const { newMessages } = await runTurn([use('one', {}), use('two', {})], createTestContext([withImage('one'), withImage('two')]), {
      canUseTool: allowAll(),
      emit: () => undefined,
    });
    expect(newMessages.map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'from one' },
      { type: 'text', text: 'from two' },
    ]);
  });

  it('keeps one turn under the message budget by storing the largest results, and freezes the decisions', async () => {
    const sized = buildTool({
      name: 'sized',
      inputSchema: z.object({ n: z.number().describe('n') }),
      prompt: 'p',
      isConcurrencySafe: () => true,
      maxResultSizeChars: Infinity,
      call: async (input) => ({ data: 'x\n'.repeat(input.n / 2) }),
    });
    const context = createTestContext([sized]);
    const events: AgentEvent[] = [];
    const calls = [use('sized', { n: 30_000 }, 'a'), use('sized', { n: 60_000 }, 'b'), use('sized', { n: 40_000 }, 'c')];
    const { results } = await runTurn(calls, context, { canUseTool: allowAll(), emit: (e) => events.push(e), messageBudgetChars: 80_000 });
    expect(results.map((r) => textOf(r).length > 10_000)).toEqual([true, false, true]); // b (largest) stored; 70k fits
    expect(textOf(results[1]!)).toContain('read_result');
    expect(await context.resultStore.get('result_b')).toBeDefined();
    // One finished event per call, carrying exactly what the model got.
    const finished = events.filter((e) => e.type === 'tool_call_finished');
    expect(finished.map((e) => e.toolUseId).sort()).toEqual(['a', 'b', 'c']);
    for (const [index, id] of ['a', 'b', 'c'].entries()) {
      expect(finished.find((e) => e.toolUseId === id)?.content).toEqual(results[index]!.content);
    }
    expect(finished.find((e) => e.toolUseId === 'b')?.persisted).toEqual({ storedId: 'result_b', totalChars: 60_000 });
    expect(context.budget.decisions.get('b')?.content).toEqual(results[1]!.content);
  });

  it('decides the message budget batch by batch: results already shown stay final, later ones are shortened', async () => {
    const sized = buildTool({
      name: 'sized',
      inputSchema: z.object({ n: z.number().describe('n') }),
      prompt: 'p',
      maxResultSizeChars: Infinity,
      call: async (input) => ({ data: 'x\n'.repeat(input.n / 2) }), // not concurrency-safe: each call is its own batch
    });
    const context = createTestContext([sized]);
    const events: Array<{ id: string; chars: number }> = [];
    const emit = (e: AgentEvent) => {
      if (e.type === 'tool_call_finished') events.push({ id: e.toolUseId, chars: textOf(e).length });
    };
    const calls = [use('sized', { n: 50_000 }, 'first'), use('sized', { n: 20_000 }, 'second'), use('sized', { n: 2_000 }, 'third')];
    const { results } = await runTurn(calls, context, { canUseTool: allowAll(), emit, messageBudgetChars: 51_000 });
    expect(results.map((r) => textOf(r).length > 10_000)).toEqual([true, false, false]);
    expect(textOf(results[1]!)).toContain('read_result');
    expect(textOf(results[2]!)).toHaveLength(2_000); // too small to shorten, even though the turn is over budget now
    expect(events).toEqual([
      { id: 'first', chars: 50_000 },
      { id: 'second', chars: textOf(results[1]!).length },
      { id: 'third', chars: 2_000 },
    ]);
  });

  it('never throws for a turn mixing unknown tools, bad input and failures', async () => {
    const { results } = await runTurn([use('ghost', {}), use('echo', { text: 1 }), use('echo', { text: 'fine' })], createTestContext([echoTool]), {
      canUseTool: allowAll(),
      emit: () => undefined,
    });
    expect(results.map((r) => (r.is_error ? codeOf(r).code : textOf(r)))).toEqual(['UNKNOWN_TOOL', 'INVALID_INPUT', 'fine']);
  });
});

describe('the abort tree', () => {
  it('detaches every turn, batch and call controller from the run when the turn is over', async () => {
    const context = createTestContext([echoTool, sleeper('serial', { safe: false }), sleeper('cancellable', { behavior: 'cancel' })]);
    const root = context.abortController.signal;
    const before = getEventListeners(root, 'abort').length;
    const calls = [use('echo', { text: 'a' }), use('echo', { text: 'b' }), use('serial', { ms: 1, label: 's' }), use('cancellable', { ms: 1, label: 'c' })];
    for (let turn = 0; turn < 5; turn++) await runTurn(calls, context, { canUseTool: allowAll(), emit: () => undefined });
    expect(getEventListeners(root, 'abort')).toHaveLength(before);
  });

  it('stops the batches of one turn, not the run, when a failure cancels its siblings', async () => {
    const fails = buildTool({
      name: 'fails',
      inputSchema: z.object({}),
      prompt: 'p',
      failureCancelsSiblings: () => true,
      call: async () => Promise.reject(new Error('broken')),
    });
    const context = createTestContext([fails, echoTool]);
    const first = await runTurn([use('fails', {}), use('echo', { text: 'skipped' })], context, { canUseTool: allowAll(), emit: () => undefined });
    expect(codeOf(first.results[1]!).code).toBe('CANCELLED');
    expect(context.abortController.signal.aborted).toBe(false);
    const next = await runTurn([use('echo', { text: 'next turn' })], context, { canUseTool: allowAll(), emit: () => undefined });
    expect(textOf(next.results[0]!)).toBe('next turn');
  });
});

describe('permission prompts and stops', () => {
  it('cancels a call waiting on a prompt that ignores its signal when the person interrupts', async () => {
    let ran = false;
    const blocking = buildTool({
      name: 'act',
      inputSchema: z.object({}),
      prompt: 'p',
      interruptBehavior: () => 'block',
      call: async () => ((ran = true), { data: 1 }),
    });
    const context = createTestContext([blocking]);
    const neverAnswers = async () => new Promise<never>(() => undefined);
    setTimeout(() => context.abortController.abort(INTERRUPT_REASON), 5);
    const { results } = await runTurn([use('act', {})], context, { canUseTool: neverAnswers, emit: () => undefined });
    expect(codeOf(results[0]!).code).toBe('CANCELLED');
    expect(ran).toBe(false);
  });
});

describe('a failure that invalidates its siblings', () => {
  it("lets a 'block' sibling finish what it started (like an interrupt)", async () => {
    const fails = buildTool({
      name: 'fails',
      inputSchema: z.object({}),
      prompt: 'p',
      isConcurrencySafe: () => true,
      failureCancelsSiblings: () => true,
      call: async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        throw new Error('broken');
      },
    });
    const { results } = await runTurn(
      [use('fails', {}), use('blocking', { ms: 20, label: 'finished' })],
      createTestContext([fails, sleeper('blocking', { behavior: 'block' })]),
      {
        canUseTool: allowAll(),
        emit: () => undefined,
      },
    );
    expect(textOf(results[1]!)).toBe('finished');
  });
});
