/**
 * Settings in Firefox: the extension's own IndexedDB, not `storage.local`. Must stay: Firefox gives
 * every content script of the extension the whole `storage.local` (read and write) and has no
 * `setAccessLevel` to take it away, so settings there would hand the API key to a page that compromises
 * its renderer — or let it rewrite the base URL the key is sent to. Content scripts run in the page's
 * origin, so their IndexedDB is the page's; this database belongs to the moz-extension origin, which
 * only the worker and the extension's pages share (tests/e2e-firefox/key-isolation.test.ts).
 *
 * Other contexts learn of a write through a marker in `storage.local` (a time, nothing secret): its
 * change event also wakes a suspended background. Whoever writes the marker only causes a re-read.
 */
import { openDB, type IDBPDatabase } from 'idb';
import browser from 'webextension-polyfill';
import { FIREFOX_SETTINGS_DB } from './firefox-settings-db.js';
import type { SettingsArea } from './settings-area.js';

let database: Promise<IDBPDatabase> | undefined;
const open = () =>
  (database ??= openDB(FIREFOX_SETTINGS_DB.name, 1, {
    upgrade: (db) => void db.createObjectStore(FIREFOX_SETTINGS_DB.store),
  }));

/** The extension's IndexedDB, which content scripts cannot open. */
export const indexedDbSettings: SettingsArea = {
  read: async () => (await open()).get(FIREFOX_SETTINGS_DB.store, FIREFOX_SETTINGS_DB.key),
  async write(settings) {
    await (await open()).put(FIREFOX_SETTINGS_DB.store, settings, FIREFOX_SETTINGS_DB.key);
    await browser.storage.local.set({ [FIREFOX_SETTINGS_DB.marker]: Date.now() });
  },
  onChange(listener) {
    const handler = (changes: Record<string, unknown>, area: string) => {
      if (area !== 'local' || !Object.hasOwn(changes, FIREFOX_SETTINGS_DB.marker)) return;
      void indexedDbSettings.read().then(listener, () => undefined);
    };
    browser.storage.onChanged.addListener(handler);
    return () => browser.storage.onChanged.removeListener(handler);
  },
  // Nothing to restrict: what content scripts can reach (storage.local) holds no settings.
  isolate: () => Promise.resolve(),
};
