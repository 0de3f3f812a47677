/** `navigate`: goes to a URL, or back / forward / reload, and waits for the load. */
import { z } from 'zod';
import type { NavigationProgress } from '../../runtime/browser.js';
import { ToolError } from '../../runtime/errors.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { judgeNavigateCall } from '../safety/judge-navigation.js';
import { originOf } from '../../runtime/permission-rules.js';
import { currentUrl, requireBrowser, sleep, tabIdField, tabOf, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(4_000)
    .optional()
    .describe(
      'The address to open (http or https, up to 4,000 characters; a path like "/cart" is resolved against the current page). Give url or action, not both.',
    ),
  action: z.enum(['back', 'forward', 'reload']).optional().describe('Instead of url: "back", "forward" (the tab\'s history) or "reload".'),
  tab_id: tabIdField(),
});

function resolveTarget(url: string, base: string | undefined): URL {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    throw new ToolError('INVALID_URL', `"${url}" is not a valid address.`, { suggestion: 'Give a full address such as https://example.com/page.' });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new ToolError('INVALID_URL', `Only http and https addresses can be opened, not ${target.protocol}.`, { suggestion: 'Give an http(s) address.' });
  }
  return target;
}

/** Where the tab landed: the final URL (after redirects) and the page's title. */
export interface NavigateOutput {
  url: string;
  title: string;
}

/** How far the navigation is, as the browser reports it (started, committed, DOM ready, loaded). */
export type NavigateProgress = NavigationProgress;

/** Navigates the tab and reports where it landed. */
export const navigate = buildTool<typeof inputSchema, NavigateOutput, NavigateProgress>({
  name: 'navigate',
  aliases: ['goto', 'go_to_url', 'open_url', 'browser_navigate'],
  isEnabled: pageToolEnabled,
  searchHint: 'open url go to address back forward reload',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Loads a URL in the tab (or goes back, forward, or reloads) and waits until the page has loaded. Returns the final URL (after redirects) and the page title.',
    'All refs of the previous page become stale: call read_page or find on the new page. Going to another site, or to an address carrying text you read on another site, asks the person first; if a redirect then takes the tab to a site that was not approved, the load is stopped (LANDING_BLOCKED). To open a page in a new tab use open_tab.',
  ].join('\n'),
  description: (input) => (input.url ? `Go to ${input.url}` : `Go ${input.action ?? 'back'}`),
  validateInput: async (input, context): Promise<ValidationResult> => {
    if ((input.url === undefined) === (input.action === undefined)) {
      return {
        ok: false,
        message: 'Give exactly one of url or action.',
        suggestion: 'Use {"url": "https://…"} to open an address, or {"action": "back"} / "forward" / "reload".',
      };
    }
    if (input.url !== undefined) {
      try {
        resolveTarget(input.url, await currentUrl(context, tabOf(input, context)));
      } catch (error) {
        const e = error as ToolError;
        return { ok: false, code: e.code, message: e.message, suggestion: e.suggestion };
      }
    }
    return { ok: true };
  },
  permissionSubject: async (input, context) => {
    if (input.url === undefined) return tabOrigin(input, context);
    try {
      return originOf(new URL(input.url, await currentUrl(context, tabOf(input, context))).href);
    } catch {
      return undefined;
    }
  },
  // Judged on where it lands, from where the tab is now: another site, an address carrying another
  // site's address, or read data in the address asks; the call then runs held to that landing.
  checkPermissions: (input, context) => judgeNavigateCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  mapResultForModel: (output) => [{ type: 'text', text: `Loaded ${output.url}\nTitle: ${output.title || '(untitled)'}` }],
  async call(input, context, _canUseTool, _parent, onProgress) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    const base = input.url !== undefined ? await currentUrl(context, tabId) : undefined;
    const target = input.url !== undefined ? { url: resolveTarget(input.url, base).href } : { action: input.action ?? 'reload' };
    // Whatever happens next, refs handed out for the old document must not be trusted.
    context.snapshots.invalidate(tabId);
    let tab = await browser.navigate(tabId, target, context.abortController.signal, onProgress);
    // A page restored from the back/forward cache can report an empty URL for a moment: ask again.
    for (let attempt = 0; !tab.url && attempt < 10; attempt++) {
      await sleep(100, context.abortController.signal);
      tab = await browser.getTab(tabId);
    }
    context.snapshots.update(tabId, tab.url, {});
    return { data: { url: tab.url, title: tab.title } };
  },
});
