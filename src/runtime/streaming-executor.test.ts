/**
 * Streaming tool execution through the real loop: the scripted model holds its reply open after the tool
 * calls (`beforeDone`), the way a slow model keeps talking, and the event log shows what ran when.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTERRUPT_REASON } from './abort.js';
import { createMemoryResultStore } from './budget.js';
import { createRootContext } from './context.js';
import type { AgentEvent } from './events.js';
import { runAgent, type RunAgentOptions } from './loop.js';
import { createScriptedClient, type ScriptedStep } from './model/scripted.js';
import { ModelError, type Message, type ToolResultBlock } from './model/types.js';
import { StreamingToolExecutor } from './streaming-executor.js';
import { buildTool, type CanUseTool, type Tools } from './tool.js';

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const log: string[] = [];

/** Gates opened when a call finishes (setup's event log): a reply can hold itself open until a call ended. */
const finishedGates = new Map<string, ReturnType<typeof gate>>();
function whenFinished(toolUseId: string): Promise<void> {
  const opened = finishedGates.get(toolUseId) ?? gate();
  finishedGates.set(toolUseId, opened);
  return opened.promise;
}

const read = buildTool({
  name: 'read',
  prompt: 'Reads something.',
  inputSchema: z.object({ what: z.string().describe('What to read') }),
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel',
  async call(input) {
    log.push(`read ${input.what}`);
    return { data: `read ${input.what}` };
  },
});

const act = buildTool({
  name: 'act',
  prompt: 'Changes something.',
  inputSchema: z.object({ what: z.string().describe('What to change') }),
  async call(input) {
    log.push(`act ${input.what}`);
    return { data: `did ${input.what}` };
  },
});

/** A read that waits for its gate; 'block' or 'cancel' as asked. */
function waitingRead(name: string, until: Promise<void>, behavior: 'block' | 'cancel') {
  return buildTool({
    name,
    prompt: 'Reads slowly.',
    inputSchema: z.object({}),
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    interruptBehavior: () => behavior,
    call: async (_input, context) => {
      log.push(`${name} started`);
      await Promise.race([
        until,
        new Promise((_, reject) =>
          context.abortController.signal.addEventListener('abort', () => reject(context.abortController.signal.reason as unknown), { once: true }),
        ),
      ]);
      log.push(`${name} done`);
      return { data: `${name} done` };
    },
  });
}

const allowAll: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });

function setup(steps: ScriptedStep[], tools: Tools, overrides: Partial<RunAgentOptions> = {}) {
  log.length = 0;
  finishedGates.clear();
  const events: AgentEvent[] = [];
  const context = createRootContext({
    agentId: 'main',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools,
  });
  const options: RunAgentOptions = {
    runId: 'run',
    model: createScriptedClient(steps),
    system: 'Test.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    context,
    canUseTool: allowAll,
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'assistant_message') log.push('message ended');
      if (event.type === 'tool_call_finished') {
        log.push(`finished ${event.toolUseId}`);
        void whenFinished(event.toolUseId);
        finishedGates.get(event.toolUseId)?.open();
      }
    },
    ...overrides,
  };
  return { events, context, options };
}

