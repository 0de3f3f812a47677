/**
 * Where settings (with the API key) are kept so that no content script can read them, chosen at build
 * time: Chrome's `storage.local` restricted to trusted contexts, or Firefox's extension IndexedDB
 * (Firefox cannot restrict `storage.local`). The worker and the panel read and write settings only here.
 */
import { storageLocalSettings } from './settings-area-chrome.js';
import { indexedDbSettings } from './settings-area-firefox.js';
import { TARGET_BROWSER } from './target-browser.js';

/** The settings record, kept out of content scripts' reach. */
export interface SettingsArea {
  /** The stored value as it is (validated by the caller with parseSettings). */
  read(): Promise<unknown>;
  write(settings: unknown): Promise<void>;
  /** Calls `listener` with the new value after any context writes; returns an unsubscribe. Register at the top level. */
  onChange(listener: (value: unknown) => void): () => void;
  /** Run at every worker start: shuts content scripts out where the browser needs telling. */
  isolate(report: (error: unknown) => void): Promise<void>;
}

/** This build's settings area. */
export const settingsArea: SettingsArea = TARGET_BROWSER === 'firefox' ? indexedDbSettings : storageLocalSettings;
