import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive, PING_INTERVAL_MS } from './keepalive.js';

describe('createKeepAlive', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('pings under the idle limit while any run holds it, and stops when the last releases', () => {
    let pings = 0;
    const keepAlive = createKeepAlive(async () => void pings++);
    vi.advanceTimersByTime(PING_INTERVAL_MS * 3);
    expect(pings).toBe(0);
    const releaseA = keepAlive.acquire();
    const releaseB = keepAlive.acquire();
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(pings).toBe(2);
    releaseA();
    releaseA(); // idempotent: does not release B's hold
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(pings).toBe(3);
    releaseB();
    vi.advanceTimersByTime(PING_INTERVAL_MS * 5);
    expect(pings).toBe(3);
    expect(keepAlive.holders).toBe(0);
    expect(PING_INTERVAL_MS).toBeLessThan(30_000);
  });

  it('survives a failing ping', async () => {
    const keepAlive = createKeepAlive(() => Promise.reject(new Error('gone')));
    const release = keepAlive.acquire();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    await Promise.resolve();
    release();
    expect(keepAlive.holders).toBe(0);
  });
});
