/**
 * Where an action lands, checked as a person would check it: the target is scrolled into view,
 * visible, enabled and not covered (naming what covers it). Used by synthetic actions (actions.ts)
 * and by trusted input, which needs the same point (locate.ts).
 */
import { ToolError } from '../runtime/errors.js';
import { calendarNameOf, calendarRoleOf } from './date-picker.js';
import { nameOf } from './accessible-name.js';
import { isDisabled, isFocusable, roleOf } from './aria.js';
import { bodyOf, isEditableOf, ownerDocumentOf } from './dom.js';
import { isShown } from './snapshot.js';
import { rowOf } from './element-line.js';
import { coveredError } from './cover.js';
import { codeEditorSurface } from './code-editor.js';
import { isCopyOfCell } from './drawn-again.js';

/** Roles whose elements are told apart by their text when they have no name. */
const NAMED_BY_TEXT = new Set(['listitem', 'cell', 'gridcell', 'row', 'paragraph', 'article', 'group']);

/** A point in viewport CSS pixels. */
export type Point = { x: number; y: number };

/** How messages name an element: `button "Submit"` (no ref: in a frame the model knows it with a prefix). */
export function label(element: Element): string {
  // A calendar's day or arrow (flatpickr's spans) is named as read_page names it, not `span "10"`.
  const own = roleOf(element) || calendarRoleOf(element);
  const role = own || element.tagName.toLowerCase();
  const text = () => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  // A list item or cell has no name of its own: its text is how a person tells it apart.
  const name = own ? calendarNameOf(element, role, nameOf(element, role) || (NAMED_BY_TEXT.has(role) ? text() : '')) : text();
  if (name) return `${role} ${JSON.stringify(name)}`;
  // An unnamed control says which row it is in, as read_page does: "checkbox in \"water plants\"".
  const row = rowOf(element, role, name);
  return row ? `${role} in ${JSON.stringify(row)}` : role;
}

function containsComposed(ancestor: Element, node: Node | null): boolean {
  for (let current = node; current;) {
    if (current === ancestor) return true;
    current = current.parentNode ?? ((current as ShadowRoot).host as Node | undefined) ?? null;
    if (current instanceof ShadowRoot) current = current.host;
  }
  return false;
}

/**
 * Whether a pointer at `hit` acts on `element`: the element itself, something inside it (across open
 * shadow roots), its own label (a click on a label is a click on its control), or a grid's copy of the
 * same cell drawn over it (drawn-again.ts).
 */
export function landsOn(element: Element, hit: Element | null): boolean {
  if (!hit) return false;
  if (containsComposed(element, hit)) return true;
  // A code editor's text area is where a person presses to type into it (its focus target has no box).
  const surface = codeEditorSurface(element);
  if (surface && containsComposed(surface, hit)) return true;
  // A grid's cell drawn again over itself (frozen panes): the copy is where a person's click on it lands.
  if (isCopyOfCell(element, hit)) return true;
  const labelOfHit = hit.closest('label');
  return labelOfHit !== null && (labelOfHit as HTMLLabelElement).control === element;
}

