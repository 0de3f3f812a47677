/**
 * The snapshot's last pass: the normalised tree as lines (no DOM). Every value from the page goes
 * through `quoted`/`oneLine` (src/shared/untrusted-text.ts) here, and the rest of a line is fixed words
 * and refs, so a page can only fill the slots the grammar gives it. The lines of iframes are recorded
 * as they are written, so the worker places each frame's snapshot by line number, never by searching
 * the text (which the page writes into).
 */
import type { PageResultOf } from '../shared/protocol/page.js';
import { fieldValue, oneLine, quoted } from '../shared/untrusted-text.js';
import { MAX_ATTRIBUTE_CHARS, MAX_NAME_CHARS, roleAndName, urlSuffix, valueSuffix } from './element-line.js';
import { MAX_NESTING, type SnapshotChild, type SnapshotNode, type SnapshotTree } from './snapshot-tree.js';

/** An iframe in this document, and the line of the text that is its. */
export type FrameMarker = PageResultOf<'snapshot'>['frames'][number];

/** Longest text run shown on one line (a paragraph); get_page_text gives whole texts. */
const MAX_TEXT_CHARS = 2_000;

/** A text run as one line; a code sample's (`<pre>`) keeps its line breaks as `\n`, as a text field's value does. */
function textLine(text: string, preformatted: boolean): string {
  return preformatted ? fieldValue(text, MAX_TEXT_CHARS) : oneLine(text, MAX_TEXT_CHARS);
}

/** A node's own line after `- `: `role "name" [states] [ref=…]: value (url: …)`. */
export function headLine(node: SnapshotNode, refPrefix: string): string {
  const ref = node.ref === undefined ? '' : ` [ref=${refPrefix}${node.ref}]`;
  // Fixed words and our own ref: the model acts on the widget, which a select set by script would leave stale.
  const mirror = node.mirror === undefined ? '' : ` [hidden, mirrored by combobox ref=${refPrefix}${node.mirror}]`;
  // Role words and page text already quoted (snapshot-context.ts).
  const context = node.context ? ` in ${node.context}` : '';
  return (
    roleAndName(node.role, node.name, node.row) +
    context +
    node.states +
    mirror +
    ref +
    node.extent +
    node.place +
    valueSuffix(node.value) +
    urlSuffix(node.url)
  );
}

const NO_LINES: readonly string[] = [];

/** The lines that belong to a node itself, shown before its children: its placeholder, its options. */
function ownLines(node: SnapshotNode): readonly string[] {
  // Most nodes have none: no array for them.
  if (node.placeholder === undefined && node.options === undefined) return NO_LINES;
  const lines: string[] = [];
  if (node.placeholder !== undefined) lines.push(`/placeholder: ${oneLine(node.placeholder, MAX_ATTRIBUTE_CHARS)}`);
  // An option's label keeps the page's line breaks: quoted() makes it one line.
  for (const option of node.options ?? [])
    lines.push(`option ${quoted(option.label, MAX_NAME_CHARS)}${option.selected ? ' [selected]' : ''}${option.disabled ? ' [disabled]' : ''}`);
  if (node.moreOptions > 0) lines.push(`text: … ${node.moreOptions} more options (select_option matches any option by label or value)`);
  return lines;
}

/** A list item with nothing of its own to say (no name, state, ref or value): a bare `listitem` line. */
function isBareListItem(node: SnapshotNode): boolean {
  return (
    node.role === 'listitem' &&
    !node.name &&
    !node.row &&
    !node.states &&
    node.ref === undefined &&
    node.value === undefined &&
    node.placeholder === undefined &&
    node.options === undefined
  );
}

/**
 * A bare list item's only element (recursively), or the node itself. The line above it (a list, a
 * navigation) already groups the items, and the wrapper lines were about 12% of a link-heavy page's
 * read (bench/context.bench.ts).
 */
export function soleElementOf(node: SnapshotNode): SnapshotNode {
  const only = node.children[0];
  return node.children.length === 1 && typeof only === 'object' && isBareListItem(node) ? soleElementOf(only) : node;
}

/** Roles whose rows are counted against `maxRows`. */
const TABLE_ROLES = new Set(['grid', 'table', 'treegrid']);

/** A data row: a row holding more than column headers. */
const isDataRow = (node: SnapshotNode): boolean =>
  node.role === 'row' && node.children.some((child) => typeof child !== 'object' || (child.role !== 'columnheader' && child.role !== 'rowheader'));

/** How a table's rows are cut: the rows still to write, the rows left out, and the table's ref to read them all. */
interface RowBudget {
  left: number;
  hidden: number;
  ref: string | undefined;
}

/** Options of `renderTree`. */
export interface RenderOptions {
  /**
   * The most data rows written per table or grid; the rest become one line that says how many and how
   * to read them (read_page with the table's ref). A grid of 600 rows was 3,600 lines of one read.
   */
  maxRows?: number;
}

/** The tree as text, one node a line, and where each iframe's line is. */
export function renderTree(tree: SnapshotTree, refPrefix: string, options: RenderOptions = {}): { text: string; frames: FrameMarker[] } {
  const lines: string[] = [];
  const frames: FrameMarker[] = [];
  const maxRows = options.maxRows ?? Infinity;
  let budget: RowBudget | undefined;
  const write = (children: readonly SnapshotChild[], indent: string, pre = false): void => {
    for (const child of children) {
      if (typeof child === 'string') {
        lines.push(`${indent}- text: ${textLine(child, pre)}`);
        continue;
      }
      const node = soleElementOf(child);
      if (budget && isDataRow(node)) {
        if (budget.left <= 0) {
          budget.hidden++;
          continue;
        }
        budget.left--;
      }
      if (TABLE_ROLES.has(node.role) && maxRows !== Infinity) {
        const outer = budget;
        budget = { left: maxRows, hidden: 0, ref: node.ref === undefined ? undefined : refPrefix + node.ref };
        writeNode(node, indent);
        const cut = budget;
        budget = outer;
        if (cut.hidden > 0) {
          const how = cut.ref ? `read_page with ref=${cut.ref} reads them all` : 'get_page_text reads them';
          lines.push(`${indent}  - text: (${cut.hidden} more rows not shown here: ${how}; find searches them)`);
        }
        continue;
      }
      writeNode(node, indent);
    }
  };
  const writeNode = (node: SnapshotNode, indent: string): void => {
    if (node.frame && node.ref !== undefined) frames.push({ ref: refPrefix + node.ref, ...node.frame, line: lines.length });
    const head = `${indent}- ${headLine(node, refPrefix)}`;
    const own = ownLines(node);
    const only = node.children[0];
    if (own.length === 0 && node.children.length === 0) lines.push(head);
    else if (own.length === 0 && node.children.length === 1 && typeof only === 'string' && node.value === undefined)
      lines.push(`${head}: ${textLine(only, node.preformatted === true)}`);
    else {
      // A valued head (`combobox "Country": Germany`) keeps its value; its options follow indented.
      lines.push(node.value === undefined ? `${head}:` : head);
      for (const line of own) lines.push(`${indent}  - ${line}`);
      write(node.children, `${indent}  `, node.preformatted === true);
    }
  };
  write(tree.children, '');
  if (tree.tooDeep) lines.push(`- text: (content nested more than ${MAX_NESTING} elements deep was left out)`);
  return { text: lines.join('\n'), frames };
}
