/**
 * Where an unnamed control sits, in words a person sees next to it. A to-do list renders each item as
 * `<li><input type="checkbox"><label>draft report</label></li>` with the label tied to nothing, so the
 * checkbox has no accessible name; a model reading `checkbox [ref=e14]` ten times cannot tell which is
 * which. The visible text of the nearest container around it (its list item, table row, or the first
 * ancestor with a little text) says which item the control belongs to.
 */
import { isShown } from './visibility.js';
import { closestOf, firstChildOf, nextSiblingOf, nodeTypeOf, parentElementOf, querySelectorOf, tagOf } from './dom.js';

/** Roles that get a row's text when they have no name of their own. */
const CONTEXT_ROLES = new Set([
  'checkbox',
  'radio',
  'switch',
  'button',
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'slider',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'option',
]);
// A column header is nearer than its row: a grid's filter box is the filter of its column ("searchbox in
// "Made in""), not of the whole header row.
const ROW_SELECTOR = 'th, [role=columnheader], [role=rowheader], li, tr, [role=row], [role=listitem], [role=treeitem], [role=option], [role=gridcell]';
/** How far up a control without a row looks for text, and the most text a container may hold to count. */
const MAX_CLIMB = 4;
const MAX_CONTEXT_CHARS = 80;
const MAX_CONTAINER_TEXT = 200;

/** The visible text of `container`, without form controls' values, stopping at `budget` characters. */
function visibleText(container: Element, budget: number): string {
  let text = '';
  const visit = (node: Element): boolean => {
    // Every text node here has `node` as its parent: one visibility check serves them all.
    let shown: boolean | undefined;
    for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) {
      const type = nodeTypeOf(child);
      if (type === 3) {
        const value = child.nodeValue ?? '';
        if (value.trim() && (shown ??= isShown(node))) text += ` ${value}`;
        if (text.length > budget) return false;
      } else if (type === 1) {
        const tag = tagOf(child as Element);
        if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'TEMPLATE') continue;
        if (!visit(child as Element)) return false;
      }
    }
    return true;
  };
  visit(container);
  return text.replace(/\s+/g, ' ').trim();
}

/** A row's visible words, clipped as a row's context is (a grid cell's row, `row "Notebooks 5 3.2"`). */
export function rowWordsOf(row: Element): string {
  const text = visibleText(row, MAX_CONTAINER_TEXT);
  return text.length > MAX_CONTEXT_CHARS ? `${text.slice(0, MAX_CONTEXT_CHARS - 1)}…` : text;
}

/** The text that says which row an unnamed control is in, or '' when there is none to tell. */
export function rowContextOf(element: Element, role: string): string {
  if (!CONTEXT_ROLES.has(role)) return '';
  const row = closestOf(element, ROW_SELECTOR);
  if (row) {
    const text = visibleText(row, MAX_CONTAINER_TEXT);
    return text.length > MAX_CONTEXT_CHARS ? `${text.slice(0, MAX_CONTEXT_CHARS - 1)}…` : text;
  }
  let container = parentElementOf(element);
  for (let level = 0; container && level < MAX_CLIMB; level++, container = parentElementOf(container)) {
    // A container that holds rows speaks for all of them (TodoMVC's "toggle all" beside its list): no one row's words.
    if (querySelectorOf(container, ROW_SELECTOR)) return '';
    const text = visibleText(container, MAX_CONTAINER_TEXT);
    if (text.length > MAX_CONTAINER_TEXT) return '';
    if (text) return text.length > MAX_CONTEXT_CHARS ? `${text.slice(0, MAX_CONTEXT_CHARS - 1)}…` : text;
  }
  return '';
}
