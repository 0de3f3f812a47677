/**
 * The snapshot's tree, the data its passes hand on: the walk (snapshot-walk.ts) reads the DOM into it,
 * the text pass (snapshot-normalize.ts) tidies it, the renderer (snapshot-render.ts) writes it as lines.
 * Plain data, no DOM objects: the passes after the walk run, and are tested, without a page.
 */
import type { ElementSummary } from '../runtime/page-state.js';

/** A node's child: another node, or page text (raw pieces from the walk; one collapsed run after the text pass). */
export type SnapshotChild = SnapshotNode | string;

/**
 * The walk's mark between two blocks (`<div>Write report</div><div>Review</div>`): the text pass ends a run
 * there, so each block's text is a line of its own. Empty, so no page text can be it (the walk keeps no empty text).
 */
export const BLOCK_BREAK = '';

/** One option of a select, shown on a line under it. */
export interface OptionLine {
  label: string;
  selected: boolean;
  disabled: boolean;
}

/** One element shown as a line, with what its line says, read from the DOM by the walk. */
export interface SnapshotNode {
  role: string;
  /** The accessible name, or '' (until the text pass names it, for `nameFromContent`). */
  name: string;
  /** Named by the text pass from its children's text when nothing else names it (a cell, a row). */
  nameFromContent: boolean;
  /** The element's ref in this document (`e12`), for nodes worth acting on; structural roles have none. */
  ref?: string;
  /** The states in brackets in their fixed order, as `statesOf` words them (` [checked] [level=2]`): fixed words only. */
  states: string;
  /** Which row an unnamed control is in (`checkbox in "draft report"`), or ''. */
  row: string;
  /**
   * Where a control sits when others of the read share its role and name, as written after ` in ` (`"To do"`,
   * `menu`: fixed role words and page text already quoted), set after the text pass (snapshot-context.ts).
   */
  context?: string;
  /**
   * An item named by its content that holds controls or items of its own (a tree's branch, a heading's link):
   * they are its children, and its text, already in its name, is not repeated as lines.
   */
  folded?: true;
  /** The current value, raw; shown after `: `, and then nothing else goes on the node's own line. */
  value?: string;
  /** A link's target, as written. */
  url?: string;
  /** A list or grid that renders only part of its items: ` (40 of about 600 rows rendered; …)` (numbers and fixed words), or ''. */
  extent: string;
  /** A row's own position in its grid (`aria-rowindex`, or a virtual grid's row index), when it carries one: rows are read in that order. */
  position?: number;
  /** Where a data grid's cell or editor is: ` (column "Quantity")`, ` (editing the cell in …)`; page words quoted, or ''. */
  place: string;
  /** An empty field's placeholder, on a line of its own unless it only repeats the name. */
  placeholder?: string;
  /** A select's options (in `all`, up to a cap), and how many more it has. */
  options?: OptionLine[];
  moreOptions: number;
  /** What the worker keeps about the element (controls and click targets only); its name is the node's. */
  summary?: ElementSummary;
  /** A hidden select a custom combobox shows and keeps in sync: that widget's ref (act on it, not on this). */
  mirror?: string | undefined;
  /** Inside a `<pre>` (a code sample): its text keeps its line breaks, shown as `\n` like a text field's value. */
  preformatted?: true;
  /** An iframe: the worker puts the frame's own snapshot under this line. */
  frame?: { index: number | null; src: string };
  children: SnapshotChild[];
}

/** What the walk found. */
export interface SnapshotTree {
  children: SnapshotChild[];
  /** The nodes with a summary, in the order the walk finished them (a container after what it holds). */
  listed: SnapshotNode[];
  /** Elements shown, counted before the depth limit cut any. */
  nodeCount: number;
  /** Some nodes were left out at `maxDepth`. */
  truncated: boolean;
  /** The walk stopped descending somewhere at the nesting limit. */
  tooDeep: boolean;
}

/** How deep the walk descends into the DOM (the HTML parser itself nests at most 512 levels). */
export const MAX_NESTING = 512;
