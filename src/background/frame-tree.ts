/**
 * A tab's frames, each placed in the tree by where it sits in its parent's `window.frames`.
 *
 * Why not `webNavigation.getAllFrames` alone: it leaves out frames that never committed a navigation of
 * their own — an ad script's `<iframe src="javascript:false">` (often written into by script) and a
 * frame whose page never answered — and its URLs cannot tell a script-written `about:blank` editor from
 * any other. Why not `runtime.getFrameId(iframe)`: Chrome does not have it (Firefox only). So a tiny
 * function runs in every frame (`injectImmediately`: such frames never reach `document_idle`, which
 * would hold the call forever) and reports the frame's index path from the top; the content script
 * reports each iframe's index in `window.frames` on its side, and the two meet on the path.
 */
import browser from 'webextension-polyfill';
import type { FrameInfo } from '../runtime/browser.js';

/** How long locating the frames may take before the frames found so far are used. */
export const FRAME_TREE_TIMEOUT_MS = 3_000;

interface Located {
  path: number[] | null;
  url: string;
  loading: boolean;
}

/**
 * Runs inside each frame (serialized by the browser: it must use nothing from outside). Only
 * `parent`, `frames`, indexing and identity are used, which work across origins.
 */
function locateThisFrame(): Located {
  const path: number[] = [];
  let current: Window = window;
  try {
    while (current !== current.parent) {
      const parentWindow = current.parent;
      let index = -1;
      for (let i = 0; i < parentWindow.frames.length; i++) {
        if (parentWindow.frames[i] === current) {
          index = i;
          break;
        }
      }
      if (index < 0) return { path: null, url: location.href, loading: document.readyState === 'loading' };
      path.unshift(index);
      current = parentWindow;
    }
  } catch {
    return { path: null, url: location.href, loading: document.readyState === 'loading' };
  }
  return { path, url: location.href, loading: document.readyState === 'loading' };
}

const isLocated = (value: unknown): value is Located =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Located).url === 'string' &&
  ((value as Located).path === null || Array.isArray((value as Located).path));

/** Resolves with `fallback` if `work` has not settled after `ms` (or the signal aborts). */
function within<T>(work: Promise<T>, ms: number, signal: AbortSignal, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const done = (value: T) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(fallback);
    const timer = setTimeout(() => done(fallback), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(done, () => done(fallback));
  });
}

/** The tab's frames: the browser's list merged with where each reachable frame says it sits. */
export async function locateFrames(tabId: number, signal: AbortSignal): Promise<FrameInfo[]> {
  const [listed, injected] = await Promise.all([
    within(
      browser.webNavigation.getAllFrames({ tabId }).then((frames) => frames ?? []),
      FRAME_TREE_TIMEOUT_MS,
      signal,
      [],
    ),
    within(
      browser.scripting.executeScript({ target: { tabId, allFrames: true }, injectImmediately: true, func: locateThisFrame }),
      FRAME_TREE_TIMEOUT_MS,
      signal,
      [],
    ),
  ]);
  const byId = new Map<number, FrameInfo>();
  for (const frame of listed) {
    byId.set(frame.frameId, {
      frameId: frame.frameId,
      parentFrameId: frame.parentFrameId,
      url: frame.url,
      path: frame.frameId === 0 ? [] : null,
      failed: frame.errorOccurred === true,
      loading: false,
    });
  }
  for (const result of injected) {
    const located: unknown = result.result;
    if (!isLocated(located)) continue;
    const known = byId.get(result.frameId);
    byId.set(result.frameId, {
      frameId: result.frameId,
      parentFrameId: known?.parentFrameId ?? null,
      url: located.url,
      path: located.path,
      // A frame that answered shows a document, whatever the browser's list said of an earlier attempt.
      failed: false,
      loading: located.loading,
    });
  }
  return [...byId.values()].sort((a, b) => a.frameId - b.frameId);
}
