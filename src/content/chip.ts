/**
 * Is a control the remove button of a chip — one chosen value of a multi-select (reviewers, labels,
 * recipients)? Its "Remove" takes the value off the selection, which the person can add back; it does
 * not delete anything. Read from the page's own markup (an option, or a multi-selectable list), so it is
 * a heuristic: the worker uses it only to soften a "remove" word, never a delete, pay or send.
 */
import { closestOf, parentElementOf } from './dom.js';

const CHIP = '[role="option"], [aria-multiselectable="true"]';

/** True for a button inside an option or a multi-selectable list (the chip's own remove control). */
export function isChipControl(element: Element, role: string): boolean {
  if (role !== 'button') return false;
  const parent = parentElementOf(element);
  return parent !== null && closestOf(parent, CHIP) !== null;
}
