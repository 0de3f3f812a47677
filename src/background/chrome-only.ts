/**
 * The Chrome-only APIs Pagewright uses, behind one small module so a Firefox build would swap this
 * file (sidebarAction) and nothing else. Everything else uses webextension-polyfill's `browser`.
 */

/** True when the browser has the side panel API (Chrome 114+). */
export const hasSidePanel = (): boolean => typeof chrome !== 'undefined' && chrome.sidePanel !== undefined;

/**
 * Opens the side panel. Must be called synchronously inside a user gesture (context-menu click,
 * command, popup button): do not `await` anything before it, or Chrome refuses.
 */
export function openSidePanel(target: { tabId?: number; windowId?: number }): Promise<void> {
  if (!hasSidePanel()) return Promise.reject(new Error('This browser has no side panel API.'));
  if (target.tabId !== undefined) return chrome.sidePanel.open({ tabId: target.tabId });
  if (target.windowId !== undefined) return chrome.sidePanel.open({ windowId: target.windowId });
  return Promise.reject(new Error('openSidePanel needs a tab or a window.'));
}

/**
 * The toolbar icon opens the popup (it has quick actions); the side panel opens from the popup, the
 * context menu and the keyboard shortcut. So the action click must not open the panel itself.
 */
export async function configureSidePanel(): Promise<void> {
  if (!hasSidePanel()) return;
  await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false });
}
