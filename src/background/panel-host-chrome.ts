/** The panel host in Chrome: the side panel API (`chrome.sidePanel`, Chrome 114+). */
import type { PanelHost } from './panel-host.js';

const hasSidePanel = (): boolean => typeof chrome !== 'undefined' && chrome.sidePanel !== undefined;

/** Chrome's side panel, one per tab or window. */
export const sidePanelHost: PanelHost = {
  open(target) {
    if (!hasSidePanel()) return Promise.reject(new Error('This browser has no side panel API.'));
    if (target.tabId !== undefined) return chrome.sidePanel.open({ tabId: target.tabId });
    if (target.windowId !== undefined) return chrome.sidePanel.open({ windowId: target.windowId });
    return Promise.reject(new Error('openSidePanel needs a tab or a window.'));
  },
  /**
   * The toolbar icon opens the popup (it has quick actions); the side panel opens from the popup, the
   * context menu and the keyboard shortcut. So the action click must not open the panel itself.
   */
  async configure() {
    if (!hasSidePanel()) return;
    await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false });
  },
};
