/**
 * The side panel end to end: the built extension in Chromium, the mock model server speaking the real
 * Anthropic stream, and the panel driven the way a person would (the "Message" box, Send, Stop, the
 * permission dialog). Each test asserts both what the person sees and what the model was sent.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, systemOf, toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';

let ext: ExtensionHarness;
let fixtures: FixtureServer;
let mock: MockModelServer;

const settingsFor = (server: MockModelServer, permissionMode = 'ask') => ({
  provider: 'anthropic',
  anthropic: { apiKey: 'test-key', baseUrl: server.url, model: 'mock-model' },
  permissionMode,
});

/** A fresh fixture tab and a panel bound to it (so each test has its own conversation). */
async function openPanelOnFixture(file = 'plain.html'): Promise<{ page: Page; panel: Page; tabId: number }> {
  const page = await ext.context.newPage();
  await page.goto(`${fixtures.url}/${file}?${Math.random().toString(36).slice(2)}`);
  const tabId = await ext.tabIdOf(page);
  const panel = await ext.openPanel(tabId);
  await panel.getByRole('textbox', { name: 'Message' }).waitFor();
  // The composer says "Connecting…" until the worker has sent the conversation.
  await panel.locator('textarea[aria-label="Message"]:not([placeholder="Connecting…"])').waitFor();
  return { page, panel, tabId };
}

