/**
 * The labels of a control. During a snapshot they come from an index of label[for] elements by id, per
 * tree scope, built once: `element.labels` searches the whole tree scope on every call, which made big
 * forms quadratic.
 */
import { attrOf, closestOf, hasAttrOf, idOf, parentElementOf, previousElementSiblingOf, queryDocument, rootNodeOf, tagOf } from './dom.js';

/** A control that can have labels. */
export type LabelableControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

let labelIndex: WeakMap<Node, Map<string, HTMLLabelElement[]>> | undefined;

/** Runs `work` with a label index (one pass per tree scope instead of one search per control). */
export function withLabelIndex<T>(work: () => T): T {
  labelIndex = new WeakMap();
  try {
    return work();
  } finally {
    labelIndex = undefined;
  }
}

const labelsWithFor = (root: Node): HTMLLabelElement[] =>
  Array.from(
    root instanceof Document ? queryDocument('label[for]', root) : (root as ShadowRoot | Element).querySelectorAll('label[for]'),
  ) as HTMLLabelElement[];

/** The label[for] elements naming `id` in the element's tree scope (from the index during a snapshot). */
function labelsForId(element: Element, id: string): HTMLLabelElement[] {
  const root = rootNodeOf(element);
  if (!labelIndex) return labelsWithFor(root).filter((label) => label.htmlFor === id);
  let byId = labelIndex.get(root);
  if (!byId) {
    byId = new Map();
    for (const label of labelsWithFor(root)) {
      const list = byId.get(label.htmlFor);
      if (list) list.push(label);
      else byId.set(label.htmlFor, [label]);
    }
    labelIndex.set(root, byId);
  }
  return byId.get(id) ?? [];
}

/** The labels of a control: its wrapping label (without `for`) and the labels whose `for` is its id. */
export function labelsOf(element: LabelableControl): ArrayLike<HTMLLabelElement> | null {
  if (!labelIndex) return element.labels;
  const found: HTMLLabelElement[] = [];
  const parent = parentElementOf(element);
  const wrapping = parent ? (closestOf(parent, 'label') as HTMLLabelElement | null) : null;
  if (wrapping && !hasAttrOf(wrapping, 'for')) found.push(wrapping);
  const id = idOf(element);
  if (id) for (const label of labelsForId(element, id)) if (label.control === element) found.push(label);
  return found;
}

/**
 * The hidden input a field is drawn in place of, or null: a date picker's alt input (flatpickr's
 * altInput hides the original, `type=hidden`, and inserts the field a person uses right after it).
 */
export function standInFor(element: Element): HTMLInputElement | null {
  const before = previousElementSiblingOf(element);
  if (!before || tagOf(before) !== 'INPUT' || attrOf(before, 'type')?.toLowerCase() !== 'hidden') return null;
  return before as HTMLInputElement;
}

/**
 * Labels a field has by what a person sees rather than by markup, asked only when it has none: a field
 * drawn in place of a hidden one takes the hidden one's label[for] (a hidden input has no labels of its
 * own, so the page's label named nothing), and a label right before it that labels nothing
 * (`<label>Return</label> <input>`: no `for`, no control inside) is its label. Without this the field
 * was named by its placeholder ("Choose a day") beside the label the page shows for it.
 */
export function borrowedLabelsOf(element: LabelableControl): HTMLLabelElement[] {
  const original = standInFor(element);
  const id = original ? idOf(original) : '';
  if (id) {
    const labels = labelsForId(original as Element, id);
    if (labels.length > 0) return labels;
  }
  const before = previousElementSiblingOf(element);
  if (before && tagOf(before) === 'LABEL' && !hasAttrOf(before, 'for') && (before as HTMLLabelElement).control === null) return [before as HTMLLabelElement];
  return [];
}
