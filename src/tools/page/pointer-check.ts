/**
 * The worker half of judging a pointer act where it lands (the page half: src/content/point-check.ts).
 * A click is judged on the element it was aimed at; the page then controls what happens until the
 * press. The attack this stops: on the very `pointermove` the act causes, the page slides another
 * site's page (an almost invisible cross-origin frame) or its own "Delete account" button under the
 * pointer, and the press lands there. So, for every press:
 * 1. before the pointer moves, the browser's own hit test names the node and frame at the point, which
 *    the content script has just found to be the target (or the frame that holds it), uncovered;
 * 2. after the move, once the page has reacted (its handlers, animation frames, motion it started), the
 *    target's frame checks the element is still at its point, each ancestor frame checks the point is
 *    still on the child's iframe, and
 * 3. the browser hit-tests the exact point again, last, and the press goes only if the same frame holds
 *    it and no frame (an iframe, object, embed) took the node's place — the one check that sees every
 *    frame at once, whatever process it lives in;
 * 4. after the press and before the release, the target's frame says whether the press reached it: a
 *    press the page won in the instant between check and press is released away from everything it
 *    reached, so no click follows, and reported.
 * Any failure is TARGET_MOVED naming what is there now; nothing was pressed (or, for 4, clicked).
 * What costs round trips goes together where the order stays the same: the move goes with the target
 * frame's check of step 2 (which waits for the move to arrive and for the page's handlers of it before
 * its wait for the reaction), each press with the question of step 4 (which waits for the press), and
 * each hit test with the browser's own reading of the scroll offset (the test counts only when that
 * agrees with the offset the top frame's script read just before it).
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { BrowserHit, DialogInfo, DispatchOutcome, PageInputPort, ScrollOffset } from '../../runtime/page-input.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { quoted } from '../../shared/untrusted-text.js';
import { childFrames } from './focus-frame.js';
import { requireBrowser, sendPageCommand } from './page-call.js';

/** Where an action acts: a frame of a tab, a local ref in it, and the document the ref came from. */
export interface Target {
  tabId: number;
  frameId: number;
  ref: string;
  documentId: string | undefined;
  /** A point the model gave, in the target frame's viewport: act exactly there (no scrolling), on the element found there. */
  at?: { x: number; y: number } | undefined;
}

/** One step from a frame up to its parent: the child's iframe as the parent finds it, and the point in the parent's viewport. */
export interface FrameLink {
  frameId: number;
  parentFrameId: number;
  url: string;
  nth: number;
  /** The child's place in the parent's `window.frames` (how the parent finds its iframe), when known. */
  index?: number;
  x: number;
  y: number;
}

/** A located target: its point in its own frame and at the top, the frames between, and what the browser saw there. */
export interface Aimed extends Omit<PageResultOf<'locate'>, 'x' | 'y'> {
  target: Target;
  x: number;
  y: number;
  topX: number;
  topY: number;
  links: FrameLink[];
  /** The browser's hit at the top point before the pointer moved (undefined without the re-checks). */
  before: BrowserHit | undefined;
  /** The top document's scroll offset as its content script read it when locating (for the hit test). */
  scroll?: ScrollOffset | undefined;
}

/** How a parent is told which of its frames a link's child is. */
export const childOf = (link: FrameLink) => ({
  frameId: link.frameId,
  url: link.url,
  nth: link.nth,
  ...(link.index !== undefined ? { index: link.index } : {}),
});

/** Nodes that show another document: a press on one goes into that document, never to the judged element. */
const FRAME_TAGS = new Set(['iframe', 'frame', 'object', 'embed', 'fencedframe', 'portal']);

function input(context: ToolUseContext): PageInputPort {
  const port = requireBrowser(context).input;
  if (!port) throw new Error('trusted input is not available'); // callers check availability first
  return port;
}

/** TARGET_MOVED: what is under the pointer now is not what the act was judged on. */
export function targetMoved(message: string, now: string, pressed = false, suggestion?: string): ToolError {
  return new ToolError('TARGET_MOVED', message, {
    suggestion:
      suggestion ??
      (pressed
        ? 'The page put something else under the pointer at the instant of the press, which is how a page steals a click. The button was released away from it, so no click followed. Call read_page to see the page as it is now; if it happens again, tell the person instead of retrying.'
        : 'The page changed what is under the pointer as it arrived, which is how a page redirects a click. Nothing was pressed. Call read_page to see the page as it is now; if it happens again, tell the person instead of retrying.'),
    details: { now },
  });
}

/** Plain words for a node the browser hit: `a frame from pay.example`, or its kind. */
export function hitPhrase(hit: BrowserHit | undefined): string {
  if (!hit?.tag) return 'something the browser could not name';
  if (FRAME_TAGS.has(hit.tag)) {
    let host = '';
    try {
      host = new URL(hit.src ?? '').host;
    } catch {
      // no address: a frame of the page itself
    }
    return host ? `a frame from ${quoted(host, 80)}` : 'a frame of this page';
  }
  return `a ${quoted(hit.tag, 20).slice(1, -1)} element of another frame`;
}

/**
 * Locates the target for `purpose` (watching the pointer on it when `watch`), adds each ancestor iframe's
 * offset, and with `recheck` asks the browser what it hit-tests at the point before anything moves.
 */
