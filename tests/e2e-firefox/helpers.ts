/** Steps shared by the Firefox end-to-end tests: the panel as a person uses it, and the scripted model's turns. */
import type { Page } from 'puppeteer-core';
import { toolResultsOf, type MockModelServer, type MockReply, type RecordedRequest } from '../support/mock-model-server.js';

/** Settings for the mock model at `url`. */
export const mockSettings = (url: string, permissionMode: 'ask' | 'auto' = 'auto') => ({
  provider: 'anthropic',
  anthropic: { apiKey: 'test-key-firefox-secret-0123456789', baseUrl: url, model: 'mock-model' },
  permissionMode,
});

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

/** A model turn that calls one tool, its input computed from the previous tool result's text. */
export const step =
  (id: string, name: string, input: (previous: string) => Record<string, unknown>) =>
  (request: RecordedRequest): MockReply => ({
    toolCalls: [{ id, name, input: input(toolResultsOf(request).at(-1)?.text ?? '') }],
  });

/** The ref on the first line of a tool result that contains `needle`. */
export function refIn(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  const ref = line && /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`No ref for ${needle} in:\n${text.slice(0, 3_000)}`);
  return ref;
}

/** The result the model received for `toolUseId`. */
export function resultOf(server: MockModelServer, toolUseId: string): { text: string; isError: boolean } {
  for (const request of server.requests) {
    const found = toolResultsOf(request).find((r) => r.toolUseId === toolUseId);
    if (found) return found;
  }
  throw new Error(`No request carried a result for ${toolUseId}; requests: ${server.requests.length}`);
}
