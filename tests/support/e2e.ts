/**
 * What an e2e file needs, in one call: the extension in Chromium (the browser the e2e files share, or a
 * fresh one), the scripted model server with the extension pointed at it, and a fixture server; pages
 * and panels opened through it are closed after the test that opened them.
 *
 *   const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: true });
 *
 *   it('reads the page', async () => {
 *     const { tabId } = await e2e.open('/plain.html');
 *     e2e.mock.enqueue({ toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] }, { text: 'Done.' });
 *     const panel = await e2e.panel(tabId);
 *     await send(panel, 'Read it');
 *     await panel.getByText('Done.').waitFor();
 *     expect(resultText(e2e.mock, 'tu_read').text).toContain('Plain page');
 *   });
 *
 * `profile: 'fresh'` gives the file a browser and profile of its own: for tests that stop the worker,
 * or need a profile nobody used; everything else shares one browser, its state reset for each file.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { E2E_BROWSER_ARGS } from './chromium.js';
import { launchExtension, type ExtensionHarness } from './extension.js';
import { startFixtureServer, type FixtureRoutes, type FixtureServer } from './fixture-server.js';
import { mockProviderSettings, startMockModelServer, toolResultsOf, type MockModelServer, type MockProviderOverrides } from './mock-model-server.js';
import { openReadyPanel, send } from './panel-driver.js';
import { sharedExtension, sharedPlainBrowser, type PlainBrowser } from './shared-extension.js';

export { mockProviderSettings, type MockProviderOverrides } from './mock-model-server.js';

export interface E2EOptions {
  /** 'shared' (default): the browser the e2e files share, reset for this file. 'fresh': a browser and profile of its own. */
  profile?: 'shared' | 'fresh';
  /** Serve this folder (relative to the repository) as `e2e.fixtures`, with the test's own `routes` first. */
  fixtures?: string | { root: string; routes?: FixtureRoutes };
  /** Start the scripted model server (`e2e.mock`, reset before each test) and point the extension at it with these settings. */
  mock?: boolean | MockProviderOverrides;
  /** Settings to write when there is no mock. */
  settings?: Record<string, unknown>;
  /** Extra Chromium flags (a fresh profile only: the shared browser's flags are fixed). Every e2e browser has E2E_BROWSER_ARGS. */
  args?: string[];
}

/** The file's extension, servers and page helpers; each field is there from the first test on. */
export interface E2E {
  readonly ext: ExtensionHarness;
  readonly mock: MockModelServer;
  readonly fixtures: FixtureServer;
  /** The settings this file started with (the mock's, with its overrides), to restore or extend; {} if none. */
  readonly settings: Record<string, unknown>;
  /**
   * Opens a tab on `address` (a path is on `fixtures`), waits for it to load (or only its DOM), returns it
   * with its tab id; `prepare` sees the page before it loads (to listen for what it does first).
   */
  open(address: string, options?: { waitUntil?: 'load' | 'domcontentloaded'; prepare?: (page: Page) => void }): Promise<{ page: Page; tabId: number }>;
  /** Opens the side panel on a tab and waits until it can send. */
  panel(tabId: number): Promise<Page>;
  /**
   * A new tab on a fixture page (given a query of its own, so its tab is found by URL) and a panel
   * bound to it, ready to send: a conversation of the test's own.
   */
  tabWithPanel(path: string): Promise<{ page: Page; panel: Page; tabId: number }>;
  /** Closes this page with the test (for pages a test opens itself, or the extension opened). */
  track(page: Page): Page;
}

/** Sets up the file's extension and servers in `beforeAll`, and closes them in `afterAll`. */
export function useExtension(options: E2EOptions = {}): E2E {
  let ext: ExtensionHarness | undefined;
  let mock: MockModelServer | undefined;
  let fixtures: FixtureServer | undefined;
  let settings: Record<string, unknown> | undefined;
  let inTest = false;
  const opened: Page[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`e2e.${what} is not there: ask useExtension for it (${what === 'ext' ? 'it starts in beforeAll' : `{ ${what}: … }`}).`);
    return value;
  };
  const track = (page: Page) => {
    if (inTest) opened.push(page);
    return page;
  };

  const open: E2E['open'] = async (address, { waitUntil = 'load', prepare } = {}) => {
    const harness = need(ext, 'ext');
    const page = track(await harness.context.newPage());
    prepare?.(page);
    await page.goto(address.startsWith('/') ? `${need(fixtures, 'fixtures').url}${address}` : address, { waitUntil });
    return { page, tabId: await harness.tabIdOf(page) };
  };
  const panel: E2E['panel'] = async (tabId) => track(await openReadyPanel(need(ext, 'ext'), tabId));

  beforeAll(async () => {
    if (options.args && options.profile !== 'fresh') throw new Error('Chromium flags need a browser of its own: useExtension({ profile: "fresh", args }).');
    const fixtureOptions = typeof options.fixtures === 'string' ? { root: options.fixtures } : options.fixtures;
    [mock, fixtures] = await Promise.all([
      options.mock ? startMockModelServer() : undefined,
      fixtureOptions ? startFixtureServer(fixtureOptions.root, fixtureOptions.routes) : undefined,
    ]);
    settings = mock ? mockProviderSettings(mock.url, typeof options.mock === 'object' ? options.mock : {}) : options.settings;
    const launch = settings === undefined ? {} : { settings };
    ext =
      options.profile === 'fresh' ? await launchExtension({ ...launch, args: [...E2E_BROWSER_ARGS, ...(options.args ?? [])] }) : await sharedExtension(launch);
  });
  beforeEach(() => {
    inTest = true;
    mock?.reset();
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(opened.splice(0).map((page) => page.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await ext?.close();
    await Promise.all([mock?.close(), fixtures?.close()]);
  });

  return {
    get ext() {
      return need(ext, 'ext');
    },
    get mock() {
      return need(mock, 'mock');
    },
    get fixtures() {
      return need(fixtures, 'fixtures');
    },
    get settings() {
      return settings ?? {};
    },
    open,
    panel,
    async tabWithPanel(path) {
      const { page, tabId } = await open(`${path}${path.includes('?') ? '&' : '?'}visit=${Math.random().toString(36).slice(2)}`);
      return { page, tabId, panel: await panel(tabId) };
    },
    track,
  };
}

/**
 * Pages without the extension, for tests that drive the content script alone (tests/support/content-harness.ts):
 * private contexts in the shared browser, closed in `afterAll`.
 */
export function usePlainBrowser(): { readonly browser: PlainBrowser } {
  let browser: PlainBrowser | undefined;
  beforeAll(async () => {
    browser = await sharedPlainBrowser();
  });
  afterAll(() => browser?.close());
  return {
    get browser() {
      if (!browser) throw new Error('The plain browser starts in beforeAll.');
      return browser;
    },
  };
}

/**
 * Opens the panel on the tab, sends `message` and waits for the model's final text `done`; on a timeout
 * the error says how far the run got (the results the model was sent).
 */
export async function converse(e2e: E2E, tabId: number, message: string, done: string, timeout = 90_000): Promise<Page> {
  const panel = await e2e.panel(tabId);
  await send(panel, message);
  try {
    await panel.getByText(done).waitFor({ timeout });
  } catch (error) {
    const requests = e2e.mock.requests;
    const results = requests.flatMap((request) => toolResultsOf(request).map((r) => `${r.toolUseId}: ${r.text.slice(0, 400)}`)).join('\n');
    throw new Error(`The run did not finish with "${done}" (${requests.length} model requests).\n${results}`, { cause: error });
  }
  return panel;
}
