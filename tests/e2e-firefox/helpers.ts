/** Steps shared by the Firefox end-to-end tests: the panel as a person uses it, and the scripted model's turns. */
import type { Page } from 'puppeteer-core';
import { mockProviderSettings } from '../support/mock-model-server.js';

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
