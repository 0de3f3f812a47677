/**
 * Shortcuts and schedules in the built extension: `/name` + Enter in the message box runs the shortcut
 * with its prompt filled from the bound tab (the model receives the filled prompt), and a schedule set a
 * few seconds ahead runs in a background tab of its own, records its conversation and shows a
 * notification, even when the worker was stopped before its alarm. Unpacked extensions may set alarms
 * one second ahead (packed MV3 ones: 30 s), so nothing here waits a minute. A browser and profile of this
 * file's own, since it stops the worker.
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { lastUserTextOf } from '../support/mock-model-server.js';
import { send } from '../support/panel-driver.js';

const e2e = useExtension({ profile: 'fresh', fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });

describe('shortcuts', () => {
  it('typing /name opens the list, filtered as typed; Enter runs the shortcut with its prompt filled from the tab', async () => {
    await e2e.ext.setSettings({
      ...e2e.settings,
      shortcuts: [
        { id: 'sum', name: 'summarize-page', prompt: 'Summarize “{{title}}” ({{url}}), about this part: {{selection}}', contexts: ['page'] },
        { id: 'tr', name: 'translate', prompt: 'Translate {{selection}}', contexts: [] },
      ],
    });
    const { page, tabId } = await e2e.open('/plain.html?shortcut');
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('p')!);
      getSelection()!.addRange(range);
    });
    const panel = await e2e.panel(tabId);
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('/');
    const list = panel.getByRole('listbox', { name: 'Shortcuts' });
    await expect
      .poll(() => list.getByRole('option').allTextContents())
      .toEqual([expect.stringContaining('/summarize-page'), expect.stringContaining('/translate')]);
    await box.pressSequentially('su');
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    // Escape closes the list; typing opens it again.
    await box.press('Escape');
    await list.waitFor({ state: 'detached' });
    await box.press('Backspace');
    await expect.poll(() => list.getByRole('option', { selected: true }).textContent()).toContain('/summarize-page');

    e2e.mock.enqueue({ text: 'A plain page, summarized.' });
    await box.press('Enter');
    await panel.getByText('A plain page, summarized.').waitFor();
    const [request] = await e2e.mock.waitForRequests(1);
    const prompt = lastUserTextOf(request!);
    const origin = new URL(e2e.fixtures.url).origin;
    expect(prompt).toContain('Summarize “');
    expect(prompt).toContain(`${origin}: Plain page`);
    expect(prompt).toContain(`${origin}/plain.html?shortcut`);
    expect(prompt).toContain('A page for the platform tests: nothing on it moves.');
    expect(prompt).not.toContain('{{');
    // The person's message in the panel is the filled prompt, and the box is empty again.
    await panel.locator('.person-text', { hasText: 'about this part' }).waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('a finished conversation is saved as a shortcut from the list: its first message becomes the prompt', async () => {
    await e2e.ext.setSettings({ ...e2e.settings, shortcuts: [] });
    const { panel } = await e2e.tabWithPanel('/plain.html');
    e2e.mock.enqueue({ text: 'Here are the headings.' });
    await send(panel, 'List the headings of {{title}}');
    await panel.getByText('Here are the headings.').waitFor();
    await panel.getByRole('button', { name: 'Conversations' }).click();
    await panel.getByRole('button', { name: /^Save as shortcut: “List the headings/ }).click();
    await panel.getByText('Saved as the shortcut /list-the-headings-of-title.').waitFor();
    const stored = await e2e.ext.evaluateInWorker(async () => (await chrome.storage.local.get('settings'))['settings'], null);
    expect(stored).toMatchObject({ shortcuts: [{ name: 'list-the-headings-of-title', prompt: 'List the headings of {{title}}' }] });
  });
});

describe('schedules', () => {
  it('a schedule a few seconds ahead survives a worker stop, runs in a background tab, records its conversation and notifies', async () => {
    const startUrl = `${e2e.fixtures.url}/plain.html?scheduled`;
    e2e.mock.enqueue({ text: 'The plain page is unchanged.\nNothing moved since yesterday.\nA third line.\nA fourth line.' });
    await e2e.ext.setSettings({
      ...e2e.settings,
      shortcuts: [
        {
          id: 'daily-check',
          name: 'check-page',
          prompt: 'Check {{title}} for changes.',
          contexts: [],
          schedule: { when: { kind: 'once', at: Date.now() + 6_000 }, startUrl, mode: 'read-only' },
        },
      ],
    });
    // The worker has set the alarm (it heard the settings change) before it is stopped.
    await expect
      .poll(() => e2e.ext.evaluateInWorker(async () => (await chrome.alarms.getAll()).map((alarm) => alarm.name), null), { timeout: 20_000 })
      .toContain('pagewright-schedule:daily-check');
    await e2e.ext.stopWorker();

    // The alarm wakes the worker; the run asks the model with the prompt filled from its own tab.
    const [request] = await e2e.mock.waitForRequests(1, 60_000);
    expect(lastUserTextOf(request!)).toContain('Plain page');
    const notifications = () =>
      e2e.ext.evaluateInWorker(
        () => new Promise<Record<string, unknown>>((resolve) => chrome.notifications.getAll((all) => resolve(all as Record<string, unknown>))),
        null,
      );
    await expect
      .poll(async () => Object.keys(await notifications()), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/^pagewright-schedule-daily-check-/)]);

    // Its result is stored, its tab is closed, and its conversation is in the list like any other.
    const state = await e2e.ext.evaluateInWorker(async () => (await chrome.storage.local.get('scheduleStates'))['scheduleStates'], null);
    expect(state).toMatchObject({
      'daily-check': { lastResult: { status: 'done', text: 'The plain page is unchanged.\nNothing moved since yesterday.\nA third line.' } },
    });
    expect(state).not.toHaveProperty(['daily-check', 'nextRunAt']);
    await expect.poll(() => e2e.ext.evaluateInWorker(async (url) => (await chrome.tabs.query({ url })).length, startUrl)).toBe(0);
    const { tabId } = await e2e.open('/plain.html?list');
    const panel = await e2e.panel(tabId);
    await panel.getByRole('button', { name: 'Conversations' }).click();
    await panel.locator('.conversation-title', { hasText: '/check-page (scheduled)' }).waitFor();
  });
});
