/** Steps shared by the Firefox end-to-end tests: the panel as a person uses it, and the scripted model's turns. */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFixtureServer, type FixtureRoutes, type FixtureServer } from '../support/fixture-server.js';
import { launchFirefoxExtension, type FirefoxHarness } from '../support/firefox.js';
import { mockProviderSettings, startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';

/** The API key the Firefox tests give the extension: long enough to be found if it leaks into a page. */
export const MOCK_KEY = 'test-key-firefox-secret-0123456789';

/** Settings for the mock model at `url`, with `MOCK_KEY`. */
export const mockSettings = (url: string, permissionMode: 'ask' | 'auto' = 'auto') => mockProviderSettings(url, { permissionMode, apiKey: MOCK_KEY });

/** Types a message into the panel and presses Send (trusted input from the remote protocol, as a person's). */
export async function send(panel: Page, text: string): Promise<void> {
  await panel.locator('textarea[aria-label="Message"]').fill(text);
  await panel.locator('::-p-aria([name="Send"][role="button"])').click();
}

/** Waits until the panel shows `text` (polling: a tab in the background gets no animation frames). */
export async function waitForText(panel: Page, text: string, timeoutMs = 90_000): Promise<void> {
  try {
    await panel.waitForFunction((t: string) => document.body.innerText.includes(t), { polling: 100, timeout: timeoutMs }, text);
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
  await panel.locator(`[role="dialog"] ::-p-aria([name="${answer}"][role="button"])`).click();
  await panel.waitForFunction(() => document.querySelector('[role="dialog"]') === null, { polling: 100 });
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
