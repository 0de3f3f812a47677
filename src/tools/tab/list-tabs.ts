/** `list_tabs`: the tabs of the run's window, so the model can pick one by id. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { requireBrowser, tabView, type TabView } from './tab-call.js';
import { browserToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({}).describe('No input: lists the tabs of the window this run belongs to.');

/** What `list_tabs` returns. */
export interface ListTabsOutput {
  /** The tab the run acts on by default (page tools without `tab_id`). */
  current_tab_id: number | null;
  tabs: Array<TabView & { current: boolean }>;
}

/** Lists the tabs of the run's window (id, title, URL, active, current). */
export const listTabs = buildTool<typeof inputSchema, ListTabsOutput>({
  name: 'list_tabs',
  aliases: ['get_tabs', 'browser_tab_list'],
  isEnabled: browserToolEnabled,
  searchHint: 'show open pages ids titles urls in window',
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Lists the open tabs in this browser window.',
    'Returns JSON: `current_tab_id` (the tab page tools act on when you give no tab_id) and `tabs`, each with `tab_id`, `title`, `url`, `active` (the tab the person sees) and `current`.',
    'Use it to find a tab id before switch_tab, close_tab or a page tool with `tab_id`. To open a new page use open_tab; to read a page use read_page or get_page_text.',
  ].join('\n'),
  description: () => 'List the tabs in this window',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 20_000,
  async call(_input, context) {
    const tabs = await requireBrowser(context).listTabs(context.windowId);
    return {
      data: {
        current_tab_id: context.currentTabId ?? null,
        tabs: tabs.map((tab) => ({ ...tabView(tab), current: tab.id === context.currentTabId })),
      },
    };
  },
});
