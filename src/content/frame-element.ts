/** Finding a child frame's iframe element in this document, and where its own viewport begins. */

/**
 * The iframe element of child frame `frameId`: by `runtime.getFrameId` where the browser offers it to
 * content scripts, else the `nth` iframe whose address is `url` (the browser lists a frame's children
 * in document order, as read_page matches them).
 */
export function frameElementOf(frameId: number, url: string, nth: number): HTMLIFrameElement | HTMLFrameElement | undefined {
  const frames = [...document.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>('iframe, frame')];
  const runtime = (globalThis as { chrome?: { runtime?: { getFrameId?: (target: Element) => number } } }).chrome?.runtime;
  if (typeof runtime?.getFrameId === 'function') {
    for (const frame of frames) {
      try {
        if (runtime.getFrameId(frame) === frameId) return frame;
      } catch {
        // not a frame the extension knows (a sandboxed about:blank without our script)
      }
    }
  }
  return frames.filter((frame) => frame.src === url || (!frame.src && url === 'about:blank'))[nth];
}

/** The point `x, y` of a frame's own viewport in this frame's viewport: past the iframe's border and padding. */
export function contentBoxPoint(frame: HTMLIFrameElement | HTMLFrameElement, x: number, y: number): { x: number; y: number } {
  const rect = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  return { x: rect.left + frame.clientLeft + parseFloat(style.paddingLeft) + x, y: rect.top + frame.clientTop + parseFloat(style.paddingTop) + y };
}
