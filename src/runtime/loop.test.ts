import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { INTERRUPT_REASON } from './abort.js';
import { createMemoryResultStore } from './budget.js';
import { createRootContext, initialAppState, type AppState, type ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { repairInterruptedTranscript, restoreRunState, type RunCheckpoint } from './checkpoint.js';
import { runAgent, type RunAgentOptions } from './loop.js';
import { stopAfterTurns, type StopCondition, type StopState } from './stop-conditions.js';
import { createScriptedClient, type ScriptedStep } from './model/scripted.js';
import { ModelError, type Message, type ToolResultBlock } from './model/types.js';
import { TOOL_SEARCH_NAME } from './registry.js';
import { buildTool, type CanUseTool, type Tools } from './tool.js';

const echo = buildTool({
  name: 'echo',
  searchHint: 'repeat the given text back',
  prompt: 'Returns the text it is given.',
  inputSchema: z.object({ text: z.string().describe('The text to return') }),
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  async call(input) {
    return { data: `echo: ${input.text}` };
  },
});

/** Waits until aborted; 'cancel' so an interrupt stops it. */
const slow = buildTool({
  name: 'slow',
  searchHint: 'wait until stopped',
  prompt: 'Waits until the run is stopped.',
  inputSchema: z.object({}),
  interruptBehavior: () => 'cancel',
  call: (_input, context) =>
    new Promise<{ data: string }>((_resolve, reject) => {
      const signal = context.abortController.signal;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true });
    }),
});

/** Loads the deferred tools it is asked for, the way tool_search does (the real one lives in src/tools). */
const toolSearch = buildTool({
  name: TOOL_SEARCH_NAME,
  prompt: 'Loads deferred tools (test stand-in).',
  inputSchema: z.object({ query: z.string() }),
  async call(input, context) {
    const names = input.query.replace(/^select:/, '').split(',');
    context.setAppState((prior) => ({ ...prior, discoveredTools: [...prior.discoveredTools, ...names] }));
    return { data: `loaded ${names.join(', ')}` };
  },
});

const zeta = buildTool({
  name: 'zeta_report',
  searchHint: 'rarely used report generator',
  prompt: 'Makes a report.',
  inputSchema: z.object({ topic: z.string().describe('What the report is about') }),
  shouldDefer: true,
  isConcurrencySafe: () => true,
  async call(input) {
    return { data: `report on ${input.topic}` };
  },
});

const allowAll: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });

function makeContext(tools: Tools, initial: AppState = initialAppState()): ToolUseContext {
  return createRootContext({
    agentId: 'main',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: 7,
    windowId: 1,
    tools,
    appState: initial,
  });
}

const userSays = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

function setup(steps: ScriptedStep[], tools: Tools = [echo], overrides: Partial<RunAgentOptions> = {}) {
  const model = createScriptedClient(steps);
  const context = makeContext(tools);
  const events: AgentEvent[] = [];
  const checkpoints: RunCheckpoint[] = [];
  const options: RunAgentOptions = {
    runId: 'run-1',
    model,
    system: 'Caller instructions.',
    messages: [userSays('Please echo a and b.')],
    context,
    canUseTool: allowAll,
    onEvent: (event) => events.push(event),
    checkpointer: { save: async (checkpoint) => void checkpoints.push(structuredClone(checkpoint)) },
    ...overrides,
  };
  return { model, context, events, checkpoints, options };
}

const toolResultsIn = (message: Message | undefined): ToolResultBlock[] =>
  (message?.content ?? []).filter((b): b is ToolResultBlock => b.type === 'tool_result');
