/**
 * A person's drag through the browser's own input (the DevTools Protocol): the pointer goes to the
 * source, presses, holds a moment, moves in several steps to the drop target and releases. Libraries
 * that follow the pointer (dragula, SortableJS's fallback, @shopify/draggable) need the intermediate
 * moves and the hold; HTML5 drag and drop (`draggable`, dragstart/dragover/drop) starts a native drag,
 * which the browser hands us while intercepting drags (`Input.setInterceptDrags`): its hovering and
 * its drop are then sent as trusted drag events carrying the DataTransfer the page's dragstart filled.
 *
 * Judged like a click at each end (src/tools/page/pointer-check.ts): the press is confirmed on the
 * source where it lands, and before the release the drop point is checked again at the browser level
 * and in its frame. The attack this stops: a page that, on the drag's own pointermove or dragover,
 * slides another drop zone ("Delete", another site's frame) under the pointer. Then the drag is
 * cancelled (the native drag cancelled, or the pointer taken back to where it started and released
 * there), so nothing is dropped, and TARGET_MOVED says what is there now.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { isToolErrorLike, ToolError } from '../../runtime/errors.js';
import type { DialogInfo, DispatchOutcome, DragData, PageInputPort } from '../../runtime/page-input.js';
import { requireBrowser, sleep } from './page-call.js';
import { aim, confirmAim, pressReached, targetMoved, type Aimed, type Target } from './pointer-check.js';
import type { Acted } from './trusted.js';
import { DRAG_HOLD_MS, dragPath } from '../../shared/drag-path.js';

export { DEFAULT_DRAG_STEPS, DRAG_HOLD_MS, dragPath } from '../../shared/drag-path.js';

const dialogOf = (outcome: DispatchOutcome): DialogInfo | undefined => (outcome.outcome === 'dialog' ? outcome.dialog : undefined);

function port(context: ToolUseContext): PageInputPort {
  const input = requireBrowser(context).input;
  if (!input) throw new Error('trusted input is not available'); // callers check availability first
  return input;
}

/** Aims both ends; a drag needs them on screen together, so aiming the source must not scroll the target away. */
async function aimBoth(context: ToolUseContext, from: Target, to: Target): Promise<{ source: Aimed; target: Aimed }> {
  const first = await aim(context, to, 'hover', true);
  const source = await aim(context, from, 'click', true);
  const target = await aim(context, to, 'hover', true);
  if (Math.abs(first.topX - target.topX) > 1 || Math.abs(first.topY - target.topY) > 1) {
    throw new ToolError(
      'DRAG_OUT_OF_VIEW',
      `${source.label} and ${target.label} do not fit in the visible page together, so they cannot be joined by one drag.`,
      {
        suggestion:
          'Make both visible at once (collapse or scroll a list so they are close, or zoom out the page), or look for a move action (a menu, a "Move to" button).',
      },
    );
  }
  return { source, target };
}

/** What a drag did, and how its ends are named on the page. */
export interface Dragged extends Acted {
  labels: { from: string; to: string };
  /** Where the pointer pressed and let go, each in its own frame's viewport, and the drop frame's viewport in the top one's (trusted drags). */
  points?: { from: Point; to: Point; offset: Point };
}

type Point = { x: number; y: number };

