/**
 * The labels of a control. During a snapshot they come from an index of label[for] elements by id, per
 * tree scope, built once: `element.labels` searches the whole tree scope on every call, which made big
 * forms quadratic.
 */
import { closestOf, hasAttrOf, idOf, parentElementOf, queryDocument, rootNodeOf } from './dom.js';

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

/** The labels of a control: its wrapping label (without `for`) and the labels whose `for` is its id. */
export function labelsOf(element: LabelableControl): ArrayLike<HTMLLabelElement> | null {
  if (!labelIndex) return element.labels;
  const root = rootNodeOf(element);
  let byId = labelIndex.get(root);
  if (!byId) {
    byId = new Map();
    const labels = root instanceof Document ? queryDocument('label[for]', root) : (root as ShadowRoot | Element).querySelectorAll('label[for]');
    for (const label of Array.from(labels) as HTMLLabelElement[]) {
      const list = byId.get(label.htmlFor);
      if (list) list.push(label);
      else byId.set(label.htmlFor, [label]);
    }
    labelIndex.set(root, byId);
  }
  const found: HTMLLabelElement[] = [];
  const parent = parentElementOf(element);
  const wrapping = parent ? (closestOf(parent, 'label') as HTMLLabelElement | null) : null;
  if (wrapping && !hasAttrOf(wrapping, 'for')) found.push(wrapping);
  const id = idOf(element);
  if (id) for (const label of byId.get(id) ?? []) if (label.control === element) found.push(label);
  return found;
}
