/** `close_tab`: closes a tab. Destructive: the page's state and unsaved input are gone. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { onTab, requireBrowser, tabIdField, tabLabel, tabSubject } from './tab-call.js';
import { browserToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({ tab_id: tabIdField() });

/** What `close_tab` returns. */
export interface CloseTabOutput {
  closed_tab_id: number;
  /** The run's current tab afterwards (changes when the closed tab was the current one). */
  current_tab_id: number | null;
}

/** Closes a tab; when it was the run's current tab, the window's newly active tab becomes current. */
export const closeTab = buildTool<typeof inputSchema, CloseTabOutput>({
  name: 'close_tab',
  aliases: ['browser_tab_close'],
  isEnabled: browserToolEnabled,
  searchHint: 'shut remove browser page window',
  inputSchema,
  prompt: [
    'Closes an open tab. This cannot be undone: the page’s state and any unsaved input are lost, so the person is asked first.',
    'Returns JSON with `closed_tab_id` and `current_tab_id` (if you closed your current tab, the tab the browser shows next becomes current; null if none is left).',
    'To work elsewhere and leave a tab open use switch_tab.',
  ].join('\n'),
  description: (input, context) => `Close ${tabLabel(input.tab_id, context)}`,
  permissionSubject: (input, context) => tabSubject(input.tab_id, context),
  // Always asks: closing a tab loses its page state, unsaved form input and history, which the agent cannot restore.
  isDestructive: () => true,
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const browser = requireBrowser(context);
    await onTab(input.tab_id, () => browser.closeTab(input.tab_id));
    context.snapshots.invalidate(input.tab_id);
    if (context.currentTabId !== input.tab_id) {
      return { data: { closed_tab_id: input.tab_id, current_tab_id: context.currentTabId ?? null } };
    }
    // The closed tab was the run's default target: follow the browser to the tab it shows now, so page
    // tools without tab_id keep working instead of all failing with TAB_CLOSED.
    const remaining = await browser.listTabs(context.windowId).catch(() => []);
    const next = remaining.find((tab) => tab.active && tab.id !== input.tab_id)?.id;
    return {
      data: { closed_tab_id: input.tab_id, current_tab_id: next ?? null },
      contextModifier: (prior) => ({ ...prior, currentTabId: next }),
    };
  },
});
