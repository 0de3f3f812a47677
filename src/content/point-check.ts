/**
 * The content half of judging a pointer act where it lands (the worker half: src/tools/page/pointer.ts).
 * A click is judged on the element it was aimed at; between that judgement and the press the page can
 * slide something else under the pointer — another site's page in an almost invisible frame, its own
 * "Delete account" button — on the very `pointermove` the act causes. So:
 * - `watchPointer`, armed when the target is located, records where trusted pointer moves and presses
 *   land in this document (the page cannot forge trusted events);
 * - `checkPoint`, after the move and the page's reaction, checks the element at the exact point is
 *   still the judged one (or inside it, or its label), naming what is there instead;
 * - `checkFramePoint`, in each ancestor frame, checks the point is still on the child's iframe, uncovered;
 * - `pressLanded`, right after the press and before the release, says whether the press reached the
 *   judged element: the worker releases away from a press that did not, so no click follows.
 */
import { ToolError } from '../runtime/errors.js';
import { quoted } from '../shared/untrusted-text.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { ownerDocumentOf } from './dom.js';
import { contentBoxPoint, frameElementOf } from './frame-element.js';
import { pageReacted } from './reaction.js';
import { deepElementFromPoint, label, landsOn } from './target.js';

/** Longest wait for a press to reach this document once the browser has sent it (an input event may trail a message). */
export const PRESS_WAIT_MS = 150;
/** Longest wait for the pointer's move, sent with the check, to reach this document: one that does not went to something else. */
export const MOVE_WAIT_MS = 150;
/**
 * A watch nobody uses stops by itself (the worker went away mid-act). Counted from its last use — a pointer
 * event it saw, a check that read it — not from its start: in a background tab the browser acknowledges
 * each pointer move slowly, and a drag of a dozen moves there outlasted a fixed 10 s.
 */
const WATCH_EXPIRY_MS = 10_000;

interface Landing {
  target: Element | null;
  onElement: boolean;
}

interface PointerWatch {
  element: Element;
  moves: Landing[];
  /** Moves whose dispatch is over (the page's handlers of them have run). */
  movesHandled: number;
  presses: Landing[];
  waiters: Set<() => void>;
  /** Puts off the watch's expiry: it is in use. */
  touch: () => void;
  stop: () => void;
}

/** The top document's scroll offset, for the worker's browser hit test (it takes document coordinates); only from the top frame. */
export function topScroll(): { scroll?: { x: number; y: number } } {
  return window.top === window ? { scroll: { x: scrollX, y: scrollY } } : {};
}

const watches = new Map<string, PointerWatch>();
/** Tokens of watches that expired unused, so a late check says so instead of blaming the page. */
const expired = new Set<string>();
let counter = 0;

/** An element as a message names it: `button "Delete account"`, `a frame from pay.example`, `the page itself`. */
export function describeThere(element: Element | null): string {
  if (!element || element === document.documentElement || element === document.body) return 'the page itself';
  if (element instanceof HTMLIFrameElement || element instanceof HTMLFrameElement) {
    let host = '';
    try {
      host = new URL(element.src).host;
    } catch {
      // srcdoc or no address: a frame of this page
    }
    return host ? `a frame from ${host}` : 'a frame of this page';
  }
  const control = element.closest('a[href], button, input, select, textarea, summary, label, [role], [contenteditable="true"], iframe') ?? element;
  if (control !== element && (control instanceof HTMLIFrameElement || control instanceof HTMLFrameElement)) return describeThere(control);
  const role = roleOf(control) || control.tagName.toLowerCase();
  const name = roleOf(control) ? nameOf(control, role) : (control.textContent ?? '').replace(/\s+/g, ' ').trim();
  return name ? `${role} ${quoted(name, 80)}` : role;
}

/** The innermost node an event was aimed at (inside open shadow roots), as an element. */
function eventTarget(event: Event): Element | null {
  const first = event.composedPath()[0];
  if (first instanceof Element) return first;
  return first instanceof Node ? first.parentElement : null;
}

