/**
 * The end-to-end harness: launches Chromium with the built extension (dist/) in a fresh profile and
 * gives tests handles on the service worker, the side panel and the tabs.
 *
 *   const ext = await launchExtension();
 *   const page = await ext.context.newPage(); await page.goto(fixtures.url + '/form.html');
 *   const tabId = await ext.tabIdOf(page);
 *   await ext.setSettings({ provider: 'anthropic', anthropic: { apiKey: 'test', baseUrl: mock.url } });
 *   const panel = await ext.openPanel(tabId);   // chrome-extension://ID/sidepanel/index.html?tab=ID
 *   ...
 *   await ext.stopWorker();                      // CDP ServiceWorker.stopAllWorkers
 *   await ext.close();
 *
 * Build first (`npm run test:e2e` does: ensure-chromium, vite build, vitest --project e2e).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { findChromium, HEADLESS_FLAGS } from '../../scripts/ensure-chromium.mjs';

export { HEADLESS_FLAGS };

/**
 * Makes every host but this machine fail to resolve, the way remote requests fail for a person offline
 * (a DNS error, an error page in a frame) instead of being aborted before they start.
 */
export const OFFLINE_DNS_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

export interface LaunchOptions {
  /** The built extension; default `$PAGEWRIGHT_DIST`, else `<repo>/dist` (a separate build keeps parallel work off the shared dist/). */
  distDir?: string;
  /** Settings written to chrome.storage.local before the test starts (same as `setSettings`). */
  settings?: unknown;
  /** Show the browser window (needs a display). Default false. */
  headed?: boolean;
  /** Extra Chromium flags. */
  args?: string[];
}

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  /** The current service worker. After `stopWorker()` this is the restarted one once it runs again. */
  readonly worker: Worker;
  /** chrome-extension://<id> */
  readonly origin: string;
  /** Opens the side panel UI in a new tab, bound to `tabId` (`sidepanel/index.html?tab=<id>`). */
  openPanel(tabId: number): Promise<Page>;
  /** The extension's tab id for a Playwright page. */
  tabIdOf(page: Page): Promise<number>;
  /** Writes chrome.storage.local 'settings' (raw: invalid values are allowed, for tests of errors). */
  setSettings(settings: unknown): Promise<void>;
  /** Stops the service worker the way the browser does when idle (CDP ServiceWorker.stopAllWorkers). */
  stopWorker(): Promise<void>;
  /** A running worker: wakes a stopped one (by loading an extension page) and waits for it. */
  wakeWorker(): Promise<Worker>;
  /** Evaluates a function in the (woken) service worker. */
  evaluateInWorker<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  close(): Promise<void>;
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Launches Chromium with the extension loaded and waits for its service worker. */
export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const distDir = resolve(options.distDir ?? process.env['PAGEWRIGHT_DIST'] ?? join(REPO_ROOT, 'dist'));
  if (!existsSync(join(distDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${distDir}: run \`npx vite build\` (or \`npm run test:e2e\`, which builds first).`);
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` for how to install one.');

  const userDataDir = mkdtempSync(join(tmpdir(), 'pagewright-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    // The new headless mode runs extensions; Playwright's own `headless` flag would pick the old one.
    headless: false,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...(options.headed ? HEADLESS_FLAGS.filter((f) => f !== '--headless=new') : HEADLESS_FLAGS),
      `--disable-extensions-except=${distDir}`,
      `--load-extension=${distDir}`,
      ...(options.args ?? []),
    ],
  });

  let current: Worker;
  try {
    current =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  } catch (error) {
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
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

  const setSettings = async (settings: unknown): Promise<void> => {
    await evaluateInWorker((value) => chrome.storage.local.set({ settings: value }), settings);
  };
  if (options.settings !== undefined) await setSettings(options.settings);

  return {
    context,
    extensionId,
    origin,
    get worker() {
      return current;
    },
    async openPanel(tabId) {
      const page = await context.newPage();
      await page.goto(`${origin}/sidepanel/index.html?tab=${tabId}`);
      return page;
    },
    async tabIdOf(page) {
      const url = page.url();
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
    setSettings,
    async stopWorker() {
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
    async close() {
      await context.close().catch(() => undefined);
      try {
        rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // Chromium may still be flushing its cache; a leftover temp profile is harmless
      }
    },
  };
}
