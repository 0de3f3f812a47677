/**
 * The snapshot's text pass, on the tree the walk built (no DOM): the raw text pieces between two nodes
 * become one run with its whitespace collapsed (once per run, not per text node), blank runs and nodes
 * that say nothing are dropped, containers named by their content take their name from their children,
 * and a node says its name once. In place, children before their parent.
 */
import { clipName, collapseWhitespace } from './name-text.js';
import { BLOCK_BREAK, type SnapshotChild, type SnapshotNode } from './snapshot-tree.js';

/**
 * Normalises a list of children in place (the tree's top list, or a node's); `keepBreaks` for a code
 * sample's (`<pre>`), whose line breaks and indents are its content.
 */
export function normalizeChildren(list: SnapshotChild[], keepBreaks = false): void {
  let kept = 0;
  let run: string | undefined;
  // Writes behind the read position: a run takes at least one slot before the node that ends it.
  for (let i = 0; i < list.length; i++) {
    const child = list[i] as SnapshotChild;
    // A block's edge ends the run: each block's text is a line of its own.
    if (child === BLOCK_BREAK) {
      if (run !== undefined) kept = keepRun(list, kept, run, keepBreaks);
      run = undefined;
      continue;
    }
    if (typeof child === 'string') {
      run = run === undefined ? child : run + child;
      continue;
    }
    normalizeNode(child);
    // A dropped node leaves no break: the text on both sides of it is one run.
    if (saysNothing(child)) continue;
    if (run !== undefined) {
      kept = keepRun(list, kept, run, keepBreaks);
      run = undefined;
    }
    list[kept++] = child;
  }
  if (run !== undefined) kept = keepRun(list, kept, run, keepBreaks);
  list.length = kept;
}

/** Puts the collapsed run (or, keeping breaks, the run less its blank first and last lines) at `at` unless it is blank; the next free slot. */
function keepRun(list: SnapshotChild[], at: number, run: string, keepBreaks: boolean): number {
  // A lone space is the walk's word break where nothing was joined (the common case): no regex for it.
  // A run of only non-ASCII spaces (&nbsp;) passes the walk's cheap blank test and collapses to nothing.
  const text = run === ' ' ? '' : keepBreaks ? codeLines(run) : collapseWhitespace(run);
  if (text) list[at++] = text;
  return at;
}

/** A code sample's text: blank lines before and after it and trailing spaces dropped, the first line's indent kept. */
function codeLines(run: string): string {
  return /\S/.test(run) ? run.replace(/^(?:[^\S\n]*\n)+/, '').trimEnd() : '';
}

/** A code node with nothing of its own to say (no name, ref, state or value). */
function isPlainCode(node: SnapshotNode): boolean {
  return node.role === 'code' && !node.name && node.ref === undefined && !node.states && node.value === undefined;
}

/** A node with no children, no name and no ref (an empty paragraph or list item) is not shown. */
function saysNothing(node: SnapshotNode): boolean {
  return node.children.length === 0 && !node.name && node.ref === undefined;
}

/** Normalises a node's children, then names it from them if it waits for that, then drops what repeats the name. */
export function normalizeNode(node: SnapshotNode): void {
  normalizeChildren(node.children, node.preformatted === true);
  if (node.nameFromContent && !node.name) {
    node.name = clipName(nameFromChildren(node.children));
    if (node.summary) node.summary.name = node.name;
  }
  rowsInOwnOrder(node.children);
  if (TABLE_ROLES.has(node.role)) headerRowsFirst(node);
  // `<pre><code>` is one code sample: one line for it, not a code line holding another.
  const only = node.children[0];
  if (node.preformatted && node.role === 'code' && node.children.length === 1 && typeof only === 'object' && isPlainCode(only)) node.children = only.children;
  // A node whose only content is its own name says it once (also when its blocks gave it lines: a cell's
  // `<div>Ada</div><div>admin</div>`); so does a placeholder that is the name.
  if (node.name && node.children.every((child) => typeof child === 'string') && nameFromChildren(node.children) === node.name) node.children.length = 0;
  // So does a widget whose only content is the value it shows (a select-only combobox: `combobox "Page Size": 20`).
  if (node.value !== undefined && node.children.length === 1 && node.children[0] === node.value) node.children.length = 0;
  // An item that holds controls has its text in its name already: its lines are its controls and items.
  if (node.folded) node.children = node.children.filter((child) => typeof child !== 'string');
  if (node.placeholder !== undefined && node.placeholder === node.name) node.placeholder = undefined;
}

/** A container's name from its normalised children: their text and their own names, one space apart. */
export function nameFromChildren(children: readonly SnapshotChild[]): string {
  let text = '';
  for (const child of children) {
    const part = typeof child === 'string' ? child : child.name;
    if (part) text = text ? `${text} ${part}` : part;
  }
  return text;
}

const TABLE_ROLES: ReadonlySet<string> = new Set(['grid', 'table', 'treegrid']);

/** A row of column headers (more headers than other cells: a corner cell may stand beside them), or a row group of only such rows. */
function isHeaderPart(child: SnapshotChild): boolean {
  if (typeof child === 'string') return false;
  if (child.role === 'rowgroup') return child.children.length > 0 && child.children.every(isHeaderPart);
  if (child.role !== 'row') return false;
  let headers = 0;
  for (const cell of child.children) if (typeof cell === 'object' && cell.role === 'columnheader') headers++;
  return headers > child.children.length - headers;
}

/**
 * A grid's header rows read before its data rows, as they are shown. Handsontable draws its header row in
 * an overlay that comes after its body in the page, and the read listed every data row before the column
 * names. The order of everything else is kept.
 */
function headerRowsFirst(node: SnapshotNode): void {
  const firstData = node.children.findIndex(
    (child) => typeof child === 'object' && (child.role === 'row' || child.role === 'rowgroup') && !isHeaderPart(child),
  );
  if (firstData < 0) return;
  const after = node.children.slice(firstData);
  const late = after.filter(isHeaderPart);
  if (late.length > 0) node.children = [...node.children.slice(0, firstData), ...late, ...after.filter((child) => !isHeaderPart(child))];
}

/**
 * Rows read in the order their grid gives them (`aria-rowindex`, a virtual grid's row index) when every row
 * among `children` carries one: AG Grid places its rows by transforms and keeps them out of DOM order after
 * a scroll or a sort, and a read listed row 22 before row 1. The rows keep their slots among the other children.
 */
function rowsInOwnOrder(children: SnapshotChild[]): void {
  const slots: number[] = [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (typeof child === 'object' && child.role === 'row') {
      if (child.position === undefined) return;
      slots.push(i);
    }
  }
  if (slots.length < 2) return;
  const rows = slots.map((slot) => children[slot] as SnapshotNode).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  slots.forEach((slot, i) => (children[slot] = rows[i] as SnapshotNode));
}
