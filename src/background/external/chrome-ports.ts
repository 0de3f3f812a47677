/**
 * The extension APIs coding-agent sessions use, behind the small ports the rest of external/ is written
 * (and tested) against: tab groups, the toolbar badge, native messaging.
 */
import type { Badge } from './agents.js';
import type { NativePort } from './native-link.js';
import type { TabGroups } from './session-tabs.js';

/**
 * Tab groups through chrome.tabs.group and chrome.tabGroups (the "tabGroups" permission names them). A new
 * group is made in its first tab's window: by default Chrome makes it in the last focused window, which is
 * the panel's own when the person has popped it out — a popup window, where no group can be.
 */
export function chromeTabGroups(): TabGroups {
  return {
    group: async (tabIds, groupId) => {
      const ids = tabIds as [number, ...number[]];
      if (groupId !== undefined) return chrome.tabs.group({ tabIds: ids, groupId });
      const { windowId } = await chrome.tabs.get(ids[0]);
      return chrome.tabs.group({ tabIds: ids, createProperties: { windowId } });
    },
    name: async (groupId, title) => {
      await chrome.tabGroups.update(groupId, { title, color: 'purple' });
    },
    ungroup: (tabIds) => chrome.tabs.ungroup(tabIds as [number, ...number[]]),
  };
}

/** The toolbar badge through chrome.action. */
export function chromeBadge(): Badge {
  return {
    show: ({ text, color, title }) => {
      void chrome.action.setBadgeText({ text }).catch(() => undefined);
      void chrome.action.setBadgeBackgroundColor({ color }).catch(() => undefined);
      void chrome.action.setTitle({ title }).catch(() => undefined);
    },
  };
}

/** chrome.runtime.connectNative, and the error the browser gives when such a port closes. */
export const chromeNative = {
  connectNative: (name: string): NativePort => chrome.runtime.connectNative(name),
  lastError: (): string | undefined => chrome.runtime.lastError?.message,
};
