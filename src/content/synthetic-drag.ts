/**
 * A person's drag by synthetic events, where the browser gives no trusted pointer (Firefox): the same
 * points and order as the trusted drag (src/tools/page/drag-input.ts). Pointer-following libraries
 * (dragula, SortableJS's fallback, @shopify/draggable) get pointerdown/mousedown on the source, a short
 * hold, pointermove/mousemove steps to the target (each sent to what is under that point, as a pointer's
 * are), a pause, and pointerup/mouseup on the target. When the press starts a native drag — the source
 * or an ancestor is `draggable` and the page did not cancel the mousedown, as a browser decides — the
 * moves become HTML5 drag events carrying one shared `DataTransfer`: dragstart on the source, dragenter,
 * dragover (and dragleave) on what is under each point, drop where the last dragover was accepted, and
 * dragend. Synthetic events cannot start the browser's own drag, so this is the page's events only:
 * pages that check `isTrusted` ignore them.
 *
 * Judged as the trusted drag is: both ends visible together and not covered, and before the drop the
 * point is checked again (src/content/point-check.ts): a page that slid something else under the
 * pointer gets the drag taken back (returned to its start, or the native drag ended undropped) and
 * TARGET_MOVED.
 */
import { ToolError } from '../runtime/errors.js';
import { DRAG_HOLD_MS, dragPath } from '../shared/drag-path.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { mouseInit } from './actions.js';
import { flashHighlight } from './highlight.js';
import { assertDropLands } from './point-check.js';
import { documentId, resolveRef } from './refs.js';
import { deepElementFromPoint, label, prepareTarget, type Point } from './target.js';

/** A pause between moves: one frame, so each move is its own task as a pointer's are. */
const STEP_MS = 16;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const at = (point: Point): Element => deepElementFromPoint(point.x, point.y) ?? document.documentElement;
const init = (point: Point, held: boolean) => mouseInit(point, { modifiers: [], detail: held ? 1 : 0 }, held);

function pointerAndMouse(target: Element, kind: 'down' | 'move' | 'up', point: Point, held: boolean): boolean {
  const options = init(point, held);
  target.dispatchEvent(new PointerEvent(`pointer${kind}`, options));
  return target.dispatchEvent(new MouseEvent(`mouse${kind}`, options));
}

/** The nearest element a press on `element` would drag natively (links and images are draggable by default). */
function draggableOf(element: Element): HTMLElement | undefined {
  for (let current: Element | null = element; current; current = current.parentElement) {
    if (current instanceof HTMLElement && current.draggable) return current;
  }
  return undefined;
}

/** Both ends in view together, each visible and uncovered: a drag needs them on screen at once. */
function aimBoth(from: Element, to: Element): { start: Point; end: Point } {
  const first = prepareTarget(to, { checkCovered: true, needEnabled: false });
  const start = prepareTarget(from, { checkCovered: true, needEnabled: true });
  const end = prepareTarget(to, { checkCovered: true, needEnabled: false });
  if (Math.abs(first.x - end.x) > 1 || Math.abs(first.y - end.y) > 1) {
    throw new ToolError('DRAG_OUT_OF_VIEW', `${label(from)} and ${label(to)} do not fit in the visible page together, so they cannot be joined by one drag.`, {
      suggestion:
        'Make both visible at once (collapse or scroll a list so they are close, or zoom out the page), or look for a move action (a menu, a "Move to" button).',
    });
  }
  return { start, end };
}

/** The HTML5 drag a press started: its events, with one DataTransfer from dragstart to dragend. */
class NativeDrag {
  readonly transfer = new DataTransfer();
  private over: Element | undefined;
  private accepted = false;

  constructor(private readonly source: HTMLElement) {}

  private fire(target: Element, type: string, point: Point): boolean {
    const event = new DragEvent(type, { ...init(point, true), dataTransfer: this.transfer });
    return target.dispatchEvent(event);
  }

  /** dragstart on the source; false when the page cancelled it (then no drag starts). */
  start(point: Point): boolean {
    return this.fire(this.source, 'dragstart', point);
  }

  /** One move: drag on the source, dragenter/dragleave when the element under the point changes, dragover there. */
  move(point: Point): void {
    this.fire(this.source, 'drag', point);
    const under = at(point);
    if (under !== this.over) {
      this.fire(under, 'dragenter', point);
      if (this.over) this.fire(this.over, 'dragleave', point);
      this.over = under;
    }
    // A browser drops only where the last dragover was cancelled (the page said "drop here").
    this.accepted = !this.fire(under, 'dragover', point);
  }

  /** The drop (where accepted) and dragend; `drop: false` takes it back, ended without a drop. */
  finish(point: Point, drop: boolean): void {
    if (drop && this.accepted && this.over) this.fire(this.over, 'drop', point);
    else if (this.over) this.fire(this.over, 'dragleave', point);
    if (!drop || !this.accepted) this.transfer.dropEffect = 'none';
    this.fire(this.source, 'dragend', point);
  }
}

/** `drag` by synthetic events from one element of this frame to another (see the file comment). */
export async function syntheticDrag(command: PageCommandOf<'drag'>): Promise<PageResultOf<'drag'>> {
  const from = resolveRef(command.from, command.documentId);
  const to = resolveRef(command.to, command.documentId);
  const { start, end } = aimBoth(from, to);
  const labels = { from: label(from), to: label(to) };
  flashHighlight(to);
  pointerAndMouse(from, 'move', start, false);
  const pressAllowed = pointerAndMouse(from, 'down', start, true);
  const draggable = pressAllowed ? draggableOf(from) : undefined;
  await wait(DRAG_HOLD_MS);
  let native: NativeDrag | undefined;
  for (const [index, point] of dragPath(start, end, command.steps).entries()) {
    // A browser starts a native drag on the first move past its threshold; the nudges are that move.
    if (index === 0 && draggable) {
      const candidate = new NativeDrag(draggable);
      if (candidate.start(start)) native = candidate;
    }
    if (native) native.move(point);
    else pointerAndMouse(at(point), 'move', point, true);
    await wait(STEP_MS);
  }
  // The pause over the target a person makes: libraries that debounce hovering take the last move from it.
  await wait(DRAG_HOLD_MS);
  if (native) native.move(end);
  else pointerAndMouse(at(end), 'move', end, true);
  try {
    assertDropLands(to, from, end.x, end.y);
  } catch (error) {
    if (native) native.finish(start, false);
    else {
      pointerAndMouse(at(start), 'move', start, true);
      pointerAndMouse(at(start), 'up', start, false);
    }
    throw error;
  }
  if (native) native.finish(end, true);
  else pointerAndMouse(to, 'up', end, false);
  return { documentId, url: location.href, summary: `Dragged ${labels.from} to ${labels.to}`, labels };
}
