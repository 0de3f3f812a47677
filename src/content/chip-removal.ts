/**
 * A click on the remove button of a chip — one chosen value of a combobox widget (Choices.js, Select2,
 * Tom Select) — takes that value off. Observed as DOM changes, the widget redraws its chips and its
 * list, and the report said `listbox lost 1 item "BugRemove item"` and `text "BugRemove itemDocsRemove
 * item" became "DocsRemove item"`. Said instead as the widget's values: `combobox "Labels" took off
 * "Bug"; it now shows "Docs"`. Read from the page's markup, so a heuristic, like the chip it starts from.
 */
import { roleOf } from './aria.js';
import { isChipControl } from './chip.js';
import { comboboxValues, widgetOf, widgetRootsOf } from './combobox.js';
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
  const widget = widgetOf(target);
  if (!widget || widget === target || !widget.contains(target)) return undefined;
  const roots = widgetRootsOf(widget);
  const inside = new Set([...refs.values()].filter((element) => roots.some((root) => root.contains(element))));
  return { widget, before: comboboxValues(widget), lines: roots.flatMap(linesOf), inside };
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
