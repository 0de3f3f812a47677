import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTERRUPT_REASON } from './abort.js';
import { executeToolCall } from './execute.js';
import { buildTool, type CanUseTool } from './tool.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import { allowAll, echoTool, errorOf, hangTool, throwTool, use } from '../../tests/support/runtime-tools.js';

describe('executeToolCall', () => {
  const tools = [echoTool, hangTool, throwTool];

  it('runs a valid call and gives the mapped result', async () => {
    const outcome = await executeToolCall(use('echo', { text: 'hi', times: 2 }), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.status).toBe('done');
    expect(outcome.isError).toBe(false);
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'hihi' }]);
  });

  it('finds a tool by alias', async () => {
    const outcome = await executeToolCall(use('say', { text: 'x' }), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.status).toBe('done');
  });

  it('answers an unknown tool with UNKNOWN_TOOL listing the available names', async () => {
    const outcome = await executeToolCall(use('delete_everything', {}), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.isError).toBe(true);
    const error = errorOf(outcome);
    expect(error.code).toBe('UNKNOWN_TOOL');
    expect(error.available).toEqual(['echo', 'hang', 'explode']);
    expect(error.suggestion).toContain('echo, hang, explode');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('treats %s as an unknown tool, not an object key', async (name) => {
    const canUseTool = allowAll();
    const outcome = await executeToolCall(use(name, {}), createTestContext(tools), { canUseTool });
    expect(errorOf(outcome).code).toBe('UNKNOWN_TOOL');
    expect(canUseTool.asked).toEqual([]);
  });

  it('rejects a wrong type, naming the field and the expected type', async () => {
    const error = errorOf(await executeToolCall(use('echo', { text: 42 }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues).toEqual([{ field: 'text', problem: 'expected string, got number 42' }]);
    expect(error.suggestion).toContain('text (string, required)');
  });

  it('rejects a missing field as required', async () => {
    const error = errorOf(await executeToolCall(use('echo', {}), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('text is required (expected string)');
  });

  it('rejects unknown keys, naming the valid ones', async () => {
    const error = errorOf(await executeToolCall(use('echo', { text: 'a', colour: 'red' }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('"colour"');
    expect(error.message).toContain('valid fields are text, loud, times');
  });

  it('accepts the harmless slips "true" and "2" for a boolean and a number', async () => {
    const outcome = await executeToolCall(use('echo', { text: 'a', loud: 'true', times: '2' }), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'AA' }]);
  });

  it('still applies bounds after fixing a slip ("50" for a field with max 5)', async () => {
    const error = errorOf(await executeToolCall(use('echo', { text: 'a', times: '50' }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues).toEqual([expect.objectContaining({ field: 'times' })]);
  });

  it('reads null for an optional field as leaving it out, and still requires required fields', async () => {
    const outcome = await executeToolCall(use('echo', { text: 'a', loud: null, times: null }), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'a' }]);
    const error = errorOf(await executeToolCall(use('echo', { text: null }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.issues).toEqual([{ field: 'text', problem: 'is required (expected string)' }]);
  });

  it('does not turn arbitrary strings into booleans', async () => {
    const error = errorOf(await executeToolCall(use('echo', { text: 'a', loud: 'yes please' }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(error.issues).toEqual([{ field: 'loud', problem: 'expected boolean, got string "yes please"' }]);
  });

  it('accepts input sent as a JSON string', async () => {
    const outcome = await executeToolCall(use('echo', '{"text":"j"}'), createTestContext(tools), { canUseTool: allowAll() });
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'j' }]);
  });

  it('stops at validateInput before asking for permission', async () => {
    const picky = buildTool({
      name: 'picky',
      inputSchema: z.object({ n: z.number().describe('n') }),
      prompt: 'p',
      validateInput: (input) =>
        input.n % 2 === 0 ? { ok: true } : { ok: false, message: `${input.n} is odd.`, suggestion: 'Use an even number.', details: { n: input.n } },
      call: async () => ({ data: 'ran' }),
    });
    const canUseTool = allowAll();
    const outcome = await executeToolCall(use('picky', { n: 3 }), createTestContext([picky]), { canUseTool });
    expect(errorOf(outcome)).toEqual({ code: 'VALIDATION_FAILED', message: '3 is odd.', suggestion: 'Use an even number.', n: 3 });
    expect(canUseTool.asked).toEqual([]);
  });

  it('cancels a call whose validateInput never settles when the run is stopped, without asking or calling', async () => {
    let ran = false;
    const stuck = buildTool({
      name: 'stuck',
      inputSchema: z.object({}),
      prompt: 'p',
      validateInput: () => new Promise<never>(() => undefined),
      call: async () => ((ran = true), { data: 1 }),
    });
    const canUseTool = allowAll();
    const context = createTestContext([stuck]);
    const pending = executeToolCall(use('stuck', {}), context, { canUseTool });
    setTimeout(() => context.abortController.abort(INTERRUPT_REASON), 5);
    const outcome = await pending;
    expect(outcome.status).toBe('cancelled');
    expect(errorOf(outcome).code).toBe('CANCELLED');
    expect([ran, canUseTool.asked]).toEqual([false, []]);
  });

  it('turns a throwing validateInput into VALIDATION_FAILED', async () => {
    const broken = buildTool({
      name: 'broken',
      inputSchema: z.object({}),
      prompt: 'p',
      validateInput: () => {
        throw new Error('bug');
      },
      call: async () => ({ data: 1 }),
    });
    const error = errorOf(await executeToolCall(use('broken', {}), createTestContext([broken]), { canUseTool: allowAll() }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('bug');
  });

  it('does not call a tool the permission system denies', async () => {
    let ran = false;
    const tool = buildTool({ name: 'act', inputSchema: z.object({}), prompt: 'p', call: async () => ((ran = true), { data: 1 }) });
    const deny: CanUseTool = async () => ({ behavior: 'deny', reason: { type: 'no_ui', detail: 'x' }, message: 'No.', suggestion: 'Ask.' });
    const outcome = await executeToolCall(use('act', {}), createTestContext([tool]), { canUseTool: deny });
    expect(outcome.status).toBe('rejected');
    expect(errorOf(outcome)).toMatchObject({ code: 'PERMISSION_DENIED', message: 'No.', suggestion: 'Ask.' });
    expect(outcome.permission).toEqual({ type: 'no_ui', detail: 'x' });
    expect(ran).toBe(false);
  });

  it('treats a throwing permission check as a denial', async () => {
    const outcome = await executeToolCall(use('echo', { text: 'a' }), createTestContext(tools), {
      canUseTool: async () => {
        throw new Error('storage broke');
      },
    });
    expect(outcome.status).toBe('rejected');
    expect(errorOf(outcome).message).toContain('storage broke');
  });

  it('turns a thrown Error into TOOL_FAILED and keeps a ToolError code and context', async () => {
    const plain = errorOf(await executeToolCall(use('explode', {}), createTestContext(tools), { canUseTool: allowAll() }));
    expect(plain).toMatchObject({ code: 'TOOL_FAILED', message: 'kaboom' });
    expect(plain.suggestion).toBeTruthy();
    const coded = errorOf(await executeToolCall(use('explode', { coded: true }), createTestContext(tools), { canUseTool: allowAll() }));
    expect(coded).toEqual({ code: 'STALE_REF', message: 'Ref e12 is gone.', suggestion: 'Take a new snapshot.', ref: 'e12' });
  });

  it('times out a call that never settles', async () => {
    const outcome = await executeToolCall(use('hang', {}), createTestContext(tools), { canUseTool: allowAll(), timeoutMs: 10 });
    expect(outcome.status).toBe('error');
    expect(errorOf(outcome).code).toBe('TIMEOUT');
  });

  it('cancels a call that never settles when the run is stopped', async () => {
    const context = createTestContext(tools);
    const pending = executeToolCall(use('hang', {}), context, { canUseTool: allowAll(), timeoutMs: Infinity });
    setTimeout(() => context.abortController.abort(INTERRUPT_REASON), 5);
    const outcome = await pending;
    expect(outcome.status).toBe('cancelled');
    expect(errorOf(outcome).code).toBe('CANCELLED');
  });

  it('reports progress', async () => {
    const steps = buildTool({
      name: 'steps',
      inputSchema: z.object({}),
      prompt: 'p',
      async call(_input, _context, _can, _parent, onProgress: (p: number) => void) {
        onProgress(1);
        onProgress(2);
        return { data: 'ok' };
      },
    });
    const seen: unknown[] = [];
    await executeToolCall(use('steps', {}), createTestContext([steps]), { canUseTool: allowAll(), onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([1, 2]);
  });

  it('turns a throwing mapResultForModel into TOOL_FAILED', async () => {
    const bad = buildTool({
      name: 'bad_map',
      inputSchema: z.object({}),
      prompt: 'p',
      call: async () => ({ data: 1 }),
      mapResultForModel: () => {
        throw new Error('cannot map');
      },
    });
    const error = errorOf(await executeToolCall(use('bad_map', {}), createTestContext([bad]), { canUseTool: allowAll() }));
    expect(error.code).toBe('TOOL_FAILED');
    expect(error.message).toContain('cannot map');
  });

  it('refuses a deferred tool called before tool_search found it, then runs it once found', async () => {
    const rare = buildTool({ name: 'rare', shouldDefer: true, inputSchema: z.object({}), prompt: 'p', call: async () => ({ data: 'rare ran' }) });
    const context = createTestContext([rare]);
    const error = errorOf(await executeToolCall(use('rare', {}), context, { canUseTool: allowAll() }));
    expect(error.code).toBe('TOOL_NOT_LOADED');
    expect(error.suggestion).toContain('tool_search');
    expect(error.suggestion).toContain('select:rare');
    context.setAppState((s) => ({ ...s, discoveredTools: ['rare'] }));
    const outcome = await executeToolCall(use('rare', {}), context, { canUseTool: allowAll() });
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'rare ran' }]);
  });

  it('stores an over-budget result and gives a preview', async () => {
    const big = buildTool({
      name: 'big',
      maxResultSizeChars: 1_000,
      inputSchema: z.object({}),
      prompt: 'p',
      call: async () => ({ data: 'line\n'.repeat(1_000) }),
    });
    const context = createTestContext([big]);
    const outcome = await executeToolCall(use('big', {}, 'toolu_big'), context, { canUseTool: allowAll() });
    expect(outcome.decision.kind).toBe('persisted');
    expect(await context.resultStore.get('result_toolu_big')).toMatchObject({ content: 'line\n'.repeat(1_000) });
  });
});

describe('unknown tools and deferred tools', () => {
  it('names the tools that can still be loaded with tool_search', async () => {
    const rare = buildTool({ name: 'rare', shouldDefer: true, inputSchema: z.object({}), prompt: 'p', call: async () => ({ data: 1 }) });
    const error = errorOf(await executeToolCall(use('nope', {}), createTestContext([echoTool, rare]), { canUseTool: allowAll() }));
    expect(error.available).toEqual(['echo']);
    expect(error.suggestion).toContain('More can be loaded with tool_search: rare.');
  });
});

describe('tools that break the contract', () => {
  it('turns a missing result, non-block content and a throwing interruptBehavior into outcomes, never throws', async () => {
    const noResult = buildTool({ name: 'no_result', inputSchema: z.object({}), prompt: 'p', call: async () => undefined as never });
    const badBlocks = buildTool({
      name: 'bad_blocks',
      inputSchema: z.object({}),
      prompt: 'p',
      call: async () => ({ data: 1 }),
      mapResultForModel: () => 'text' as never,
    });
    const badInterrupt = buildTool({
      name: 'bad_interrupt',
      inputSchema: z.object({}),
      prompt: 'p',
      interruptBehavior: () => {
        throw new Error('bug');
      },
      call: async () => ({ data: 'fine' }),
    });
    const context = createTestContext([noResult, badBlocks, badInterrupt]);
    expect(errorOf(await executeToolCall(use('no_result', {}), context, { canUseTool: allowAll() }))).toMatchObject({
      code: 'TOOL_FAILED',
      message: 'no_result finished without a result.',
    });
    expect(errorOf(await executeToolCall(use('bad_blocks', {}), context, { canUseTool: allowAll() }))).toMatchObject({ code: 'TOOL_FAILED' });
    expect((await executeToolCall(use('bad_interrupt', {}), context, { canUseTool: allowAll() })).decision.content).toEqual([{ type: 'text', text: 'fine' }]);
  });

  it('says how long a timed-out call had', async () => {
    const error = errorOf(await executeToolCall(use('hang', {}), createTestContext([hangTool]), { canUseTool: allowAll(), timeoutMs: 15 }));
    expect(error.message).toBe('hang did not finish within 15 ms and was stopped.');
  });
});

describe('input whose JSON was cut off', () => {
  it('says the JSON was not valid (cut off?) instead of naming an unknown field, and does not run the tool', async () => {
    const canUseTool = allowAll();
    const raw = `{"text": "${'a'.repeat(200)}`; // what a client keeps when the stream stopped mid-input
    const outcome = await executeToolCall(use('echo', { _unparseable_input: raw }), createTestContext([echoTool]), { canUseTool });
    const error = errorOf(outcome);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(`Your tool input for echo was not valid JSON (cut off?): 210 characters ending in "…${'a'.repeat(80)}". The call did not run.`);
    expect(error.message).not.toContain('unknown field');
    expect(error.suggestion).toContain('complete JSON');
    expect(error.suggestion).toContain('text (string, required)');
    expect(error.receivedChars).toBe(raw.length);
    expect(canUseTool.asked).toEqual([]);
  });

  it('still treats _unparseable_input next to other fields as an unknown field', async () => {
    const error = errorOf(
      await executeToolCall(use('echo', { text: 'a', _unparseable_input: 'x' }), createTestContext([echoTool]), { canUseTool: allowAll() }),
    );
    expect(error.message).toContain('unknown field(s) "_unparseable_input"');
  });
});
