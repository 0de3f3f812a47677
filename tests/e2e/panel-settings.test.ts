/**
 * The side panel around runs: provider errors shown as a person wants to read them, invalid settings
 * and their fix, the agent's memory, the list of conversations and their export, and the tab the panel
 * follows. The built extension in Chromium, with the mock model server; the panel driven as a person would.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { systemOf } from '../support/mock-model-server.js';
import { send as sendMessage } from '../support/panel-driver.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });
const auto = () => ({ ...e2e.settings, permissionMode: 'auto' });

/** A fresh fixture tab and a panel bound to it (so each test has its own conversation). */
const openPanelOnFixture = (file = 'plain.html') => e2e.tabWithPanel(`/${file}`);
/** Sends with the Enter key, as a person at the keyboard does. */
const send = (panel: Page, text: string) => sendMessage(panel, text, { by: 'Enter' });

beforeEach(() => e2e.ext.setSettings(e2e.settings));

describe('side panel around runs', () => {
  it('shows a rejected API key (401) as a person wants to read it', async () => {
    const { panel } = await openPanelOnFixture();
    e2e.mock.script(() => ({ status: 401 }));
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
    e2e.mock.script(() => ({ status: 429, headers: { 'retry-after': '1' } }));
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
    e2e.mock.script(() => ({ status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'model: mock-model' } } }));
    await send(panel, 'Hello?');
    const alert = panel.locator('.run-error');
    await alert.waitFor();
    expect(await alert.getAttribute('data-error-code')).toBe('MODEL_NOT_FOUND');
    expect(await alert.textContent()).toContain('Model not found');

    // A port nothing listens on: the network error is shown, not a silent hang.
    await e2e.ext.setSettings({ ...e2e.settings, anthropic: { apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9', model: 'mock-model' } });
    await send(panel, 'Anyone there?');
    await panel.locator('.run-error[data-error-code="NETWORK"]').waitFor({ timeout: 60_000 });
    expect(await panel.locator('.run-error').textContent()).toContain('Cannot reach the provider');
  });

  it('says clearly when the stored settings are invalid, and saving fixed settings clears it', async () => {
    await e2e.ext.setSettings({
      provider: 'gemini',
      permissionMode: 'sometimes',
      anthropic: { apiKey: 'test-key', baseUrl: e2e.mock.url, model: 'mock-model' },
    });
    const { panel } = await openPanelOnFixture();
    const notice = panel.locator('[data-notice="settings-invalid"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('provider');
    expect(await notice.textContent()).toContain('permissionMode');
    // Sending anyway: the worker refuses with a notice, the model is not called, and nothing keeps spinning.
    await send(panel, 'Hello?');
    await expect.poll(() => panel.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(e2e.mock.requests).toHaveLength(0);
    await notice.getByRole('button', { name: 'Open settings' }).click();
    // The fields that were still valid survive.
    expect(await panel.getByLabel('Base URL').inputValue()).toBe(e2e.mock.url);
    await panel.getByLabel('Base URL').fill('not a url');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.locator('.field-error').first().waitFor();
    expect(await panel.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    await panel.getByLabel('Base URL').fill(e2e.mock.url);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.getByText('Saved.').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    // The mode stored was not one: it falls back to the default of a new install, plan mode.
    const stored = await e2e.ext.evaluateInWorker(() => chrome.storage.local.get('settings'), undefined);
    expect(stored).toMatchObject({ settings: { provider: 'anthropic', permissionMode: 'plan', anthropic: { baseUrl: e2e.mock.url, apiKey: 'test-key' } } });
  });

  it('lists the agent’s memory in Settings and deletes an entry', async () => {
    await e2e.ext.setSettings(auto());
    const { panel } = await openPanelOnFixture();
    e2e.mock.enqueue(
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
    e2e.mock.enqueue({ text: 'First answer.' });
    await send(panel, 'First conversation');
    await panel.getByText('First answer.').waitFor();
    await panel.getByRole('button', { name: 'New chat' }).first().click();
    await expect.poll(() => panel.locator('.message').count()).toBe(0);
    e2e.mock.enqueue({ text: 'Second answer.' });
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
    e2e.mock.enqueue({ text: 'Exported answer.' });
    await send(panel, 'A conversation to keep');
    await panel.getByText('Exported answer.').waitFor();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    const row = panel.locator('.conversation-list li').filter({ hasText: 'A conversation to keep' });
    await row.getByRole('button', { name: /as Markdown$/ }).click();
    await row.getByRole('button', { name: /as JSON$/ }).click();
    // The harness names downloads by id, so find the two files by what they hold.
    const saved = async () => {
      const paths = await e2e.ext.evaluateInWorker(async () => (await chrome.downloads.search({ state: 'complete' })).map((d) => d.filename), undefined);
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
    const panel = e2e.track(await e2e.ext.context.newPage());
    await panel.goto(`${e2e.ext.origin}/sidepanel/index.html`);
    const { page: pageA, tabId: tabA } = await e2e.open('/plain.html?follow=a');
    await pageA.bringToFront();
    // Each tab has its own conversation: the panel shows A's once it has followed the switch.
    await panel.locator(`.app[data-bound-tab="${tabA}"][data-conversation-tab="${tabA}"]`).waitFor();
    e2e.mock.enqueue({ text: 'On A.' });
    await send(panel, 'Which tab?');
    await panel.getByText('On A.').waitFor();
    expect(systemOf(e2e.mock.requests.at(-1)!)).toContain(`tab ${tabA}`);

    const { page: pageB, tabId: tabB } = await e2e.open('/plain.html?follow=b');
    await pageB.bringToFront();
    await panel.locator(`.app[data-bound-tab="${tabB}"][data-conversation-tab="${tabB}"]`).waitFor();
    expect(await panel.getByText('On A.').count()).toBe(0);
    e2e.mock.enqueue({ text: 'On B.' });
    await send(panel, 'And now?');
    await panel.getByText('On B.').waitFor();
    expect(systemOf(e2e.mock.requests.at(-1)!)).toContain(`tab ${tabB}`);

    const popup = e2e.ext.context.waitForEvent('page', { predicate: (p) => p.url().includes('/sidepanel/index.html?tab=') });
    await panel.getByRole('button', { name: 'Pop out' }).click();
    const popped = await popup;
    expect(new URL(popped.url()).searchParams.get('tab')).toBe(String(tabB));
    await popped.getByText('On B.').waitFor();
    await popped.close();
  });
});
