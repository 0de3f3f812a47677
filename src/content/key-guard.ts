/**
 * The content half of judging typing where it lands (the worker half: src/tools/page/keys.ts). Keys go
 * to whatever holds focus, and a page can move focus while the agent types — into a hidden field of
 * its own, into another origin's frame, onto a destructive form just before the Enter. So while the
 * guard is armed on the judged element:
 * - every trusted keydown, keypress and beforeinput aimed at any other element of this document is
 *   stopped before its default action (no character lands there, no Enter submits that form) and
 *   counted, even when the page moved focus inside the key's own handler;
 * - keydowns and text insertions that reach the element are counted, so the worker can confirm each
 *   key arrived, and
 * - `keysLanded` says whether the element still holds focus here (ancestors answer `frameHoldsFocus`).
 * Another frame's document cannot be guarded from here: that is why the worker checks focus before
 * every key and stops at the first one that did not arrive.
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

interface KeyGuard {
  element: Element;
  keydowns: number;
  insertions: number;
  blocked: number;
  blockedOn: Element | null;
  /** A keydown reached the element and its keyup has not come yet. */
  keyPending: boolean;
  /** The last keydown that reached the element: whether the page prevented its default is read later. */
  lastKeydown: Event | undefined;
  expiry: ReturnType<typeof setTimeout>;
  stop: () => void;
}

const guards = new Map<string, KeyGuard>();
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
    insertions: 0,
    blocked: 0,
    blockedOn: null,
    keyPending: false,
    lastKeydown: undefined,
    expiry: setTimeout(() => guard.stop(), GUARD_IDLE_MS),
    stop: () => undefined,
  };
  // Why it must stay: this is what keeps an Enter judged for one field from submitting another form of
  // the page, and a character typed for a visible field from landing in a hidden one.
  const onKey = (event: Event) => {
    if (!event.isTrusted) return;
    if (event.type === 'keyup') {
      guard.keyPending = false; // what a key types comes before its keyup; a beforeinput after it is inserted text
      return;
    }
    const target = eventTarget(event);
    if (holds(guard.element, target) && holds(guard.element, deepActiveElement(doc))) {
      if (event.type === 'keydown') {
        guard.keydowns++;
        guard.keyPending = true;
        guard.lastKeydown = event;
      } else if (event.type === 'beforeinput' && !guard.keyPending) guard.insertions++;
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    guard.blocked++;
    guard.blockedOn ??= target;
  };
  const types = ['keydown', 'keypress', 'beforeinput', 'keyup'] as const;
  for (const type of types) view.addEventListener(type, onKey, true);
  guard.stop = () => {
    clearTimeout(guard.expiry);
    for (const type of types) view.removeEventListener(type, onKey, true);
    guards.delete(token);
  };
  guards.set(token, guard);
  const active = deepActiveElement(doc);
  const focused = holds(element, active);
  return { token, label: label(element), focused, ...(focused ? {} : { now: describeThere(active) }) };
}

/** What reached the guarded element so far, and whether it still holds focus; `end` disarms. */
export function keysLanded(command: PageCommandOf<'keys_landed'>): PageResultOf<'keys_landed'> {
  const guard = guards.get(command.token);
  if (!guard) return { keydowns: 0, insertions: 0, blocked: 0, prevented: false, focused: false, now: 'another page (this frame was reloaded or replaced)' };
  clearTimeout(guard.expiry);
  guard.expiry = setTimeout(() => guard.stop(), GUARD_IDLE_MS);
  const active = deepActiveElement(ownerDocumentOf(guard.element) ?? document);
  const focused = holds(guard.element, active);
  const result: PageResultOf<'keys_landed'> = {
    keydowns: guard.keydowns,
    insertions: guard.insertions,
    blocked: guard.blocked,
    prevented: guard.lastKeydown?.defaultPrevented === true,
    ...(guard.blockedOn ? { blockedOn: describeThere(guard.blockedOn) } : {}),
    focused,
    ...(focused ? {} : { now: describeThere(active) }),
    ...(isConnectedOf(guard.element) ? {} : { removed: true }),
  };
  if (command.end) guard.stop();
  return result;
}

/** In an ancestor frame: focus here rests on the child frame's iframe (so keys go into that frame). */
export function frameHoldsFocus(command: PageCommandOf<'frame_focus'>): PageResultOf<'frame_focus'> {
  const frame = frameElementOf(command);
  const active = deepActiveElement();
  if (frame && active === frame) return { holds: true };
  return { holds: false, now: describeThere(active) };
}
