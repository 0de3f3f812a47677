/**
 * The tab and storage tools end to end: the mock model calls each tool through the real extension in
 * Chromium, and the tests check the browser's real state (tabs, downloads) and what the model was sent.
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { lastResultText, resultJson, resultText } from '../support/model-results.js';
import { send, toolCall } from '../support/panel-driver.js';

describe('tab and storage tools', () => {
  const e2e = useExtension({ fixtures: 'tests/fixtures', mock: true });
  const openFixture = (name: string) => e2e.open(`/tab-storage/${name}`);
  const openPanel = (tabId: number) => e2e.panel(tabId);
  const tabExists = (tabId: number) => e2e.ext.evaluateInWorker(async (id) => (await chrome.tabs.query({})).some((t) => t.id === id), tabId);

  it('list_tabs lists the tabs of the run’s window with the bound tab as current', async () => {
    const alpha = await openFixture('alpha.html');
    const beta = await openFixture('beta.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'tu_list', name: 'list_tabs', input: {} }] }, { text: 'Listed the tabs.' });
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Which tabs are open?');
    await panel.getByText('Listed the tabs.').waitFor();

    const result = resultJson<{ current_tab_id: number; tabs: Array<{ tab_id: number; title: string; url: string; active: boolean; current: boolean }> }>(
      e2e.mock,
      'tu_list',
    );
    const windowTabIds = await e2e.ext.evaluateInWorker(async (id) => {
      const tab = await chrome.tabs.get(id);
      return (await chrome.tabs.query({ windowId: tab.windowId })).map((t) => t.id);
    }, alpha.tabId);
    expect(result.tabs.map((t) => t.tab_id).sort()).toEqual([...windowTabIds].sort());
    expect(result.current_tab_id).toBe(alpha.tabId);
    expect(result.tabs.find((t) => t.tab_id === alpha.tabId)).toMatchObject({
      title: 'Alpha page',
      url: `${e2e.fixtures.url}/tab-storage/alpha.html`,
      current: true,
    });
    expect(result.tabs.find((t) => t.tab_id === beta.tabId)).toMatchObject({
      title: 'Beta page',
      url: `${e2e.fixtures.url}/tab-storage/beta.html`,
      current: false,
    });
    await expect.poll(() => toolCall(panel, 'tu_list').getAttribute('data-status')).toBe('done');
  });

  it('open_tab opens the URL in a new active tab that becomes the run’s current tab', async () => {
    const alpha = await openFixture('alpha.html');
    const betaUrl = `${e2e.fixtures.url}/tab-storage/beta.html`;
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_open', name: 'open_tab', input: { url: betaUrl } }] },
      { toolCalls: [{ id: 'tu_list', name: 'list_tabs', input: {} }] },
      { text: 'Opened it.' },
    );
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Open the beta page');
    await panel.getByText('Opened it.').waitFor();

    const opened = resultJson<{ tab_id: number; current: boolean }>(e2e.mock, 'tu_open');
    expect(opened.current).toBe(true);
    const tab = await e2e.ext.evaluateInWorker(async (id) => {
      const t = await chrome.tabs.get(id);
      return { url: t.url ?? t.pendingUrl, active: t.active };
    }, opened.tab_id);
    expect(tab).toEqual({ url: betaUrl, active: true });
    expect(resultJson<{ current_tab_id: number }>(e2e.mock, 'tu_list').current_tab_id).toBe(opened.tab_id);
    await e2e.ext.evaluateInWorker((id) => chrome.tabs.remove(id), opened.tab_id);
  });

  it('switch_tab moves the run: the next page tool without tab_id reads the other tab', async () => {
    const alpha = await openFixture('alpha.html');
    const beta = await openFixture('beta.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_switch', name: 'switch_tab', input: { tab_id: beta.tabId } }] },
      { toolCalls: [{ id: 'tu_text', name: 'get_page_text', input: { main_content: false } }] },
      { text: 'Switched and read.' },
    );
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Read the beta tab');
    await panel.getByText('Switched and read.').waitFor();

    expect(resultJson(e2e.mock, 'tu_switch')).toMatchObject({ tab_id: beta.tabId, previous_tab_id: alpha.tabId });
    const text = resultText(e2e.mock, 'tu_text');
    expect(text.isError).toBe(false);
    expect(text.text).toContain('BETA-MARKER');
    expect(text.text).not.toContain('ALPHA-MARKER');
    expect(await e2e.ext.evaluateInWorker(async (id) => (await chrome.tabs.get(id)).active, beta.tabId)).toBe(true);
  });

  it('close_tab asks first (destructive) and closes the tab once allowed', async () => {
    const alpha = await openFixture('alpha.html');
    const beta = await openFixture('beta.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'tu_close', name: 'close_tab', input: { tab_id: beta.tabId } }] }, { text: 'Closed it.' });
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Close the beta tab');

    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toMatch(new RegExp(`Close tab ${beta.tabId}`));
    // Not closed while the person has not answered.
    expect(await tabExists(beta.tabId)).toBe(true);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await panel.getByText('Closed it.').waitFor();
    expect(await tabExists(beta.tabId)).toBe(false);
    expect(resultJson(e2e.mock, 'tu_close')).toMatchObject({ closed_tab_id: beta.tabId, current_tab_id: alpha.tabId });
  });

  it('switch_tab to a closed tab gives the model TAB_CLOSED with a list_tabs suggestion', async () => {
    const alpha = await openFixture('alpha.html');
    const beta = await openFixture('beta.html');
    await beta.page.close();
    e2e.mock.enqueue({ toolCalls: [{ id: 'tu_gone', name: 'switch_tab', input: { tab_id: beta.tabId } }] }, { text: 'That tab is gone.' });
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Switch to the beta tab');
    await panel.getByText('That tab is gone.').waitFor();
    const result = resultText(e2e.mock, 'tu_gone');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text)).toMatchObject({ error: { code: 'TAB_CLOSED', suggestion: expect.stringContaining('list_tabs') } });
    await expect.poll(() => toolCall(panel, 'tu_gone').getAttribute('data-status')).toBe('error');
  });

  it('read_result reads the rest of a result that was stored over budget', async () => {
    const report = await openFixture('long-report.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_long', name: 'get_page_text', input: { main_content: false } }] },
      (request) => {
        const preview = lastResultText(request);
        const id = /stored as "([^"]+)"/.exec(preview)?.[1] ?? 'missing-id';
        const total = Number((/([\d,]+) characters in total/.exec(preview)?.[1] ?? '0').replace(/,/g, ''));
        return { toolCalls: [{ id: 'tu_read', name: 'read_result', input: { id, offset: Math.max(0, total - 3_000), limit: 5_000 } }] };
      },
      { text: 'Read the end of the report.' },
    );
    const panel = await openPanel(report.tabId);
    await send(panel, 'How does the report end?');
    await panel.getByText('Read the end of the report.').waitFor();

    const preview = resultText(e2e.mock, 'tu_long').text;
    expect(preview).toContain('REPORT-START');
    expect(preview).not.toContain('REPORT-END');
    expect(preview).toMatch(/read_result/);
    const page = resultText(e2e.mock, 'tu_read');
    expect(page.isError).toBe(false);
    expect(page.text).toMatch(/^\[Stored result \S+: characters \d+–\d+ of \d+; this is the end\.\]/);
    expect(page.text).toContain('REPORT-END: the final figure is 4217 widgets.');
  });

  it('memory_write / memory_read / memory_delete: a note outlives its conversation', async () => {
    const alpha = await openFixture('alpha.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_find1', name: 'tool_search', input: { query: 'select:memory_write' } }] },
      { toolCalls: [{ id: 'tu_write', name: 'memory_write', input: { key: 'favourite_colour', value: 'teal' } }] },
      { text: 'Noted.' },
    );
    const first = await openPanel(alpha.tabId);
    await send(first, 'Remember that my favourite colour is teal');
    await first.getByText('Noted.').waitFor();
    expect(resultJson(e2e.mock, 'tu_write')).toEqual({ key: 'favourite_colour', chars: 4, replaced: false });
    // The same store answers the settings view's one-shot request.
    const listed = await first.evaluate(() => chrome.runtime.sendMessage({ method: 'memory.list', params: {} }));
    expect(listed).toMatchObject({ ok: true, data: { entries: [{ key: 'favourite_colour', value: 'teal' }] } });

    // Another tab is another conversation.
    const beta = await openFixture('beta.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_find2', name: 'tool_search', input: { query: 'select:memory_read,memory_delete' } }] },
      { toolCalls: [{ id: 'tu_read', name: 'memory_read', input: { key: 'favourite_colour' } }] },
      { toolCalls: [{ id: 'tu_delete', name: 'memory_delete', input: { key: 'favourite_colour' } }] },
      { toolCalls: [{ id: 'tu_list', name: 'memory_read', input: {} }] },
      { text: 'Forgotten.' },
    );
    const second = await openPanel(beta.tabId);
    await send(second, 'What is my favourite colour? Then forget it.');
    const dialog = second.getByRole('dialog');
    await dialog.waitFor();
    expect(resultJson(e2e.mock, 'tu_read')).toMatchObject({ key: 'favourite_colour', value: 'teal' });
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await second.getByText('Forgotten.').waitFor();
    expect(resultJson(e2e.mock, 'tu_delete')).toEqual({ deleted: 'favourite_colour' });
    expect(resultJson<{ notes: unknown[] }>(e2e.mock, 'tu_list').notes).toEqual([]);
  });

  it('save_file refuses a path and saves a plain file through the browser’s downloads', async () => {
    const alpha = await openFixture('alpha.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_find', name: 'tool_search', input: { query: 'select:save_file' } }] },
      { toolCalls: [{ id: 'tu_bad', name: 'save_file', input: { filename: '../../.bashrc', content: 'echo pwned' } }] },
      {
        toolCalls: [
          { id: 'tu_save', name: 'save_file', input: { filename: 'trip-notes.md', content: '# Trip\n- pack the map\n', mime_type: 'text/markdown' } },
        ],
      },
      { text: 'Saved.' },
    );
    const panel = await openPanel(alpha.tabId);
    await send(panel, 'Save my trip notes');
    await panel.getByText('Saved.').waitFor();

    const bad = resultText(e2e.mock, 'tu_bad');
    expect(bad.isError).toBe(true);
    expect(JSON.parse(bad.text)).toMatchObject({ error: { code: 'INVALID_FILENAME' } });
    const saved = resultJson<{ download_id: number; filename: string; bytes: number }>(e2e.mock, 'tu_save');
    expect(saved).toMatchObject({ filename: 'trip-notes.md', bytes: 22 });
    await expect
      .poll(() => e2e.ext.evaluateInWorker(async (id) => (await chrome.downloads.search({ id }))[0]?.state, saved.download_id), { timeout: 20_000 })
      .toBe('complete');
    const items = await e2e.ext.evaluateInWorker(async () => (await chrome.downloads.search({})).map((d) => ({ id: d.id, filename: d.filename })), undefined);
    // Exactly one download: the path-traversal call never reached the browser.
    expect(items.map((d) => d.id)).toEqual([saved.download_id]);
  });
});
