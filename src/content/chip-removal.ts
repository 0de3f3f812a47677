/**
 * A click on the remove button of a chip — one chosen value of a combobox widget (Choices.js, Select2,
 * Tom Select) — takes that value off. Observed as DOM changes, the widget redraws its chips and its
 * list, and the report said `listbox lost 1 item "BugRemove item"` and `text "BugRemove itemDocsRemove
 * item" became "DocsRemove item"`. Said instead as the widget's values: `combobox "Labels" took off
 * "Bug"; it now shows "Docs"`. Read from the page's markup, so a heuristic, like the chip it starts from.
 */
import { roleOf } from './aria.js';
import { chipSelectOf, isChipControl } from './chip.js';
import { comboboxValues, mirrorOf, widgetOf, widgetRootsOf } from './combobox.js';
import { clip, multisetMinus } from './observe-changes.js';
import { linesOf } from './observe-util.js';

/** The widget a chip's remove button belongs to, with what it showed before the click. */
export interface ChipRemoval {
  widget: Element;
  /** Its values before the click. */
  before: string[];
  /** Its lines of text before the click (its chips and list): not news when they change. */
  lines: string[];
  /** The elements with refs in its parts before the click: a successor of one is looked for inside the widget only. */
  inside: Set<Element>;
}

/** The chip removal `target` would make, or undefined when it is no chip's remove button in a combobox widget. */
export function chipRemovalAt(target: Element | undefined, refs: ReadonlyMap<string, Element>): ChipRemoval | undefined {
  if (!target || !isChipControl(target, roleOf(target) || (target.tagName === 'A' ? 'button' : ''))) return undefined;
  const roots = widgetAround(target);
  if (!roots) return undefined;
  const { widget } = roots;
  return { widget, before: comboboxValues(widget), lines: roots.parts.flatMap(linesOf), inside: insideOf(roots.parts, refs) };
}

/**
 * The widget whose chip `target` removes, and its parts: the combobox around the chip (Choices.js, Select2),
 * else the widget mirroring the select the chip shows a choice of (Tom Select keeps its chips beside its box).
 */
function widgetAround(target: Element): { widget: Element; parts: Element[] } | undefined {
  const around = widgetOf(target);
  if (around && around !== target && around.contains(target)) return { widget: around, parts: widgetRootsOf(around) };
  const select = chipSelectOf(target);
  const mirror = select ? mirrorOf(select) : null;
  if (!mirror) return undefined;
  const parts = widgetRootsOf(mirror);
  return parts.some((part) => part.contains(target)) ? { widget: mirror, parts } : undefined;
}

/** The elements with refs inside the widget's parts: a successor of one is looked for there only. */
function insideOf(roots: Element[], refs: ReadonlyMap<string, Element>): Set<Element> {
  return new Set([...refs.values()].filter((element) => roots.some((root) => root.contains(element))));
}

const names = (values: readonly string[]): string => (values.length ? values.map((value) => JSON.stringify(clip(value, 60))).join(', ') : 'nothing');

/** What the click did to the widget's values, in its words (`took off "Bug"; it now shows "Docs"`), or undefined when it left the page. */
export function chipRemovalWords(removal: ChipRemoval, name: (element: Element) => string): string | undefined {
  if (!removal.widget.isConnected) return undefined;
  const after = comboboxValues(removal.widget);
  const removed = multisetMinus(removal.before, after);
  const added = multisetMinus(after, removal.before);
  const change = [removed.length ? `took off ${names(removed)}` : '', added.length ? `added ${names(added)}` : ''].filter(Boolean).join(' and ');
  return `${name(removal.widget)} ${change || 'still shows the same values'}; it now shows ${names(after)}`;
}
