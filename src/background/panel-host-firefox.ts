/**
 * The panel host in Firefox: the sidebar (`sidebar_action`), one per window, showing the panel bound to
 * the window's active tab. Firefox opens it only inside a user action (a menu click, a shortcut, a
 * popup button), like Chrome's side panel.
 */
import browser from 'webextension-polyfill';
import type { PanelHost } from './panel-host.js';

/** Firefox's sidebar. The target is not needed: the sidebar opens in the window of the user action. */
export const sidebarHost: PanelHost = {
  open() {
    return browser.sidebarAction.open();
  },
  // Firefox has no setting to tie the toolbar button to the sidebar: the popup stays the button's action.
  configure: () => Promise.resolve(),
};
