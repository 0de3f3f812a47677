/** Helpers the tab tools share: the browser port, tab ids in schemas, origins, and TAB_CLOSED errors. */
import { z } from 'zod';
import type { TabInfo } from '../../runtime/browser.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError, isToolErrorLike, messageOf } from '../../runtime/errors.js';
import { originOf } from '../../runtime/permission-rules.js';

/** The `tab_id` field every tab tool takes. */
export const tabIdField = () => z.number().int().min(0).describe('A tab id from list_tabs or open_tab.');

// One definition for page and tab tools alike.
export { requireBrowser } from '../page/page-call.js';

/** "tab 12 (example.com)" from the tab's latest snapshot, for descriptions; no round trip. */
export function tabLabel(tabId: number, context: ToolUseContext | undefined): string {
  const origin = originOf(context?.snapshots.get(tabId)?.url);
  return `tab ${tabId}${origin ? ` (${new URL(origin).host})` : ''}`;
}

/** The permission subject of a call on a tab: its origin, or undefined when the tab is gone (`call` then reports TAB_CLOSED). */
export async function tabSubject(tabId: number, context: ToolUseContext): Promise<string | undefined> {
  const tab = await context.browser?.getTab(tabId).catch(() => undefined);
  return originOf(tab?.url);
}

/** A tab as the model sees it. */
export interface TabView {
  tab_id: number;
  title: string;
  url: string;
  active: boolean;
}

export const tabView = (tab: TabInfo): TabView => ({ tab_id: tab.id, title: tab.title, url: tab.url, active: tab.active });

/**
 * Runs a browser call on one tab and turns "no such tab" failures into TAB_CLOSED with a suggestion to
 * list the tabs. Other structured errors (NOT_INJECTABLE, TIMEOUT, ...) pass through unchanged.
 */
export async function onTab<T>(tabId: number, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isToolErrorLike(error)) {
      // The bridge already classified the failure; only TAB_CLOSED is re-worded so it names this tab id.
      throw error.code === 'TAB_CLOSED' ? tabClosed(tabId, error) : error;
    }
    // Raw browser errors ("No tab with id: 12.") that slipped past the bridge.
    const message = messageOf(error);
    if (/no tab|tab.*(closed|not found)|invalid tab/i.test(message)) throw tabClosed(tabId, error);
    throw error;
  }
}

/** TAB_CLOSED: the tab id does not name an open tab. */
export function tabClosed(tabId: number, cause?: unknown): ToolError {
  return new ToolError('TAB_CLOSED', `There is no open tab with id ${tabId}; it was closed or never existed.`, {
    suggestion: 'Call list_tabs to see the open tabs and their ids, then use one of those.',
    details: { tab_id: tabId },
    cause,
  });
}
