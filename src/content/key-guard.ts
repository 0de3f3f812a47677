/**
 * The content half of judging typing where it lands (the worker half: src/tools/page/key-check.ts). Keys go
 * to whatever holds focus, and a page can move focus while the agent types — into a hidden field of
 * its own, into another origin's frame, onto a destructive form just before the Enter. So while the
 * guard is armed on the judged element:
 * - every trusted key event (keydown, keypress, beforeinput, keyup) aimed at any other element of this
 *   document is stopped before its default action (no character lands there, no Enter submits that form,
 *   no Space's keyup clicks that button) and counted, even when the page moved focus inside the key's own
 *   handler;
 * - every keydown and keyup that reaches this document is counted as it arrives, and those that reach
 *   the element (and the keypress that types a keydown's character, and text insertions) are counted
 *   apart, so the worker can confirm each key event arrived where it was meant to, and
 * - `keysLanded` says whether the element still holds focus here (ancestors answer `frameHoldsFocus`);
 *   asked with `expect`, it first waits for that many key events to have arrived and for the page's
 *   handlers of the last one (and the timers they set) to have run, so the worker can send a key event
 *   and its check at the same time and still judge the state the event left.
 * Another frame's document cannot be guarded from here: that is why the worker checks after every key
 * event, before the next, and stops at the first one that did not arrive.
 */
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { isConnectedOf, ownerDocumentOf } from './dom.js';
import { isContentEditable } from './fields.js';
import { frameElementOf } from './frame-element.js';
import { deepActiveElement } from './observe-util.js';
import { describeThere } from './point-check.js';
import { label } from './target.js';

/** A guard nobody checks disarms itself (the worker went away mid-act): the page's own keys are never held for long. */
const GUARD_IDLE_MS = 2_000;
/**
 * Longest wait for a key event the worker has sent to arrive here. One that does not went elsewhere
 * (another frame holds focus) or is late; the worker asks again once the browser has answered its send.
 */
export const KEY_ARRIVAL_WAIT_MS = 150;

interface KeyGuard {
  element: Element;
  keydowns: number;
  keyups: number;
  /** Keypresses of a keydown that reached the element: the character it types went there too. */
  keypresses: number;
  insertions: number;
  /** Keydowns and keyups that reached this document, wherever they were aimed. */
  arrived: number;
  blocked: number;
  blockedOn: Element | null;
  /** A keydown reached the element and its keyup has not come yet. */
  keyPending: boolean;
  /** The last keydown that reached the element: whether the page prevented its default is read later. */
  lastKeydown: Event | undefined;
  /** Called at each arrival: the `keysLanded` waiting for it. */
  waiters: Set<() => void>;
  expiry: ReturnType<typeof setTimeout>;
  stop: () => void;
}

const guards = new Map<string, KeyGuard>();
/** Tokens this document armed and has disarmed: an unknown token is another document's guard. */
const ended = new Set<string>();
let counter = 0;

/** Whether typing aimed at `node` types into `element`: the element, inside it, or the editing host it belongs to. */
function holds(element: Element, node: Element | null): boolean {
  if (!node) return false;
  if (node === element || element.contains(node)) return true;
  // A ref inside a rich editor: focus and key events rest on the editing host that contains it.
  return isContentEditable(element) && isContentEditable(node) && node.contains(element);
}

function eventTarget(event: Event): Element | null {
  const first = event.composedPath()[0];
  if (first instanceof Element) return first;
  return first instanceof Node ? first.parentElement : null;
}

