/** `switch_tab`: makes another tab the run's current tab (and shows it to the person). */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { onTab, requireBrowser, tabIdField, tabLabel, tabSubject, tabView, type TabView } from './tab-call.js';
import { browserToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({ tab_id: tabIdField() });

/** What `switch_tab` returns. */
export interface SwitchTabOutput extends TabView {
  previous_tab_id: number | null;
}

/** Switches the run's current tab through a context modifier and activates the tab in the browser. */
export const switchTab = buildTool<typeof inputSchema, SwitchTabOutput>({
  name: 'switch_tab',
  aliases: ['select_tab', 'browser_tab_select'],
  isEnabled: browserToolEnabled,
  searchHint: 'change current page focus another open page',
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Makes another open tab your current tab and brings it to the front. Page tools called without `tab_id` afterwards act on that tab.',
    'Returns the tab (id, title, URL) and `previous_tab_id`. Get tab ids from list_tabs; to act on a tab once without switching, pass `tab_id` to the page tool instead.',
  ].join('\n'),
  description: (input, context) => `Switch to ${tabLabel(input.tab_id, context)}`,
  permissionSubject: (input, context) => tabSubject(input.tab_id, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 5_000,
  async call(input, context) {
    const browser = requireBrowser(context);
    const tab = await onTab(input.tab_id, () => browser.activateTab(input.tab_id));
    return {
      data: { ...tabView(tab), previous_tab_id: context.currentTabId ?? null },
      contextModifier: (prior) => ({ ...prior, currentTabId: tab.id }),
    };
  },
});
