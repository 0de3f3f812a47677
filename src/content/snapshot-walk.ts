/**
 * The snapshot's first pass: one walk of the flat tree (open shadow roots and slots included) that
 * decides which elements become nodes (snapshot-node.ts reads what each says) and which text shows.
 * It only appends: text goes in as raw pieces, a block element adds a word break before its content, and
 * nodes stay in the tree even when they turn out empty; the text pass (snapshot-normalize.ts) tidies.
 * Hidden parts are skipped with `checkVisibility` (no layout reads per element); generic wrappers are
 * flattened into their parent's list.
 */
import { BLOCK_TAGS } from './accessible-name.js';
import { INTERACTIVE_ROLES, LEAF_ROLES, NAME_FROM_CONTENT, implicitRoleOf, roleOf } from './aria.js';
import {
  attrOf,
  checkVisibilityOf,
  closestOf,
  firstChildOf,
  firstElementChildOf,
  hasAnyAttributes,
  isEditableOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  parentNodeOf,
  shadowRootOf,
  tagOf,
} from './dom.js';
import { calendarDayStates, calendarPartOf } from './date-picker.js';
import { FIELD_ROLES, holdsControls, readNode } from './snapshot-node.js';
import { CLICKABLE_ROLES, clickableRoleOf } from './element-line.js';
import { isGrabbable } from './grab-cursor.js';
import { BLOCK_BREAK, MAX_NESTING, type SnapshotChild, type SnapshotTree } from './snapshot-tree.js';
import { Visibility, isShown, visibilityOf } from './visibility.js';
import { mirrorOf } from './combobox.js';
import { extentOf } from './extent.js';
import { inDataGrid, isDataGrid, isShownOpaque } from './grid-cell.js';
import { DrawnCells } from './drawn-again.js';

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE']);
const NON_BLANK = /\S/;
/** Tags that are generic when they have no attributes. */
const PLAIN_TAGS = new Set([
  'DIV',
  'SPAN',
  'B',
  'I',
  'EM',
  'STRONG',
  'SMALL',
  'FONT',
  'U',
  'S',
  'SUB',
  'SUP',
  'BR',
  'CENTER',
  'LABEL',
  'ABBR',
  'TIME',
  'MARK',
  'CITE',
  'Q',
  'WBR',
  'SECTION',
]);

/** What to walk. */
export interface WalkOptions {
  /** Only controls, click targets and iframes, as one flat list, and no text. */
  interactiveOnly: boolean;
  /** Nodes below this depth are counted but left out. */
  maxDepth: number;
  /** The subtree to walk (itself included); the whole body without. */
  root?: Element;
}

/** One walk in progress: its options, where it is, and what it found. */
interface Walk extends WalkOptions {
  tree: SnapshotTree;
  /** How many elements deep the walk is (the limit stops a page nested by script from overflowing the stack). */
  nesting: number;
  /** How many labels of listed controls (or legends) the walk is inside: their text already names a control. */
  quiet: number;
  /** How many `<pre>` elements the walk is inside: their whitespace is text (a code sample's lines and indents). */
  pre: number;
  /** Whether each grid met is a data grid (grid-cell.ts), asked once per grid. */
  dataGrids: Map<Element, boolean>;
  /** The grid cells listed, to leave out the copies a grid draws over itself (drawn-again.ts). */
  cells: DrawnCells;
}

/** Walks the document (or `root`'s subtree) into a tree with raw text. */
export function walkPage(options: WalkOptions, body: Element | null): SnapshotTree {
  const walk: Walk = {
    ...options,
    tree: { children: [], listed: [], nodeCount: 0, truncated: false, tooDeep: false },
    nesting: 0,
    quiet: 0,
    pre: 0,
    dataGrids: new Map(),
    cells: new DrawnCells(),
  };
  if (options.root) walkElement(walk, options.root, walk.tree.children, 0);
  // A document edited as a whole (a contenteditable body or designMode: TinyMCE's and CKEditor's frames) is a
  // textbox with a ref, as an editable element is; walked as its parts only, it read as paragraphs nobody could type into.
  else if (body && isEditableOf(body)) walkElement(walk, body, walk.tree.children, 0);
  else if (body) walkChildren(walk, body, tagOf(body), walk.tree.children, 0, undefined);
  return walk.tree;
}