const textOf = (result: ToolResultBlock | undefined) => (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('runAgent', () => {
  it('runs tool calls over several turns and ends when the model ends its turn', async () => {
    const { model, events, options } = setup([
      {
        text: 'Echoing both.',
        toolCalls: [
          { id: 'c1', name: 'echo', input: { text: 'a' } },
          { id: 'c2', name: 'echo', input: { text: 'b' } },
        ],
        usage: { inputTokens: 100, outputTokens: 10 },
      },
      (request) => {
        const results = toolResultsIn(request.messages[request.messages.length - 1]);
        return { text: `Got ${results.map(textOf).join(' and ')}.`, usage: { inputTokens: 150, outputTokens: 8, cacheReadTokens: 90 } };
      },
    ]);
    const result = await runAgent(options);

    expect(result.reason).toBe('end_turn');
    expect(result.error).toBeUndefined();
    expect(result.messages).toHaveLength(4);
    expect(result.messages[3]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Got echo: a and echo: b.' }] });
    expect(toolResultsIn(result.messages[2]).map((r) => r.tool_use_id)).toEqual(['c1', 'c2']);
    expect(result.usage).toEqual({ inputTokens: 250, outputTokens: 18, cacheReadTokens: 90, cacheCreationTokens: 0 });

    const first = model.requests[0]!;
    expect(first.system.startsWith('Caller instructions.')).toBe(true);
    expect(first.tools.map((t) => t.name)).toEqual(['echo']);
    expect(first.tools[0]!.input_schema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });

    const types = events.map((e) => e.type);
    expect(types[0]).toBe('turn_started');
    expect(types).toContain('text_delta');
    // echo is concurrency-safe: it starts as soon as its block is complete, before the message ends.
    expect(types.indexOf('tool_call_started')).toBeLessThan(types.indexOf('assistant_message'));
    expect(types.indexOf('tool_call_finished')).toBeLessThan(types.indexOf('tool_results'));
    expect(types.filter((t) => t === 'turn_started')).toHaveLength(2);
    expect(types[types.length - 1]).toBe('run_finished');
    expect(events.filter((e) => e.type === 'usage')).toEqual([
      { type: 'usage', usage: expect.objectContaining({ inputTokens: 100 }), total: expect.objectContaining({ inputTokens: 100 }) },
      { type: 'usage', usage: expect.objectContaining({ inputTokens: 150 }), total: expect.objectContaining({ inputTokens: 250 }) },
    ]);
    expect(events.find((e) => e.type === 'run_finished')).toEqual({ type: 'run_finished', reason: 'end_turn' });
  });

  it('applies context modifiers from tool calls for the rest of the run', async () => {
    const switcher = buildTool({
      name: 'switch_to_nine',
      prompt: 'Switches to tab 9.',
      inputSchema: z.object({}),
      async call() {
        return { data: 'switched', contextModifier: (context) => ({ ...context, currentTabId: 9 }) };
      },
    });
    const { options } = setup([{ toolCalls: [{ name: 'switch_to_nine', input: {} }] }, { text: 'ok' }], [switcher]);
    const result = await runAgent(options);
    expect(result.context.currentTabId).toBe(9);
  });

  it('checkpoints every step: start, the assistant message with its calls in flight, the results, and the end', async () => {
    let inFlightDuringCall: string[] | undefined;
    const probe = buildTool({
      name: 'probe',
      prompt: 'Looks at the last checkpoint.',
      inputSchema: z.object({}),
      async call() {
        inFlightDuringCall = checkpoints[checkpoints.length - 1]?.inFlight;
        return { data: 'ok' };
      },
    });
    const { options, checkpoints } = setup([{ toolCalls: [{ id: 'p1', name: 'probe', input: {} }] }, { text: 'done' }], [probe]);
    await runAgent(options);

    expect(inFlightDuringCall).toEqual(['p1']);
    expect(checkpoints.map((c) => [c.status, c.inFlight, c.messages.length, c.turn])).toEqual([
      ['running', [], 1, 0],
      ['running', ['p1'], 2, 1],
      ['running', [], 3, 1],
      ['running', [], 4, 2],
      ['finished', [], 4, 2],
    ]);
    const last = checkpoints[checkpoints.length - 1]!;
    expect(last).toMatchObject({ runId: 'run-1', toolCalls: 1, currentTabId: 7, appState: { discoveredTools: [] } });
    expect(last.budget.map((d) => d.toolUseId)).toEqual(['p1']);
  });

  it('keeps running when a checkpoint fails, and reports the failure', async () => {
    const failures: unknown[] = [];
    const { options } = setup([{ text: 'fine' }], [echo], {
      checkpointer: { save: async () => Promise.reject(new Error('quota exceeded')) },
      onCheckpointError: (error) => failures.push(error),
    });
    const result = await runAgent(options);
    expect(result.reason).toBe('end_turn');
    expect(failures.length).toBeGreaterThan(0);
    expect(String(failures[0])).toContain('quota exceeded');
  });

  it('returns model_error with the provider error instead of throwing', async () => {
    const error = new ModelError('RATE_LIMITED', 'Anthropic is rate limiting requests (429).', {
      suggestion: 'Wait 5 seconds.',
      status: 429,
      retryAfterMs: 5000,
    });
    const { options, events, checkpoints } = setup([{ error }]);
    const result = await runAgent(options);
    expect(result.reason).toBe('model_error');
    expect(result.error).toEqual({ code: 'RATE_LIMITED', message: error.message, suggestion: 'Wait 5 seconds.', retryAfterMs: 5000 });
    expect(events[events.length - 1]).toEqual({ type: 'run_finished', reason: 'model_error', error: result.error });
    expect(result.messages).toEqual(options.messages);
    expect(checkpoints[checkpoints.length - 1]?.status).toBe('finished');
  });

  it('keeps the text streamed before a model error', async () => {
    const failing = createScriptedClient([]);
    const model = {
      ...failing,
      async *stream() {
        yield { type: 'text_delta' as const, text: 'Half an ans' };
        throw new ModelError('OVERLOADED', 'Anthropic is overloaded right now (529).', { suggestion: 'Try again.' });
      },
    };
    const { options } = setup([], [echo], { model });
    const result = await runAgent(options);
    expect(result).toMatchObject({ reason: 'model_error', error: { code: 'OVERLOADED' } });
    expect(result.messages[result.messages.length - 1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Half an ans' }] });
  });

  it('turns an unexpected client failure into model_error too', async () => {
    const { options } = setup([
      () => {
        throw new TypeError('boom');
      },
    ]);
    const result = await runAgent(options);
    expect(result).toMatchObject({ reason: 'model_error', error: { code: 'PROTOCOL', message: expect.stringContaining('boom') } });
  });

  it('is interrupted while the model streams, keeping the text the person saw', async () => {
    const { options, context } = setup([{ hang: true, text: 'Let me think' }], [echo], {
      onEvent: (event) => {
        if (event.type === 'text_delta') context.abortController.abort(INTERRUPT_REASON);
      },
    });
    const result = await runAgent(options);
    expect(result.reason).toBe('interrupted');
    expect(result.messages[result.messages.length - 1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Let me think' }] });
  });

  it('is interrupted during a tool call: the call is cancelled, its result recorded, and no further turn starts', async () => {
    const { options, context, model, events } = setup([{ toolCalls: [{ id: 's1', name: 'slow', input: {} }] }, { text: 'never' }], [slow], {
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'tool_call_started') queueMicrotask(() => context.abortController.abort(INTERRUPT_REASON));
      },
    });
    const result = await runAgent(options);
    expect(result.reason).toBe('interrupted');
    expect(model.requests).toHaveLength(1);
    const results = toolResultsIn(result.messages[2]);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ tool_use_id: 's1', is_error: true });
    expect(events.find((e) => e.type === 'tool_call_finished')).toMatchObject({ toolUseId: 's1', status: 'cancelled' });
  });

  it('reports a hard abort as aborted', async () => {
    const { options, context } = setup([{ hang: true }]);
    setTimeout(() => context.abortController.abort(new Error('panel closed')), 0);
    const result = await runAgent(options);
    expect(result.reason).toBe('aborted');
  });

  it('does not call the model when already aborted', async () => {
    const { options, context, model } = setup([{ text: 'x' }]);
    context.abortController.abort(INTERRUPT_REASON);
    const result = await runAgent(options);
    expect(result.reason).toBe('interrupted');
    expect(model.requests).toHaveLength(0);
  });

  it('repairs an interrupted transcript before calling the model (resume)', async () => {
    const { options, model } = setup([{ text: 'I will check the page first.' }], [echo], {
      messages: [userSays('go'), { role: 'assistant', content: [{ type: 'tool_use', id: 'lost', name: 'echo', input: { text: 'x' } }] }],
    });
    await runAgent(options);
    const sent = model.requests[0]!.messages;
    expect(sent).toHaveLength(3);
    expect(toolResultsIn(sent[2])).toEqual([expect.objectContaining({ tool_use_id: 'lost', is_error: true })]);
    expect(textOf(toolResultsIn(sent[2])[0])).toContain('INTERRUPTED');
  });
});

describe('stop conditions', () => {
  const forever: ScriptedStep = () => ({
    toolCalls: [
      { name: 'echo', input: { text: 'again' } },
      { name: 'echo', input: { text: 'more' } },
    ],
    usage: { inputTokens: 40, outputTokens: 10 },
  });
  const steps = (n: number) => Array.from({ length: n }, () => forever);

  it('stops after n turns', async () => {
    const { options, model, events } = setup(steps(5), [echo], { stopWhen: [stopAfterTurns(2)] });
    const result = await runAgent(options);
    expect(result.reason).toBe('max_turns');
    expect(model.requests).toHaveLength(2);
    // The results of the last turn are in the transcript, so it can be continued.
    expect(toolResultsIn(result.messages[result.messages.length - 1])).toHaveLength(2);
    expect(events[events.length - 1]).toEqual({ type: 'run_finished', reason: 'max_turns' });
  });

  it('composes: the first condition that holds wins', async () => {
    const afterTwo: StopCondition = ({ turn }) => (turn >= 2 ? 'budget' : undefined);
    const first = setup(steps(5), [echo], { stopWhen: [stopAfterTurns(2), afterTwo] });
    expect((await runAgent(first.options)).reason).toBe('max_turns');
    const second = setup(steps(5), [echo], { stopWhen: [afterTwo, stopAfterTurns(2)] });
    expect((await runAgent(second.options)).reason).toBe('budget');
    expect(second.model.requests).toHaveLength(2);
  });

  it('sees the turns, tool calls and usage so far', async () => {
    const seen: StopState[] = [];
    const { options } = setup(steps(5), [echo], { stopWhen: [(state) => (seen.push(state), state.turn >= 2 ? 'max_turns' : undefined)] });
    await runAgent(options);
    expect(seen.map(({ turn, toolCalls, usage }) => [turn, toolCalls, usage.inputTokens])).toEqual([
      [1, 2, 40],
      [2, 4, 80],
    ]);
  });
});

describe('deferred tools', () => {
  it('loads a tool found by tool_search and keeps the earlier request prefix byte-identical', async () => {
    const { options, model } = setup(
      [
        { toolCalls: [{ id: 'ts', name: 'tool_search', input: { query: 'select:zeta_report' } }] },
        { toolCalls: [{ id: 'z1', name: 'zeta_report', input: { topic: 'sales' } }] },
        { text: 'Here is the report.' },
      ],
      [echo, toolSearch, zeta],
    );
    const result = await runAgent(options);
    expect(result.reason).toBe('end_turn');
    const [r1, r2, r3] = model.requests as [(typeof model.requests)[0], (typeof model.requests)[0], (typeof model.requests)[0]];

    expect(r1.tools.map((t) => t.name)).toEqual(['echo', 'tool_search']);
    expect(r1.system).toContain('zeta_report');
    expect(r2.tools.map((t) => t.name)).toEqual(['echo', 'tool_search', 'zeta_report']);
    // The tools sent before are a byte-identical prefix; the system prompt does not change.
    expect(JSON.stringify(r2.tools.slice(0, r1.tools.length))).toBe(JSON.stringify(r1.tools));
    expect(JSON.stringify(r3.tools)).toBe(JSON.stringify(r2.tools));
    expect(r2.system).toBe(r1.system);
    expect(r3.system).toBe(r1.system);
    // The transcript only grows at the end.
    expect(JSON.stringify(r2.messages.slice(0, r1.messages.length))).toBe(JSON.stringify(r1.messages));
    expect(JSON.stringify(r3.messages.slice(0, r2.messages.length))).toBe(JSON.stringify(r2.messages));
    // The deferred tool really ran once loaded.
    const zetaResult = toolResultsIn(result.messages[4])[0];
    expect(zetaResult?.is_error).toBeUndefined();
    expect(textOf(zetaResult)).toBe('report on sales');
  });
});

describe('repairInterruptedTranscript', () => {
  const assistantCalls = (...ids: string[]): Message => ({
    role: 'assistant',
    content: ids.map((id) => ({ type: 'tool_use' as const, id, name: 'echo', input: {} })),
  });
  const result = (id: string): ToolResultBlock => ({ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: 'ok' }] });

  it('adds INTERRUPTED results after calls that have none', () => {
    const repaired = repairInterruptedTranscript([userSays('go'), assistantCalls('a', 'b')]);
    expect(repaired).toHaveLength(3);
    const results = toolResultsIn(repaired[2]);
    expect(results.map((r) => [r.tool_use_id, r.is_error])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    const payload = JSON.parse(textOf(results[0])) as { error: { code: string; message: string; suggestion: string } };
    expect(payload.error.code).toBe('INTERRUPTED');
    expect(payload.error.message).toMatch(/restarted while this call ran; it was not re-run/);
    expect(payload.error.suggestion).toMatch(/check the page state before repeating it/i);
  });

  it('fills in only the missing results, in call order, before other content of the next message', () => {
    const repaired = repairInterruptedTranscript([
      userSays('go'),
      assistantCalls('a', 'b', 'c'),
      { role: 'user', content: [result('b'), { type: 'text', text: 'also this' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ]);
    expect(repaired).toHaveLength(4);
    const next = repaired[2]!;
    expect(next.content.map((b) => (b.type === 'tool_result' ? `${b.tool_use_id}:${b.is_error ? 'err' : 'ok'}` : b.type))).toEqual([
      'a:err',
      'b:ok',
      'c:err',
      'text',
    ]);
    expect(repaired[3]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
  });

  it('leaves a complete transcript as it is, without mutating the input', () => {
    const transcript: Message[] = [userSays('go'), assistantCalls('a'), { role: 'user', content: [result('a')] }];
    const before = JSON.stringify(transcript);
    expect(repairInterruptedTranscript(transcript)).toEqual(transcript);
    const broken: Message[] = [userSays('go'), assistantCalls('a')];
    const brokenBefore = JSON.stringify(broken);
    repairInterruptedTranscript(broken);
    expect(JSON.stringify(transcript)).toBe(before);
    expect(JSON.stringify(broken)).toBe(brokenBefore);
  });
});

describe('event listener failures', () => {
  it('do not stop the run', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { options } = setup([{ text: 'fine' }], [echo], {
      onEvent: () => {
        throw new Error('port closed');
      },
    });
    const result = await runAgent(options);
    expect(result.reason).toBe('end_turn');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('restoreRunState', () => {
  it('rebuilds a cut-off run from its in-flight checkpoint: repaired transcript, frozen budget, app state', async () => {
    const { options, context, checkpoints } = setup([{ toolCalls: [{ id: 'w1', name: 'echo', input: { text: 'x' } }] }, { text: 'done' }]);
    context.setAppState((prior) => ({ ...prior, discoveredTools: ['zeta_report'] }));
    context.budget.decisions.set('old', { toolUseId: 'old', kind: 'kept', content: [{ type: 'text', text: 'x' }] });
    await runAgent(options);
    // As if the worker died right after the assistant message with the call in flight was saved.
    const cutOff = checkpoints.find((c) => c.inFlight.includes('w1'));
    expect(cutOff).toMatchObject({ status: 'running' });

    const restored = restoreRunState(cutOff!);
    expect(restored.wasCutOff).toBe(true);
    expect(restored.messages).toHaveLength(3);
    expect(toolResultsIn(restored.messages[2])).toEqual([expect.objectContaining({ tool_use_id: 'w1', is_error: true })]);
    expect(textOf(toolResultsIn(restored.messages[2])[0])).toContain('INTERRUPTED');
    expect(restored.budget.decisions.get('old')).toEqual({ toolUseId: 'old', kind: 'kept', content: [{ type: 'text', text: 'x' }] });
    expect(restored.appState.discoveredTools).toEqual(['zeta_report']);
    expect(restored.currentTabId).toBe(7);
    expect(restoreRunState(checkpoints[checkpoints.length - 1]!).wasCutOff).toBe(false);
  });
});
