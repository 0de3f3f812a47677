/**
 * Settings in Chrome: `chrome.storage.local` under `settings`, restricted to the extension's own pages
 * and worker at every worker start (`setAccessLevel` TRUSTED_CONTEXTS, storage-access.ts).
 */
import browser from 'webextension-polyfill';
import { SETTINGS_STORAGE_KEY } from '../shared/settings.js';
import type { SettingsArea } from './settings-area.js';
import { restrictStorageToExtension } from './storage-access.js';

/** storage.local, closed to content scripts. */
export const storageLocalSettings: SettingsArea = {
  read: async () => (await browser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY],
  write: (settings) => browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: settings }),
  onChange(listener) {
    const handler = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === 'local' && Object.hasOwn(changes, SETTINGS_STORAGE_KEY)) listener(changes[SETTINGS_STORAGE_KEY]?.newValue);
    };
    browser.storage.onChanged.addListener(handler);
    return () => browser.storage.onChanged.removeListener(handler);
  },
  isolate: (report) => restrictStorageToExtension(chrome.storage.local, report).then(() => undefined),
};