/**
 * Is the text directly inside `owner` visible? Asked lazily, only when a non-blank text node shows
 * up: wrappers without text never pay for a visibility check (their role children check themselves,
 * and checkVisibility already accounts for hidden ancestors).
 */
function textShown(owner: Element | ShadowRoot): boolean {
  const element = nodeTypeOf(owner) === 11 ? (owner as ShadowRoot).host : (owner as Element);
  if (isShown(element)) return true;
  // display: contents has no box of its own; its text shows if its parent does.
  if (checkVisibilityOf(element) || getComputedStyle(element).display !== 'contents') return false;
  const parent = parentElementOf(element);
  return parent === null || isShown(parent);
}

/** Walks the children of `parent` into `into`; `parentShown` says whether its own text shows, if known. */
function walkChildren(walk: Walk, parent: Element, tag: string, into: SnapshotChild[], depth: number, parentShown: boolean | undefined): void {
  // A page can nest elements thousands deep (by script; the parser stops at 512): past the limit the
  // walk stops descending instead of overflowing the stack and failing the whole snapshot.
  if (walk.nesting >= MAX_NESTING) {
    walk.tree.tooDeep = true;
    return;
  }
  walk.nesting++;
  walkChildNodes(walk, parent, tag, into, depth, parentShown);
  walk.nesting--;
}

/** The flat tree's children: the shadow root's, or a slot's assigned nodes, or the element's own. */
function walkChildNodes(walk: Walk, parent: Element, tag: string, into: SnapshotChild[], depth: number, parentShown: boolean | undefined): void {
  let first: Node | null;
  let assigned: Node[] | undefined;
  const shadow = shadowRootOf(parent);
  if (shadow) first = shadow.firstChild;
  else if (tag === 'SLOT') {
    assigned = (parent as HTMLSlotElement).assignedNodes({ flatten: true });
    if (assigned.length === 0) assigned = undefined;
    first = firstChildOf(parent);
  } else first = firstChildOf(parent);
  if (walk.interactiveOnly && !assigned) {
    // No text is listed: walk elements only.
    for (let child = firstElementChildOf(shadow ?? parent); child; child = nextElementSiblingOf(child)) walkElement(walk, child, into, depth);
    return;
  }
  let shown = parentShown;
  // One loop over either the slot's assigned nodes or the child list (no closure per element).
  let index = 0;
  for (let node: Node | null | undefined = assigned ? assigned[0] : first; node; node = assigned ? assigned[++index] : nextSiblingOf(node)) {
    const type = nodeTypeOf(node);
    if (type === 1) walkElement(walk, node as Element, into, depth);
    else if (type === 3 && !walk.interactiveOnly && walk.quiet === 0) {
      const value = node.nodeValue;
      // Text that starts with a visible character needs no regex; whitespace between tags does. In a
      // `<pre>` whitespace between tags is a code sample's line break or indent.
      if (!value || (value.charCodeAt(0) <= 32 && walk.pre === 0 && !NON_BLANK.test(value))) continue;
      shown ??= textShown(parentNodeOf(node) as Element | ShadowRoot);
      if (shown) into.push(value);
    }
  }
}

/**
 * A wrapper that is not listed: its children join the parent's list. A block's text is a line of its own
 * (separate cards, a list's entries drawn as divs: `main: Write report Review pull request` hid three
 * cards in one run); a label or a line break only starts a new word.
 */
