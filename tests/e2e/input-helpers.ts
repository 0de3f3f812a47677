/** Shared steps for the input and real-app end-to-end tests: scripted model turns and reading their results. */
import type { Page } from 'playwright-core';
import type { ExtensionHarness } from '../support/extension.js';
import { toolResultsOf, type MockModelServer, type MockReply, type RecordedRequest } from '../support/mock-model-server.js';
import { lastResultText, resultText, send } from './tab-storage-helpers.js';

/** A model turn that calls one tool, its input computed from the previous tool result's text. */
export const step =
  (id: string, name: string, input: (previous: string) => Record<string, unknown>) =>
  (request: RecordedRequest): MockReply => ({
    toolCalls: [{ id, name, input: input(lastResultText(request)) }],
  });

/** The ref on the first line of a tool result that contains `needle` (`[ref=e12]`, `[ref=f3e12]`). */
export function refIn(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  const ref = line && /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`No ref for ${needle} in:\n${text.slice(0, 3_000)}`);
  return ref;
}

/** The result the model got for a tool call. */
export const resultOf = (server: MockModelServer, toolUseId: string) => resultText(server, toolUseId);

/** Opens the panel on the tab, sends a message, and waits for the model's final text. */
export async function converse(ext: ExtensionHarness, opened: Page[], tabId: number, message: string, done: string, mock?: MockModelServer): Promise<Page> {
  const panel = await ext.openPanel(tabId);
  opened.push(panel);
  await send(panel, message);
  try {
    await panel.getByText(done).waitFor({ timeout: 90_000 });
  } catch (error) {
    // Say how far the run got: the last results the model was sent.
    const results = (mock?.requests ?? []).flatMap((request) => toolResultsOf(request).map((r) => `${r.toolUseId}: ${r.text.slice(0, 400)}`)).join('\n');
    throw new Error(`The run did not finish with "${done}" (${mock?.requests.length ?? '?'} model requests).\n${results}`, { cause: error });
  }
  return panel;
}
