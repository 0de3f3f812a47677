/** Steps shared by the Firefox end-to-end tests: the panel as a person uses it, and the scripted model's turns. */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFixtureServer, type FixtureRoutes, type FixtureServer } from '../support/fixture-server.js';
import { launchFirefoxExtension, until, type FirefoxHarness } from '../support/firefox.js';
import { mockProviderSettings, startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';

/** The API key the Firefox tests give the extension: long enough to be found if it leaks into a page. */
export const MOCK_KEY = 'test-key-firefox-secret-0123456789';

/** Settings for the mock model at `url`, with `MOCK_KEY`. */
export const mockSettings = (url: string, permissionMode: 'ask' | 'auto' = 'auto') => mockProviderSettings(url, { permissionMode, apiKey: MOCK_KEY });

/**
 * A control on a page, once it is there and not disabled, to click or fill through the remote protocol's
 * input. Puppeteer's locator waits are turned off, for firefox-esr 140 (Debian's): its "enabled" wait
 * (and a locator's `filter`) never ends there, so that is checked here; and its waits for a steady box
 * and for the element to be in view need animation frames and an intersection observer, which a page in
 * a background tab (a popup opened beside the page it reads) does not get. The click scrolls it into view.
 */
async function enabledControl(page: Page, selector: string) {
  const locator = page.locator(selector).setWaitForEnabled(false).setWaitForStableBoundingBox(false).setEnsureElementIsInTheViewport(false);
  await until(`${selector} to be enabled`, async () => {
    const handle = await locator.waitHandle();
    const disabled = await handle.evaluate((element) => (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true');
    await handle.dispose();
    return disabled ? undefined : true;
  });
  return locator;
}

/**
 * Clicks a control on `page` (see enabledControl), once: a locator's click would retry a click that
 * failed only because it worked — a popup that closes itself on the press is gone before the release
 * is answered. With `closes`, that end counts as done.
 */
export async function clickOn(page: Page, selector: string, options: { closes?: boolean } = {}): Promise<void> {
  const handle = await (await enabledControl(page, selector)).waitHandle();
  try {
    await handle.click();
  } catch (error) {
    if (!options.closes || !/no such frame|BrowsingContext does no longer exist|closed/i.test(String(error))) throw error;
    return;
  }
  await handle.dispose();
}

/** Fills a text control on `page` (see enabledControl). */
export async function fillIn(page: Page, selector: string, text: string): Promise<void> {
  await (await enabledControl(page, selector)).fill(text);
}

/**
 * Sets the page's viewport. Puppeteer's `setViewport` also sends a screen orientation override, a BiDi
 * command firefox-esr 140 does not know; only the viewport is sent.
 */
export async function setViewport(page: Page, width: number, height: number): Promise<void> {
  // The BiDi frame's browsing context is not in puppeteer's public types.
  const frame = page.mainFrame() as unknown as { browsingContext?: { setViewport(options: { viewport: { width: number; height: number } }): Promise<void> } };
  if (!frame.browsingContext) throw new Error('This page has no BiDi browsing context: is it a Firefox page?');
  await frame.browsingContext.setViewport({ viewport: { width, height } });
}

/** Types a message into the panel and presses Send (trusted input from the remote protocol, as a person's). */
export async function send(panel: Page, text: string): Promise<void> {
  await fillIn(panel, 'textarea[aria-label="Message"]', text);
  await clickOn(panel, '::-p-aria([name="Send"][role="button"])');
}

/**
 * Waits until `test` holds in the page, asking every 100 ms. Not puppeteer's `waitForFunction`: it builds
 * its function with `new Function` in the page, which an extension page's policy blocks in firefox-esr 140.
 */
export async function waitInPage<A>(page: Page, what: string, test: (arg: A) => boolean, arg: A, timeoutMs = 30_000): Promise<void> {
  // A page between two documents cannot answer yet: that is a "not yet", and the deadline still ends the wait.
  const holds = () => page.evaluate(test as (arg: unknown) => boolean, arg as unknown).catch(() => false);
  await until(what, async () => ((await holds()) ? true : undefined), timeoutMs);
}

/** Waits until the panel shows `text`. */
export async function waitForText(panel: Page, text: string, timeoutMs = 90_000): Promise<void> {
  try {
    await waitInPage(panel, `"${text}"`, (t: string) => document.body.innerText.includes(t), text, timeoutMs);
  } catch (error) {
    // Say where it stopped: the end of what the panel shows (a prompt, an error, a run still going).
    const shown = await panel.evaluate(() => document.body.innerText.slice(-1_500)).catch(() => '(the panel is gone)');
    throw new Error(`The panel never showed "${text}". It shows:\n${shown}`, { cause: error });
  }
}

/** Waits for the permission prompt and presses `answer` on it; returns the prompt's text. */
export async function answerPrompt(panel: Page, answer: 'Allow once' | 'Allow for this task' | 'Deny'): Promise<string> {
  const dialog = await panel.waitForSelector('[role="dialog"]', { timeout: 60_000 });
  if (!dialog) throw new Error('No permission prompt appeared.');
  const text = await dialog.evaluate((d) => (d as HTMLElement).innerText.replace(/\s+/g, ' '));
  await clickOn(panel, `[role="dialog"] ::-p-aria([name="${answer}"][role="button"])`);
  await waitInPage(panel, 'the prompt to close', () => document.querySelector('[role="dialog"]') === null, undefined);
  return text;
}

/** What a Firefox e2e file works with; each field is there from the first test on. */
export interface FirefoxWorld {
  readonly ff: FirefoxHarness;
  readonly fixtures: FixtureServer;
  readonly mock: MockModelServer;
  /** Pages a test opened: closed before the next test. */
  readonly opened: Page[];
}

/**
 * Sets up a Firefox e2e file (call it in the file's describe): the fixture server (`root`, with the test's
 * own `routes` first), the mock model, and Firefox with the built add-on pointed at it in `mode`; the
 * model's script and the pages a test opened are cleared before each test, and everything closes after.
 */
export function useFirefox(options: { mode: 'ask' | 'auto'; root?: string; routes?: FixtureRoutes }): FirefoxWorld {
  let ff: FirefoxHarness | undefined;
  let fixtures: FixtureServer | undefined;
  let mock: MockModelServer | undefined;
  const opened: Page[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The Firefox world's ${what} starts in beforeAll.`);
    return value;
  };
  beforeAll(async () => {
    [fixtures, mock] = await Promise.all([startFixtureServer(options.root, options.routes), startMockModelServer()]);
    ff = await launchFirefoxExtension({ settings: mockSettings(mock.url, options.mode) });
  });
  beforeEach(async () => {
    mock?.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ff?.close();
    await Promise.all([mock?.close(), fixtures?.close()]);
  });
  return {
    get ff() {
      return need(ff, 'browser');
    },
    get fixtures() {
      return need(fixtures, 'fixture server');
    },
    get mock() {
      return need(mock, 'model');
    },
    opened,
  };
}
