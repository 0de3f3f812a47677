/**
 * A point instead of a ref (a canvas, a map, a chart): which element of this frame is at viewport point
 * (x, y), given a ref so the act is judged on it like any other, or — when the point is on a child frame
 * — which frame, and the point in that frame's own viewport, so the worker asks that frame next and the
 * act is judged as that frame's origin.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { summarize } from './element-line.js';
import { contentBoxPoint, frameIndexOf } from './frame-element.js';
import { documentId, refFor } from './refs.js';
import { deepElementFromPoint } from './target.js';
import { pointPhrase } from './point-name.js';

function frameIdOf(frame: Element): number | undefined {
  const runtime = (globalThis as { chrome?: { runtime?: { getFrameId?: (target: Element) => number } } }).chrome?.runtime;
  try {
    const id = runtime?.getFrameId?.(frame);
    return typeof id === 'number' && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The element (or child frame) at a point of this frame's viewport. */
export function pointTarget(command: PageCommandOf<'point_target'>): PageResultOf<'point_target'> {
  const { x, y } = command;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
    throw new ToolError('POINT_OUTSIDE', `The point (${x}, ${y}) is outside the visible page (${innerWidth}×${innerHeight} CSS pixels).`, {
      suggestion:
        'Points are CSS pixels of the visible part of the tab, as in the latest screenshot (its result gives the scale). Scroll first, or take a new screenshot.',
      details: { width: innerWidth, height: innerHeight },
    });
  }
  const element = deepElementFromPoint(x, y);
  if (!element)
    throw new ToolError('POINT_OUTSIDE', `Nothing of the page is at (${x}, ${y}).`, { suggestion: 'Take a new screenshot and pick a point on the page.' });
  if (element instanceof HTMLIFrameElement || element instanceof HTMLFrameElement) {
    const origin = contentBoxPoint(element, 0, 0);
    const frameId = frameIdOf(element);
    // Its place in `window.frames` tells frames with no address of their own apart (a `srcdoc` editor, a script-written
    // about:blank), as every other tool finds them: by address, TinyMCE's srcdoc frame was "a frame the extension cannot reach".
    const index = frameIndexOf(element);
    const same = [...document.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>('iframe, frame')].filter((frame) => frame.src === element.src);
    return {
      kind: 'frame',
      url: element.src || 'about:blank',
      nth: Math.max(0, same.indexOf(element)),
      ...(frameId !== undefined ? { frameId } : {}),
      ...(index !== null ? { index } : {}),
      x: x - origin.x,
      y: y - origin.y,
    };
  }
  const role = roleOf(element);
  const name = role ? nameOf(element, role) : '';
  return {
    kind: 'element',
    ref: refFor(element),
    documentId,
    url: location.href,
    label: pointPhrase(element),
    summary: summarize(element, role || element.tagName.toLowerCase(), name),
  };
}
