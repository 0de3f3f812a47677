/**
 * Custom comboboxes: a text box or box plus a popup list of role=option (Choices.js, Select2, Tom Select,
 * React Select, MUI). Read from the page's own markup, so this is a heuristic: it finds the widget an
 * element belongs to, the native <select> such a widget hides and keeps in sync (a "mirrored" select,
 * which setting by script would leave the widget showing something else), the options its popup shows,
 * and the values it holds. It sends no event: select_option acts through the click and type paths.
 */
import type { PageResultOf } from '../shared/protocol/page.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import {
  attrOf,
  closestOf,
  elementById,
  firstChildOf,
  isHiddenOf,
  nextSiblingOf,
  nodeTypeOf,
  nextElementSiblingOf,
  parentElementOf,
  previousElementSiblingOf,
  querySelectorAllOf,
  rectOf,
  rootNodeOf,
  tagOf,
  textContentOf,
} from './dom.js';
import { deepActiveElement } from './observe-util.js';
import { refFor } from './refs.js';
import { isShown } from './visibility.js';
import { notASelect } from './precheck.js';
import { label } from './target.js';
import { ToolError } from '../runtime/errors.js';

const COMBOBOX = '[role="combobox"]';
const parentOf = (element: Element): Element | null => parentElementOf(element);

/** Does the select look hidden from a person (the `hidden` attribute, aria-hidden, no box, transparent)? */
function looksHidden(select: HTMLSelectElement): boolean {
  if (isHiddenOf(select) || attrOf(select, 'aria-hidden') === 'true' || !isShown(select)) return true;
  const box = rectOf(select);
  if (box.width <= 1 || box.height <= 1) return true;
  return getComputedStyle(select).opacity === '0';
}

/** A visible combobox at or inside `element`, or null. */
function visibleComboboxIn(element: Element): Element | null {
  if (roleOf(element) === 'combobox' && isShown(element)) return element;
  for (const inner of querySelectorAllOf(element, COMBOBOX)) if (isShown(inner) && tagOf(inner) !== 'SELECT') return inner;
  return null;
}

/**
 * The visible widget that mirrors a hidden native select, or null: the combobox around it (Choices.js) or
 * the one beside it (Select2 and Tom Select insert theirs right after the select).
 */
export function mirrorOf(select: HTMLSelectElement): Element | null {
  if (!looksHidden(select)) return null;
  const parent = parentOf(select);
  const around = parent ? closestOf(parent, COMBOBOX) : null;
  if (around && isShown(around)) return around;
  let sibling = nextElementSiblingOf(select);
  for (let i = 0; sibling && i < 2; i++, sibling = nextElementSiblingOf(sibling)) {
    const found = visibleComboboxIn(sibling);
    if (found) return found;
  }
  return null;
}

/** The hidden select `widget` mirrors, if it has one. */
export function mirroredSelectOf(widget: Element): HTMLSelectElement | undefined {
  return mirrorHostOf(widget)?.select;
}

/**
 * The hidden select `widget` mirrors and the element that holds the widget beside it: the widget itself
 * when the select is inside it (Choices.js), else the wrapper right after the select (Tom Select's
 * `.ts-wrapper`, Select2's container), which holds the widget's chips and box too.
 */
export function mirrorHostOf(widget: Element): { select: HTMLSelectElement; host: Element } | undefined {
  const mirrored = (select: Element) => select instanceof HTMLSelectElement && mirrorOf(select) === widget;
  const inside = [...querySelectorAllOf(widget, 'select')].find(mirrored) as HTMLSelectElement | undefined;
  if (inside) return { select: inside, host: widget };
  // A select beside the widget, its parent or its grandparent (Tom Select's box sits in .ts-control in
  // .ts-wrapper) is mirrored by it only from the two elements after it (mirrorOf): only those two
  // siblings are asked. Querying every select child of the ancestors made a form of 2,000 selects
  // quadratic (an interactive read of 10,000 controls took a minute).
  let host: Element | null = widget;
  for (let level = 0; host && parentOf(host) && level < 3; level++, host = parentOf(host)) {
    const select = selectsJustBefore(host).find(mirrored) as HTMLSelectElement | undefined;
    if (select) return { select, host };
  }
  return undefined;
}

/** The parts of the page a pick in `widget` changes: its host (chips, box), the select it mirrors, its popups. */
export function widgetRootsOf(widget: Element): Element[] {
  const mirror = mirrorHostOf(widget);
  const roots = mirror ? [mirror.host, mirror.select] : [widget];
  for (const popup of popupsOf(widget)) if (!roots.some((root) => root.contains(popup))) roots.push(popup);
  return roots;
}

/** A widget's name as read_page gives it: its own, else that of the select it mirrors (Choices' box has none of its own). */
export function widgetNameOf(element: Element, role: string): string {
  const own = nameOf(element, role);
  if (own || (role !== 'combobox' && role !== 'listbox')) return own;
  const select = mirroredSelectOf(element);
  return select ? nameOf(select, 'combobox') : '';
}

