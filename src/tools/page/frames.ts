/**
 * Frames for the read tools: which frame an iframe line is, and why a frame's content is missing.
 * One read locates the tab's frames once (`BrowserBridge.frameTree`), matches each iframe to a frame by
 * its index path (by URL where no path can be told), and gives child frames one shared time budget, so
 * a frame that never answers costs the read at most that budget and is named with the reason.
 */
import type { FrameInfo } from '../../runtime/browser.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { oneLine } from '../../shared/untrusted-text.js';

/** How long all child frames of one read may take together, counted from the first one asked. */
export const FRAME_BUDGET_MS = 3_000;
/** The shortest wait given to a frame however little of the budget is left (a frame that answers takes ~2 ms). */
export const MIN_FRAME_WAIT_MS = 250;
/** How deep read_page follows frames inside frames. */
export const MAX_FRAME_NESTING = 4;

/** A frame to read, or why there is none. */
export type FrameMatch = { frameId: number; loading: boolean } | { missing: string };

/** The tab's frames for one read, located once and only if a frame is met. */
export interface FrameReader {
  tree(): Promise<FrameInfo[]>;
  /** Milliseconds a child frame may still take (at least MIN_FRAME_WAIT_MS); starts the budget on first use. */
  waitLeft(): number;
}

/** Makes the per-read frame locator. Without `frameTree` (test bridges), frames are matched by URL. */
export function frameReader(context: ToolUseContext, tabId: number): FrameReader {
  let located: Promise<FrameInfo[]> | undefined;
  let deadline: number | undefined;
  return {
    tree() {
      located ??= (async () => {
        const browser = context.browser;
        if (!browser) return [];
        if (browser.frameTree) return browser.frameTree(tabId, context.abortController.signal).catch(() => []);
        const listed = await browser.listFrames(tabId).catch(() => []);
        return listed.map((frame) => ({
          frameId: frame.frameId,
          parentFrameId: frame.parentFrameId,
          url: frame.url,
          path: frame.frameId === 0 ? [] : null,
          failed: false,
          loading: false,
        }));
      })();
      return located;
    },
    waitLeft() {
      deadline ??= Date.now() + FRAME_BUDGET_MS;
      return Math.max(MIN_FRAME_WAIT_MS, deadline - Date.now());
    },
  };
}

const samePath = (a: readonly number[] | null, b: readonly number[]) => a !== null && a.length === b.length && a.every((value, i) => value === b[i]);
const withoutHash = (url: string) => url.replace(/#.*$/, '');
/** A `src` that names a page of its own (not empty, about:blank, about:srcdoc or a javascript: URL). */
const namesAPage = (src: string) => /^(https?|file|ftp):/i.test(src);

/**
 * Which frame the iframe with `marker` in frame `parentId` is. By index path when both sides could
 * tell it; else by URL among the parent's listed children not yet claimed (an iframe in shadow DOM, an
 * error page, where no script runs).
 */
export function matchFrame(tree: readonly FrameInfo[], parentId: number, marker: { index: number | null; src: string }, claimed: Set<number>): FrameMatch {
  const parentPath = tree.find((frame) => frame.frameId === parentId)?.path ?? null;
  let found: FrameInfo | undefined;
  if (marker.index !== null && parentPath !== null) {
    const path = [...parentPath, marker.index];
    found = tree.find((frame) => !claimed.has(frame.frameId) && samePath(frame.path, path));
  }
  if (!found && marker.src) {
    const src = withoutHash(marker.src);
    found = tree.find((frame) => !claimed.has(frame.frameId) && frame.parentFrameId === parentId && frame.path === null && withoutHash(frame.url) === src);
  }
  const shownSrc = oneLine(marker.src, 300);
  if (!found) {
    return { missing: namesAPage(marker.src) ? `its page (${shownSrc}) has not loaded` : 'no document in it could be reached' };
  }
  claimed.add(found.frameId);
  if (found.failed) return { missing: `its page (${oneLine(found.url, 300)}) failed to load: the host may not resolve or the network failed` };
  // The frame still shows the empty document it starts with: the page it asked for has not answered.
  if (found.url === 'about:blank' && namesAPage(marker.src)) return { missing: `its page (${shownSrc}) has not answered yet` };
  return { frameId: found.frameId, loading: found.loading };
}

/** The note line that stands in for a frame's content. */
export function frameNote(indent: string, text: string): string {
  return `${indent}  - text: (frame content unavailable: ${text})`;
}
