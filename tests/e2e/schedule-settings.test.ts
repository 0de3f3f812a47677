/**
 * Settings → Shortcuts' schedules in the built extension, driven as a person would: editing a schedule's
 * time and its prompt (then Save), Pause, Resume and Delete — each checked against what the worker stored
 * (the settings, the schedules' states) and the browser's alarms: a paused schedule has no alarm, a resumed
 * one has it again at its next time, a deleted one has neither an alarm nor a stored state (its shortcut
 * stays). The list the person reads says the same at once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });

interface Stored {
  settings: { shortcuts: Array<{ id: string; prompt: string; schedule?: { when: Record<string, unknown>; paused: boolean } }> };
  states: Record<string, { key: string; nextRunAt?: number }>;
  alarms: Record<string, number>;
}

/** The worker's view: stored settings, stored schedule states, and the alarms set (name → time). */
const stored = () =>
  e2e.ext.evaluateInWorker(async () => {
    const local = await chrome.storage.local.get(['settings', 'scheduleStates']);
    const alarms = Object.fromEntries((await chrome.alarms.getAll()).map((alarm) => [alarm.name, alarm.scheduledTime]));
    return { settings: local['settings'], states: local['scheduleStates'] ?? {}, alarms } as Stored;
  }, null);

/** The next local time of day `HH:MM` after now, as the browser counts it (its own clock and time zone). */
const nextAt = (time: string) =>
  e2e.ext.evaluateInWorker((hhmm) => {
    const [hours, minutes] = hhmm.split(':').map(Number);
    const date = new Date();
    date.setHours(hours!, minutes!, 0, 0);
    if (date.getTime() <= Date.now()) date.setDate(date.getDate() + 1);
    return date.getTime();
  }, time);

/** "Next run: …" as the list words a time. */
const shownTime = (panel: Page, at: number) => panel.evaluate((t) => new Date(t).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }), at);

const TRIAGE = 'pagewright-schedule:triage';
const REPORT = 'pagewright-schedule:report';

describe('schedules in Settings', () => {
  it('edits a schedule’s time and prompt, pauses, resumes and deletes it: the stored state, the alarms and the list agree', async () => {
    const startUrl = `${e2e.fixtures.url}/plain.html?inbox`;
    await e2e.ext.setSettings({
      ...e2e.settings,
      shortcuts: [
        {
          id: 'triage',
          name: 'triage-inbox',
          prompt: 'List the unread messages.',
          contexts: [],
          schedule: { when: { kind: 'daily', time: '08:30' }, startUrl },
        },
        {
          id: 'report',
          name: 'weekly-report',
          prompt: 'Sum up the week.',
          contexts: [],
          schedule: { when: { kind: 'weekly', day: 1, time: '07:00' }, startUrl },
        },
      ],
    });
    const first = await nextAt('08:30');
    await expect.poll(async () => (await stored()).alarms[TRIAGE], { timeout: 20_000 }).toBe(first);
    expect((await stored()).alarms[REPORT]).toBeGreaterThan(Date.now());
    const reportAlarm = (await stored()).alarms[REPORT];

    const { panel } = await e2e.tabWithPanel('/plain.html');
    await panel.getByRole('button', { name: 'Settings', exact: true }).click();
    await panel.locator('.section-menu button', { hasText: 'Shortcuts' }).click();
    const section = panel.locator('.settings-section[data-section="shortcuts"]');
    const listed = section.locator('.schedule-list li[data-schedule="triage-inbox"]');
    await expect.poll(() => listed.textContent()).toContain(`Daily at 08:30`);
    await expect.poll(() => listed.textContent()).toContain(`Next run: ${await shownTime(panel, first)}`);

    // Editing: a new time and a new prompt, saved with the section's Save.
    const editor = section.locator('.custom-action[data-shortcut="triage-inbox"]');
    await editor.getByLabel('Time').fill('09:45');
    await editor.getByLabel('Prompt').fill('List the unread messages that need an answer today.');
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await section.getByRole('status').getByText('Saved.').waitFor();
    const edited = await nextAt('09:45');
    await expect.poll(async () => (await stored()).alarms[TRIAGE]).toBe(edited);
    let now = await stored();
    expect(now.settings.shortcuts.find((s) => s.id === 'triage')).toMatchObject({
      prompt: 'List the unread messages that need an answer today.',
      schedule: { when: { kind: 'daily', time: '09:45' }, paused: false },
    });
    expect(now.states['triage']).toMatchObject({ key: JSON.stringify({ kind: 'daily', time: '09:45' }), nextRunAt: edited });
    expect(now.alarms[REPORT]).toBe(reportAlarm);
    await expect.poll(() => listed.textContent()).toContain(`Daily at 09:45`);
    await expect.poll(() => listed.textContent()).toContain(`Next run: ${await shownTime(panel, edited)}`);

    // Pause: no alarm, no next time; the list says Paused and offers Resume.
    await listed.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => Object.keys((await stored()).alarms)).toEqual([REPORT]);
    now = await stored();
    expect(now.settings.shortcuts.find((s) => s.id === 'triage')?.schedule).toMatchObject({ paused: true });
    expect(now.states['triage']).not.toHaveProperty('nextRunAt');
    await listed.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await listed.textContent()).toContain('Paused');

    // Resume: the alarm is back at the schedule's next time, and the list shows it.
    await listed.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await stored()).alarms[TRIAGE]).toBe(edited);
    now = await stored();
    expect(now.settings.shortcuts.find((s) => s.id === 'triage')?.schedule).toMatchObject({ paused: false });
    expect(now.states['triage']).toMatchObject({ nextRunAt: edited });
    await listed.getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => listed.textContent()).toContain(`Next run: ${await shownTime(panel, edited)}`);

    // Delete: neither an alarm nor a stored state; the shortcut stays, unscheduled; the other schedule is untouched.
    await listed.getByRole('button', { name: 'Delete the schedule of /triage-inbox' }).click();
    await listed.waitFor({ state: 'detached' });
    await expect.poll(async () => Object.keys((await stored()).alarms)).toEqual([REPORT]);
    now = await stored();
    expect(now.states).not.toHaveProperty('triage');
    expect(now.settings.shortcuts.find((s) => s.id === 'triage')).toMatchObject({
      name: 'triage-inbox',
      prompt: 'List the unread messages that need an answer today.',
    });
    expect(now.settings.shortcuts.find((s) => s.id === 'triage')).not.toHaveProperty('schedule');
    expect(now.alarms[REPORT]).toBe(reportAlarm);
    expect(await editor.getByLabel('When').inputValue()).toBe('none');
  });
});
