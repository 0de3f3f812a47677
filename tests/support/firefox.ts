/**
 * The Firefox end-to-end harness: launches Debian's firefox-esr headless over WebDriver BiDi
 * (puppeteer-core, `browser: 'firefox'`), installs dist-firefox/ as a temporary add-on in a fresh profile,
 * and gives tests handles on the extension's pages and the tabs.
 *
 *   const ff = await launchFirefoxExtension({ settings });
 *   const page = await ff.newPage(fixtures.url + '/form.html');
 *   const panel = await ff.openPanel(await ff.tabIdOf(page));   // moz-extension://<uuid>/sidepanel/index.html?tab=N
 *   await ff.reloadExtension();                                 // a new background, the same storage
 *   await ff.close();
 *
 * BiDi may not navigate to moz-extension:// pages, so everything starts from the panel tab the add-on opens
 * itself when loaded temporarily (src/background/panel-host-firefox.ts): the `control` page. Code that
 * needs the extension's APIs runs there (`inExtension`, with `chrome.*`, which Firefox answers with promises
 * too), and other extension pages are opened from it.
 * Build first (`npm run test:firefox` does).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PREFS, findFirefox } from '../../scripts/ensure-firefox.mjs';
import { FIREFOX_SETTINGS_DB } from '../../src/background/firefox-settings-db.js';

export interface FirefoxLaunchOptions {
  /** The built add-on; default `$PAGEWRIGHT_DIST_FIREFOX`, else `<repo>/dist-firefox`. */
  distDir?: string;
  /** Settings written before the test starts (same as `setSettings`). */
  settings?: unknown;
  /** More Firefox preferences. */
  prefs?: Record<string, string | number | boolean>;
}

