/** withRetry: a tool call that fails for a passing reason is tried again, within bounds, and stops when told. */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { executeToolCall, withRetry } from './execute.js';
import { buildTool } from './tool.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import { allowAll, errorOf, use } from '../../tests/support/runtime-tools.js';

describe('withRetry', () => {
  const flaky = (failures: number, transient = true) => {
    let calls = 0;
    const tool = buildTool({
      name: 'flaky',
      inputSchema: z.object({}),
      prompt: 'p',
      async call() {
        calls++;
        if (calls <= failures) throw Object.assign(new Error(`fail ${calls}`), { transient });
        return { data: `ok after ${calls}` };
      },
    });
    return { tool, calls: () => calls };
  };
  const isTransient = (error: unknown) => (error as { transient?: boolean }).transient === true;

  it('retries transient failures with backoff until one succeeds', async () => {
    const { tool, calls } = flaky(2);
    const outcome = await executeToolCall(use('flaky', {}), createTestContext([withRetry(tool, { attempts: 3, isTransient, baseDelayMs: 1 })]), {
      canUseTool: allowAll(),
    });
    expect(outcome.decision.content).toEqual([{ type: 'text', text: 'ok after 3' }]);
    expect(calls()).toBe(3);
  });

  it('gives up after the last attempt with the last error', async () => {
    const { tool, calls } = flaky(5);
    const outcome = await executeToolCall(use('flaky', {}), createTestContext([withRetry(tool, { attempts: 2, isTransient, baseDelayMs: 1 })]), {
      canUseTool: allowAll(),
    });
    expect(errorOf(outcome).message).toBe('fail 2');
    expect(calls()).toBe(2);
  });

  it('does not retry an error that is not transient', async () => {
    const { tool, calls } = flaky(5, false);
    await executeToolCall(use('flaky', {}), createTestContext([withRetry(tool, { attempts: 4, isTransient, baseDelayMs: 1 })]), { canUseTool: allowAll() });
    expect(calls()).toBe(1);
  });

  it('stops waiting and does not retry once aborted during the backoff', async () => {
    const { tool, calls } = flaky(5);
    const context = createTestContext([withRetry(tool, { attempts: 5, isTransient, baseDelayMs: 60_000 })]);
    const pending = executeToolCall(use('flaky', {}), context, { canUseTool: allowAll(), timeoutMs: Infinity });
    setTimeout(() => context.abortController.abort('stop'), 5);
    const outcome = await pending;
    expect(outcome.status).toBe('cancelled');
    expect(calls()).toBe(1);
  });

  it('waits base, 2×base, 4×base… between attempts, capped at maxDelayMs', async () => {
    vi.useFakeTimers();
    try {
      const { tool, calls } = flaky(4);
      const retried = withRetry(tool, { attempts: 5, isTransient, baseDelayMs: 100, maxDelayMs: 300 });
      const done = retried.call({}, createTestContext([retried]), allowAll(), undefined, () => undefined);
      const callsAfter = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
        return calls();
      };
      expect(await callsAfter(0)).toBe(1);
      expect(await callsAfter(99)).toBe(1);
      expect(await callsAfter(1)).toBe(2); // 100 ms
      expect(await callsAfter(199)).toBe(2);
      expect(await callsAfter(1)).toBe(3); // 200 ms
      expect(await callsAfter(299)).toBe(3);
      expect(await callsAfter(1)).toBe(4); // 400 ms, capped at 300
      expect(await callsAfter(300)).toBe(5); // capped again
      await expect(done).resolves.toEqual({ data: 'ok after 5' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends a backoff wait at once on abort, rejecting with the abort reason, and never tries again', async () => {
    vi.useFakeTimers();
    try {
      const { tool, calls } = flaky(5);
      const retried = withRetry(tool, { attempts: 5, isTransient, baseDelayMs: 1_000 });
      const context = createTestContext([retried]);
      const settled = retried
        .call({}, context, allowAll(), undefined, () => undefined)
        .then(
          () => 'resolved',
          (reason: unknown) => reason,
        );
      await vi.advanceTimersByTimeAsync(10);
      context.abortController.abort('stop');
      expect(await settled).toBe('stop'); // without advancing the clock: the wait ended on the abort
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry an attempt that failed because the call was aborted', async () => {
    let calls = 0;
    const context = createTestContext([]);
    const aborting = buildTool({
      name: 'aborting',
      inputSchema: z.object({}),
      prompt: 'p',
      async call() {
        calls++;
        context.abortController.abort('stop');
        throw Object.assign(new Error('socket closed'), { transient: true });
      },
    });
    const retried = withRetry(aborting, { attempts: 3, isTransient, baseDelayMs: 1 });
    await expect(retried.call({}, context, allowAll(), undefined, () => undefined)).rejects.toThrow('socket closed');
    expect(calls).toBe(1);
  });

  it('keeps the tool otherwise unchanged', () => {
    const { tool } = flaky(0);
    const wrapped = withRetry(tool, { attempts: 2, isTransient });
    expect(wrapped.name).toBe('flaky');
    expect(wrapped.inputSchema).toBe(tool.inputSchema);
  });
});