/** Arms the guard on `element` (see the file comment) and says whether it holds focus now. */
export function guardKeys(element: Element): PageResultOf<'guard_keys'> {
  const token = `k${++counter}-${Date.now().toString(36)}`;
  // The element's own document and window: a frame whose document its parent wrote by script is read by
  // the parent's content script, and keys typed there reach that frame's window, not this one.
  const doc = ownerDocumentOf(element) ?? document;
  const view: Window = doc.defaultView ?? window;
  const guard: KeyGuard = {
    element,
    keydowns: 0,
    keyups: 0,
    keypresses: 0,
    insertions: 0,
    arrived: 0,
    blocked: 0,
    blockedOn: null,
    keyPending: false,
    lastKeydown: undefined,
    waiters: new Set(),
    expiry: setTimeout(() => guard.stop(), GUARD_IDLE_MS),
    stop: () => undefined,
  };
  // Why it must stay: this is what keeps an Enter judged for one field from submitting another form of
  // the page, and a character typed for a visible field from landing in a hidden one.
  const onKey = (event: Event) => {
    if (!event.isTrusted) return;
    const edge = event.type === 'keydown' || event.type === 'keyup';
    if (edge) guard.arrived++;
    const pending = guard.keyPending;
    if (event.type === 'keyup') guard.keyPending = false; // what a key types comes before its keyup; a beforeinput after it is inserted text
    const target = eventTarget(event);
    if (holds(guard.element, target) && holds(guard.element, deepActiveElement(doc))) {
      if (event.type === 'keydown') {
        guard.keydowns++;
        guard.keyPending = true;
        guard.lastKeydown = event;
      } else if (event.type === 'keyup') guard.keyups++;
      else if (event.type === 'keypress' && pending) guard.keypresses++;
      else if (event.type === 'beforeinput' && !pending) guard.insertions++;
    } else {
      event.preventDefault();
      event.stopImmediatePropagation();
      // What follows a keydown whose own handler removed the element (an edit field Enter saves) is
      // stopped too, but is that key's effect, not a redirection: the worker sends nothing more.
      if (!(pending && !isConnectedOf(guard.element))) {
        guard.blocked++;
        guard.blockedOn ??= target;
      }
    }
    if (edge) for (const wake of guard.waiters) wake();
  };
  const types = ['keydown', 'keypress', 'beforeinput', 'keyup'] as const;
  for (const type of types) view.addEventListener(type, onKey, true);
  guard.stop = () => {
    clearTimeout(guard.expiry);
    for (const type of types) view.removeEventListener(type, onKey, true);
    guards.delete(token);
    ended.add(token);
  };
  guards.set(token, guard);
  const active = deepActiveElement(doc);
  const focused = holds(element, active);
  return { token, label: label(element), focused, ...(focused ? {} : { now: describeThere(active) }) };
}

/** Resolves after the page's handlers of the event being dispatched now, and the zero-delay timers they set, have run. */
function afterHandlers(): Promise<void> {
  // The first task runs after this dispatch; the timers the page set in its handlers were queued before the second.
  return new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));
}

/** Waits until `count` key events have arrived (bounded), then for their handlers. */
async function arrival(guard: KeyGuard, count: number): Promise<void> {
  if (guard.arrived < count) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        guard.waiters.delete(wake);
        resolve();
      };
      const wake = () => guard.arrived >= count && done();
      const timer = setTimeout(done, KEY_ARRIVAL_WAIT_MS);
      guard.waiters.add(wake);
    });
  }
  await afterHandlers();
}

/** What reached the guarded element so far, and whether it still holds focus; `expect` waits for that many key events first; `end` disarms. */
export async function keysLanded(command: PageCommandOf<'keys_landed'>): Promise<PageResultOf<'keys_landed'>> {
  const guard = guards.get(command.token);
  if (!guard) {
    return {
      keydowns: 0,
      keyups: 0,
      keypresses: 0,
      arrived: 0,
      insertions: 0,
      blocked: 0,
      prevented: false,
      focused: false,
      now: ended.has(command.token) ? 'nothing: the guard had ended' : 'another page (this frame was reloaded or replaced)',
      ...(ended.has(command.token) ? {} : { replaced: true }),
    };
  }
  clearTimeout(guard.expiry);
  if (command.expect !== undefined) await arrival(guard, command.expect);
  clearTimeout(guard.expiry);
  guard.expiry = setTimeout(() => guard.stop(), GUARD_IDLE_MS);
  const active = deepActiveElement(ownerDocumentOf(guard.element) ?? document);
  const focused = holds(guard.element, active);
  const result: PageResultOf<'keys_landed'> = {
    keydowns: guard.keydowns,
    keyups: guard.keyups,
    keypresses: guard.keypresses,
    arrived: guard.arrived,
    insertions: guard.insertions,
    blocked: guard.blocked,
    prevented: guard.lastKeydown?.defaultPrevented === true,
    ...(guard.blockedOn ? { blockedOn: describeThere(guard.blockedOn) } : {}),
    focused,
    ...(focused ? {} : { now: describeThere(active) }),
    ...(isConnectedOf(guard.element) ? {} : { removed: true }),
  };
  // A read that gave up waiting leaves the guard armed for the worker's second look.
  if (command.end && (command.expect === undefined || guard.arrived >= command.expect)) guard.stop();
  return result;
}

/** In an ancestor frame: focus here rests on the child frame's iframe (so keys go into that frame). */
export function frameHoldsFocus(command: PageCommandOf<'frame_focus'>): PageResultOf<'frame_focus'> {
  const frame = frameElementOf(command);
  const active = deepActiveElement();
  if (frame && active === frame) return { holds: true };
  return { holds: false, now: describeThere(active) };
}
