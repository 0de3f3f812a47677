/** The harness itself: the extension loads, tab ids resolve, settings reach storage, the worker stops and wakes. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

describe('e2e harness', () => {
  let ext: ExtensionHarness;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await startFixtureServer('tests/e2e/pages');
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
    await fixtures?.close();
  });

  it('loads the extension and finds its id from the worker URL', () => {
    expect(ext.extensionId).toMatch(/^[a-p]{32}$/);
    expect(ext.worker.url()).toBe(`${ext.origin}/service-worker-loader.js`);
  });

  it('builds the content script as one classic script that pages cannot load or detect', async () => {
    const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Record<string, unknown>;
    expect(manifest['web_accessible_resources']).toBeUndefined();
    expect(manifest['content_scripts']).toBeUndefined();
    const script = readFileSync('dist/content/index.js', 'utf8');
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    const page = await ext.context.newPage();
    await page.goto(`${fixtures.url}/plain.html?probe`);
    const probe = await page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'loaded';
      } catch {
        return 'blocked';
      }
    }, `${ext.origin}/content/index.js`);
    expect(probe).toBe('blocked');
    await page.close();
  });

  it('resolves tab ids, also for two tabs on one URL', async () => {
    const a = await ext.context.newPage();
    const b = await ext.context.newPage();
    await a.goto(`${fixtures.url}/plain.html`);
    await b.goto(`${fixtures.url}/plain.html`);
    const [idA, idB] = [await ext.tabIdOf(a), await ext.tabIdOf(b)];
    expect(idA).not.toBe(idB);
    const urls = await ext.evaluateInWorker(async (ids) => Promise.all(ids.map(async (id) => (await chrome.tabs.get(id)).url)), [idA, idB]);
    expect(urls).toEqual([`${fixtures.url}/plain.html`, `${fixtures.url}/plain.html`]);
    expect(await a.title()).toBe('Plain page');
    await a.close();
    await b.close();
  });

  it('writes settings to chrome.storage.local and keeps them across a worker stop', async () => {
    await ext.setSettings({ provider: 'openai', permissionMode: 'auto' });
    // A global set before the stop is gone after it: the worker really restarted.
    await ext.evaluateInWorker(() => {
      (globalThis as Record<string, unknown>)['pagewrightTestMarker'] = true;
    }, undefined);
    await ext.stopWorker();
    const marker = await ext.evaluateInWorker(() => (globalThis as Record<string, unknown>)['pagewrightTestMarker'] ?? 'gone', undefined);
    expect(marker).toBe('gone');
    const stored = await ext.evaluateInWorker(() => chrome.storage.local.get('settings'), undefined);
    expect(stored).toEqual({ settings: { provider: 'openai', permissionMode: 'auto' } });
  });
});
