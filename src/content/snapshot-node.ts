/**
 * What one node of the snapshot says about its element, read from the DOM when the walk reaches it: its
 * name, states, value, link target, ref, the summary the worker keeps, and the lines of its own (a
 * placeholder, a select's options). The walk (snapshot-walk.ts) decides which elements become nodes.
 */
import { nameOf, textOfSubtree } from './accessible-name.js';
import { roleOf } from './aria.js';
import { calendarNameOf } from './date-picker.js';
import { attrOf, firstElementChildOf, hasAnyAttributes, parentElementOf, querySelectorAllOf, shadowRootOf } from './dom.js';
import { CLICKABLE_ROLES, linkUrlOf, rowOf, statesOf, summarize, valueOf } from './element-line.js';
import { COUNTED_ROLES, extentOf, extentWords, ownIndex } from './extent.js';
import { clipName, collapseWhitespace } from './name-text.js';
import { chipLabelOf, chipRemoveButtonOf } from './chip.js';
import { refFor } from './refs.js';
import type { OptionLine, SnapshotNode } from './snapshot-tree.js';
import { isShown } from './visibility.js';
import { showsGrabCursor } from './grab-cursor.js';
import { comboboxValues, mirroredSelectOf, mirrorOf } from './combobox.js';
import { frameIndexOf } from './frame-element.js';
import { cellPlaceWords, columnNameOf, editedCellOf } from './grid-cell.js';
import { quoted } from '../shared/untrusted-text.js';

/** Structural roles that get no ref (nobody clicks a table row group); keeps the output short. */
const NO_REF_ROLES = new Set([
  'paragraph',
  'listitem',
  'cell',
  'columnheader',
  'rowheader',
  'row',
  'rowgroup',
  'term',
  'definition',
  'code',
  'blockquote',
  'caption',
  'separator',
  'status',
  'group',
]);

/** The most options listed under a select (select_option finds the others by label or value). */
const MAX_OPTIONS = 30;

/** Leaf roles that are fields: what is inside them is their value, never controls of their own. */
export const FIELD_ROLES: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'slider', 'spinbutton', 'img', 'separator', 'progressbar', 'meter']);
const CONTROLS =
  'a[href], button, input:not([type=hidden]), select, textarea, [draggable=true], [role=button], [role=link], [role=checkbox], [role=radio], ' +
  '[role=switch], [role=textbox], [role=searchbox], [role=combobox], [role=slider], [role=spinbutton], [role=tab], [role=menuitem], ' +
  '[role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=treeitem], [contenteditable]:not([contenteditable=false])';

/** Whether a shown control or item is inside `element` (one without child elements, most buttons and links, holds none). */
export function holdsControls(element: Element): boolean {
  if (!firstElementChildOf(element) && !shadowRootOf(element)) return false;
  for (const inside of querySelectorAllOf(element, CONTROLS)) if (isShown(inside)) return true;
  return false;
}

const TAKES_A_CLICK_WHEN_POINTED = new Set(['listitem', 'row', 'cell', 'columnheader', 'rowheader']);

/**
 * A list item, row, cell or header that takes a click itself: it shows a pointer cursor (its parent does
 * not) or a grab cursor (it is dragged), or it is a header that sorts (`aria-sort`). A grid's sortable headers had no ref, so sorting
 * looked impossible.
 */
function isClickableRow(element: Element, role: string): boolean {
  if (!TAKES_A_CLICK_WHEN_POINTED.has(role)) return false;
  if ((role === 'columnheader' || role === 'rowheader') && attrOf(element, 'aria-sort') !== null) return true;
  // A grab cursor marks an item a person drags (a sortable list's row): it needs a ref for `drag`.
  if (showsGrabCursor(element)) return true;
  return getComputedStyle(element).cursor === 'pointer' && getComputedStyle(parentElementOf(element) ?? element).cursor !== 'pointer';
}

/** A select's options as lines, up to the cap. */
function optionLines(select: HTMLSelectElement): { options: OptionLine[]; moreOptions: number } {
  const all = select.options;
  const count = Math.min(all.length, MAX_OPTIONS);
  const options: OptionLine[] = [];
  for (let i = 0; i < count; i++) {
    const option = all[i];
    if (option) options.push({ label: option.label, selected: option.selected, disabled: option.disabled });
  }
  return { options, moreOptions: all.length - count };
}

/**
 * A custom combobox (a box with a popup list) is named and valued like the select it mirrors, by the
 * values it shows: a multi-select's chosen items read `combobox "Reviewers": Priya Raman, Jonas Berg`.
 */
function readWidget(element: Element, node: SnapshotNode): void {
  const select = mirroredSelectOf(element);
  const values = comboboxValues(element);
  // Select2 names its box by the value it shows ("Choose a country"): the select's label says what it is for.
  const namedByValue = node.name !== '' && node.name === values.join(', ');
  if (select && (!node.name || namedByValue)) {
    node.name = nameOf(select, 'combobox') || node.name;
    if (node.summary) node.summary.name = node.name;
  }
  if (values.length > 0 && (node.value === undefined || node.value === '')) node.value = values.join(', ');
}

