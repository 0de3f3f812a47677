/**
 * A helper agent's view of the browser: every tab it opens opens in the background and is its own; it
 * cannot bring a tab to the front (the person's view never changes under them) or close a tab it did not
 * open; and all its tabs are closed when it finishes. Reads of other tabs go through as they are.
 */
import { decorateBridge, type BrowserBridge } from '../../runtime/browser.js';
import { ToolError } from '../../runtime/errors.js';

/** The helper's bridge, and a way to close every tab it opened. */
export interface OwnTabs {
  browser: BrowserBridge;
  /** Tabs it opened that are still open. */
  readonly opened: ReadonlySet<number>;
  /** Closes them all (a tab the person already closed is fine); resolves with how many were closed. */
  closeAll(): Promise<number>;
}

/** Wraps the run's bridge for one helper. */
export function ownTabs(parent: BrowserBridge): OwnTabs {
  const opened = new Set<number>();
  const browser = decorateBridge(parent, {
    openTab: async (url, options) => {
      const tab = await parent.openTab(url, { ...options, active: false });
      opened.add(tab.id);
      return tab;
    },
    activateTab: async (tabId) => {
      throw new ToolError('NOT_ALLOWED', `A helper agent works in its own background tabs and cannot bring tab ${tabId} to the front.`, {
        suggestion: 'Pass tab_id to the page tools instead.',
      });
    },
    closeTab: async (tabId) => {
      if (!opened.has(tabId))
        throw new ToolError('NOT_ALLOWED', `Tab ${tabId} is not one the helper opened.`, {
          suggestion: 'A helper closes only its own tabs; they close when it finishes.',
        });
      opened.delete(tabId);
      await parent.closeTab(tabId);
    },
  });
  return {
    browser,
    opened,
    async closeAll() {
      const tabs = [...opened];
      opened.clear();
      const closed = await Promise.all(
        tabs.map((tabId) =>
          parent.closeTab(tabId).then(
            () => 1,
            () => 0,
          ),
        ),
      );
      return closed.reduce<number>((sum, n) => sum + n, 0);
    },
  };
}