function flatten(walk: Walk, element: Element, tag: string, into: SnapshotChild[], depth: number, shown: boolean | undefined): void {
  const block = !walk.interactiveOnly && BLOCK_TAGS.has(tag);
  const line = block && tag !== 'LABEL' && tag !== 'BR';
  // A space where nothing is joined, and a break with nothing on one side, are dropped by the text pass.
  if (line) into.push(BLOCK_BREAK);
  else if (block && into.length > 0) into.push(' ');
  const names = (tag === 'LABEL' && (element as HTMLLabelElement).control !== null) || tag === 'LEGEND';
  if (names) walk.quiet++;
  walkChildren(walk, element, tag, into, depth, shown);
  if (names) walk.quiet--;
  if (line) into.push(BLOCK_BREAK);
}

/** One element: skipped, flattened into `into`, or a node in `into` with its children below it. */
function walkElement(walk: Walk, element: Element, into: SnapshotChild[], depth: number): void {
  const tag = tagOf(element);
  if (tag !== 'PRE' || walk.interactiveOnly) {
    walkTagged(walk, element, tag, into, depth);
    return;
  }
  walk.pre++;
  walkTagged(walk, element, tag, into, depth);
  walk.pre--;
}

/** `walkElement` once its tag is known. */
function walkTagged(walk: Walk, element: Element, tag: string, into: SnapshotChild[], depth: number): void {
  if (SKIP_TAGS.has(tag)) return;
  // Plain wrappers without attributes (very common) cannot be hidden from ARIA or carry a role.
  const bare = !hasAnyAttributes(element);
  // A label stands for a click target when it is tied to no visible control; so does an inline click handler.
  const clickable = tag === 'LABEL' || !bare ? clickableRoleOf(element, tag) : '';
  const plain = bare && !clickable && PLAIN_TAGS.has(tag);
  // An element without attributes has no aria-hidden and no explicit role: its tag decides.
  // Select2 hides the select it mirrors from ARIA too: a full read still shows it, marked as mirrored.
  if (!bare && attrOf(element, 'aria-hidden') === 'true' && !(tag === 'SELECT' && !walk.interactiveOnly && mirrorOf(element as HTMLSelectElement))) return;
  let role = plain ? '' : bare ? implicitRoleOf(element) : roleOf(element);
  if (role === '' && clickable) role = clickable;
  // A calendar's day or month arrow with no role of its own (flatpickr's spans) is a cell or a button to click.
  const part = role === '' && !bare ? calendarPartOf(element) : '';
  if (part === 'weekday' && !walk.interactiveOnly) into.push(' ');
  const calendar = part === 'weekday' ? '' : part;
  if (calendar) role = calendar;
  else if (role === '' && !bare && isGrabbable(element)) role = 'draggable';
  // A data grid's closed editor (Handsontable's transparent text area, kept focused between edits) is no field a person sees.
  if ((role === 'textbox' || role === 'searchbox') && inDataGrid(element) && !isShownOpaque(element)) return;
  // A grid's copy of cells it lists already (frozen panes drawn over the main table): listed once.
  if (role === 'row' ? walk.cells.rowDrawnAgain(element) : walk.cells.drawnAgain(element, role)) return;
  const gridPart = GRID_PARTS.has(role) && inDataGridWalk(walk, element, role);
  const shownAsNode =
    role !== '' &&
    (!walk.interactiveOnly ||
      INTERACTIVE_ROLES.has(role) ||
      CLICKABLE_ROLES.has(role) ||
      role === 'iframe' ||
      calendar !== '' ||
      gridPart ||
      actedOnInGrid(element, role));
  if (!shownAsNode) {
    if (plain || role !== '') {
      flatten(walk, element, tag, into, depth, undefined);
      return;
    }
    // A wrapper with attributes (a class, a style, hidden) is where pages hide whole menus, dialogs
    // and templates: one visibility check here (the floor pays one for every element) skips such a
    // subtree instead of walking it, and tells the text directly inside whether it shows.
    const visibility = visibilityOf(element);
    if (visibility === Visibility.Skip) return;
    flatten(walk, element, tag, into, depth, visibility === Visibility.Visible ? true : undefined);
    return;
  }
  const visibility = visibilityOf(element);
  if (visibility === Visibility.Skip) return;
  if (visibility === Visibility.ChildrenOnly) {
    flatten(walk, element, tag, into, depth, false);
    return;
  }
  // The hidden select a custom combobox mirrors is no control of its own: an interactive read leaves it out.
  if (tag === 'SELECT' && walk.interactiveOnly && mirrorOf(element as HTMLSelectElement)) return;
  walk.tree.nodeCount++;
  if (depth >= walk.maxDepth) {
    walk.tree.truncated = true;
    return;
  }
  // A document edited as a whole keeps its structure under its textbox line (paragraphs, lists, headings, as its
  // frame read before it had a ref): one value line would not show which lines became a list.
  const editedDocument = tag === 'BODY' && role === 'textbox';
  const field = tag === 'SELECT' || tag === 'TEXTAREA' || role === 'iframe' || calendar !== '';
  // An item named by its content that holds controls (a tree's branch with its values' buttons, a chosen
  // value's option with its remove button, a heading's link, a card's menu) is no leaf: they get refs.
  const folded = !field && (LEAF_ROLES.has(role) || CLICKABLE_ROLES.has(role)) && !FIELD_ROLES.has(role) && holdsControls(element);
  const leaf = field || (((LEAF_ROLES.has(role) && !editedDocument) || CLICKABLE_ROLES.has(role)) && !folded);
  // An interactive read keeps a data grid's rows as rows of cells (the cells are what a person clicks and
  // edits): the grid and its rows hold their cells, named from them, where every other node stays flat.
  const nests = walk.interactiveOnly && gridPart && role !== 'gridcell' && role !== 'columnheader';
  const nameFromContent = !leaf && !folded && (!walk.interactiveOnly || (nests && role === 'row')) && NAME_FROM_CONTENT.has(role);
  const node = readNode(element, tag, role, walk.interactiveOnly, nameFromContent, gridPart);
  if (folded) node.folded = true;
  if (calendar) node.states = calendarDayStates(element, node.states);
  if (editedDocument) node.value = undefined;
  if (walk.pre > 0) node.preformatted = true;
  into.push(node);
  walk.cells.add(element, role);
  if (!leaf) {
    // Interactive nodes stay flat: their interactive descendants go to the same list.
    if (walk.interactiveOnly && !nests) walkChildren(walk, element, tag, into, depth, true);
    else walkChildren(walk, element, tag, node.children, depth + 1, true);
  }
  if (node.summary) walk.tree.listed.push(node);
}