/** The selects among the two elements before `element`, in document order. */
function selectsJustBefore(element: Element): Element[] {
  const first = previousElementSiblingOf(element);
  const second = first ? previousElementSiblingOf(first) : null;
  return [second, first].filter((sibling): sibling is Element => sibling !== null && tagOf(sibling) === 'SELECT');
}

/** Takes a text box that filters the popup: an input that autocompletes or owns a popup. */
function isAutocompleteBox(element: Element): boolean {
  if (tagOf(element) !== 'INPUT') return false;
  return attrOf(element, 'aria-autocomplete') !== null || attrOf(element, 'aria-controls') !== null || attrOf(element, 'aria-owns') !== null;
}

/** The custom combobox `element` is or belongs to (a native select: the widget mirroring it), or null. */
export function widgetOf(element: Element): Element | null {
  if (element instanceof HTMLSelectElement) return mirrorOf(element);
  const around = closestOf(element, COMBOBOX);
  if (around && tagOf(around) !== 'SELECT') return around;
  return isAutocompleteBox(element) ? element : null;
}

/** A visible text box of the widget a person would type into: the focused one, else the first shown. */
function textBoxOf(widget: Element, popups: Element[]): HTMLInputElement | undefined {
  const focused = deepActiveElement();
  const inWidget = (element: Element) => widget.contains(element) || popups.some((popup) => popup.contains(element));
  if (focused instanceof HTMLInputElement && inWidget(focused) && isShown(focused)) return focused;
  if (widget instanceof HTMLInputElement) return isShown(widget) ? widget : undefined;
  for (const root of [widget, ...popups]) {
    for (const input of querySelectorAllOf(root, 'input')) {
      const type = (input as HTMLInputElement).type;
      if ((type === 'text' || type === 'search') && isShown(input) && rectOf(input).width > 0) return input as HTMLInputElement;
    }
  }
  return undefined;
}

/** Elements the widget or its text box points to as its popup (aria-controls, aria-owns, the active option's list). */
function popupsOf(widget: Element): Element[] {
  const popups: Element[] = [];
  const root = rootNodeOf(widget) as Document | ShadowRoot;
  const sources = [widget, ...querySelectorAllOf(widget, 'input')];
  for (const source of sources) {
    for (const name of ['aria-controls', 'aria-owns', 'aria-activedescendant']) {
      for (const id of (attrOf(source, name) ?? '').split(/\s+/).filter(Boolean)) {
        const found = elementById(root, id);
        const popup = found && name === 'aria-activedescendant' ? closestOf(found, '[role="listbox"]') : found;
        if (popup && !widget.contains(popup) && !popups.includes(popup)) popups.push(popup);
      }
    }
  }
  return popups;
}

/** An option's own words: its text without its buttons' (a chip's "Remove item"), whitespace collapsed. */
export function optionText(option: Element): string {
  let text = textContentOf(option);
  for (const button of querySelectorAllOf(option, 'button, [role="button"]')) text = text.replace(textContentOf(button), ' ');
  const own = text.replace(/\s+/g, ' ').trim();
  return own || nameOf(option, 'option');
}

const comparable = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The options a person sees in the widget and its popups now. */
function shownOptions(widget: Element): Element[] {
  const options: Element[] = [];
  for (const root of [widget, ...popupsOf(widget)]) {
    for (const option of querySelectorAllOf(root, '[role="option"]')) if (isShown(option) && attrOf(option, 'aria-disabled') !== 'true') options.push(option);
  }
  return options;
}

// The options shown before the widget was opened (its chosen items, which are options too): never the ones to pick.
const shownBeforeOpening = new WeakMap<Element, WeakSet<Element>>();

/** The parts select_option acts on: the widget, what to click to open it, whether it holds several values, what it shows. */
export function comboboxParts(element: Element): PageResultOf<'combobox_parts'> {
  if (element instanceof HTMLSelectElement && !mirrorOf(element)) return { kind: 'native' };
  const widget = widgetOf(element);
  if (!widget) throw notASelect(element);
  const select = mirroredSelectOf(widget);
  // The text box when one shows (a click on a multi-select's middle could land on a chip's remove button).
  const opener = textBoxOf(widget, []) ?? widget;
  const open = attrOf(widget, 'aria-expanded') === 'true';
  shownBeforeOpening.set(widget, new WeakSet(open ? [] : shownOptions(widget)));
  const multiple =
    select?.multiple ?? (attrOf(widget, 'aria-multiselectable') === 'true' || querySelectorAllOf(widget, '[aria-multiselectable="true"]').length > 0);
  const mirrored = element instanceof HTMLSelectElement;
  return { kind: 'combobox', widget: refFor(widget), opener: refFor(opener), multiple, values: comboboxValues(widget), mirrored };
}