const results = (message: Message | undefined) => (message?.content ?? []).filter((b): b is ToolResultBlock => b.type === 'tool_result');
const text = (result: ToolResultBlock | undefined) => (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('streaming tool execution', () => {
  it('runs a concurrency-safe call while the reply still streams', async () => {
    const finished = gate();
    const { options } = setup(
      [
        { toolCalls: [{ id: 'r1', name: 'read', input: { what: 'a' } }], trailingText: 'Still talking…', beforeDone: () => finished.promise },
        { text: 'Done.' },
      ],
      [read],
      {
        onEvent: (event) =>
          event.type === 'tool_call_finished'
            ? (log.push(`finished ${event.toolUseId}`), finished.open())
            : event.type === 'assistant_message'
              ? log.push('message ended')
              : undefined,
      },
    );
    const result = await runAgent(options);
    expect(result.reason).toBe('end_turn');
    // The reply could only end once the call had finished: it ran while the model was still talking.
    expect(log.slice(0, 3)).toEqual(['read a', 'finished r1', 'message ended']);
    expect(text(results(result.messages[2])[0])).toBe('read a');
  });

  it('with streaming off, the same call waits for the whole message', async () => {
    const { options } = setup(
      [{ toolCalls: [{ id: 'r1', name: 'read', input: { what: 'a' } }], beforeDone: () => new Promise((r) => setTimeout(r, 20)) }, { text: 'Done.' }],
      [read],
      {
        streamingToolExecution: false,
      },
    );
    await runAgent(options);
    expect(log.slice(0, 3)).toEqual(['message ended', 'read a', 'finished r1']);
  });

  it('holds a call that is not concurrency-safe, and every call after it, until the message ends', async () => {
    const { options } = setup(
      [
        {
          toolCalls: [
            { id: 'r1', name: 'read', input: { what: 'a' } },
            { id: 'a1', name: 'act', input: { what: 'b' } },
            { id: 'r2', name: 'read', input: { what: 'c' } },
          ],
          // The reply ends only once the read has: a read held until the end would never let it end.
          beforeDone: () => whenFinished('r1'),
        },
        { text: 'Done.' },
      ],
      [read, act],
    );
    const result = await runAgent(options);
    expect(log.slice(0, 6)).toEqual(['read a', 'finished r1', 'message ended', 'act b', 'finished a1', 'read c']);
    expect(results(result.messages[2]).map((r) => r.tool_use_id)).toEqual(['r1', 'a1', 'r2']);
  });

  it('returns results in call order when a later call finishes first', async () => {
    const slowGate = gate();
    const slowRead = waitingRead('slow_read', slowGate.promise, 'cancel');
    const { options } = setup(
      [
        {
          toolCalls: [
            { id: 's1', name: 'slow_read', input: {} },
            { id: 'r1', name: 'read', input: { what: 'x' } },
          ],
          beforeDone: async () => slowGate.open(),
        },
        { text: 'Done.' },
      ],
      [slowRead, read],
    );
    const result = await runAgent(options);
    expect(results(result.messages[2]).map((r) => r.tool_use_id)).toEqual(['s1', 'r1']);
  });

  it('answers a call whose input is invalid after the message ends, and never runs it', async () => {
    const { options, events } = setup(
      [{ toolCalls: [{ id: 'bad', name: 'read', input: { what: 42 } }], beforeDone: () => new Promise((r) => setTimeout(r, 20)) }, { text: 'Done.' }],
      [read],
    );
    const result = await runAgent(options);
    expect(log).not.toContain('read 42');
    expect(log.indexOf('message ended')).toBeLessThan(log.indexOf('finished bad'));
    const finished = events.find((e) => e.type === 'tool_call_finished');
    expect(finished).toMatchObject({ status: 'error', error: { code: 'INVALID_INPUT' } });
    expect(results(result.messages[2])[0]?.is_error).toBe(true);
  });

  it('keeps the calls that ran when the reply breaks off, with their results; the rest never run', async () => {
    const readDone = gate();
    const dropped = new ModelError('NETWORK', 'The connection dropped.', { suggestion: 'Try again.' });
    const { options } = setup(
      [
        {
          toolCalls: [
            { id: 'r1', name: 'read', input: { what: 'a' } },
            { id: 'a1', name: 'act', input: { what: 'b' } },
          ],
          beforeDone: () => readDone.promise.then(() => Promise.reject(dropped)),
        },
      ],
      [read, act],
      { onEvent: (event) => (event.type === 'tool_call_finished' && event.toolUseId === 'r1' ? readDone.open() : undefined) },
    );
    const result = await runAgent(options);
    expect(result.reason).toBe('model_error');
    expect(log).toContain('read a');
    expect(log).not.toContain('act b');
    const [, assistant, resultsMessage] = result.messages;
    expect(assistant?.content.map((b) => (b.type === 'tool_use' ? b.id : b.type))).toEqual(['r1', 'a1']);
    expect(results(resultsMessage).map((r) => [r.tool_use_id, r.is_error === true])).toEqual([
      ['r1', false],
      ['a1', true],
    ]);
    expect(text(results(resultsMessage)[1])).toContain('CANCELLED');
  });

  it('on an interrupt mid-stream lets a started "block" call finish and cancels a "cancel" one', async () => {
    const release = gate();
    const blocking = waitingRead('careful', release.promise, 'block');
    const cancellable = waitingRead('quick', new Promise(() => {}), 'cancel');
    const { options, context } = setup(
      [
        {
          toolCalls: [
            { id: 'b1', name: 'careful', input: {} },
            { id: 'c1', name: 'quick', input: {} },
          ],
          beforeDone: async () => {
            context.abortController.abort(INTERRUPT_REASON);
            release.open();
          },
        },
      ],
      [blocking, cancellable],
    );
    const result = await runAgent(options);
    expect(result.reason).toBe('interrupted');
    expect(log).toContain('careful done');
    expect(log).not.toContain('quick done');
    const outcome = results(result.messages[2]);
    expect(outcome.map((r) => [r.tool_use_id, r.is_error === true])).toEqual([
      ['b1', false],
      ['c1', true],
    ]);
  });
});

describe('StreamingToolExecutor', () => {
  it('ignores a call added twice and adds the ones the message has that never streamed as complete', async () => {
    log.length = 0;
    const events: AgentEvent[] = [];
    const context = createRootContext({
      agentId: 'x',
      resultStore: createMemoryResultStore(),
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      tools: [read],
    });
    const executor = new StreamingToolExecutor(context, { canUseTool: allowAll, emit: (e) => events.push(e) });
    const first = { type: 'tool_use' as const, id: 'r1', name: 'read', input: { what: 'a' } };
    executor.add(first);
    executor.add(first);
    const turn = await executor.finish([first, { type: 'tool_use', id: 'r2', name: 'read', input: { what: 'b' } }]);
    expect(turn.results.map((r) => r.tool_use_id)).toEqual(['r1', 'r2']);
    expect(log).toEqual(['read a', 'read b']);
    expect(events.filter((e) => e.type === 'tool_call_started')).toHaveLength(2);
  });
});