async function send(panel: Page, text: string): Promise<void> {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

const toolCall = (panel: Page, name: string, status?: string) => panel.locator(`[data-tool-name="${name}"]${status ? `[data-status="${status}"]` : ''}`);

beforeAll(async () => {
  fixtures = await startFixtureServer('tests/e2e/pages');
  mock = await startMockModelServer();
  // PAGEWRIGHT_DIST lets a developer test a build made elsewhere without touching the shared dist/.
  ext = await launchExtension({ settings: settingsFor(mock), ...(process.env.PAGEWRIGHT_DIST ? { distDir: process.env.PAGEWRIGHT_DIST } : {}) });
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

describe('side panel', () => {
  it('streams a text reply and renders it as sanitized Markdown', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue({
      text: 'Hello **world**. <img src=x onerror="document.title=\'pwned\'"> See [the docs](https://example.com/docs) or [this](javascript:alert(1)).',
      chunkDelayMs: 15,
    });
    // Shift+Enter is a newline, not a send.
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    expect(mock.requests).toHaveLength(0);
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
    expect(mock.requests[0]?.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(await panel.locator('.person-text').last().textContent()).toBe('Say hello');
  });

  it('asks before a tool call; "Allow once" runs it', async () => {
    const { panel } = await openPanelOnFixture();
    const target = `${fixtures.url}/plain.html?opened=allow`;
    mock.enqueue({ toolCalls: [{ id: 'toolu_allow', name: 'open_tab', input: { url: target, active: false } }] }, { text: 'Opened it.' });
    await send(panel, 'Open the page in a background tab');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('open_tab');
    expect(await dialog.textContent()).toContain(new URL(fixtures.url).host);
    // Keyboard: the focus is inside the dialog when it opens.
    expect(await panel.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await panel.locator('[data-tool-use-id="toolu_allow"][data-status="done"]').waitFor();
    await panel.getByText('Opened it.').waitFor();
    const [, second] = await mock.waitForRequests(2);
    expect(toolResultsOf(second!)).toEqual([expect.objectContaining({ toolUseId: 'toolu_allow', isError: false })]);
    // The allowed call really ran: the tab exists.
    await expect.poll(() => ext.context.pages().some((p) => p.url() === target)).toBe(true);
  });

  it('runs a turn of read-only calls in parallel without asking, grouped in the panel, results in call order', async () => {
    const { page, panel } = await openPanelOnFixture();
    mock.enqueue(
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
    const [, second] = await mock.waitForRequests(2);
    expect(toolResultsOf(second!).map((result) => [result.toolUseId, result.isError])).toEqual([
      ['toolu_par_a', false],
      ['toolu_par_b', false],
      ['toolu_par_c', false],
    ]);
  });

  it('"Deny" with a reason gives the model PERMISSION_DENIED and the reason', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue(
      { toolCalls: [{ id: 'toolu_deny', name: 'open_tab', input: { url: `${fixtures.url}/plain.html?opened=deny`, active: false } }] },
      { text: 'Understood.' },
    );
    await send(panel, 'Open another tab');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('Tell the agent why (if you deny)').click();
    await dialog.getByRole('textbox').fill('Not during the demo');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await panel.locator('[data-tool-use-id="toolu_deny"][data-status="rejected"]').waitFor();
    const [, second] = await mock.waitForRequests(2);
    const [result] = toolResultsOf(second!);
    expect(result).toMatchObject({ toolUseId: 'toolu_deny', isError: true });
    expect(result?.text).toContain('PERMISSION_DENIED');
    expect(result?.text).toContain('Not during the demo');
    await panel.getByText('Understood.').waitFor();
    // The denied call did not run.
    expect(ext.context.pages().some((p) => p.url().includes('opened=deny'))).toBe(false);
  });

  it('keeps Tab inside the dialog, and Escape denies', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue({ toolCalls: [{ id: 'toolu_esc', name: 'open_tab', input: { url: `${fixtures.url}/plain.html?esc`, active: false } }] }, { text: 'OK.' });
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
    mock.enqueue(
      { toolCalls: [{ id: 'toolu_a1', name: 'open_tab', input: { url: `${fixtures.url}/plain.html?always=1`, active: false } }] },
      { toolCalls: [{ id: 'toolu_a2', name: 'open_tab', input: { url: `${fixtures.url}/plain.html?always=2`, active: false } }] },
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
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/plain.html?grants`);
    const panel = await ext.openPanel(await ext.tabIdOf(page));
    await panel.locator('textarea[aria-label="Message"]:not([placeholder="Connecting…"])').waitFor();
    const origin = new URL(site.url).origin;
    mock.enqueue(
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
    mock.enqueue(
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
    await ext.setSettings(settingsFor(mock, 'auto'));
    const { page, panel } = await openPanelOnFixture('vanishing-frame.html');
    await page.frameLocator('#vanishing').locator('#code').waitFor();
    mock.enqueue(
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
    const [, second, third] = await mock.waitForRequests(3);
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
    await ext.setSettings(settingsFor(mock, 'auto'));
    mock.enqueue({ toolCalls: [{ id: 'toolu_wait', name: 'wait_for', input: { seconds: 30 } }] });
    mock.script(() => ({ text: 'after stop' }));
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
    await ext.setSettings(settingsFor(mock, 'auto'));
    const { panel } = await openPanelOnFixture('long-text.html');
    mock.enqueue({ toolCalls: [{ id: 'toolu_long', name: 'get_page_text', input: { main_content: false } }] }, { text: 'Long page read.' });
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

  it('shows a rejected API key (401) as a person wants to read it', async () => {
    const { panel } = await openPanelOnFixture();
    mock.script(() => ({ status: 401 }));
    await send(panel, 'Hello?');
    const alert = panel.locator('.run-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The API key was not accepted');
    expect(await alert.getAttribute('data-error-code')).toBe('AUTH');
    await alert.getByRole('button', { name: 'Open settings' }).click();
    await panel.getByLabel('API key').waitFor();
    expect(await panel.getByLabel('API key').getAttribute('type')).toBe('password');
  });

  it('shows a rate limit (429) with when to try again', async () => {
    const { panel } = await openPanelOnFixture();
    mock.script(() => ({ status: 429, headers: { 'retry-after': '1' } }));
    await send(panel, 'Hello again?');
    const alert = panel.locator('.run-error');
    await alert.waitFor({ timeout: 60_000 });
    const text = await alert.textContent();
    expect(text).toContain('Rate limited by the provider');
    expect(text).toMatch(/Try again in about \d+ seconds? \(at /);
    expect(await panel.getByRole('button', { name: 'Send' }).count()).toBe(1);
  });

  it('names an unknown model and an unreachable provider', async () => {
    const { panel } = await openPanelOnFixture();
    mock.script(() => ({ status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'model: mock-model' } } }));
    await send(panel, 'Hello?');
    const alert = panel.locator('.run-error');
    await alert.waitFor();
    expect(await alert.getAttribute('data-error-code')).toBe('MODEL_NOT_FOUND');
    expect(await alert.textContent()).toContain('Model not found');

    // A port nothing listens on: the network error is shown, not a silent hang.
    await ext.setSettings({ ...settingsFor(mock), anthropic: { apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9', model: 'mock-model' } });
    await send(panel, 'Anyone there?');
    await panel.locator('.run-error[data-error-code="NETWORK"]').waitFor({ timeout: 60_000 });
    expect(await panel.locator('.run-error').textContent()).toContain('Cannot reach the provider');
  });

  it('says clearly when the stored settings are invalid, and saving fixed settings clears it', async () => {
    await ext.setSettings({ provider: 'gemini', permissionMode: 'sometimes', anthropic: { apiKey: 'test-key', baseUrl: mock.url, model: 'mock-model' } });
    const { panel } = await openPanelOnFixture();
    const notice = panel.locator('[data-notice="settings-invalid"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('provider');
    expect(await notice.textContent()).toContain('permissionMode');
    // Sending anyway: the worker refuses with a notice, the model is not called, and nothing keeps spinning.
    await send(panel, 'Hello?');
    await expect.poll(() => panel.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(mock.requests).toHaveLength(0);
    await notice.getByRole('button', { name: 'Open settings' }).click();
    // The fields that were still valid survive.
    expect(await panel.getByLabel('Base URL').inputValue()).toBe(mock.url);
    await panel.getByLabel('Base URL').fill('not a url');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.locator('.field-error').first().waitFor();
    expect(await panel.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    await panel.getByLabel('Base URL').fill(mock.url);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.getByText('Saved.').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    const stored = await ext.evaluateInWorker(() => chrome.storage.local.get('settings'), undefined);
    expect(stored).toMatchObject({ settings: { provider: 'anthropic', permissionMode: 'ask', anthropic: { baseUrl: mock.url, apiKey: 'test-key' } } });
  });

  it('lists the agent’s memory in Settings and deletes an entry', async () => {
    await ext.setSettings(settingsFor(mock, 'auto'));
    const { panel } = await openPanelOnFixture();
    mock.enqueue(
      { toolCalls: [{ id: 'toolu_search', name: 'tool_search', input: { query: 'select:memory_write' } }] },
      { toolCalls: [{ id: 'toolu_mem', name: 'memory_write', input: { key: 'panel-test-note', value: 'The person prefers metric units.' } }] },
      { text: 'Noted.' },
    );
    await send(panel, 'Remember that I prefer metric units');
    await panel.locator('[data-tool-use-id="toolu_mem"][data-status="done"]').waitFor();
    await panel.getByText('Noted.').waitFor();
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Memory' }).click();
    const entry = panel.locator('[data-memory-key="panel-test-note"]');
    await entry.waitFor();
    await entry.locator('summary').click();
    expect(await entry.textContent()).toContain('The person prefers metric units.');
    await entry.getByRole('button', { name: 'Delete memory “panel-test-note”' }).click();
    await expect.poll(() => entry.count()).toBe(0);
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await panel.getByText('The agent has no saved notes.').waitFor();
    expect(await entry.count()).toBe(0);
  });

  it('lists conversations, starts a new chat, and deletes a conversation', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue({ text: 'First answer.' });
    await send(panel, 'First conversation');
    await panel.getByText('First answer.').waitFor();
    await panel.getByRole('button', { name: 'New chat' }).first().click();
    await expect.poll(() => panel.locator('.message').count()).toBe(0);
    mock.enqueue({ text: 'Second answer.' });
    await send(panel, 'Second conversation');
    await panel.getByText('Second answer.').waitFor();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    const list = panel.locator('.conversation-list li');
    await expect.poll(() => list.count()).toBeGreaterThanOrEqual(2);
    const first = list.filter({ hasText: 'First conversation' });
    await first.waitFor();
    await first.locator('.conversation-open').click();
    await panel.getByText('First answer.').waitFor();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    const before = await list.count();
    await list
      .filter({ hasText: 'Second conversation' })
      .getByRole('button', { name: /^Delete conversation/ })
      .click();
    await expect.poll(() => list.count()).toBe(before - 1);
    expect(await list.filter({ hasText: 'Second conversation' }).count()).toBe(0);
    // Still gone after the worker's next list.
    await panel.getByRole('button', { name: 'Conversations' }).click();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => list.filter({ hasText: 'Second conversation' }).count()).toBe(0);
  });

  it('exports a conversation as Markdown and as JSON through the browser’s downloads', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue({ text: 'Exported answer.' });
    await send(panel, 'A conversation to keep');
    await panel.getByText('Exported answer.').waitFor();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    const row = panel.locator('.conversation-list li').filter({ hasText: 'A conversation to keep' });
    await row.getByRole('button', { name: /as Markdown$/ }).click();
    await row.getByRole('button', { name: /as JSON$/ }).click();
    // The harness names downloads by id, so find the two files by what they hold.
    const saved = async () => {
      const paths = await ext.evaluateInWorker(async () => (await chrome.downloads.search({ state: 'complete' })).map((d) => d.filename), undefined);
      return paths.map((path) => readFileSync(path, 'utf8')).filter((text) => text.includes('A conversation to keep'));
    };
    await expect.poll(async () => (await saved()).length, { timeout: 20_000 }).toBe(2);
    const files = await saved();
    const markdown = files.find((text) => text.startsWith('# ')) as string;
    expect(markdown).toContain('## You\n\nA conversation to keep');
    expect(markdown).toContain('## Pagewright\n\nExported answer.');
    const json = JSON.parse(files.find((text) => text.startsWith('{')) as string) as { format: string; transcript: unknown[]; messages: unknown[] };
    expect(json.format).toBe('pagewright-conversation');
    expect(json.transcript.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(json.messages)).toContain('Exported answer.');
  });

  it('without ?tab follows the active tab of its window, and pops out bound to it', async () => {
    const panel = await ext.context.newPage();
    await panel.goto(`${ext.origin}/sidepanel/index.html`);
    const pageA = await ext.context.newPage();
    await pageA.goto(`${fixtures.url}/plain.html?follow=a`);
    const tabA = await ext.tabIdOf(pageA);
    await pageA.bringToFront();
    // Each tab has its own conversation: the panel shows A's once it has followed the switch.
    await panel.locator(`.app[data-bound-tab="${tabA}"][data-conversation-tab="${tabA}"]`).waitFor();
    mock.enqueue({ text: 'On A.' });
    await send(panel, 'Which tab?');
    await panel.getByText('On A.').waitFor();
    expect(systemOf(mock.requests.at(-1)!)).toContain(`tab ${tabA}`);

    const pageB = await ext.context.newPage();
    await pageB.goto(`${fixtures.url}/plain.html?follow=b`);
    const tabB = await ext.tabIdOf(pageB);
    await pageB.bringToFront();
    await panel.locator(`.app[data-bound-tab="${tabB}"][data-conversation-tab="${tabB}"]`).waitFor();
    expect(await panel.getByText('On A.').count()).toBe(0);
    mock.enqueue({ text: 'On B.' });
    await send(panel, 'And now?');
    await panel.getByText('On B.').waitFor();
    expect(systemOf(mock.requests.at(-1)!)).toContain(`tab ${tabB}`);

    const popup = ext.context.waitForEvent('page', { predicate: (p) => p.url().includes('/sidepanel/index.html?tab=') });
    await panel.getByRole('button', { name: 'Pop out' }).click();
    const popped = await popup;
    expect(new URL(popped.url()).searchParams.get('tab')).toBe(String(tabB));
    await popped.getByText('On B.').waitFor();
    await popped.close();
  });

  it('reconnects after the worker is stopped and shows the conversation again', async () => {
    const { panel } = await openPanelOnFixture();
    mock.enqueue({ text: 'Before the restart.' });
    await send(panel, 'Remember me');
    await panel.getByText('Before the restart.').waitFor();
    await ext.stopWorker();
    mock.enqueue({ text: 'After the restart.' });
    await send(panel, 'Still there?');
    await panel.getByText('After the restart.').waitFor();
    expect(await panel.getByText('Before the restart.').count()).toBe(1);
    expect(await panel.locator('.person-text').allTextContents()).toEqual(['Remember me', 'Still there?']);
  });
});
