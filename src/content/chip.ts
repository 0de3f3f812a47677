/**
 * Is a control the remove button of a chip — one chosen value of a multi-select (reviewers, labels,
 * recipients)? Its "Remove" takes the value off the selection, which the person can add back; it does
 * not delete anything. Read from the page's own markup (an option, or a multi-selectable list), so it is
 * a heuristic: the worker uses it only to soften a "remove" word, never a delete, pay or send.
 */
import { closestOf, firstChildOf, nextSiblingOf, nodeTypeOf, parentElementOf, previousElementSiblingOf, querySelectorOf, tagOf, attrOf } from './dom.js';
import { mirrorOf } from './combobox.js';

const CHIP = '[role="option"], [aria-multiselectable="true"]';
/** How far above a chip's button the widget's wrapper may be (Tom Select: chip → .ts-control → .ts-wrapper; Select2: chip → ul → span → span → span.select2). */
const WRAPPER_LEVELS = 5;

/**
 * True for a chip's own remove control: a button inside an option or a multi-selectable list (Choices.js),
 * or inside a chip of a widget that mirrors a hidden `<select multiple>` (Tom Select, Select2), whose own
 * label is one of that select's chosen options.
 */
export function isChipControl(element: Element, role: string): boolean {
  if (role !== 'button') return false;
  const parent = parentElementOf(element);
  if (parent === null) return false;
  return closestOf(parent, CHIP) !== null || chipSelectOf(element) !== undefined;
}

/**
 * The hidden `<select multiple>` whose chosen option the chip holding `button` shows, or undefined. Tom Select
 * and Select2 put their widget (chips and box) in a wrapper right after the select; the chip is the button's
 * parent, and its label without the button's words must be one of the select's chosen options' labels.
 */
export function chipSelectOf(button: Element): HTMLSelectElement | undefined {
  const chip = parentElementOf(button);
  if (!chip) return undefined;
  let wrapper: Element | null = chip;
  for (let level = 0; wrapper && level < WRAPPER_LEVELS; level++, wrapper = parentElementOf(wrapper)) {
    const select = selectJustBefore(wrapper);
    if (!select) continue;
    // The chip's words are read only once a widget's select is found: every button on a page asks this, and
    // reading the words of each one's parent first made a page of 20,000 buttons in one element quadratic.
    const label = chipLabelOf(chip).replace(/\s+/g, ' ').trim();
    const chosen = [...select.selectedOptions].map((option) => option.label.replace(/\s+/g, ' ').trim());
    return label && mirrorOf(select) !== null && wrapper.contains(mirrorOf(select)) && chosen.includes(label) ? select : undefined;
  }
  return undefined;
}

/** A `<select multiple>` right before `element` (the wrapper a widget inserts after the select it hides). */
function selectJustBefore(element: Element): HTMLSelectElement | undefined {
  const before = previousElementSiblingOf(element);
  return before instanceof HTMLSelectElement && before.multiple ? before : undefined;
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
