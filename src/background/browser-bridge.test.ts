/**
 * The bridge's own failure paths, with the extension APIs faked: a content script that never answers
 * (TIMEOUT, which a real page can only cause by hanging its renderer for 30 s), one that goes away
 * without answering (NAVIGATED; the e2e test in panel.test.ts covers it in Chromium), and an abort.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ sendMessage: vi.fn<(tabId: number, message: unknown, options: unknown) => Promise<unknown>>() }));
vi.mock('webextension-polyfill', () => ({
  default: {
    tabs: { sendMessage: fake.sendMessage, get: async (tabId: number) => ({ id: tabId, url: 'https://example.com/', windowId: 1, active: true }) },
    scripting: { executeScript: async () => [] },
  },
}));

const { createBrowserBridge, SEND_TIMEOUT_MS } = await import('./browser-bridge.js');

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('browser bridge sendToTab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    fake.sendMessage.mockReset();
  });

  it('gives TIMEOUT when the content script never answers, and not a moment before the deadline', async () => {
    fake.sendMessage.mockImplementation(() => new Promise(() => {}));
    const outcome = codeOf(createBrowserBridge().sendToTab(7, { type: 'snapshot' }, { signal: new AbortController().signal }));
    const settled = vi.fn();
    void outcome.then(settled);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('TIMEOUT');
  });

  it('gives CANCELLED at once when the run is stopped while waiting', async () => {
    fake.sendMessage.mockImplementation(() => new Promise(() => {}));
    const controller = new AbortController();
    const outcome = codeOf(createBrowserBridge().sendToTab(7, { type: 'snapshot' }, { signal: controller.signal }));
    controller.abort();
    expect(await outcome).toBe('CANCELLED');
  });

  it('gives NAVIGATED when the frame goes away without answering (the polyfill resolves undefined)', async () => {
    fake.sendMessage.mockResolvedValue(undefined);
    expect(await codeOf(createBrowserBridge().sendToTab(7, { type: 'snapshot' }, { signal: new AbortController().signal }))).toBe('NAVIGATED');
  });

  it('passes a real answer through', async () => {
    fake.sendMessage.mockResolvedValue({ ok: true, result: 'tree' });
    await expect(createBrowserBridge().sendToTab(7, { type: 'snapshot' }, { signal: new AbortController().signal })).resolves.toEqual({
      ok: true,
      result: 'tree',
    });
  });
});