/** Starts recording where trusted pointer moves and presses land in this document; returns the watch's token. */
export function watchPointer(element: Element): string {
  const token = `p${++counter}-${Date.now().toString(36)}`;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const watch: PointerWatch = {
    element,
    moves: [],
    movesHandled: 0,
    presses: [],
    waiters: new Set(),
    touch: () => {
      clearTimeout(expiry);
      expiry = setTimeout(() => {
        expired.add(token);
        watch.stop();
      }, WATCH_EXPIRY_MS);
    },
    stop: () => undefined,
  };
  const landing = (event: Event): Landing => {
    const target = eventTarget(event);
    return { target, onElement: landsOn(watch.element, target) };
  };
  const wakeAll = () => {
    for (const wake of watch.waiters) wake();
  };
  let movesSeen = 0;
  const onMove = (event: Event) => {
    if (!event.isTrusted) return;
    watch.touch();
    if (watch.moves.length < 50) watch.moves.push(landing(event));
    // A page that stops the move's mousemove from bubbling still has its handlers done by the next task.
    const seen = ++movesSeen;
    setTimeout(() => {
      watch.movesHandled = Math.max(watch.movesHandled, seen);
      wakeAll();
    }, 0);
  };
  // The last event of a move, bubbling to the window: the page's handlers of the move have run (and the
  // animation frames they asked for are still to come, in this very frame).
  const onMoveHandled = (event: Event) => {
    if (!event.isTrusted) return;
    watch.movesHandled = Math.max(watch.movesHandled, movesSeen);
    wakeAll();
  };
  // pointerdown is the press; mousedown counts only when no pointerdown came for it (a listener
  // registered before ours may have stopped the pointer event from reaching us).
  let pointerSeen = false;
  const onPress = (event: Event) => {
    if (!event.isTrusted) return;
    watch.touch();
    if (event.type === 'pointerdown') pointerSeen = true;
    else if (pointerSeen) {
      pointerSeen = false;
      return;
    }
    watch.presses.push(landing(event));
    wakeAll();
  };
  // The element's own window: a script-written frame is read by its parent's content script, and the
  // frame's pointer events reach the frame's window only.
  const view: Window = ownerDocumentOf(element)?.defaultView ?? window;
  view.addEventListener('pointermove', onMove, true);
  view.addEventListener('mousemove', onMoveHandled);
  view.addEventListener('pointerdown', onPress, true);
  view.addEventListener('mousedown', onPress, true);
  watch.touch();
  watch.stop = () => {
    clearTimeout(expiry);
    view.removeEventListener('pointermove', onMove, true);
    view.removeEventListener('mousemove', onMoveHandled);
    view.removeEventListener('pointerdown', onPress, true);
    view.removeEventListener('mousedown', onPress, true);
    watches.delete(token);
  };
  watches.set(token, watch);
  return token;
}

/** TARGET_MOVED: the page put something else where the act was aimed; nothing was pressed. */
export function targetMoved(message: string, now: string): ToolError {
  return new ToolError('TARGET_MOVED', message, {
    suggestion:
      'The page changed what is under the pointer as it arrived, which is how a page redirects a click. Nothing was pressed. Call read_page to see the page as it is now; if it happens again, tell the person instead of retrying.',
    details: { now },
  });
}

/** The watch of `token`, kept alive by this use; undefined when it has stopped. */
function liveWatch(token: string): PointerWatch | undefined {
  const watch = watches.get(token);
  watch?.touch();
  return watch;
}

function watchOf(token: string): PointerWatch {
  const watch = liveWatch(token);
  if (watch) return watch;
  if (expired.has(token)) {
    throw new ToolError(
      'CHECK_EXPIRED',
      `This act went unchecked for over ${WATCH_EXPIRY_MS / 1000} s between two of its steps, so its check at the point of effect was given up and nothing more was pressed.`,
      {
        suggestion: 'The browser slows input to a tab in the background. Call switch_tab with this tab to show it, then try the act again.',
        details: { now: 'nothing: the check had expired' },
      },
    );
  }
  throw targetMoved('The page that was aimed at is no longer the one in this frame (it was reloaded or replaced).', 'another page');
}

/**
 * Same-document successor: an honest app may redraw the control it hovers (a new element with the same
 * role and name in the same place). Not a hole: the page's own script could make the old element do
 * anything too; another document (a frame) is never a successor.
 */
function successorAt(element: Element, hit: Element | null): Element | undefined {
  if (element.isConnected || !hit) return undefined;
  const role = roleOf(element);
  if (!role) return undefined;
  for (let candidate: Element | null = hit; candidate; candidate = candidate.parentElement) {
    if (candidate.tagName === element.tagName && roleOf(candidate) === role && nameOf(candidate, role) === nameOf(element, role)) return candidate;
  }
  return undefined;
}

/** Resolves once `ready()` holds (checked at every pointer event of the watch), or after `ms`. */
function until(watch: PointerWatch, ready: () => boolean, ms: number): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      watch.waiters.delete(wake);
      resolve();
    };
    const wake = () => ready() && done();
    const timer = setTimeout(done, ms);
    watch.waiters.add(wake);
  });
}

