/**
 * The platform end to end: the built extension in Chromium, the mock model server, the side panel as a
 * person uses it. Streamed text reaching the panel; a worker force-stopped mid-run (conversation intact,
 * shown interrupted, Resume works, the in-flight call not re-run); an over-budget result stored in
 * IndexedDB and read back; invalid settings and a missing key shown to the person.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, systemOf, toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';

let ext: ExtensionHarness;
let fixtures: FixtureServer;
let mock: MockModelServer;

const settingsFor = (server: MockModelServer, extra: Record<string, unknown> = {}) => ({
  provider: 'anthropic',
  anthropic: { apiKey: 'test-key', baseUrl: server.url, model: 'mock-model' },
  permissionMode: 'ask',
  ...extra,
});

async function openPanelOn(path: string): Promise<{ page: Page; panel: Page; tabId: number }> {
  const page = await ext.context.newPage();
  await page.goto(`${fixtures.url}/${path}${path.includes('?') ? '&' : '?'}${Math.random().toString(36).slice(2)}`);
  const tabId = await ext.tabIdOf(page);
  const panel = await ext.openPanel(tabId);
  await panel.locator('textarea[aria-label="Message"]:not([placeholder="Connecting…"])').waitFor();
  return { page, panel, tabId };
}

async function send(panel: Page, text: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

beforeAll(async () => {
  fixtures = await startFixtureServer('tests/e2e/pages');
  mock = await startMockModelServer();
  ext = await launchExtension({ settings: settingsFor(mock) });
});

afterAll(async () => {
  await ext?.close();
  await mock?.close();
  await fixtures?.close();
});

beforeEach(async () => {
  mock.reset();
  await ext.setSettings(settingsFor(mock));
});

describe('platform', () => {
  it('streams a text reply into the panel, with the tab described to the model', async () => {
    const { panel, page, tabId } = await openPanelOn('plain.html');
    mock.enqueue({ text: 'Hello from the **mock** model, streamed in pieces.', chunkDelayMs: 20 });
    await send(panel, 'Say hello');
    await panel.getByText('Hello from the').first().waitFor();
    await panel.locator('strong', { hasText: 'mock' }).first().waitFor();
    const [request] = mock.requests;
    expect(request?.body.stream).toBe(true);
    expect(request?.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(JSON.stringify(request?.body.messages.at(-1))).toContain('Say hello');
    expect(systemOf(request!)).toContain(`tab ${tabId}`);
    expect(systemOf(request!)).toContain('untrusted');
    // Tools went with the request (page tools from the static list), and the key stayed in the header.
    expect(request?.body.tools.length).toBeGreaterThan(3);
    expect(request?.headers['x-api-key']).toBe('test-key');
    await panel.close();
    await page.close();
  });

  it('works with an OpenAI-compatible provider (settings shape `openai: {...}`)', async () => {
    await ext.setSettings({ provider: 'openai', openai: { apiKey: 'sk-test', baseUrl: `${mock.url}/v1`, model: 'mock-gpt' }, permissionMode: 'ask' });
    const { panel, page } = await openPanelOn('plain.html');
    mock.enqueue({ text: 'Hello over chat completions.' });
    await send(panel, 'Hi OpenAI');
    await panel.getByText('Hello over chat completions.').first().waitFor();
    expect(mock.requests[0]?.path).toBe('/v1/chat/completions');
    expect(mock.requests[0]?.provider).toBe('openai');
    expect(mock.requests[0]?.headers['authorization']).toBe('Bearer sk-test');
    await panel.close();
    await page.close();
  });

  it('survives a worker stop mid-run: conversation intact, shown interrupted, Resume does not re-run the in-flight call', async () => {
    const { panel, page } = await openPanelOn('plain.html');
    mock.enqueue({ text: 'Waiting a moment.', toolCalls: [{ id: 'toolu_wait_1', name: 'wait_for', input: { seconds: 25 } }] });
    await send(panel, 'Wait for the page, please');
    await panel.locator('[data-tool-use-id="toolu_wait_1"][data-status="running"]').waitFor();

    await ext.stopWorker();

    // The panel reconnects to the restarted worker and shows the saved conversation as interrupted.
    await panel.getByRole('button', { name: 'Resume' }).waitFor({ timeout: 30_000 });
    await panel.getByText('Wait for the page, please').first().waitFor();
    await panel.getByText('Waiting a moment.').first().waitFor();
    await expect.poll(() => panel.locator('[data-tool-use-id="toolu_wait_1"]').getAttribute('data-status'), { timeout: 30_000 }).toBe('error');
    expect(mock.requests).toHaveLength(1);

    mock.enqueue({ text: 'Resumed after the restart.' });
    await panel.getByRole('button', { name: 'Resume' }).click();
    await panel.getByText('Resumed after the restart.').first().waitFor();

    // The model got the INTERRUPTED result for the cut-off call; the call itself was not run again.
    const resumed = mock.requests[1]!;
    const results = toolResultsOf(resumed);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolUseId: 'toolu_wait_1', isError: true });
    expect(results[0]?.text).toContain('INTERRUPTED');
    expect(await panel.locator('[data-tool-use-id="toolu_wait_1"]').count()).toBe(1);
    expect(mock.requests).toHaveLength(2);
    await panel.close();
    await page.close();
  });

  it('stores an over-budget result in IndexedDB: the model gets the preview, the full text reads back', async () => {
    await ext.setSettings(settingsFor(mock, { permissionMode: 'auto' }));
    const { panel, page } = await openPanelOn('long-text.html');
    mock.enqueue({ toolCalls: [{ id: 'toolu_text_1', name: 'get_page_text', input: { main_content: false } }] }, { text: 'That page is long.' });
    await send(panel, 'Read the whole page');
    await panel.getByText('That page is long.').first().waitFor();

    const [result] = toolResultsOf(mock.requests[1]!);
    expect(result?.isError).toBe(false);
    expect(result?.text).toContain('result_toolu_text_1');
    expect(result?.text.length).toBeLessThan(5_000);
    expect(result?.text).not.toContain('THE-LAST-PARAGRAPH-MARKER');

    // Read back through the panel's own request, as "Open full result" does.
    const answer = (await panel.evaluate(
      (storedId) => chrome.runtime.sendMessage({ method: 'results.read', params: { storedId } }),
      'result_toolu_text_1',
    )) as {
      ok: boolean;
      data?: { content: string };
      error?: unknown;
    };
    const stored = { content: answer.data?.content, error: answer.error };
    expect(stored.error).toBeUndefined();
    expect(stored.content?.length).toBeGreaterThan(50_000);
    expect(stored.content).toContain('THE-LAST-PARAGRAPH-MARKER');
    expect(stored.content).toContain('Paragraph 0:');
    await panel.close();
    await page.close();
  });

  it('a quick action (popup, context menu) runs in the tab’s conversation; the popup shows the active run', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${fixtures.url}/plain.html?quick`);
    const tabId = await ext.tabIdOf(page);
    mock.enqueue({ hang: true, text: 'Summarizing…' });
    const popup = await ext.context.newPage();
    await popup.goto(`${ext.origin}/popup/index.html`);
    const started = await popup.evaluate(
      (id) => chrome.runtime.sendMessage({ method: 'quickAction.start', params: { tabId: id, prompt: 'Summarize this page.' } }),
      tabId,
    );
    expect(started).toMatchObject({ ok: true });
    await mock.waitForRequests(1);
    expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('Summarize this page.');

    // The popup (here open in its own tab) reports the run going on in another tab.
    await popup.reload();
    await expect.poll(() => popup.getByRole('status', { name: 'Run status' }).textContent(), { timeout: 30_000 }).toContain('1 run(s) active');

    // A panel opened on the tab shows that conversation, running; Stop ends it.
    const panel = await ext.openPanel(tabId);
    await panel.getByText('Summarize this page.').first().waitFor();
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(() => popup.evaluate(() => chrome.runtime.sendMessage({ method: 'status.get', params: {} })))
      .toMatchObject({ ok: true, data: { runs: [] } });
    await Promise.all([panel.close(), popup.close(), page.close()]);
  });

  it('shows invalid settings to the person and does not call the model', async () => {
    await ext.setSettings({ provider: 'carrier-pigeon', anthropic: { baseUrl: 'not a url' } });
    const { panel, page } = await openPanelOn('plain.html');
    await panel.getByText('The saved settings are invalid', { exact: false }).first().waitFor();
    await send(panel, 'Hello?');
    await panel.getByText('provider', { exact: false }).first().waitFor();
    expect(mock.requests).toHaveLength(0);
    await panel.close();
    await page.close();
  });

  it('opens on the setup card when no API key is set, and the message box waits for a model', async () => {
    await ext.setSettings({ provider: 'anthropic', anthropic: { baseUrl: mock.url } });
    const { panel, page } = await openPanelOn('plain.html');
    await panel.getByRole('heading', { name: 'Set up a model' }).waitFor();
    expect(await panel.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    // Saved without the key it needs, the card says what is missing rather than coming back.
    await panel.getByRole('button', { name: 'Save and start' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Paste the API key first' }).waitFor();
    // A key pasted and saved there: the card gives way to the example requests, and a run can start.
    await panel.getByLabel('API key').fill('test-key');
    await panel.getByRole('button', { name: 'Save and start' }).click();
    await panel.getByRole('button', { name: 'Summarize this page' }).waitFor();
    expect(await panel.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(false);
    expect(mock.requests).toHaveLength(0);
    await panel.close();
    await page.close();
  });
});
