/**
 * Where the Firefox build keeps settings (settings-area-firefox.ts): the extension's IndexedDB database,
 * its store and the record's key, and the storage.local key whose change tells other contexts. A module of
 * its own, with no browser API, so the Firefox test harness and `npm start` write settings the same way.
 */
export const FIREFOX_SETTINGS_DB = { name: 'pagewright-settings', store: 'settings', key: 'settings', marker: 'settingsChangedAt' } as const;
