/**
 * The end-to-end harness: the built extension (dist/) in Chromium, with handles on the service worker,
 * the side panel and the tabs. Most files use it through `useExtension` (tests/support/e2e.ts).
 *
 *   const ext = await launchExtension();         // a browser and profile of this file's own
 *   const ext = await sharedExtension();         // the browser all e2e files share (tests/support/shared-extension.ts)
 *   const page = await ext.context.newPage(); await page.goto(fixtures.url + '/form.html');
 *   const tabId = await ext.tabIdOf(page);
 *   await ext.setSettings(mockProviderSettings(mock.url));
 *   const panel = await ext.openPanel(tabId);   // chrome-extension://ID/sidepanel/index.html?tab=ID
 *   await ext.stopWorker();                      // CDP ServiceWorker.stopAllWorkers (fresh profile only)
 *   await ext.close();
 *
 * Build first (`npm run test:e2e` does: ensure-chromium, vite build, vitest --project e2e).
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { launchChromiumWithExtension, type ChromiumOptions } from './chromium.js';

export { HEADLESS_FLAGS, OFFLINE_DNS_FLAG } from './chromium.js';

export interface LaunchOptions extends ChromiumOptions {
  /** Settings written to chrome.storage.local before the test starts (same as `setSettings`). */
  settings?: unknown;
}

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  /** The current service worker. After `stopWorker()` this is the restarted one once it runs again. */
  readonly worker: Worker;
  /** chrome-extension://<id> */
  readonly origin: string;
  /**
   * Opens the side panel UI bound to `tabId` (`sidepanel/index.html?tab=<id>`) in a window of its own, as
   * the panel's "Pop out" does: the tab stays the shown tab of its window, as it is beside a side panel.
   */
  openPanel(tabId: number): Promise<Page>;
  /**
   * Opens an extension page (`path`, e.g. `popup/index.html`) in a popup window of its own. A page opened
   * as a tab would hide the page the test works on, and a hidden tab gets no frames: Chromium then holds
   * a page's tasks after each input event until its deferral limit (about 50 ms), where a shown page goes
   * on at its next frame — typing would run several times slower than a person with the side panel sees.
   */
  openInWindow(path: string): Promise<Page>;
  /** The extension's tab id for a Playwright page. */
  tabIdOf(page: Page): Promise<number>;
  /** Writes chrome.storage.local 'settings' (raw: invalid values are allowed, for tests of errors). */
  setSettings(settings: unknown): Promise<void>;
  /** Stops the service worker the way the browser does when idle (CDP ServiceWorker.stopAllWorkers). Fresh profiles only. */
  stopWorker(): Promise<void>;
  /** A running worker: wakes a stopped one (by loading an extension page) and waits for it. */
  wakeWorker(): Promise<Worker>;
  /** Evaluates a function in the (woken) service worker. */
  evaluateInWorker<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** A fresh profile: closes the browser. The shared browser: closes this file's pages, resets the extension's state, disconnects. */
  close(): Promise<void>;
}

/** Launches Chromium with the extension loaded in a fresh profile and waits for its service worker. */
export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const browser = await launchChromiumWithExtension(options);
  let ext: ExtensionHarness;
  try {
    ext = await harnessOf(browser.context, { close: () => browser.close(), canStopWorker: true });
  } catch (error) {
    await browser.close();
    throw error;
  }
  if (options.settings !== undefined) await ext.setSettings(options.settings);
  return ext;
}

