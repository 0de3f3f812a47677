/**
 * The browser the e2e files of one test worker share: tests/support/shared-browser.ts (the e2e project's
 * globalSetup) launches one per worker, on the first of its files that asks; each file connects to its
 * worker's browser over the DevTools Protocol and gets the extension with its state reset. A worker runs
 * one file at a time, so a file has its browser to itself while it runs.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_BROWSER_ARGS } from './chromium.js';
import { launchBrowser } from './content-harness.js';
import { harnessOf, launchExtension, type ExtensionHarness } from './extension.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where tests/support/shared-browser.ts answers with the shared browser's DevTools address (launching it on first ask). */
    pagewrightSharedBrowser?: string;
  }
}

/**
 * The browser every e2e file shares (launched once, by tests/support/shared-browser.ts), with the
 * extension's state reset for this file: no tabs but a blank one, empty chrome.storage, empty IndexedDB
 * stores, no downloads. Outside the e2e project (no shared browser) it launches a fresh profile with the same flags.
 * A test that stops the worker or needs a profile nobody used uses `launchExtension` instead.
 */
export async function sharedExtension(options: { settings?: unknown } = {}): Promise<ExtensionHarness> {
  const cdpUrl = await sharedBrowserAddress();
  if (!cdpUrl) return launchExtension({ ...options, args: [...E2E_BROWSER_ARGS] });
  const browser = await chromium.connectOverCDP(cdpUrl);
  const context = browser.contexts()[0];
  if (!context) throw new Error('The shared browser has no default context.');
  const ext: ExtensionHarness = await harnessOf(context, {
    close: async () => {
      await resetState(ext);
      await browser.close();
    },
    canStopWorker: false,
  });
  await resetState(ext);
  if (options.settings !== undefined) await ext.setSettings(options.settings);
  return ext;
}

/** The shared browser's DevTools address (launching it if no file has asked yet), or undefined outside the e2e project. */
async function sharedBrowserAddress(): Promise<string | undefined> {
  const launcher = inject('pagewrightSharedBrowser');
  if (!launcher) return undefined;
  // Vitest numbers its workers from 1 (VITEST_POOL_ID); files in different workers run at the same time.
  const answer = await fetch(`${launcher}?worker=${encodeURIComponent(process.env['VITEST_POOL_ID'] ?? '1')}`);
  if (!answer.ok) throw new Error(`The shared browser did not start: ${await answer.text()}`);
  return ((await answer.json()) as { cdpUrl: string }).cdpUrl;
}

/** A browser without the extension, for driving the content script alone: `newPage()` and `close()`. */
export interface PlainBrowser {
  newPage(): ReturnType<Browser['newPage']>;
  close(): Promise<void>;
}

/**
 * Pages without the extension, in the shared browser: each in a context of its own, which the
 * extension does not run in (it is not allowed in private contexts), closed with `close()`. Outside the
 * e2e project, a Chromium of its own.
 */
export async function sharedPlainBrowser(): Promise<PlainBrowser> {
  const cdpUrl = await sharedBrowserAddress();
  const browser = cdpUrl ? await chromium.connectOverCDP(cdpUrl) : await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    async newPage() {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/** What one file may leave behind in the shared browser, cleared: its tabs, storage, database rows and downloads. */
async function resetState(ext: ExtensionHarness): Promise<void> {
  const [keeper, ...rest] = ext.context.pages();
  await Promise.all(rest.map((page) => page.close().catch(() => undefined)));
  // The last tab stays (a browser with no window would quit), on a blank page.
  if (keeper && keeper.url() !== 'about:blank') await keeper.goto('about:blank').catch(() => undefined);
  await ext.evaluateInWorker(async () => {
    await chrome.storage.local.clear();
    await chrome.storage.session.clear();
    await chrome.downloads.erase({});
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      const stores = Array.from(db.objectStoreNames);
      if (stores.length > 0) {
        await new Promise<void>((done, fail) => {
          const transaction = db.transaction(stores, 'readwrite');
          for (const store of stores) transaction.objectStore(store).clear();
          transaction.oncomplete = () => done();
          transaction.onerror = () => fail(transaction.error);
        });
      }
      db.close();
    }
  }, undefined);
}