export interface FirefoxHarness {
  browser: Browser;
  /** moz-extension://<uuid> (no trailing slash). */
  readonly origin: string;
  /** An extension page that stays open (the panel tab the add-on opened at install); reopened after a reload. */
  readonly control: Page;
  /** Opens a web page in a new tab and waits for it to load. */
  newPage(url: string): Promise<Page>;
  /** The extension's tab id for a page. */
  tabIdOf(page: Page): Promise<number>;
  /** Opens the panel in a new tab, bound to `tabId`, and waits until it can send. */
  openPanel(tabId: number): Promise<Page>;
  /** Opens an extension page (`popup/index.html`, …) in a background tab of the control page's window. */
  openExtensionPage(path: string): Promise<Page>;
  /** Runs `fn` in an extension page (the extension's APIs as `browser`), like the worker's own calls. */
  inExtension<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Writes the settings where the Firefox build keeps them (raw: invalid values allowed). */
  setSettings(settings: unknown): Promise<void>;
  /** Reloads the add-on: the background starts again (its tabs close); storage and IndexedDB stay. */
  reloadExtension(): Promise<void>;
  close(): Promise<void>;
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const PANEL_PATH = '/sidepanel/index.html';
/** The longest wait for the add-on's own tab: under the e2e project's hook timeout (120 s), so a broken run still says what it waited for. */
const SETUP_WAIT_MS = 100_000;

const hrefOf = (page: Page): Promise<string> => page.evaluate(() => location.href).catch(() => '');

/** Polls until `find` returns something (the state a test needs), with a bound so a broken run fails. */
export async function until<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The open page whose address passes `test` (puppeteer's own `url()` lags for pages the browser opened). */
async function pageWhere(browser: Browser, what: string, test: (href: string) => boolean): Promise<Page> {
  return until(what, async () => {
    for (const page of await browser.pages()) if (test(await hrefOf(page))) return page;
    return undefined;
  });
}

/** Launches Firefox with the add-on installed and its control page open. */
export async function launchFirefoxExtension(options: FirefoxLaunchOptions = {}): Promise<FirefoxHarness> {
  const distDir = resolve(options.distDir ?? process.env['PAGEWRIGHT_DIST_FIREFOX'] ?? join(REPO_ROOT, 'dist-firefox'));
  if (!existsSync(join(distDir, 'manifest.json'))) {
    throw new Error(`No built add-on at ${distDir}: run \`npm run build:firefox\` (or \`npm run test:firefox\`, which builds first).`);
  }
  const executablePath = findFirefox();
  if (!executablePath) throw new Error('No Firefox found: run `node scripts/ensure-firefox.mjs` for how to install one.');
  const userDataDir = mkdtempSync(join(tmpdir(), 'pagewright-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir,
    extraPrefsFirefox: { ...FIREFOX_PREFS, ...options.prefs },
  });
  let control: Page;
  let origin: string;
  const findControl = async () => {
    // An extension page with the extension's API alive: just after a reload the old pages may still be
    // listed, with their address but no `chrome` any more.
    // Bounded by the setup's own 120 s, not the 30 s of a step: beside the Chromium e2e (both cores busy), a
    // fresh Firefox once took longer than 30 s to install the add-on and open its tab, and a whole file failed.
    control = await until(
      'the panel tab the add-on opens when loaded temporarily',
      async () => {
        for (const page of await browser.pages()) {
          if (!(await hrefOf(page)).startsWith('moz-extension://')) continue;
          if (await page.evaluate(() => typeof chrome !== 'undefined' && Boolean(chrome.runtime?.id)).catch(() => false)) return page;
        }
        return undefined;
      },
      SETUP_WAIT_MS,
    );
    // Not new URL().origin: Node gives "null" for schemes it does not know.
    const href = await hrefOf(control);
    origin = href.slice(0, href.indexOf('/', 'moz-extension://'.length));
  };
  try {
    await browser.installExtension(distDir);
    await findControl();
  } catch (error) {
    await browser.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }

  const inExtension = async <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
    control.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>;

  const openTab = async (url: string, active: boolean): Promise<Page> => {
    // A marker in the address tells this page from others with the same one.
    const marked = `${url}${url.includes('?') ? '&' : '?'}e2e=${Math.random().toString(36).slice(2)}`;
    await inExtension(({ address, focus }) => void chrome.tabs.create({ url: address, active: focus }), { address: marked, focus: active });
    const page = await pageWhere(browser, `the tab at ${url}`, (href) => href === marked);
    await until(`${url} to load`, async () => ((await page.evaluate(() => document.readyState).catch(() => '')) === 'complete' ? true : undefined));
    return page;
  };

  const setSettings = async (settings: unknown): Promise<void> => {
    await inExtension(
      async ({ db, value }) => {
        const open = indexedDB.open(db.name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(db.store);
        const database = await new Promise<IDBDatabase>((ok, fail) => {
          open.onsuccess = () => ok(open.result);
          open.onerror = () => fail(open.error);
        });
        await new Promise<void>((ok, fail) => {
          const tx = database.transaction(db.store, 'readwrite');
          tx.objectStore(db.store).put(value, db.key);
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        });
        database.close();
        await chrome.storage.local.set({ [db.marker]: Date.now() });
      },
      { db: FIREFOX_SETTINGS_DB, value: settings },
    );
  };
  if (options.settings !== undefined) await setSettings(options.settings);

  return {
    browser,
    get origin() {
      return origin;
    },
    get control() {
      return control;
    },
    async newPage(url) {
      const page = await browser.newPage();
      await page.goto(url);
      return page;
    },
    async tabIdOf(page) {
      const url = await hrefOf(page);
      return until(`the tab id of ${url}`, async () => {
        const ids = await inExtension(async (u) => (await chrome.tabs.query({})).filter((t) => t.url === u).map((t) => t.id ?? -1), url);
        return ids.length === 1 && ids[0] !== undefined && ids[0] >= 0 ? ids[0] : undefined;
      });
    },
    async openPanel(tabId) {
      const panel = await openTab(`${origin}${PANEL_PATH}?tab=${tabId}`, true);
      await panel.waitForSelector('textarea[aria-label="Message"]:not([placeholder="Connecting…"])');
      return panel;
    },
    openExtensionPage: (path) => openTab(`${origin}/${path}`, false),
    inExtension,
    setSettings,
    async reloadExtension() {
      const before = control;
      // The reload ends every extension page, this one too, before it could answer; the add-on keeps its
      // uuid (so its storage) and, loaded temporarily, opens a new panel tab: the next control page.
      await before.evaluate(() => setTimeout(() => chrome.runtime.reload(), 0));
      await until('the old extension pages to end', () =>
        before
          .evaluate(() => undefined)
          .then(
            () => undefined,
            () => true,
          ),
      );
      await findControl();
    },
    async close() {
      await browser.close().catch(() => undefined);
      try {
        rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // Firefox may still be writing its profile; a leftover temp profile is harmless
      }
    },
  };
}