/** The option named `name` among those the opened widget shows (not its chosen items), and the names it saw. */
function findOption(widget: Element, name: string): { option: Element | undefined; seen: string[] } {
  const before = shownBeforeOpening.get(widget);
  const candidates = shownOptions(widget).filter((option) => !before?.has(option));
  const wanted = comparable(name);
  const option = candidates.find((candidate) => comparable(optionText(candidate)) === wanted || comparable(nameOf(candidate, 'option')) === wanted);
  return { option, seen: candidates.map(optionText) };
}

/**
 * Waits (at most `maxMs`, as the page renders) for the option named `name` to show — or, with `untilAny`,
 * for any option — and returns its ref, the widget's text box, the first names it saw, and whether the
 * option is or holds a link or a submit button (a click would navigate or send a form: select_option leaves that to `click`).
 */
export async function comboboxOption(element: Element, name: string, options: { untilAny: boolean; maxMs: number }): Promise<PageResultOf<'combobox_option'>> {
  const widget = widgetOf(element) ?? element;
  const started = performance.now();
  let found = findOption(widget, name);
  while (!found.option && !(options.untilAny && found.seen.length > 0) && performance.now() - started < options.maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = findOption(widget, name);
  }
  const box = textBoxOf(widget, popupsOf(widget));
  const base = { seen: found.seen.slice(0, 8), count: found.seen.length, ...(box ? { textBox: refFor(box) } : {}) };
  if (!found.option) return base;
  return { ...base, option: refFor(found.option), ...leavesBy(found.option) };
}

const SUBMITTER = 'button:not([type="button"]):not([type="reset"]), input[type="submit"], input[type="image"]';

/** Whether clicking the option would open a page (a link) or send a form (a submit button): then it is `click`'s to judge. */
function leavesBy(option: Element): { leaves?: 'link' | 'submit' } {
  if (closestOf(option, 'a[href]') || querySelectorAllOf(option, 'a[href]').length > 0) return { leaves: 'link' };
  const submitters = [closestOf(option, SUBMITTER), ...querySelectorAllOf(option, SUBMITTER)];
  return submitters.some((submitter) => submitter && (submitter as HTMLButtonElement).form) ? { leaves: 'submit' } : {};
}

/** Is the widget's popup open: it says so (aria-expanded on it or its text box), or a popup it points to shows options? */
function isOpen(widget: Element): boolean {
  if ([widget, ...querySelectorAllOf(widget, 'input')].some((element) => attrOf(element, 'aria-expanded') === 'true')) return true;
  return popupsOf(widget).some((popup) => isShown(popup) && [...querySelectorAllOf(popup, '[role="option"]')].some((option) => isShown(option)));
}

/** Waits (at most `maxMs`, as the page renders) for the widget's popup to close; whether it is still open. */
export async function comboboxClosed(widget: Element, maxMs: number): Promise<boolean> {
  const started = performance.now();
  while (isOpen(widget) && performance.now() - started < maxMs) await new Promise((resolve) => setTimeout(resolve, 50));
  return isOpen(widget);
}

/**
 * The values the widget holds, as the page shows them: the labels chosen in the select it mirrors (kept
 * in sync by the library), else its chosen items (selected options inside it), else its text box's text.
 */
export function comboboxValues(widget: Element): string[] {
  const select = mirroredSelectOf(widget);
  if (select) return [...select.selectedOptions].map((option) => option.label.trim()).filter(Boolean);
  const chosen = [...querySelectorAllOf(widget, '[role="option"][aria-selected="true"]')].filter(isShown).map(optionText).filter(Boolean);
  if (chosen.length > 0) return chosen;
  const box = widget instanceof HTMLInputElement ? widget : textBoxOf(widget, []);
  if (box) return box.value ? [box.value] : [];
  // A select-only combobox (no text box: AG Grid's page size picker, ARIA's select-only pattern) shows its value as its text.
  const shown = shownText(widget).slice(0, 200);
  return shown ? [shown] : [];
}

/** The words a widget shows itself, without parts hidden from assistive technology and without its popup's options. */
function shownText(element: Element): string {
  let text = '';
  const visit = (node: Element): void => {
    for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) {
      if (nodeTypeOf(child) === 3) text += ` ${child.nodeValue ?? ''}`;
      else if (child instanceof Element && attrOf(child, 'aria-hidden') !== 'true' && !/^(listbox|option)$/.test(roleOf(child)) && isShown(child)) visit(child);
    }
  };
  visit(element);
  return text.replace(/\s+/g, ' ').trim();
}

/** MIRRORED_SELECT: a hidden select a widget shows; set by script, the widget would go on showing the old value. */
export function mirroredSelect(select: HTMLSelectElement, widget: Element): ToolError {
  const ref = refFor(widget);
  return new ToolError(
    'MIRRORED_SELECT',
    `${label(select)} is hidden: the combobox ref=${ref} shows it and keeps it in sync, so setting it directly would leave the page showing something else.`,
    {
      suggestion: `Use select_option with ref=${ref} (the visible combobox) and the option's visible name.`,
      details: { widget: ref },
    },
  );
}
