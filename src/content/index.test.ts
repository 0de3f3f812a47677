/** The content-script entry: installs one listener per frame, obeys only the extension's own messages. */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (message: unknown, sender: { id?: string; tab?: unknown; url?: string }, reply: (r: unknown) => void) => boolean;

function fakeChrome(): { listeners: Listener[] } {
  const listeners: Listener[] = [];
  (globalThis as unknown as { chrome: unknown }).chrome = {
    runtime: { id: 'ext-id', getURL: (path: string) => `chrome-extension://ext-id/${path}`, onMessage: { addListener: (l: Listener) => listeners.push(l) } },
  };
  return { listeners };
}

afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('pagewright.content.installed')];
  vi.resetModules();
});

describe('content script entry', () => {
  it('a second injection into the same frame adds no second listener', async () => {
    const { listeners } = fakeChrome();
    await import('./index.js');
    vi.resetModules(); // evaluate the bundle again, as a second executeScript would
    await import('./index.js');
    expect(listeners).toHaveLength(1);
  });

  it('answers the extension, ignores other channels, other extensions and senders inside tabs', async () => {
    const { listeners } = fakeChrome();
    await import('./index.js');
    const listener = listeners[0]!;
    const replies: unknown[] = [];
    const reply = (r: unknown) => replies.push(r);
    const command = { channel: 'pagewright/page', command: { type: 'nonsense' } };
    expect(listener({ channel: 'other', command: {} }, { id: 'ext-id' }, reply)).toBe(false);
    expect(listener(command, { id: 'someone-else' }, reply)).toBe(false);
    expect(listener(command, { id: 'ext-id', tab: { id: 3 }, url: 'https://page.test/' }, reply)).toBe(false);
    expect(replies).toEqual([]);
    // From the service worker: handled (an unknown command is refused with a structured error).
    expect(listener(command, { id: 'ext-id', url: 'chrome-extension://ext-id/service-worker-loader.js' }, reply)).toBe(true);
    await expect.poll(() => replies.length).toBe(1);
    expect(replies[0]).toMatchObject({ ok: false, error: { code: 'BAD_COMMAND' } });
  });
});
