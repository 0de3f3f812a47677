/**
 * Where the panel lives, chosen at build time: Chrome's side panel or Firefox's sidebar. The worker
 * (menus, shortcut), the popup and `sidePanel.open` requests go through this, never through either API.
 */
import { sidePanelHost } from './panel-host-chrome.js';
import { sidebarHost } from './panel-host-firefox.js';
import { TARGET_BROWSER } from './target-browser.js';

/** Opens and configures the browser's panel. */
export interface PanelHost {
  /**
   * Opens the panel. Must be called synchronously inside a user gesture (context-menu click, command,
   * popup button): do not `await` anything before it, or the browser refuses.
   */
  open(target: { tabId?: number; windowId?: number }): Promise<void>;
  /** At install and update: ties the panel to the toolbar; `temporary` when loaded for development (Firefox only). */
  configure(install: { temporary?: boolean }): Promise<void>;
}

/** This build's panel host. */
export const panelHost: PanelHost = TARGET_BROWSER === 'firefox' ? sidebarHost : sidePanelHost;

/** Opens the panel (see PanelHost.open: synchronously, inside a user gesture). */
export const openSidePanel = (target: { tabId?: number; windowId?: number }): Promise<void> => panelHost.open(target);
