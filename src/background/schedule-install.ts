/**
 * The browser side of shortcuts and schedules: alarms that wake the worker, the schedules' stored times,
 * background tabs, notifications, and a tab's selection for `{{selection}}`. Installed once, at the top
 * level of the worker (the alarm listener must be registered synchronously to hear the alarm that woke it).
 */
import browser from 'webextension-polyfill';
import { scheduleStateSchema } from '../shared/schedules.js';
import type { Shortcut } from '../shared/shortcuts.js';
import type { RunManager } from './run-manager.js';
import type { SettingsResult } from './run-settings.js';
import { Scheduler, SCHEDULE_ALARM_PREFIX, type ScheduleStates } from './scheduler.js';
import { runScheduledShortcut, runShortcutInConversation, type TabFacts } from './shortcut-runs.js';

/** Where the schedules' times and last results are kept (storage.local: they must outlive the browser). */
const STATES_KEY = 'scheduleStates';

async function readStates(): Promise<ScheduleStates> {
  const stored = (await browser.storage.local.get(STATES_KEY))[STATES_KEY];
  const states: ScheduleStates = {};
  if (typeof stored !== 'object' || stored === null) return states;
  for (const [id, value] of Object.entries(stored)) {
    const parsed = scheduleStateSchema.safeParse(value);
    if (parsed.success) states[id] = parsed.data;
  }
  return states;
}

/** The tab's address, title and top-frame selection (none where scripts cannot run, e.g. a browser page). */
async function tabFacts(tabId: number): Promise<TabFacts> {
  const tab = await browser.tabs.get(tabId);
  const selection = await browser.scripting
    .executeScript({ target: { tabId }, func: () => getSelection()?.toString() ?? '' })
    .then((results) => (typeof results[0]?.result === 'string' ? results[0].result : ''))
    .catch(() => '');
  return { url: tab.url ?? '', title: tab.title ?? '', selection };
}

/** Opens a tab in the background and waits for its address to finish loading (or a minute, whichever is first). */
async function openBackgroundTab(url: string): Promise<number> {
  const tab = await browser.tabs.create({ url, active: false });
  const tabId = tab.id;
  if (tabId === undefined) throw new Error('The browser opened no tab.');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 60_000);
    function done() {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(listener);
      resolve();
    }
    // Firefox reports the new tab's first about:blank as complete before the address starts loading.
    const loaded = (tab: { status?: string; url?: string }) => tab.status === 'complete' && tab.url !== undefined && tab.url !== 'about:blank';
    function listener(id: number, _change: unknown, tab: { status?: string; url?: string }) {
      if (id === tabId && loaded(tab)) done();
    }
    browser.tabs.onUpdated.addListener(listener);
    void browser.tabs.get(tabId).then((current) => loaded(current) && done(), done);
  });
  return tabId;
}

/** Wires shortcuts and schedules into the worker; returns what the panel's messages and requests use. */
export function installSchedules(manager: RunManager, loadSettings: () => Promise<SettingsResult>) {
  const shortcuts = async (): Promise<readonly Shortcut[] | undefined> => {
    const settings = await loadSettings();
    return settings.ok ? settings.settings.shortcuts : undefined;
  };
  const scheduler = new Scheduler({
    now: Date.now,
    shortcuts,
    readStates,
    writeStates: (states) => browser.storage.local.set({ [STATES_KEY]: states }),
    alarms: {
      create: (name, when) => browser.alarms.create(name, { when }),
      clear: (name) => browser.alarms.clear(name),
      names: async () => (await browser.alarms.getAll()).map((alarm) => alarm.name),
    },
    run: (shortcut, late) =>
      runScheduledShortcut(
        {
          manager,
          now: Date.now,
          openBackgroundTab,
          closeTab: (tabId) => browser.tabs.remove(tabId),
          tabFacts,
          notify: async (id, title, message) => {
            await browser.notifications.create(id, { type: 'basic', iconUrl: browser.runtime.getURL('icons/128.png'), title, message });
          },
        },
        shortcut,
        late,
      ),
    report: (error) => console.warn('Pagewright: a schedule failed', error),
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name.startsWith(SCHEDULE_ALARM_PREFIX)) void scheduler.sync();
  });
  // Every worker start (the browser's start too): alarms recomputed, runs missed while it was closed run once.
  void scheduler.sync();
  return {
    scheduler,
    // Synced first: Settings reads the states right after a save, before the worker may have heard of it.
    states: async () => {
      await scheduler.sync();
      return readStates();
    },
    runShortcut: (conversationId: string, shortcutId: string) => runShortcutInConversation({ manager, shortcuts, tabFacts }, conversationId, shortcutId),
  };
}
