/**
 * Runs page tools through the real extension the way the side panel does, without its UI: an extension
 * page opens the panel port, starts a new conversation on a tab and sends a message; the mock model
 * calls the given tools one per turn; the runner collects each `tool_call_finished` event (the text
 * the model got, the error code, the executor's own `durationMs`) until the run finishes.
 *
 *   const runner = await createToolRunner(ext, mock);
 *   const [read] = await runner.run(tabId, [{ name: 'read_page', input: {} }]);
 *
 * One conversation per call of `run`, so long corpus sweeps do not carry earlier pages in the history.
 */
import type { Page } from 'playwright-core';
import type { ExtensionHarness } from './extension.js';
import { toolResultsOf, type MockModelServer } from './mock-model-server.js';

/** One tool call as the run reported it. */
export interface ToolRun {
  name: string;
  /** The text the model received. */
  text: string;
  isError: boolean;
  /** The error code when the call failed. */
  code?: string;
  /** The executor's measure of the call (validation, permission, the call itself). */
  durationMs: number;
}

/** A call's input, or a function of the text the previous call returned (to use a ref it printed). */
export type ToolInput = Record<string, unknown> | ((previous: string) => Record<string, unknown>);

/** Drives tool calls through the extension's own run machinery. */
export interface ToolRunner {
  /**
   * Runs `calls` in order, one model turn each, in a new conversation on `tabId`. Page state (the
   * snapshot refs are checked against) belongs to a run: act on refs within the run that read them.
   * A permission prompt ends the call with an error instead of waiting for a person.
   */
  run(tabId: number, calls: ReadonlyArray<{ name: string; input: ToolInput }>, timeoutMs?: number): Promise<ToolRun[]>;
  /** How the last run ended (its stop reason, and the error's code and message when it failed). */
  readonly lastEnd: string;
  close(): Promise<void>;
}

interface Finished {
  name: string;
  content: Array<{ type: string; text?: string }>;
  isError: boolean;
  error?: { code: string };
  durationMs: number;
}

/** Opens an extension page to talk to the worker from; the mock model must have no queued replies. */
export async function createToolRunner(ext: ExtensionHarness, mock: MockModelServer): Promise<ToolRunner> {
  let page: Page = await ext.context.newPage();
  await page.goto(`${ext.origin}/popup/index.html`);
  let sequence = 0;
  let lastEnd = '';
  return {
    get lastEnd() {
      return lastEnd;
    },
    async run(tabId, calls, timeoutMs = 120_000) {
      const prefix = `run${sequence++}`;
      mock.enqueue(
        ...calls.map((call, index) => (request: Parameters<typeof toolResultsOf>[0]) => ({
          toolCalls: [
            {
              id: `${prefix}_${index}`,
              name: call.name,
              input: typeof call.input === 'function' ? call.input(toolResultsOf(request).at(-1)?.text ?? '') : call.input,
            },
          ],
        })),
        { text: 'done' },
      );
      if (page.isClosed()) {
        page = await ext.context.newPage();
        await page.goto(`${ext.origin}/popup/index.html`);
      }
      const finished = await page.evaluate(
        ({ tab, timeout }) =>
          new Promise<{ events: Finished[]; end: string }>((resolve, reject) => {
            const port = chrome.runtime.connect({ name: 'pagewright-panel' });
            const events: Finished[] = [];
            let conversationId: string | undefined;
            const timer = setTimeout(() => {
              port.disconnect();
              reject(new Error(`The run did not finish within ${timeout} ms; ${events.length} calls had finished.`));
            }, timeout);
            port.onMessage.addListener((message: { type: string; conversationId?: string; event?: { type: string } & Partial<Finished>; message?: string }) => {
              if (message.type === 'conversation_state' && conversationId === undefined) {
                conversationId = message.conversationId;
                port.postMessage({ type: 'send_message', conversationId, text: 'Read the page.' });
              } else if (message.type === 'permission_request' && message.conversationId === conversationId) {
                clearTimeout(timer);
                port.disconnect();
                reject(new Error(`The run asked the person for permission: ${JSON.stringify(message).slice(0, 300)}`));
              } else if (message.type === 'notice' && message.conversationId === undefined && conversationId !== undefined) {
                clearTimeout(timer);
                port.disconnect();
                reject(new Error(`The worker refused the run: ${message.message ?? ''}`));
              } else if (message.type === 'agent_event' && message.conversationId === conversationId && message.event) {
                const event = message.event as { type: string; reason?: string; error?: { code: string; message: string } } & Partial<Finished>;
                if (event.type === 'tool_call_finished') events.push(event as unknown as Finished);
                if (event.type === 'run_finished') {
                  clearTimeout(timer);
                  port.disconnect();
                  resolve({ events, end: [event.reason, event.error?.code, event.error?.message].filter(Boolean).join(' ') });
                }
              }
            });
            port.postMessage({ type: 'new_conversation', tabId: tab });
          }),
        { tab: tabId, timeout: timeoutMs },
      );
      lastEnd = finished.end;
      return finished.events.map((event) => ({
        name: event.name,
        text: event.content
          .filter((block) => block.type === 'text')
          .map((block) => block.text ?? '')
          .join('\n'),
        isError: event.isError,
        ...(event.error ? { code: event.error.code } : {}),
        durationMs: event.durationMs,
      }));
    },
    async close() {
      await page.close().catch(() => undefined);
    },
  };
}