/** The innermost element at a point, looking through open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let element = document.elementFromPoint(x, y);
  while (element?.shadowRoot) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

/** The covering element as messages name it: its outermost positioned part, role and name. */
export function describeCover(cover: Element): string {
  // Name the outermost meaningful part of the cover: an overlay's own role/name beats a span inside it.
  let best: Element = cover;
  for (let current: Element | null = cover; current && current !== document.body; current = current.parentElement) {
    const style = getComputedStyle(current);
    if (style.position === 'fixed' || style.position === 'absolute' || roleOf(current) === 'dialog') best = current;
  }
  const role = roleOf(best);
  const name = role ? nameOf(best, role) : (best.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const id = best.id ? `#${best.id}` : '';
  const cls = typeof best.className === 'string' && best.className.trim() ? `.${best.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
  return `${best.tagName.toLowerCase()}${id}${cls}${role ? ` (${role})` : ''}${name ? ` "${name}"` : ''}`;
}

/**
 * Checks the element is shown and (with `needEnabled`) enabled, as a person would see it; returns its first
 * box. No scrolling and no event: the tools' validation asks this before anyone is asked (src/content/precheck.ts).
 */
export function checkActable(element: Element, needEnabled: boolean): DOMRect {
  // A code editor's focus target is 1px or has no box: its text area is what a person sees and presses.
  const box = codeEditorSurface(element) ?? element;
  const rects = box.getClientRects();
  const rect = rects[0] ?? box.getBoundingClientRect();
  if (!isShown(element) || rect.width === 0 || rect.height === 0) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', `${label(element)} is not visible on the page.`, {
      suggestion:
        'It may be hidden, collapsed or in a closed menu. Open the section that contains it (click its toggle), or call read_page to find a visible alternative.',
    });
  }
  if (needEnabled && isDisabled(element)) {
    throw new ToolError('ELEMENT_DISABLED', `${label(element)} is disabled.`, {
      suggestion: 'Something else must happen first (often: fill the required fields or tick a checkbox). Call read_page to see what the form still needs.',
    });
  }
  return rect;
}

/**
 * Scrolls into view and checks the element can be acted on like a person would. Returns the point a
 * pointer would use. `checkCovered` is off for scroll-only actions.
 */
export function prepareTarget(element: Element, options: { checkCovered: boolean; needEnabled: boolean }): Point {
  const box = codeEditorSurface(element) ?? element;
  const rectBefore = box.getBoundingClientRect();
  const inView = rectBefore.top >= 0 && rectBefore.left >= 0 && rectBefore.bottom <= innerHeight && rectBefore.right <= innerWidth;
  if (!inView) box.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const rect = checkActable(element, options.needEnabled);
  const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
  if (options.checkCovered) {
    const hit = deepElementFromPoint(x, y);
    // What covers it decides the advice (part of the same control, shown on hover, an overlay): src/content/cover.ts.
    if (hit && !landsOn(element, hit)) throw coveredError(element, hit);
  }
  return { x, y };
}

/** Focuses the element or its nearest focusable ancestor, as a pointer press does. */
export function focusTarget(element: Element): void {
  let focusable: Element | null = element;
  // An edited document's body takes focus although its tabIndex says -1 (an editing host is focusable).
  while (focusable && !isFocusable(focusable) && !(focusable === bodyOf(ownerDocumentOf(focusable) ?? document) && isEditableOf(focusable)))
    focusable = focusable.parentElement;
  if (focusable instanceof HTMLElement || focusable instanceof SVGElement) focusable.focus({ preventScroll: true });
}

/** The longest an act waits for the motion that covers its target to end (a panel sliding in, a list making room). */
export const SETTLE_MAX_MS = 1_000;

/** Whether `outer` is `inner` or holds it (across shadow roots). */
const holds = (outer: Element, inner: Element | null) => inner !== null && containsComposed(outer, inner);

/**
 * Waits for the finite animations and transitions that move the element or what is on top of it (an
 * ancestor of either), at most SETTLE_MAX_MS. True when there were any: the cover may have been only
 * passing, as when an app animates a new panel in and the next one still overlaps it for a moment.
 */
export async function motionSettled(element: Element): Promise<boolean> {
  const rect = element.getBoundingClientRect();
  const hit = deepElementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  const moving = document.getAnimations().filter((animation) => {
    if (animation.playState !== 'running' || !(animation.effect instanceof KeyframeEffect)) return false;
    const target = animation.effect.target;
    const end = animation.effect.getComputedTiming().endTime;
    return target !== null && typeof end === 'number' && Number.isFinite(end) && (holds(target, element) || holds(target, hit));
  });
  if (moving.length === 0) return false;
  await Promise.race([Promise.allSettled(moving.map((animation) => animation.finished)), new Promise((done) => setTimeout(done, SETTLE_MAX_MS))]);
  // The frame after the end: styles an app sets when its transition ends are applied.
  await new Promise((done) => requestAnimationFrame(() => done(undefined)));
  return true;
}

/**
 * Runs an act that checks its target first; when the target is covered only while something is
 * moving, waits for that motion to end and runs it once more. The checks come before any event, so a
 * refused first try has done nothing.
 */
export async function actWhenSettled<T>(element: Element | undefined, act: () => T): Promise<T> {
  try {
    return act();
  } catch (error) {
    if (!(error instanceof ToolError) || error.code !== 'ELEMENT_COVERED' || !element || !(await motionSettled(element))) throw error;
    return act();
  }
}
