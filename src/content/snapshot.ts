/**
 * read_page's tree of the page, one node a line, built in passes as Playwright's aria snapshot is: the
 * walk reads the DOM into a tree of nodes with raw text (snapshot-walk.ts, snapshot-node.ts), the text
 * pass collapses and names (snapshot-normalize.ts), and the renderer writes the lines (snapshot-render.ts).
 * Only the walk touches the DOM; no pass writes output while it walks.
 *
 * Line format (close to Playwright's aria snapshot):
 *   - heading "Account" [level=2] [ref=e4]
 *   - textbox "Email" [required] [ref=e7]: ada@example.com
 *   - link "Home" [ref=e3] (url: /home)
 *   - list [ref=e5]:
 *     - link "News" [ref=e6] (url: /news)     (a list item holding only one element is that element's line)
 *     - listitem:
 *       - text: From the section
 *       - link "US" [ref=e8] (url: /us)
 *   - iframe [ref=e9]            (the worker stitches the frame's own snapshot in here)
 */
import type { ElementSummary } from '../runtime/page-state.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { withCalendarScopes } from './date-picker.js';
import { bodyOf, rootElementOf, titleOf } from './dom.js';
import { withGrabRules } from './grab-cursor.js';
import { withLabelIndex } from './labels.js';
import { documentId } from './refs.js';
import { normalizeChildren } from './snapshot-normalize.js';
import { tellRepeatsApart } from './snapshot-context.js';
import { renderTree } from './snapshot-render.js';
import { walkPage } from './snapshot-walk.js';

export { isShown } from './visibility.js';
export { describeElement, summarize } from './element-line.js';

/** Data rows per table or grid in a read of the whole page. */
const MAX_ROWS_PER_TABLE = 25;

/** What to snapshot: the command's options, with its ref resolved to the element. */
export interface SnapshotOptions extends Pick<PageCommandOf<'snapshot'>, 'filter' | 'refPrefix' | 'maxDepth'> {
  root?: Element;
}

/** Builds the snapshot of this document (or of `root`'s subtree). */
export function takeSnapshot(options: SnapshotOptions): PageResultOf<'snapshot'> {
  const walkOptions = { interactiveOnly: options.filter === 'interactive', maxDepth: options.maxDepth ?? Infinity, root: options.root };
  const tree = withLabelIndex(() => withCalendarScopes(() => withGrabRules(() => walkPage(walkOptions, bodyOf() ?? rootElementOf()))));
  normalizeChildren(tree.children);
  tellRepeatsApart(tree.listed);
  // A read of the whole page shows the first rows of each big table; a read of one element (its ref) shows all of it.
  const { text, frames } = renderTree(tree, options.refPrefix, { maxRows: options.root ? undefined : MAX_ROWS_PER_TABLE });
  // What the worker keeps per ref, named now that the text pass has named every node.
  const elements: Record<string, ElementSummary> = {};
  for (const node of tree.listed) if (node.summary && node.ref !== undefined) elements[options.refPrefix + node.ref] = node.summary;
  return { documentId, url: location.href, title: titleOf(), text, elements, frames, nodeCount: tree.nodeCount, truncated: tree.truncated };
}