/**
 * What a data grid's part says of where it is: a cell in an interactive read, where rows stand without
 * their header row's words, its column (` (column "Quantity")`); a grid's editor, the cell it edits
 * (` (editing the cell in column "Quantity", row "Notebooks 5 3.2")`). Page words quoted; else ''.
 */
function gridPlace(element: Element, role: string, interactiveOnly: boolean, gridPart: boolean): string {
  if (role === 'gridcell' && gridPart && interactiveOnly) {
    const column = columnNameOf(element);
    return column ? ` (column ${quoted(column, 60)})` : '';
  }
  if (role !== 'textbox' && role !== 'combobox' && role !== 'spinbutton') return '';
  const cell = editedCellOf(element);
  const place = cell ? cellPlaceWords(cell) : '';
  return cell ? ` (editing the cell${place ? ` in ${place}` : ''})` : '';
}

/**
 * Reads the node for `element`, shown with `role`. Called before its children are walked, so refs are
 * handed out in reading order: a container gets its ref before its children do. `nameFromContent`: a
 * container named by its content takes its name from the text pass instead of walking its subtree twice.
 */
export function readNode(element: Element, tag: string, role: string, interactiveOnly: boolean, nameFromContent: boolean, gridPart = false): SnapshotNode {
  const clickable = CLICKABLE_ROLES.has(role);
  // A name from content waits for the text pass; every other name is final here. rowOf reads a row's
  // words only for unnamed controls, and a control is never named from content (it is a leaf).
  const ownName = clickable
    ? clipName(textOfSubtree(element))
    : role === 'option' && chipRemoveButtonOf(element)
      ? clipName(collapseWhitespace(chipLabelOf(element)))
      : nameOf(element, role, !nameFromContent);
  // A calendar's day named only by its number, or its unnamed month arrow, is named by its calendar.
  const name = ownName === '' || ownName.length <= 2 ? calendarNameOf(element, role, ownName) : ownName;
  // An interactive read walks only the headers that sort among these (snapshot-walk.ts: actedOnInGrid).
  const clickableRow = hasAnyAttributes(element) && isClickableRow(element, role);
  const row = rowOf(element, role, name);
  // Every field is set here, in one order, so all nodes share one object shape.
  const node: SnapshotNode = {
    role,
    name,
    nameFromContent,
    ref: undefined,
    states: statesOf(element, role),
    row,
    value: valueOf(element, role),
    url: linkUrlOf(element, role),
    // An interactive read shows a list or grid only when part of it is rendered: then its line says so.
    extent: COUNTED_ROLES.has(role) ? extentWords(extentOf(element, role)) : '',
    place: gridPlace(element, role, interactiveOnly, gridPart),
    position: role === 'row' ? ownIndex(element, true) : undefined,
    placeholder: undefined,
    options: undefined,
    moreOptions: 0,
    summary: undefined,
    mirror: undefined,
    frame: undefined,
    children: [],
  };
  // A data grid's column header takes a click (it sorts, selects its column or opens its menu): it has a ref.
  if (!NO_REF_ROLES.has(role) || clickableRow || (gridPart && role === 'columnheader')) {
    // Every ref printed is one the tools take: a gridcell or heading printed with a ref and kept without
    // a summary was STALE_REF on the next click, although it had just been read.
    node.ref = refFor(element);
    node.summary = summarize(element, role, name, row);
  }
  if (role === 'iframe') {
    node.frame = { index: frameIndexOf(element), src: (element as HTMLIFrameElement).src ?? '' };
  } else if ((tag === 'INPUT' || tag === 'TEXTAREA') && !(element as HTMLInputElement).value) {
    node.placeholder = (element as HTMLInputElement).placeholder || undefined;
  } else if (tag === 'SELECT' && !interactiveOnly) {
    const { options, moreOptions } = optionLines(element as HTMLSelectElement);
    node.options = options;
    node.moreOptions = moreOptions;
    const mirror = mirrorOf(element as HTMLSelectElement);
    if (mirror) {
      node.mirror = refFor(mirror);
      // Tom Select moves the select's label to its own box: the select is named as its widget is.
      if (!node.name) {
        node.name = nameOf(mirror, roleOf(mirror) || 'combobox');
        node.row = node.name ? '' : node.row;
        if (node.summary) node.summary.name = node.name;
      }
    }
  }
  // A widget's box (Tom Select's is an input, empty while it shows its chosen item beside it) reads the values it holds.
  if (role === 'combobox' && tag !== 'SELECT' && (tag !== 'INPUT' || mirroredSelectOf(element))) readWidget(element, node);
  return node;
}
