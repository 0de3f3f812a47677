/**
 * The platform end to end: the built extension in Chromium, the mock model server, the side panel as a
 * person uses it. Streamed text reaching the panel; both providers' wire formats; an over-budget result
 * stored in IndexedDB and read back; a quick action; invalid settings and a missing key shown to the
 * person. (A worker stopped mid-run: worker-restart.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { systemOf, toolResultsOf } from '../support/mock-model-server.js';
import { send } from '../support/panel-driver.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });

/** A fresh tab on a fixture page and a panel bound to it (so each test has its own conversation). */
const openPanelOn = (path: string) => e2e.tabWithPanel(`/${path}`);

beforeEach(() => e2e.ext.setSettings(e2e.settings));

describe('platform', () => {
  it('streams a text reply into the panel, with the tab described to the model', async () => {
    const { panel, tabId } = await openPanelOn('plain.html');
    e2e.mock.enqueue({ text: 'Hello from the **mock** model, streamed in pieces.', chunkDelayMs: 20 });
    await send(panel, 'Say hello');
    await panel.getByText('Hello from the').first().waitFor();
    await panel.locator('strong', { hasText: 'mock' }).first().waitFor();
    const [request] = e2e.mock.requests;
    expect(request?.body.stream).toBe(true);
    expect(request?.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(JSON.stringify(request?.body.messages.at(-1))).toContain('Say hello');
    expect(systemOf(request!)).toContain(`tab ${tabId}`);
    expect(systemOf(request!)).toContain('untrusted');
    // Tools went with the request (page tools from the static list), and the key stayed in the header.
    expect(request?.body.tools.length).toBeGreaterThan(3);
    expect(request?.headers['x-api-key']).toBe('test-key');
  });

  it('works with an OpenAI-compatible provider (settings shape `openai: {...}`)', async () => {
    await e2e.ext.setSettings({ provider: 'openai', openai: { apiKey: 'sk-test', baseUrl: `${e2e.mock.url}/v1`, model: 'mock-gpt' }, permissionMode: 'ask' });
    const { panel } = await openPanelOn('plain.html');
    e2e.mock.enqueue({ text: 'Hello over chat completions.' });
    await send(panel, 'Hi OpenAI');
    await panel.getByText('Hello over chat completions.').first().waitFor();
    expect(e2e.mock.requests[0]?.path).toBe('/v1/chat/completions');
    expect(e2e.mock.requests[0]?.provider).toBe('openai');
    expect(e2e.mock.requests[0]?.headers['authorization']).toBe('Bearer sk-test');
  });

  it('stores an over-budget result in IndexedDB: the model gets the preview, the full text reads back', async () => {
    await e2e.ext.setSettings({ ...e2e.settings, permissionMode: 'auto' });
    const { panel } = await openPanelOn('long-text.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'toolu_text_1', name: 'get_page_text', input: { main_content: false } }] }, { text: 'That page is long.' });
    await send(panel, 'Read the whole page');
    await panel.getByText('That page is long.').first().waitFor();

    const [result] = toolResultsOf(e2e.mock.requests[1]!);
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
  });

  it('a quick action (popup, context menu) runs in the tab’s conversation; the popup shows the active run', async () => {
    const { tabId } = await e2e.open('/plain.html?quick');
    e2e.mock.enqueue({ hang: true, text: 'Summarizing…' });
    const popup = e2e.track(await e2e.ext.context.newPage());
    await popup.goto(`${e2e.ext.origin}/popup/index.html`);
    const started = await popup.evaluate(
      (id) => chrome.runtime.sendMessage({ method: 'quickAction.start', params: { tabId: id, prompt: 'Summarize this page.' } }),
      tabId,
    );
    expect(started).toMatchObject({ ok: true });
    await e2e.mock.waitForRequests(1);
    expect(JSON.stringify(e2e.mock.requests[0]?.body.messages)).toContain('Summarize this page.');

    // The popup (here open in its own tab) reports the run going on in another tab.
    await popup.reload();
    await expect.poll(() => popup.getByRole('status', { name: 'Run status' }).textContent(), { timeout: 30_000 }).toContain('1 run(s) active');

    // A panel opened on the tab shows that conversation, running; Stop ends it.
    const panel = e2e.track(await e2e.ext.openPanel(tabId));
    await panel.getByText('Summarize this page.').first().waitFor();
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(() => popup.evaluate(() => chrome.runtime.sendMessage({ method: 'status.get', params: {} })))
      .toMatchObject({ ok: true, data: { runs: [] } });
  });

  it('shows invalid settings to the person and does not call the model', async () => {
    await e2e.ext.setSettings({ provider: 'carrier-pigeon', anthropic: { baseUrl: 'not a url' } });
    const { panel } = await openPanelOn('plain.html');
    await panel.getByText('The saved settings are invalid', { exact: false }).first().waitFor();
    await send(panel, 'Hello?');
    await panel.getByText('provider', { exact: false }).first().waitFor();
    expect(e2e.mock.requests).toHaveLength(0);
  });

  it('opens on the setup card when no API key is set, and the message box waits for a model', async () => {
    await e2e.ext.setSettings({ provider: 'anthropic', anthropic: { baseUrl: e2e.mock.url } });
    const { panel } = await openPanelOn('plain.html');
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
    expect(e2e.mock.requests).toHaveLength(0);
  });
});
