/**
 * A whole task: an agent driven by the mock model reads a page, fills and submits a form,
 * switches tabs and reads a stored result — in headless Chromium, through the real extension. Each
 * model reply is computed from what the extension actually sent (refs from read_page, tab ids from
 * list_tabs, the stored id from the preview), so the run only completes if every step really worked.
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import type { RecordedRequest } from '../support/mock-model-server.js';
import { lastResultText, resultJson, resultText } from '../support/model-results.js';
import { send } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

describe('agent task across a form and two tabs', () => {
  const e2e = useExtension({ fixtures: 'tests/fixtures', mock: true });

  it('reads a page, fills and submits a form, switches tabs and reads a stored result', async () => {
    const { page: form, tabId: formTab } = await e2e.open('/tab-storage/signup-form.html');
    const { tabId: reportTab } = await e2e.open('/tab-storage/long-report.html');

    let refs: { name: string; email: string; weekly: string; submit: string } | undefined;
    e2e.mock.enqueue(
      { text: 'Let me look at the form.', toolCalls: [{ id: 'tu_read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request: RecordedRequest) => {
        const tree = lastResultText(request);
        refs = {
          name: refIn(tree, 'textbox "Full name"'),
          email: refIn(tree, 'textbox "Email address"'),
          weekly: refIn(tree, 'checkbox "Weekly digest"'),
          submit: refIn(tree, 'button "Sign up"'),
        };
        return {
          toolCalls: [
            {
              id: 'tu_fill',
              name: 'fill_form',
              input: {
                fields: [
                  { ref: refs.name, value: 'Ada Lovelace' },
                  { ref: refs.email, value: 'ada@example.com' },
                  { ref: refs.weekly, value: 'true' },
                ],
              },
            },
          ],
        };
      },
      () => ({ toolCalls: [{ id: 'tu_click', name: 'click', input: { ref: refs?.submit ?? 'missing' } }] }),
      { toolCalls: [{ id: 'tu_tabs', name: 'list_tabs', input: {} }] },
      (request: RecordedRequest) => {
        const { tabs } = JSON.parse(lastResultText(request)) as { tabs: Array<{ tab_id: number; url: string }> };
        const target = tabs.find((t) => t.url.endsWith('/long-report.html'));
        return { toolCalls: [{ id: 'tu_switch', name: 'switch_tab', input: { tab_id: target?.tab_id ?? -1 } }] };
      },
      { toolCalls: [{ id: 'tu_text', name: 'get_page_text', input: { main_content: false } }] },
      (request: RecordedRequest) => {
        const preview = lastResultText(request);
        const id = /stored as "([^"]+)"/.exec(preview)?.[1] ?? 'missing-id';
        const total = Number((/([\d,]+) characters in total/.exec(preview)?.[1] ?? '0').replace(/,/g, ''));
        return { toolCalls: [{ id: 'tu_more', name: 'read_result', input: { id, offset: Math.max(0, total - 2_000), limit: 2_000 } }] };
      },
      { text: 'Signed you up, and the report ends at 4217 widgets.' },
    );

    const panel = await e2e.panel(formTab);
    await send(panel, 'Sign me up as Ada Lovelace (ada@example.com, weekly digest), then tell me how the report in my other tab ends.');
    await panel.getByText('Signed you up, and the report ends at 4217 widgets.').waitFor();

    // The form page really changed: values set and the submit handler ran.
    expect(await form.locator('#name').inputValue()).toBe('Ada Lovelace');
    expect(await form.locator('#email').inputValue()).toBe('ada@example.com');
    expect(await form.locator('#weekly').isChecked()).toBe(true);
    expect(await form.locator('#status').textContent()).toBe('Thanks, Ada Lovelace! Confirmation sent to ada@example.com (weekly digest).');

    // The run moved to the report tab, and the long text went through the store.
    expect(resultJson(e2e.mock, 'tu_switch')).toMatchObject({ tab_id: reportTab, previous_tab_id: formTab });
    expect(resultText(e2e.mock, 'tu_text').text).toMatch(/stored as "/);
    const more = resultText(e2e.mock, 'tu_more');
    expect(more.isError).toBe(false);
    expect(more.text).toContain('REPORT-END: the final figure is 4217 widgets.');

    // Every call succeeded, in order.
    for (const id of ['tu_read', 'tu_fill', 'tu_click', 'tu_tabs', 'tu_switch', 'tu_text', 'tu_more']) {
      expect(resultText(e2e.mock, id).isError, id).toBe(false);
      await expect.poll(() => panel.locator(`[data-tool-use-id="${id}"]`).getAttribute('data-status')).toBe('done');
    }
  });
});