/** The harness over a browser context that has the extension loaded; `close` is what closing it does. */
export async function harnessOf(context: BrowserContext, options: { close: () => Promise<void>; canStopWorker: boolean }): Promise<ExtensionHarness> {
  let current: Worker;
  try {
    current =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  } catch (error) {
    throw new Error(`The extension's service worker did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const extensionId = new URL(current.url()).host;
  const origin = `chrome-extension://${extensionId}`;
  let workerAlive = true;
  const track = (worker: Worker) => {
    if (!worker.url().startsWith(origin)) return;
    current = worker;
    workerAlive = true;
  };
  track(current);
  context.on('serviceworker', track);

  const wakeWorker = async (): Promise<Worker> => {
    if (workerAlive) return current;
    // A runtime message from an extension page starts the worker again (it answers `status.get`).
    // Playwright keeps the same Worker handle for the restarted worker (same target), and emits a new
    // 'serviceworker' event only for a new target, which `track` picks up.
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/popup/index.html`);
      const answer = await page.evaluate(() =>
        chrome.runtime.sendMessage({ method: 'status.get', params: {} }).then(
          () => 'ok',
          (error: unknown) => String(error),
        ),
      );
      if (answer !== 'ok') throw new Error(`The service worker did not wake: ${answer}`);
    } finally {
      await page.close().catch(() => undefined);
    }
    workerAlive = true;
    return current;
  };

  const evaluateInWorker = async <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
    const worker = await wakeWorker();
    // Playwright's `Unboxed<A>` does not relate to a generic A; the argument is plain JSON here.
    return worker.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
  };

  const openInWindow = async (path: string): Promise<Page> => {
    const url = `${origin}/${path}`;
    const before = new Set(context.pages());
    const windowId = await evaluateInWorker(
      async (u) => (await chrome.windows.create({ url: u, type: 'popup', width: 440, height: 760, focused: false }))?.id ?? -1,
      url,
    );
    // No deadline of its own: a window that never shows its page is caught by the test's timeout.
    for (;;) {
      const page = context.pages().find((candidate) => !before.has(candidate) && candidate.url() === url);
      if (page) {
        // Asked of the page itself: Playwright, attached to a window the worker opened, once saw its
        // networkidle but never its DOMContentLoaded, and waited out the test.
        await page.waitForFunction(() => document.readyState !== 'loading');
        return page;
      }
      if (windowId < 0) throw new Error(`No window opened for ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    context,
    extensionId,
    origin,
    get worker() {
      return current;
    },
    openPanel: (tabId) => openInWindow(`sidepanel/index.html?tab=${tabId}`),
    openInWindow,
    async tabIdOf(page) {
      const url = page.url();
      // An extension page knows its own tab (its title can change under a marker as the panel renders).
      if (url.startsWith(`${origin}/`)) {
        const own = await page.evaluate(async () => (await chrome.tabs.getCurrent())?.id ?? -1);
        if (own >= 0) return own;
      }
      const byUrl = await evaluateInWorker(async (u) => (await chrome.tabs.query({ url: u })).map((t) => t.id ?? -1), url).catch(() => [] as number[]);
      if (byUrl.length === 1 && byUrl[0] !== undefined && byUrl[0] >= 0) return byUrl[0];
      // Several tabs on one URL (or a URL tabs.query cannot match): mark the page's title briefly.
      const marker = `pagewright-tab-${Math.random().toString(36).slice(2)}`;
      const original = await page.evaluate((m) => {
        const prior = document.title;
        document.title = m;
        return prior;
      }, marker);
      try {
        for (let attempt = 0; attempt < 50; attempt++) {
          const ids = await evaluateInWorker(async (m) => (await chrome.tabs.query({})).filter((t) => t.title === m).map((t) => t.id ?? -1), marker);
          if (ids[0] !== undefined && ids[0] >= 0) return ids[0];
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`No tab found for ${url}`);
      } finally {
        await page.evaluate((t) => {
          document.title = t;
        }, original);
      }
    },
    async setSettings(settings) {
      await evaluateInWorker((value) => chrome.storage.local.set({ settings: value }), settings);
    },
    async stopWorker() {
      if (!options.canStopWorker) throw new Error('stopWorker needs a browser of its own: useExtension({ profile: "fresh" }) or launchExtension().');
      // Playwright does not report a stopped worker (its `close` event fires only at shutdown), so
      // watch the CDP ServiceWorker domain until the extension's version reads 'stopped'.
      const page = context.pages()[0] ?? (await context.newPage());
      const session = await context.newCDPSession(page);
      try {
        const stopped = new Promise<void>((done) => {
          session.on('ServiceWorker.workerVersionUpdated', (event) => {
            if (event.versions.some((v) => v.scriptURL.startsWith(origin) && v.runningStatus === 'stopped')) done();
          });
        });
        await session.send('ServiceWorker.enable');
        await session.send('ServiceWorker.stopAllWorkers');
        await stopped;
      } finally {
        await session.detach().catch(() => undefined);
      }
      workerAlive = false;
    },
    wakeWorker,
    evaluateInWorker,
    close: options.close,
  };
}