const GRID_ROLES: ReadonlySet<string> = new Set(['grid', 'table', 'treegrid']);
/** A data grid's parts that an interactive read lists: the grid, its rows, its cells and its column headers. */
const GRID_PARTS: ReadonlySet<string> = new Set(['grid', 'treegrid', 'row', 'gridcell', 'columnheader']);

/** Whether `element` (a grid, or a row, cell or header in one) belongs to a data grid; each grid asked once per walk. */
function inDataGridWalk(walk: Walk, element: Element, role: string): boolean {
  const grid = role === 'grid' || role === 'treegrid' ? element : closestOf(element, '[role=grid], [role=treegrid]');
  if (!grid) return false;
  let data = walk.dataGrids.get(grid);
  if (data === undefined) walk.dataGrids.set(grid, (data = isDataGrid(grid)));
  return data;
}

/**
 * What an interactive read keeps of a grid although it is no control: a header that sorts (clicked to
 * sort; with a real model, an interactive read of a Tabulator grid showed only its filter box, and the
 * model read the whole page again to find the headers) and a grid that renders only part of its rows
 * (its line says how many, and its ref is what `scroll` takes to render others).
 */
function actedOnInGrid(element: Element, role: string): boolean {
  if (role === 'columnheader' || role === 'rowheader') return attrOf(element, 'aria-sort') !== null;
  return GRID_ROLES.has(role) && extentOf(element, role) !== undefined;
}
