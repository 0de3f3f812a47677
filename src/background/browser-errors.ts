/**
 * Browser failures as the model should see them, and other pure helpers of the bridge (no extension
 * API here, so they are unit-tested in Node).
 */
import { messageOf, ToolError } from '../runtime/errors.js';

/** Pages no extension may script: browser pages, other extensions, the web stores (Chrome's, Firefox's add-ons site), the PDF viewer. */
const NOT_INJECTABLE_URL =
  /^(chrome|chrome-extension|chrome-untrusted|edge|brave|about|view-source|devtools|chrome-search|moz-extension|resource):|^https:\/\/(chrome\.google\.com\/webstore|chromewebstore\.google\.com|addons\.mozilla\.org)(\/|$)/i;

/** True when a URL can never take the content script. */
export function isRestrictedUrl(url: string | undefined): boolean {
  if (!url) return false;
  if (url === 'about:blank') return false;
  return NOT_INJECTABLE_URL.test(url);
}

/** Maps a browser error message to the ToolError the model sees. */
export function classifyBrowserError(error: unknown, where: { tabId: number; url?: string }): ToolError {
  if (error instanceof ToolError) return error;
  const text = messageOf(error);
  // Chrome says "No tab with id"; Firefox says "Invalid tab ID".
  if (/No tab with id|Invalid tab ID|tab was closed|Tabs cannot be edited right now|No current window/i.test(text)) {
    return new ToolError('TAB_CLOSED', `Tab ${where.tabId} is closed.`, {
      suggestion: 'Call list_tabs to see the open tabs, and use one of their ids.',
      details: { tabId: where.tabId },
    });
  }
  if (/Cannot access|cannot be scripted|Missing host permission|chrome:\/\/|extensions gallery|Cannot script|PDF/i.test(text)) {
    return notInjectable(where);
  }
  if (
    /message port closed|message channel closed|Frame with ID \d+ (was removed|is showing error page)|No frame with id|back\/forward cache|page keeping the extension port is moved/i.test(
      text,
    )
  ) {
    return new ToolError('NAVIGATED', 'The page changed (navigated or reloaded) before it answered.', {
      suggestion: 'Call read_page to see the new page, then act on its current refs.',
      details: { tabId: where.tabId },
    });
  }
  return new ToolError('BROWSER_ERROR', `The browser refused: ${text}`, {
    suggestion: 'Check the tab, then try again or another way.',
    details: { tabId: where.tabId },
  });
}

/** The error for pages closed to extensions. */
export function notInjectable(where: { tabId: number; url?: string }): ToolError {
  return new ToolError(
    'NOT_INJECTABLE',
    `Pagewright cannot work inside this page${where.url ? ` (${where.url})` : ''}: browser pages, the extension store and the PDF viewer are closed to extensions.`,
    {
      suggestion: 'Tell the person; open the content in a normal web page (or a new tab with open_tab) to work with it.',
      details: { tabId: where.tabId, ...(where.url ? { url: where.url } : {}) },
    },
  );
}

/** UTF-8 text as base64, in chunks (a spread of a large array overflows the stack). */
export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
