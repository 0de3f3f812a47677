/** Side-panel entry: connects the models to the browser and renders the app. */
import { render } from 'preact';
import browser from 'webextension-polyfill';
import { settingsArea } from '../src/background/settings-area.js';
import { App } from './components/App.js';
import { AppModel } from './models/app-model.js';
import { pinnedTabFromSearch, type TabsApi } from './models/binding-model.js';
import type { PortLike } from './models/port-client.js';
import './styles.css';

const tabs: TabsApi = {
  activeTabId: async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
  windowId: async () => (await browser.windows.getCurrent()).id,
  onActivated: (listener) => {
    const handler = (info: { tabId: number; windowId: number }) => listener(info);
    browser.tabs.onActivated.addListener(handler);
    return () => browser.tabs.onActivated.removeListener(handler);
  },
};

const app = new AppModel({
  connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
  tabs,
  // The panel is an extension page: the key goes to the extension's own storage, never to a content script.
  settingsStorage: settingsArea,
  request: (request) => browser.runtime.sendMessage(request),
  saveFile: async ({ filename, mimeType, content }) => {
    // A blob URL of this page, saved by the browser's downloads (the same path save_file uses).
    const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
    try {
      await browser.downloads.download({ url, filename, saveAs: false, conflictAction: 'uniquify' });
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  },
  pinnedTabId: pinnedTabFromSearch(location.search),
  describeTab: async (tabId) => {
    const tab = await browser.tabs.get(tabId);
    return { title: tab.title ?? '', url: tab.url ?? '' };
  },
  openPopOut: (tabId) => {
    void browser.windows.create({ url: browser.runtime.getURL(`sidepanel/index.html?tab=${tabId}`), type: 'popup', width: 440, height: 760 });
  },
});

// Settings changed elsewhere (popup, tests, another panel) show up here too.
settingsArea.onChange(() => {
  if (app.settings.saveState.value !== 'saving') void app.settings.load();
});

const root = document.getElementById('app');
if (root) render(<App app={app} />, root);
void app.start();
window.addEventListener('pagehide', () => app.dispose());
