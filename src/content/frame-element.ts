/** Finding a child frame's iframe element in this document, and where its own viewport begins. */

/** How a parent is told which child frame: see `childFrame` in src/shared/protocol/page.ts. */
export interface ChildFrame {
  frameId: number;
  url: string;
  nth: number;
  index?: number | undefined;
}

/**
 * The iframe element of a child frame. By its `index` in this window's `frames` when the worker could tell
 * it (every frame says where it sits, src/background/frame-tree.ts): an address cannot tell frames apart
 * that have none of their own — an editor's script-written `about:blank`, a `srcdoc`, a `javascript:`
 * placeholder — and matching those by address put the pointer on another frame's iframe. Else by
 * `runtime.getFrameId` where the browser offers it to content scripts (Firefox), else the `nth` iframe
 * whose address is `url` (the browser lists a frame's children in document order).
 */
export function frameElementOf(child: ChildFrame): HTMLIFrameElement | HTMLFrameElement | undefined {
  const frames = [...document.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>('iframe, frame')];
  if (child.index !== undefined) {
    // Window identity holds across origins and cannot be forged by the page (indices of `frames` are its child browsing contexts).
    const win = window.frames[child.index];
    return win ? frames.find((frame) => frame.contentWindow === win) : undefined;
  }
  const runtime = (globalThis as { chrome?: { runtime?: { getFrameId?: (target: Element) => number } } }).chrome?.runtime;
  if (typeof runtime?.getFrameId === 'function') {
    for (const frame of frames) {
      try {
        if (runtime.getFrameId(frame) === child.frameId) return frame;
      } catch {
        // not a frame the extension knows (a sandboxed about:blank without our script)
      }
    }
  }
  return frames.filter((frame) => frame.src === child.url || (!frame.src && child.url === 'about:blank'))[child.nth];
}

/** The iframe's index in `window.frames` (its own document finds the same index from inside), or null. */
export function frameIndexOf(element: Element): number | null {
  const target = (element as HTMLIFrameElement).contentWindow;
  if (!target) return null;
  for (let i = 0; i < window.frames.length; i++) if (window.frames[i] === target) return i;
  return null;
}

/** The point `x, y` of a frame's own viewport in this frame's viewport: past the iframe's border and padding. */
export function contentBoxPoint(frame: HTMLIFrameElement | HTMLFrameElement, x: number, y: number): { x: number; y: number } {
  const rect = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  return { x: rect.left + frame.clientLeft + parseFloat(style.paddingLeft) + x, y: rect.top + frame.clientTop + parseFloat(style.paddingTop) + y };
}
