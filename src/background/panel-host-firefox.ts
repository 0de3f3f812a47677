/**
 * The panel host in Firefox: the sidebar (`sidebar_action`), one per window, showing the panel bound to
 * the window's active tab. Firefox opens it only inside a user action (a menu click, a shortcut, a
 * popup button), like Chrome's side panel.
 */
import browser from 'webextension-polyfill';
import type { PanelHost } from './panel-host.js';

/** The panel page, as manifest.json's side_panel (the sidebar's default_panel) names it. */
const PANEL_PAGE = 'sidepanel/index.html';

/** Firefox's sidebar. The target is not needed: the sidebar opens in the window of the user action. */
export const sidebarHost: PanelHost = {
  open() {
    return browser.sidebarAction.open();
  },
  /**
   * Firefox has no setting to tie the toolbar button to the sidebar (the popup stays the button's action).
   * Loaded temporarily (about:debugging, `npm start -- --browser firefox`, the e2e tests) the panel also
   * opens in a background tab: remote-control tools cannot open extension pages themselves, and a
   * developer sees at once that the build loaded. An installed add-on is never temporary.
   */
  async configure(install) {
    if (install.temporary !== true) return;
    await browser.tabs.create({ url: browser.runtime.getURL(PANEL_PAGE), active: false });
  },
};
