/**
 * Is a control the remove button of a chip — one chosen value of a multi-select (reviewers, labels,
 * recipients)? Its "Remove" takes the value off the selection, which the person can add back; it does
 * not delete anything. Read from the page's own markup (an option, or a multi-selectable list), so it is
 * a heuristic: the worker uses it only to soften a "remove" word, never a delete, pay or send.
 */
import { closestOf, firstChildOf, nextSiblingOf, nodeTypeOf, parentElementOf, querySelectorOf, tagOf, attrOf } from './dom.js';

const CHIP = '[role="option"], [aria-multiselectable="true"]';

/** True for a button inside an option or a multi-selectable list (the chip's own remove control). */
export function isChipControl(element: Element, role: string): boolean {
  if (role !== 'button') return false;
  const parent = parentElementOf(element);
  return parent !== null && closestOf(parent, CHIP) !== null;
}

/**
 * The remove button of a chosen value shown as an option (Choices.js: `<div role="option">Priya
 * Raman<button aria-label="Remove item: Priya Raman">`), or null. A read folded the button into the
 * option's name ("Priya Raman Remove item: Priya Raman") with no ref of its own, so removing a value
 * took finding the button by hand.
 */
export function chipRemoveButtonOf(option: Element): Element | null {
  return querySelectorOf(option, 'button, [role="button"]');
}

/** A chip's own label: its text without its remove button's. */
export function chipLabelOf(option: Element): string {
  let text = '';
  const visit = (node: Element): void => {
    for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) {
      const type = nodeTypeOf(child);
      if (type === 3) text += child.nodeValue ?? '';
      else if (type === 1 && tagOf(child as Element) !== 'BUTTON' && attrOf(child as Element, 'role') !== 'button') visit(child as Element);
    }
  };
  visit(option);
  return text;
}
