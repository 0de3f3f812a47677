/** The harness itself: the extension loads, tab ids resolve, settings reach storage, the worker stops and wakes. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { sharedExtension } from '../support/shared-extension.js';

describe('e2e harness', () => {
  // A profile of its own: it stops the worker.
  const e2e = useExtension({ profile: 'fresh', fixtures: 'tests/e2e/pages' });

  it('loads the extension and finds its id from the worker URL', () => {
    expect(e2e.ext.extensionId).toMatch(/^[a-p]{32}$/);
    expect(e2e.ext.worker.url()).toBe(`${e2e.ext.origin}/service-worker-loader.js`);
  });

  it('builds the content script as one classic script that pages cannot load or detect', async () => {
    const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Record<string, unknown>;
    expect(manifest['web_accessible_resources']).toBeUndefined();
    expect(manifest['content_scripts']).toBeUndefined();
    const script = readFileSync('dist/content/index.js', 'utf8');
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    const page = await e2e.ext.context.newPage();
    await page.goto(`${e2e.fixtures.url}/plain.html?probe`);
    const probe = await page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'loaded';
      } catch {
        return 'blocked';
      }
    }, `${e2e.ext.origin}/content/index.js`);
    expect(probe).toBe('blocked');
    await page.close();
  });

  it('resolves tab ids, also for two tabs on one URL', async () => {
    const a = await e2e.ext.context.newPage();
    const b = await e2e.ext.context.newPage();
    await a.goto(`${e2e.fixtures.url}/plain.html`);
    await b.goto(`${e2e.fixtures.url}/plain.html`);
    const [idA, idB] = [await e2e.ext.tabIdOf(a), await e2e.ext.tabIdOf(b)];
    expect(idA).not.toBe(idB);
    const urls = await e2e.ext.evaluateInWorker(async (ids) => Promise.all(ids.map(async (id) => (await chrome.tabs.get(id)).url)), [idA, idB]);
    expect(urls).toEqual([`${e2e.fixtures.url}/plain.html`, `${e2e.fixtures.url}/plain.html`]);
    expect(await a.title()).toBe('Plain page');
    await a.close();
    await b.close();
  });

  it('writes settings to chrome.storage.local and keeps them across a worker stop', async () => {
    await e2e.ext.setSettings({ provider: 'openai', permissionMode: 'auto' });
    // A global set before the stop is gone after it: the worker really restarted.
    await e2e.ext.evaluateInWorker(() => {
      (globalThis as Record<string, unknown>)['pagewrightTestMarker'] = true;
    }, undefined);
    await e2e.ext.stopWorker();
    const marker = await e2e.ext.evaluateInWorker(() => (globalThis as Record<string, unknown>)['pagewrightTestMarker'] ?? 'gone', undefined);
    expect(marker).toBe('gone');
    const stored = await e2e.ext.evaluateInWorker(() => chrome.storage.local.get('settings'), undefined);
    expect(stored).toEqual({ settings: { provider: 'openai', permissionMode: 'auto' } });
  });
});

describe('the shared browser', () => {
  /** The extension's own answer to the settings view's memory request (it opens the database if need be). */
  const memoryKeys = async (ext: Awaited<ReturnType<typeof sharedExtension>>) => {
    const page = await ext.context.newPage();
    await page.goto(`${ext.origin}/popup/index.html`);
    const answer = (await page.evaluate(() => chrome.runtime.sendMessage({ method: 'memory.list', params: {} }))) as {
      data: { entries: Array<{ key: string }> };
    };
    await page.close();
    return answer.data.entries.map((entry) => entry.key);
  };

  it('gives the next file the extension with its state reset: one blank tab, no settings, empty database stores, no downloads', async () => {
    const first = await sharedExtension({ settings: { provider: 'openai', permissionMode: 'auto' } });
    try {
      await first.context.newPage().then((page) => page.goto('about:blank#left-behind'));
      expect(await memoryKeys(first)).toEqual([]);
      await first.evaluateInWorker(
        () =>
          new Promise<void>((done, fail) => {
            const open = indexedDB.open('pagewright');
            open.onsuccess = () => {
              const put = open.result.transaction('notes', 'readwrite').objectStore('notes').put({ key: 'left_behind', value: 'x', updatedAt: 0 });
              put.onsuccess = () => done();
              put.onerror = () => fail(put.error);
            };
            open.onerror = () => fail(open.error);
          }),
        undefined,
      );
      expect(await memoryKeys(first)).toEqual(['left_behind']);
      const download = await first.evaluateInWorker(() => chrome.downloads.download({ url: 'data:text/plain,left', filename: 'left-behind.txt' }), undefined);
      await expect.poll(() => first.evaluateInWorker(async (id) => (await chrome.downloads.search({ id }))[0]?.state, download)).toBe('complete');
    } finally {
      await first.close();
    }

    const next = await sharedExtension();
    try {
      expect(next.extensionId).toBe(first.extensionId);
      expect(next.context.pages().map((page) => page.url())).toEqual(['about:blank']);
      expect(await next.evaluateInWorker(() => chrome.storage.local.get(null), undefined)).toEqual({});
      expect(await memoryKeys(next)).toEqual([]);
      expect(await next.evaluateInWorker(() => chrome.downloads.search({}), undefined)).toEqual([]);
      // The worker belongs to every file: only a browser of its own may stop it.
      await expect(next.stopWorker()).rejects.toThrow(/browser of its own/);
    } finally {
      await next.close();
    }
  });
});
