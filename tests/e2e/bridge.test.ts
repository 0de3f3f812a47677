/**
 * The worker's BrowserBridge in the real browser: the content script is injected on demand (only into
 * the tab the agent works on, into all its frames), and browser failures reach the model as the codes
 * it can act on (NOT_INJECTABLE, TAB_CLOSED).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';

let ext: ExtensionHarness;
let fixtures: FixtureServer;
let mock: MockModelServer;

beforeAll(async () => {
  fixtures = await startFixtureServer('tests/e2e/pages');
  mock = await startMockModelServer();
  ext = await launchExtension({ settings: { provider: 'anthropic', anthropic: { apiKey: 'k', baseUrl: mock.url, model: 'm' }, permissionMode: 'ask' } });
});
afterAll(async () => {
  await ext?.close();
  await mock?.close();
  await fixtures?.close();
});
beforeEach(() => mock.reset());

/** Which frames of a tab have the content script (its flag lives in the extension's isolated world). */
const injectedFrames = (tabId: number) =>
  ext.evaluateInWorker(async (id) => {
    const results = await chrome.scripting.executeScript({
      target: { tabId: id, allFrames: true },
      func: () => (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('pagewright.content.installed')] === true,
    });
    return results.map((r) => r.result);
  }, tabId);

async function runTool(tabId: number, toolCall: { id: string; name: string; input: unknown }): Promise<{ text: string; isError: boolean }> {
  mock.enqueue({ toolCalls: [toolCall] }, { text: 'ok' });
  const panel: Page = await ext.openPanel(tabId);
  await panel.locator('textarea[aria-label="Message"]:not([placeholder="Connecting…"])').waitFor();
  await panel.getByRole('textbox', { name: 'Message' }).fill('Go');
  await panel.getByRole('button', { name: 'Send' }).click();
  const [, second] = await mock.waitForRequests(2, 20_000);
  await panel.close();
  const result = toolResultsOf(second!).find((r) => r.toolUseId === toolCall.id);
  if (!result) throw new Error('no tool result in the second request');
  return result;
}

describe('browser bridge', () => {
  it('injects the content script on demand into every frame of the tab the agent works on, and nowhere else', async () => {
    const target = await ext.context.newPage();
    await target.goto(`${fixtures.url}/with-frame.html`);
    const bystander = await ext.context.newPage();
    await bystander.goto(`${fixtures.url}/plain.html?bystander`);
    const targetId = await ext.tabIdOf(target);
    const bystanderId = await ext.tabIdOf(bystander);
    expect(await injectedFrames(targetId)).toEqual([false, false]);

    const result = await runTool(targetId, { id: 'toolu_read', name: 'read_page', input: {} });
    expect(result.isError).toBe(false);
    expect(result.text).toContain('Page with a frame');
    expect(await injectedFrames(targetId)).toEqual([true, true]);
    expect(await injectedFrames(bystanderId)).toEqual([false]);
    await Promise.all([target.close(), bystander.close()]);
  });

  it('refuses commands from a content script: a port is dropped, a request gets no answer', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${fixtures.url}/plain.html?sender-check`);
    const tabId = await ext.tabIdOf(page);
    // Code in the extension's isolated world of a page has exactly a content script's powers.
    const outcome = await ext.evaluateInWorker(async (id) => {
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
    expect(mock.requests).toHaveLength(0);
    await page.close();
  });

  it('gives NOT_INJECTABLE for browser pages and TAB_CLOSED for a closed tab', async () => {
    const home = await ext.context.newPage();
    await home.goto(`${fixtures.url}/plain.html?home`);
    const homeId = await ext.tabIdOf(home);
    // Host access does not cover chrome:// pages (not even their URLs), so the worker opens this one itself.
    const browserPageId = await ext.evaluateInWorker(async () => (await chrome.tabs.create({ url: 'chrome://version', active: false })).id ?? -1, undefined);
    expect(browserPageId).toBeGreaterThan(0);

    const restricted = await runTool(homeId, { id: 'toolu_chrome', name: 'get_page_text', input: { tab_id: browserPageId } });
    expect(restricted.isError).toBe(true);
    expect(JSON.parse(restricted.text)).toMatchObject({ error: { code: 'NOT_INJECTABLE', suggestion: expect.any(String) } });

    const gone = await ext.context.newPage();
    await gone.goto(`${fixtures.url}/plain.html?gone`);
    const goneId = await ext.tabIdOf(gone);
    await gone.close();
    mock.reset();
    const closed = await runTool(homeId, { id: 'toolu_closed', name: 'read_page', input: { tab_id: goneId } });
    expect(closed.isError).toBe(true);
    expect(JSON.parse(closed.text)).toMatchObject({ error: { code: 'TAB_CLOSED' } });
    await home.close();
    await ext.evaluateInWorker((id) => chrome.tabs.remove(id), browserPageId);
  });
});
