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
 * Runs may overlap (on different tabs): each run's message names it, and the mock's script handler
 * answers a request from the run it names and the turns that run has had.
 */
import type { Page } from 'playwright-core';
import type { ExtensionHarness } from './extension.js';
import { lastUserTextOf, toolResultsOf, type MockModelServer, type RecordedRequest } from './mock-model-server.js';

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
   * A permission prompt ends the call with an error instead of waiting for a person. Runs on different
   * tabs may be awaited together.
   */
  run(tabId: number, calls: ReadonlyArray<{ name: string; input: ToolInput }>, timeoutMs?: number): Promise<ToolRun[]>;
  /** How the run that returned `runs` ended (its stop reason, and the error's code and message when it failed). */
  endOf(runs: readonly ToolRun[]): string;
  close(): Promise<void>;
}

interface Finished {
  name: string;
  content: Array<{ type: string; text?: string }>;
  isError: boolean;
  error?: { code: string };
  durationMs: number;
}

type Calls = ReadonlyArray<{ name: string; input: ToolInput }>;

/** The turns of the model's side of a conversation so far (each was one reply of the mock). */
function turnsOf(request: RecordedRequest): number {
  const messages = (Array.isArray(request.body?.messages) ? request.body.messages : []) as Array<{ role?: string }>;
  return messages.filter((message) => message?.role === 'assistant').length;
}

/** Opens an extension page to talk to the worker from; the mock model must have no queued replies, and its script handler becomes the runner's. */
export async function createToolRunner(ext: ExtensionHarness, mock: MockModelServer): Promise<ToolRunner> {
  // In a window of its own, so the tab it drives stays shown (see ExtensionHarness.openInWindow).
  let page: Page = await ext.openInWindow('popup/index.html');
  let sequence = 0;
  const ends = new WeakMap<readonly ToolRun[], string>();
  const scripts = new Map<string, Calls>();
  // The run a request belongs to is named in its person's message; its next call is the one after the turns it has had.
  const reply = (request: RecordedRequest) => {
    const id = /\(pagewright-run (run\d+)\)/.exec(lastUserTextOf(request))?.[1];
    const calls = id === undefined ? undefined : scripts.get(id);
    if (calls === undefined) throw new Error(`tool runner: request #${request.index + 1} names no run of this runner`);
    const turn = turnsOf(request);
    const call = calls[turn];
    if (call === undefined) return { text: 'done' };
    const input = typeof call.input === 'function' ? call.input(toolResultsOf(request).at(-1)?.text ?? '') : call.input;
    return { toolCalls: [{ id: `${id}_${turn}`, name: call.name, input }] };
  };
  return {
    endOf: (runs) => ends.get(runs) ?? 'not a run of this runner',
    async run(tabId, calls, timeoutMs = 120_000) {
      const id = `run${sequence++}`;
      scripts.set(id, calls);
      // A test's reset between runs clears the handler: set it for every run.
      mock.script(reply);
      if (page.isClosed()) page = await ext.openInWindow('popup/index.html');
      const finished = await page
        .evaluate(
          ({ tab, timeout, text }) =>
            new Promise<{ events: Finished[]; end: string }>((resolve, reject) => {
              const port = chrome.runtime.connect({ name: 'pagewright-panel' });
              const events: Finished[] = [];
              let conversationId: string | undefined;
              const timer = setTimeout(() => {
                port.disconnect();
                reject(new Error(`The run did not finish within ${timeout} ms; ${events.length} calls had finished.`));
              }, timeout);
              port.onMessage.addListener(
                (message: { type: string; conversationId?: string; event?: { type: string } & Partial<Finished>; message?: string }) => {
                  if (message.type === 'conversation_state' && conversationId === undefined) {
                    conversationId = message.conversationId;
                    port.postMessage({ type: 'send_message', conversationId, text });
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
                },
              );
              port.postMessage({ type: 'new_conversation', tabId: tab });
            }),
          { tab: tabId, timeout: timeoutMs, text: `Read the page. (pagewright-run ${id})` },
        )
        .finally(() => scripts.delete(id));
      const runs = finished.events.map((event) => ({
        name: event.name,
        text: event.content
          .filter((block) => block.type === 'text')
          .map((block) => block.text ?? '')
          .join('\n'),
        isError: event.isError,
        ...(event.error ? { code: event.error.code } : {}),
        durationMs: event.durationMs,
      }));
      ends.set(runs, finished.end);
      return runs;
    },
    async close() {
      await page.close().catch(() => undefined);
    },
  };
}
