/** Shared steps for the tab/storage end-to-end tests: talk to the panel, read what the model was sent. */
import type { Page } from 'playwright-core';
import { toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';

/** Settings that point the extension at the mock model; `auto` runs non-destructive calls without asking. */
export const mockSettings = (url: string, permissionMode: 'ask' | 'auto' = 'auto') => ({
  provider: 'anthropic',
  anthropic: { apiKey: 'test-key', baseUrl: url, model: 'mock-model' },
  permissionMode,
});

/** Types a message into the panel and sends it. */
export async function send(panel: Page, text: string): Promise<void> {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The panel element of one tool call (by the tool-use id the mock model gave it). */
export const toolCall = (panel: Page, toolUseId: string) => panel.locator(`[data-tool-use-id="${toolUseId}"]`);

/** The text the model received as the result of `toolUseId`, from the recorded requests. */
export function resultText(server: MockModelServer, toolUseId: string): { text: string; isError: boolean } {
  for (const request of server.requests) {
    const found = toolResultsOf(request).find((r) => r.toolUseId === toolUseId);
    if (found) return { text: found.text, isError: found.isError };
  }
  throw new Error(`No request carried a result for ${toolUseId}; requests: ${server.requests.length}`);
}

/** The JSON result of `toolUseId`. */
export function resultJson<T = Record<string, unknown>>(server: MockModelServer, toolUseId: string): T {
  return JSON.parse(resultText(server, toolUseId).text) as T;
}

/** The newest tool result text in a request (for replies that depend on it). */
export function lastResultText(request: Parameters<typeof toolResultsOf>[0]): string {
  return toolResultsOf(request).at(-1)?.text ?? '';
}