/** Checks the watched element is where the act lands (see the file comment); throws TARGET_MOVED naming what is there. */
export async function checkPoint(command: PageCommandOf<'point_check'>): Promise<PageResultOf<'point_check'>> {
  const watch = watchOf(command.token);
  // The move was sent with this check: judge only once it arrived and the page's handlers of it ran (the
  // frames they ask for are awaited below). One that never arrives went to something else, which the
  // checks below then find at the point.
  if (command.afterMove) await until(watch, () => watch.movesHandled >= 1, MOVE_WAIT_MS);
  if (command.purpose === 'move') {
    // A hover is the move itself: what the page shows after it is its effect, so judge where the move landed.
    const landed = watch.moves[0];
    if (landed && !landed.onElement) {
      const now = describeThere(landed.target);
      throw targetMoved(`The pointer landed on ${now} instead of ${label(watch.element)}: the page moved it under the pointer.`, now);
    }
    if (landed) return { ok: true, ...topScroll() };
  } else {
    await pageReacted();
  }
  if (command.purpose === 'drop') return checkDrop(watch, command);
  const hit = deepElementFromPoint(command.x, command.y);
  if (landsOn(watch.element, hit)) return { ok: true, ...topScroll() };
  const successor = successorAt(watch.element, hit);
  if (successor) {
    watch.element = successor;
    return { ok: true, ...topScroll() };
  }
  const now = describeThere(hit);
  throw targetMoved(
    `${now} is now where the pointer was aimed at ${label(watch.element)}: the page moved it there after the pointer arrived. Nothing was pressed.`,
    now,
  );
}

const textOf = (element: Element): string => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * What a drop at the point lands on, seen through the library's floating copy of the dragged element
 * (dragula's mirror, a fallback ghost: same tag and text as the dragged element, under the pointer by
 * design). What is first below it must be the drop target, inside it, the dragged element (sortable
 * lists move it under the pointer), or in the list that holds the target (its items shift as the dragged
 * one's placeholder moves). A heuristic bound, said in the README: a page may still put another item
 * of that same list there.
 */
function checkDrop(watch: PointerWatch, command: PageCommandOf<'point_check'>): PageResultOf<'point_check'> {
  const dragged = command.dragged ? liveWatch(command.dragged)?.element : undefined;
  assertDropLands(watch.element, dragged, command.x, command.y);
  return { ok: true, ...topScroll() };
}

/** Throws TARGET_MOVED unless a drop at (x, y) lands as checkDrop allows (the synthetic drag asks this too). */
export function assertDropLands(target: Element, dragged: Element | undefined, x: number, y: number): void {
  const copyText = dragged ? textOf(dragged) : '';
  const stack = document.elementsFromPoint(x, y);
  const isCopy = (element: Element) =>
    dragged !== undefined &&
    element !== dragged &&
    !dragged.contains(element) &&
    element.tagName === dragged.tagName &&
    copyText !== '' &&
    textOf(element) === copyText;
  let hit: Element | null = null;
  for (const element of stack) {
    if (isCopy(element) || (dragged && [...stack].some((other) => isCopy(other) && other.contains(element)))) continue;
    hit = element;
    break;
  }
  if (hit?.shadowRoot) hit = deepElementFromPoint(x, y) ?? hit;
  const list = target.parentElement;
  if (landsOn(target, hit) || (dragged && landsOn(dragged, hit)) || (hit && list && list !== document.body && list.contains(hit))) return;
  const now = describeThere(hit);
  throw targetMoved(
    `${now} is now where the drag was to drop on ${label(target)}: the page moved it under the pointer during the drag. Nothing was dropped.`,
    now,
  );
}

/** In an ancestor frame: the point is still inside the child frame's iframe, and nothing of this frame covers it. */
export async function checkFramePoint(command: PageCommandOf<'frame_point_check'>): Promise<PageResultOf<'frame_point_check'>> {
  await pageReacted();
  const frame = frameElementOf(command);
  if (!frame) throw targetMoved('The frame that holds the element left the page after the pointer arrived. Nothing was pressed.', 'no frame');
  const style = getComputedStyle(frame);
  const origin = contentBoxPoint(frame, 0, 0);
  const width = frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const height = frame.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const inside = command.x >= origin.x && command.y >= origin.y && command.x < origin.x + width && command.y < origin.y + height;
  const hit = deepElementFromPoint(command.x, command.y);
  if (inside && hit === frame) return { ok: true, ...topScroll() };
  const now = describeThere(hit);
  throw targetMoved(
    `${now} is now where the pointer was aimed, over the frame that holds the element: the page moved it there after the pointer arrived. Nothing was pressed.`,
    now,
  );
}

/** Where press `presses` landed (waiting briefly for it to arrive); `end` stops the watch once it has (a late press is asked about again). */
export async function pressLanded(command: PageCommandOf<'pointer_landed'>): Promise<PageResultOf<'pointer_landed'>> {
  const watch = liveWatch(command.token);
  if (!watch) return { landed: false };
  await until(watch, () => watch.presses.length >= command.presses, PRESS_WAIT_MS);
  const press = watch.presses[command.presses - 1];
  if (!press) return { landed: false };
  if (command.end) watch.stop();
  return press.onElement ? { landed: true } : { landed: false, on: describeThere(press.target) };
}
