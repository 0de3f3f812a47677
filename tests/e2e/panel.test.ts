/**
 * The side panel end to end, during a run: the built extension in Chromium, the mock model server
 * speaking the real Anthropic stream, and the panel driven the way a person would (the "Message" box,
 * Enter, Stop, the permission dialog). Each test asserts both what the person sees and what the model
 * was sent. Around runs (provider errors, settings, memory, conversations, the tab it follows):
 * panel-settings.test.ts.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { startFixtureServer } from '../support/fixture-server.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { send as sendMessage } from '../support/panel-driver.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });
const auto = () => ({ ...e2e.settings, permissionMode: 'auto' });

/** A fresh fixture tab and a panel bound to it (so each test has its own conversation). */
const openPanelOnFixture = (file = 'plain.html') => e2e.tabWithPanel(`/${file}`);
/** Sends with the Enter key, as a person at the keyboard does. */
const send = (panel: Page, text: string) => sendMessage(panel, text, { by: 'Enter' });

const toolCall = (panel: Page, name: string, status?: string) => panel.locator(`[data-tool-name="${name}"]${status ? `[data-status="${status}"]` : ''}`);

beforeEach(() => e2e.ext.setSettings(e2e.settings));

describe('side panel', () => {
  it('streams a text reply and renders it as sanitized Markdown', async () => {
    const { panel } = await openPanelOnFixture();
    e2e.mock.enqueue({
      text: 'Hello **world**. <img src=x onerror="document.title=\'pwned\'"> See [the docs](https://example.com/docs) or [this](javascript:alert(1)).',
      chunkDelayMs: 15,
    });
    // Shift+Enter is a newline, not a send.
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    expect(e2e.mock.requests).toHaveLength(0);
    await send(panel, 'Say hello');
    const reply = panel.locator('.message.assistant').last();
    await expect.poll(() => reply.locator('strong').textContent()).toBe('world');
    // The run's meter appears when the reply is done.
    await panel.getByText(/^This run: \d/).waitFor();
    expect(await reply.locator('img').count()).toBe(0);
    expect(await reply.textContent()).toContain('<img src=x');
    const docs = reply.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await docs.getAttribute('rel')).toContain('noopener');
    expect(await reply.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await panel.title()).toBe('Pagewright');
    expect(e2e.mock.requests[0]?.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(await panel.locator('.person-text').last().textContent()).toBe('Say hello');
  });

  it('asks before a tool call; "Allow once" runs it', async () => {
    const { panel } = await openPanelOnFixture();
    const target = `${e2e.fixtures.url}/plain.html?opened=allow`;
    e2e.mock.enqueue({ toolCalls: [{ id: 'toolu_allow', name: 'open_tab', input: { url: target, active: false } }] }, { text: 'Opened it.' });
    await send(panel, 'Open the page in a background tab');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('open_tab');
    expect(await dialog.textContent()).toContain(new URL(e2e.fixtures.url).host);
    // Keyboard: the focus is inside the dialog when it opens.
    expect(await panel.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await panel.locator('[data-tool-use-id="toolu_allow"][data-status="done"]').waitFor();
    await panel.getByText('Opened it.').waitFor();
    const [, second] = await e2e.mock.waitForRequests(2);
    expect(toolResultsOf(second!)).toEqual([expect.objectContaining({ toolUseId: 'toolu_allow', isError: false })]);
    // The allowed call really ran: the tab exists.
    await expect.poll(() => e2e.ext.context.pages().some((p) => p.url() === target)).toBe(true);
  });

  it('runs a turn of read-only calls in parallel without asking, grouped in the panel, results in call order', async () => {
    const { page, panel } = await openPanelOnFixture();
    e2e.mock.enqueue(
      {
        toolCalls: [
          { id: 'toolu_par_a', name: 'wait_for', input: { text: 'Both are watching' } },
          { id: 'toolu_par_b', name: 'wait_for', input: { text: 'Both are watching' } },
          { id: 'toolu_par_c', name: 'find', input: { query: 'Plain' } },
        ],
      },
      { text: 'All three came back.' },
    );
    await send(panel, 'Watch the page twice and find the heading');
    // Both waits must have started (not "Queued") before the text they wait for appears: run one after
    // the other, the second would still be queued behind the first, which only ends once the text is there.
    const badge = (id: string) => panel.locator(`[data-tool-use-id="${id}"] .status-badge`);
    await expect.poll(() => badge('toolu_par_a').textContent()).toBe('Running');
    await expect.poll(() => badge('toolu_par_b').textContent()).toBe('Running');
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'Both are watching' })));
    await panel.getByText('All three came back.').waitFor();
    expect(await panel.getByRole('dialog').count()).toBe(0);
    expect(await panel.locator('section.tool-group[aria-label="2 calls of Wait"] [data-status="done"]').count()).toBe(2);
    const [, second] = await e2e.mock.waitForRequests(2);
    expect(toolResultsOf(second!).map((result) => [result.toolUseId, result.isError])).toEqual([
      ['toolu_par_a', false],
      ['toolu_par_b', false],
      ['toolu_par_c', false],
    ]);
  });

  it('"Deny" with a reason gives the model PERMISSION_DENIED and the reason', async () => {
    const { panel } = await openPanelOnFixture();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_deny', name: 'open_tab', input: { url: `${e2e.fixtures.url}/plain.html?opened=deny`, active: false } }] },
      { text: 'Understood.' },
    );
    await send(panel, 'Open another tab');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('Tell the agent why (if you deny)').click();
    await dialog.getByRole('textbox').fill('Not during the demo');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await panel.locator('[data-tool-use-id="toolu_deny"][data-status="rejected"]').waitFor();
    const [, second] = await e2e.mock.waitForRequests(2);
    const [result] = toolResultsOf(second!);
    expect(result).toMatchObject({ toolUseId: 'toolu_deny', isError: true });
    expect(result?.text).toContain('PERMISSION_DENIED');
    expect(result?.text).toContain('Not during the demo');
    await panel.getByText('Understood.').waitFor();
    // The denied call did not run.
    expect(e2e.ext.context.pages().some((p) => p.url().includes('opened=deny'))).toBe(false);
  });

  it('keeps Tab inside the dialog, and Escape denies', async () => {
    const { panel } = await openPanelOnFixture();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_esc', name: 'open_tab', input: { url: `${e2e.fixtures.url}/plain.html?esc`, active: false } }] },
      { text: 'OK.' },
    );
    await send(panel, 'Open a tab');
    await panel.getByRole('dialog').waitFor();
    const focusInDialog = () => panel.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    for (let i = 0; i < 6; i++) {
      await panel.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      await panel.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    await panel.keyboard.press('Escape');
    await panel.locator('[data-tool-use-id="toolu_esc"][data-status="rejected"]').waitFor();
    expect(await panel.getByRole('dialog').count()).toBe(0);
    // The run goes on to its last reply: otherwise that request can land after the next test's reset and take its first reply.
    await panel.getByText('OK.', { exact: true }).waitFor();
  });

  it('"Always allow on this site" is remembered: the next call on the site is not prompted', async () => {
    const { panel } = await openPanelOnFixture();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_a1', name: 'open_tab', input: { url: `${e2e.fixtures.url}/plain.html?always=1`, active: false } }] },
      { toolCalls: [{ id: 'toolu_a2', name: 'open_tab', input: { url: `${e2e.fixtures.url}/plain.html?always=2`, active: false } }] },
      { text: 'Both open.' },
    );
    await send(panel, 'Open two tabs');
    await panel.getByRole('dialog').getByRole('button', { name: 'Always allow on this site' }).click();
    await panel.locator('[data-tool-use-id="toolu_a1"][data-status="done"]').waitFor();
    // If the second call asked, it would wait for an answer and never finish.
    await panel.locator('[data-tool-use-id="toolu_a2"][data-status="done"]').waitFor();
    await panel.getByText('Both open.').waitFor();
    expect(await panel.getByRole('dialog').count()).toBe(0);
  });

  it('lists "always allow" grants in Settings; a revoked grant asks again on the next run', async () => {
    // A site of its own: the test above leaves a grant for open_tab on the shared fixture origin.
    const site = await startFixtureServer('tests/e2e/pages');
    const { tabId } = await e2e.open(`${site.url}/plain.html?grants`);
    const panel = await e2e.panel(tabId);
    const origin = new URL(site.url).origin;
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_g1', name: 'open_tab', input: { url: `${site.url}/plain.html?grant=1`, active: false } }] },
      { text: 'Granted and opened.' },
    );
    await send(panel, 'Open a tab, and you may always do that here');
    await panel.getByRole('dialog').getByRole('button', { name: 'Always allow on this site' }).click();
    await panel.getByText('Granted and opened.').waitFor();

    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Sites allowed' }).click();
    const grant = panel.locator(`[data-grant-origin="${origin}"][data-grant-tool="open_tab"]`);
    await grant.waitFor();
    await grant.getByRole('button', { name: `Revoke Open tab on ${origin}` }).click();
    await expect.poll(() => grant.count()).toBe(0);
    // Revoked in the worker's store, not only in the list.
    const reloaded = await panel.evaluate(() => chrome.runtime.sendMessage({ method: 'grants.list', params: {} }));
    expect(reloaded).toMatchObject({ ok: true });
    expect((reloaded as { data: { grants: Array<{ origin: string; tool: string }> } }).data.grants).not.toContainEqual({ origin, tool: 'open_tab' });

    // The next run asks again for the same call on the same site.
    await panel.getByRole('button', { name: 'Settings', exact: true }).click();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_g2', name: 'open_tab', input: { url: `${site.url}/plain.html?grant=2`, active: false } }] },
      { text: 'Asked again.' },
    );
    await send(panel, 'Open another one');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('open_tab');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await panel.locator('[data-tool-use-id="toolu_g2"][data-status="rejected"]').waitFor();
    await panel.getByText('Asked again.').waitFor();
    await site.close();
  });

  it('a frame that goes away in the middle of an action gives the model NAVIGATED with what to do next', async () => {
    await e2e.ext.setSettings(auto());
    const { page, panel } = await openPanelOnFixture('vanishing-frame.html');
    await page.frameLocator('#vanishing').locator('#code').waitFor();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'toolu_nav_read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => {
        const tree = toolResultsOf(request)[0]?.text ?? '';
        const ref = /textbox "Code" \[ref=(f\d+e\d+)\]/.exec(tree)?.[1] ?? 'missing-ref';
        return { toolCalls: [{ id: 'toolu_nav_type', name: 'type', input: { ref, text: '1234' } }] };
      },
      { text: 'The frame went away.' },
    );
    await send(panel, 'Type the code into the frame');
    await panel.getByText('The frame went away.').waitFor();
    const [, second, third] = await e2e.mock.waitForRequests(3);
    expect(toolResultsOf(second!)[0]?.text).toMatch(/textbox "Code" \[ref=f\d+e\d+\]/);
    // The frame was really removed by the keystroke, and the bridge classified the lost reply.
    expect(await page.locator('#vanishing').count()).toBe(0);
    const [typed] = toolResultsOf(third!);
    expect(typed).toMatchObject({ toolUseId: 'toolu_nav_type', isError: true });
    expect(typed?.text).toContain('NAVIGATED');
    expect(typed?.text).toContain('read_page');
    await panel.locator('[data-tool-use-id="toolu_nav_type"][data-status="error"]').waitFor();
  });

  it('Stop during a long tool cancels it and shows the run as stopped', async () => {
    const { panel } = await openPanelOnFixture();
    await e2e.ext.setSettings(auto());
    e2e.mock.enqueue({ toolCalls: [{ id: 'toolu_wait', name: 'wait_for', input: { seconds: 30 } }] });
    e2e.mock.script(() => ({ text: 'after stop' }));
    await send(panel, 'Wait a while');
    await toolCall(panel, 'wait_for', 'running').waitFor();
    await panel.getByRole('button', { name: 'Stop' }).click();
    const cancelled = panel.locator('[data-tool-use-id="toolu_wait"][data-status="cancelled"]');
    await cancelled.waitFor();
    // The runtime's own CANCELLED result, not just the panel's "never finished" display.
    await expect.poll(() => cancelled.textContent()).toContain('CANCELLED');
    await expect.poll(() => panel.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
  });

  it('shows the preview of an over-budget result and opens the full result on request', async () => {
    await e2e.ext.setSettings(auto());
    const { panel } = await openPanelOnFixture('long-text.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'toolu_long', name: 'get_page_text', input: { main_content: false } }] }, { text: 'Long page read.' });
    await send(panel, 'Read all of it');
    const call = panel.locator('[data-tool-use-id="toolu_long"][data-status="done"]');
    await call.waitFor();
    await panel.getByText('Long page read.').waitFor();
    expect(await call.textContent()).toContain('the agent got a preview');
    // The count is of the whole text, not of the preview.
    expect(await call.locator('.tool-call-title').textContent()).toMatch(/Read the page text: [\d,]+ characters/);
    expect(await call.textContent()).not.toContain('THE-LAST-PARAGRAPH-MARKER');
    await call.getByRole('button', { name: 'Open full result' }).click();
    await expect.poll(() => call.locator('.full-result').textContent()).toContain('THE-LAST-PARAGRAPH-MARKER');
  });
});
