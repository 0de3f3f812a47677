/** `navigate`: goes to a URL, or back / forward / reload, and waits for the load. */
import { z } from 'zod';
import type { NavigationProgress } from '../../runtime/browser.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { navigationIsCrossSite } from '../safety.js';
import { originOf, requireBrowser, sleep, tabIdField, tabOrigin, targetTab } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  url: z.string().min(1).max(4_000).optional().describe('The address to open (http or https, up to 4,000 characters; a path like "/cart" is resolved against the current page). Give url or action, not both.'),
  action: z.enum(['back', 'forward', 'reload']).optional().describe('Instead of url: "back", "forward" (the tab\'s history) or "reload".'),
  tab_id: tabIdField(),
});

function currentUrl(input: { tab_id?: number | undefined }, context: ToolUseContext | undefined): string | undefined {
  const tabId = input.tab_id ?? context?.currentTabId;
  return tabId === undefined ? undefined : context?.snapshots.get(tabId)?.url;
}

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
    'All refs of the previous page become stale: call read_page or find on the new page. Going to another site asks the person first. To open a page in a new tab use open_tab.',
  ].join('\n'),
  description: (input) => (input.url ? `Go to ${input.url}` : `Go ${input.action ?? 'back'}`),
  validateInput: (input, context): ValidationResult => {
    if ((input.url === undefined) === (input.action === undefined)) {
      return { ok: false, message: 'Give exactly one of url or action.', suggestion: 'Use {"url": "https://…"} to open an address, or {"action": "back"} / "forward" / "reload".' };
    }
    if (input.url !== undefined) {
      try {
        resolveTarget(input.url, currentUrl(input, context));
      } catch (error) {
        const e = error as ToolError;
        return { ok: false, code: e.code, message: e.message, suggestion: e.suggestion };
      }
    }
    return { ok: true };
  },
  permissionSubject: (input, context) => {
    if (input.url === undefined) return tabOrigin(input, context);
    try {
      return originOf(new URL(input.url, currentUrl(input, context)).href);
    } catch {
      return undefined;
    }
  },
  isDestructive: (input, context) => {
    if (input.url === undefined) return false; // history and reload stay with pages the person opened
    const from = currentUrl(input, context);
    try {
      return navigationIsCrossSite(from, new URL(input.url, from).href).destructive;
    } catch {
      return true; // an address we cannot resolve is unknown, and unknown is unsafe
    }
  },
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  mapResultForModel: (output) => [{ type: 'text', text: `Loaded ${output.url}\nTitle: ${output.title || '(untitled)'}` }],
  async call(input, context, _canUseTool, _parent, onProgress) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    let base = currentUrl(input, context);
    if (input.url !== undefined && base === undefined) base = await browser.getTab(tabId).then((tab) => tab.url, () => undefined);
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