/** The drag (see the file comment): what it did, or the dialog that interrupted it. */
export async function trustedDrag(context: ToolUseContext, from: Target, to: Target, options: { steps: number }): Promise<Dragged> {
  const input = port(context);
  const tabId = from.tabId;
  const { source, target } = await aimBoth(context, from, to);
  const labels = { from: source.label, to: target.label };
  const points = { from: { x: source.x, y: source.y }, to: { x: target.x, y: target.y }, offset: { x: target.topX - target.x, y: target.topY - target.y } };
  const done = (dialog?: DialogInfo): Dragged => ({
    done: `Dragged ${source.label} to ${target.label}`,
    notes: [],
    labels,
    points,
    ...(dialog ? { dialog } : {}),
  });
  const drags = input.drags;
  await drags?.intercept(tabId, true);
  let native: DragData | undefined;
  let entered = false;
  const start = { x: source.topX, y: source.topY };
  const end = { x: target.topX, y: target.topY };
  try {
    const moved = dialogOf(await input.mouse(tabId, [{ type: 'move', ...start }]));
    if (moved) return done(moved);
    await confirmAim(context, source, 'press');
    const pressed = dialogOf(await input.mouse(tabId, [{ type: 'press', ...start, button: 'left', clickCount: 1 }]));
    if (pressed) return done(pressed);
    const reached = await pressReached(context, source, 1, false);
    if (!reached.landed) {
      await input.mouse(tabId, [{ type: 'release', x: 0, y: 0, button: 'left', clickCount: 1 }]);
      const now = reached.on ?? 'another frame or element';
      throw targetMoved(`The press meant for ${source.label} reached ${now}: the page moved it under the pointer at that instant.`, now, true);
    }
    await sleep(DRAG_HOLD_MS, context.abortController.signal);
    // A person pauses over the target before letting go; libraries that debounce their reordering
    // (SortableJS ignores hovering for 30 ms after each move) take the last position from that move.
    for (const point of [...dragPath(start, end, options.steps), 'pause' as const, end]) {
      if (point === 'pause') {
        await sleep(DRAG_HOLD_MS, context.abortController.signal);
        continue;
      }
      native ??= drags?.intercepted(tabId);
      let outcome: DispatchOutcome;
      if (native && drags) {
        if (!entered) {
          entered = true;
          const enter = dialogOf(await drags.dispatch(tabId, 'dragEnter', point.x, point.y, native));
          if (enter) return done(enter);
        }
        outcome = await drags.dispatch(tabId, 'dragOver', point.x, point.y, native);
      } else {
        outcome = await input.mouse(tabId, [{ type: 'move', ...point, held: true }]);
      }
      if (dialogOf(outcome)) return done(dialogOf(outcome));
    }
    native ??= drags?.intercepted(tabId);
    try {
      await confirmAim(context, target, 'drop', source);
    } catch (error) {
      await cancelDrag(input, tabId, start, native);
      throw dropMoved(error);
    }
    if (native && drags) {
      const dropped = dialogOf(await drags.dispatch(tabId, 'drop', end.x, end.y, native));
      if (dropped) return done(dropped);
    }
    const released = dialogOf(await input.mouse(tabId, [{ type: 'release', ...end, button: 'left', clickCount: 1 }]));
    return done(released);
  } finally {
    await drags?.intercept(tabId, false).catch(() => undefined);
  }
}

/** Takes the drag back without dropping it: a native drag is cancelled; a pointer drag returns to its start and is released there. */
async function cancelDrag(input: PageInputPort, tabId: number, start: { x: number; y: number }, native: DragData | undefined): Promise<void> {
  if (native && input.drags) await input.drags.dispatch(tabId, 'dragCancel', start.x, start.y, native).catch(() => undefined);
  else await input.mouse(tabId, [{ type: 'move', ...start, held: true }]).catch(() => undefined);
  await input.mouse(tabId, [{ type: 'release', ...start, button: 'left', clickCount: 1 }]).catch(() => undefined);
}

/** TARGET_MOVED at the drop, with what happened to the drag. */
export function dropMoved(error: unknown): unknown {
  if (!isToolErrorLike(error) || error.code !== 'TARGET_MOVED') return error;
  return new ToolError('TARGET_MOVED', error.message.replace(/Nothing was pressed\.$/, 'Nothing was dropped.'), {
    suggestion:
      'The page put something else under the pointer during the drag, which is how a page redirects a drop. The drag was taken back to where it started and nothing was dropped. Call read_page to see the page as it is now; if it happens again, tell the person instead of retrying.',
    details: (error as { details?: Record<string, unknown> }).details ?? {},
  });
}
