/**
 * Whether a person could see an element, with `checkVisibility` (no layout reads per element). Used by
 * the snapshot, find, row context and actions.
 */
import { checkVisibilityOf } from './dom.js';

/**
 * One options object for every visibility check. Without a prototype: the browser reads each option
 * it knows from the object on every call, and a miss that walks up to Object.prototype made the
 * check ~20% slower (measured on a corpus page).
 */
const SEEN_BY_A_PERSON: CheckVisibilityOptions = Object.assign(Object.create(null) as CheckVisibilityOptions, { visibilityProperty: true });

/** What a visibility check decided: skip the subtree, list only its children, or list it. */
export const Visibility = { Skip: 0, ChildrenOnly: 1, Visible: 2 } as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

/** Visible, hidden-but-children-may-show (visibility:hidden, display:contents), or skip the subtree. */
export function visibilityOf(element: Element): Visibility {
  if (checkVisibilityOf(element, SEEN_BY_A_PERSON)) return Visibility.Visible;
  // Only the rare invisible elements pay for computed style.
  if (!checkVisibilityOf(element)) {
    return getComputedStyle(element).display === 'contents' ? Visibility.ChildrenOnly : Visibility.Skip;
  }
  return Visibility.ChildrenOnly;
}

/** True when a person could see the element. */
export function isShown(element: Element): boolean {
  return checkVisibilityOf(element, SEEN_BY_A_PERSON);
}
