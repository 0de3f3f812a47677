import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortableSleep, INTERRUPT_REASON } from './abort.js';

describe('abortableSleep', () => {
  it('resolves after the wait and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    await expect(abortableSleep(1, controller.signal)).resolves.toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the signal’s reason as soon as it aborts, or at once when it already has', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(60_000, controller.signal);
    controller.abort(INTERRUPT_REASON);
    await expect(waiting).rejects.toBe(INTERRUPT_REASON);
    await expect(abortableSleep(60_000, controller.signal)).rejects.toBe(INTERRUPT_REASON);
  });

  it('rejects with the caller’s own error made from the reason', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(60_000, controller.signal, (reason) => new Error(`stopped: ${String(reason)}`));
    controller.abort('closed');
    await expect(waiting).rejects.toThrow('stopped: closed');
    await expect(abortableSleep(60_000, controller.signal, () => 'mine')).rejects.toBe('mine');
  });
});