export async function aim(context: ToolUseContext, target: Target, purpose: 'click' | 'hover' | 'type' | 'focus', recheck: boolean): Promise<Aimed> {
  const {
    x,
    y,
    scroll: ownScroll,
    ...located
  } = await sendPageCommand(
    context,
    target.tabId,
    {
      type: 'locate',
      ref: target.ref,
      ...(target.documentId ? { documentId: target.documentId } : {}),
      purpose,
      ...(recheck ? { watch: true } : {}),
      ...(target.at ? { at: target.at } : {}),
    },
    target.frameId,
  );
  let point = { x, y };
  let scroll = ownScroll;
  const links: FrameLink[] = [];
  if (target.frameId !== 0) {
    const frames = await childFrames(context, target.tabId);
    for (let child = target.frameId; child !== 0;) {
      const info = frames.find((frame) => frame.frameId === child);
      const parent = info?.parentFrameId;
      if (!info || parent === undefined || parent < 0) break;
      const nth = Math.max(
        0,
        frames.filter((frame) => frame.parentFrameId === parent && frame.url === info.url).findIndex((frame) => frame.frameId === child),
      );
      const where = { frameId: child, url: info.url, nth, ...(info.index !== undefined ? { index: info.index } : {}) };
      const offset = await sendPageCommand(context, target.tabId, { type: 'frame_offset', ...where, x: point.x, y: point.y }, parent);
      point = { x: offset.x, y: offset.y };
      scroll = offset.scroll;
      links.push({ ...where, parentFrameId: parent, x: point.x, y: point.y });
      child = parent;
    }
  }
  const before = recheck && purpose !== 'focus' ? await input(context).hitTest(target.tabId, point.x, point.y, false, scroll) : undefined;
  if (recheck && purpose !== 'focus' && !before) throw cannotConfirm();
  return { ...located, target, x, y, topX: point.x, topY: point.y, links, before, scroll };
}

// No answer is not a page's trick (a dialog holds the page, the protocol refused): say so, not "redirected".
const cannotConfirm = () =>
  targetMoved(
    'The browser could not say what is under the pointer, so the act could not be confirmed on its target. Nothing was pressed.',
    'unknown',
    false,
    'The browser gave no answer to its hit test (a dialog open on the page, or the page was busy). Call read_page and try once more; a field can also be set with fill_form, which needs no pointer. If it happens again, tell the person.',
  );

/**
 * Steps 2 and 3 of the file comment, after the pointer has moved: `press` waits for the page's reaction
 * and checks the element is still at the point; `move` (a hover) checks where the move itself landed;
 * `drop` (a drag's release) checks the drop target is still what is under the `dragged` element.
 * `move`, when given, sends the pointer's move with the target frame's check, which waits for the move
 * to arrive and for the page's handlers of it before its own wait for the page's reaction (one round
 * trip less than sending the check after the move); the ancestors are asked once the move is done.
 * Returns the dialog the move opened, if any (then nothing was checked and nothing may be pressed).
 */
export async function confirmAim(
  context: ToolUseContext,
  aimed: Aimed,
  purpose: 'press' | 'move' | 'drop',
  dragged?: Aimed,
  move?: () => Promise<DispatchOutcome>,
): Promise<DialogInfo | undefined> {
  const { target } = aimed;
  if (!aimed.watch || !aimed.before) {
    // No re-checks asked for.
    const moved = move ? await move() : undefined;
    return moved?.outcome === 'dialog' ? moved.dialog : undefined;
  }
  const token = aimed.watch;
  const own = sendPageCommand(
    context,
    target.tabId,
    {
      type: 'point_check',
      token,
      x: aimed.x,
      y: aimed.y,
      purpose,
      // The dragged element's watch lives in its own frame: it helps the drop check only in the same one.
      ...(dragged?.watch && dragged.target.frameId === target.frameId ? { dragged: dragged.watch } : {}),
      ...(move ? { afterMove: true } : {}),
    },
    target.frameId,
  );
  own.catch(() => undefined); // a dialog the move opened pauses the page: its answer comes late or never
  const moved = move ? await move() : undefined;
  if (moved?.outcome === 'dialog') return moved.dialog;
  // Every frame of the chain waits for its page's reaction at the same time (they are separate pages).
  const [checked, ...ancestors] = await Promise.all([
    own,
    ...aimed.links.map((link) =>
      sendPageCommand(context, target.tabId, { type: 'frame_point_check', ...childOf(link), x: link.x, y: link.y }, link.parentFrameId),
    ),
  ]);
  // The top frame's own reading of its scroll offset, just now: the hit test goes with the browser's.
  const topIndex = aimed.links.findIndex((link) => link.parentFrameId === 0);
  const scroll = target.frameId === 0 ? checked.scroll : ancestors[topIndex]?.scroll;
  const port = input(context);
  const after = await port.hitTest(target.tabId, aimed.topX, aimed.topY, false, scroll);
  if (!after) throw cannotConfirm();
  if (after.frame === aimed.before.frame && after.node === aimed.before.node) return undefined;
  const named = await port.hitTest(target.tabId, aimed.topX, aimed.topY, true);
  if (after.frame !== aimed.before.frame || !named || FRAME_TAGS.has(named.tag ?? '')) {
    const now = hitPhrase(named ?? after);
    throw targetMoved(
      `${now} is now where the pointer was aimed at ${aimed.label}: the page moved it there after the pointer arrived. Nothing was pressed.`,
      now,
    );
  }
  // Same document, another node (an app redrawing the control it hovers): the target frame's check just
  // found the judged element at the point, by identity, which a node id cannot tell across redraws.
  return undefined;
}

/** Step 4: whether press `count` reached the target (the frame waits briefly for it); `end` stops watching. */
export async function pressReached(context: ToolUseContext, aimed: Aimed, count: number, end: boolean): Promise<PageResultOf<'pointer_landed'>> {
  if (!aimed.watch) return { landed: true };
  return sendPageCommand(context, aimed.target.tabId, { type: 'pointer_landed', token: aimed.watch, presses: count, end }, aimed.target.frameId);
}
