/**
 * The worker's BrowserBridge in the real browser: the content script is injected on demand (only into
 * the tab the agent works on, into all its frames), and browser failures reach the model as the codes
 * it can act on (NOT_INJECTABLE, TAB_CLOSED).
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { send } from '../support/panel-driver.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask', model: 'm' } });

/** Which frames of a tab have the content script (its flag lives in the extension's isolated world). */
const injectedFrames = (tabId: number) =>
  e2e.ext.evaluateInWorker(async (id) => {
    const results = await chrome.scripting.executeScript({
      target: { tabId: id, allFrames: true },
      func: () => (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('pagewright.content.installed')] === true,
    });
    return results.map((r) => r.result);
  }, tabId);

async function runTool(tabId: number, toolCall: { id: string; name: string; input: unknown }): Promise<{ text: string; isError: boolean }> {
  e2e.mock.enqueue({ toolCalls: [toolCall] }, { text: 'ok' });
  const panel = await e2e.panel(tabId);
  await send(panel, 'Go');
  const [, second] = await e2e.mock.waitForRequests(2, 20_000);
  await panel.close();
  const result = toolResultsOf(second!).find((r) => r.toolUseId === toolCall.id);
  if (!result) throw new Error('no tool result in the second request');
  return result;
}

describe('browser bridge', () => {
  it('injects the content script on demand into every frame of the tab the agent works on, and nowhere else', async () => {
    const { tabId: targetId } = await e2e.open('/with-frame.html');
    const { tabId: bystanderId } = await e2e.open('/plain.html?bystander');
    expect(await injectedFrames(targetId)).toEqual([false, false]);

    const result = await runTool(targetId, { id: 'toolu_read', name: 'read_page', input: {} });
    expect(result.isError).toBe(false);
    expect(result.text).toContain('Page with a frame');
    expect(await injectedFrames(targetId)).toEqual([true, true]);
    expect(await injectedFrames(bystanderId)).toEqual([false]);
  });

  it('refuses commands from a content script: a port is dropped, a request gets no answer', async () => {
    const { tabId } = await e2e.open('/plain.html?sender-check');
    // Code in the extension's isolated world of a page has exactly a content script's powers.
    const outcome = await e2e.ext.evaluateInWorker(async (id) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: () =>
          new Promise<{ port: string; request: string }>((resolve) => {
            const port = chrome.runtime.connect({ name: 'pagewright-panel' });
            let portOutcome = 'open';
            port.onMessage.addListener(() => (portOutcome = 'answered'));
            port.onDisconnect.addListener(() => (portOutcome = portOutcome === 'answered' ? 'answered' : 'dropped'));
            port.postMessage({ type: 'list_conversations' });
            port.postMessage({ type: 'new_conversation', tabId: 1 });
            const request = chrome.runtime.sendMessage({ method: 'quickAction.start', params: { tabId: 1, prompt: 'from a page' } }).then(
              (answer: unknown) => (answer === undefined ? 'no answer' : `answered ${JSON.stringify(answer)}`),
              (error: unknown) => `no answer (${String(error)})`,
            );
            void request.then((r) => setTimeout(() => resolve({ port: portOutcome, request: r }), 300));
          }),
      });
      return result?.result;
    }, tabId);
    expect(outcome?.port).toBe('dropped');
    expect(outcome?.request).toMatch(/^no answer/);
    expect(e2e.mock.requests).toHaveLength(0);
  });

  it('gives NOT_INJECTABLE for browser pages and TAB_CLOSED for a closed tab', async () => {
    const { tabId: homeId } = await e2e.open('/plain.html?home');
    // Host access does not cover chrome:// pages (not even their URLs), so the worker opens this one itself.
    const browserPageId = await e2e.ext.evaluateInWorker(
      async () => (await chrome.tabs.create({ url: 'chrome://version', active: false })).id ?? -1,
      undefined,
    );
    expect(browserPageId).toBeGreaterThan(0);

    const restricted = await runTool(homeId, { id: 'toolu_chrome', name: 'get_page_text', input: { tab_id: browserPageId } });
    expect(restricted.isError).toBe(true);
    expect(JSON.parse(restricted.text)).toMatchObject({ error: { code: 'NOT_INJECTABLE', suggestion: expect.any(String) } });

    const { page: gone, tabId: goneId } = await e2e.open('/plain.html?gone');
    await gone.close();
    e2e.mock.reset();
    const closed = await runTool(homeId, { id: 'toolu_closed', name: 'read_page', input: { tab_id: goneId } });
    expect(closed.isError).toBe(true);
    expect(JSON.parse(closed.text)).toMatchObject({ error: { code: 'TAB_CLOSED' } });
    await e2e.ext.evaluateInWorker((id) => chrome.tabs.remove(id), browserPageId);
  });
});
