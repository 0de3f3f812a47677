/**
 * Whether a grid or list is paged by controls of its own: a "Next page" button, a "Page 1 of 6" line or a
 * pagination landmark beside it. A paged grid (AG Grid's pagination, MUI's footer, a table with pages
 * below it) renders only the rows of one page, and scrolling it never reaches the others: a model told
 * "scroll with this ref to render others" scrolled to the bottom of page 1 and stopped there.
 * This is a heuristic on words and roles near the grid, not on any library's markup: it may miss a pager
 * drawn with icons only, and it may take an unrelated "Next" a few levels up for one. Only a yes or no
 * comes out of here (no page text reaches a line).
 */
import {
  attrOf,
  checkVisibilityOf,
  querySelectorOf,
  firstChildOf,
  firstElementChildOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  rootElementOf,
  tagOf,
} from './dom.js';
import { roleOf } from './aria.js';

/** What a control that turns to the next page is called (its label or text, whole). */
const NEXT_PAGE = /^(?:next|next page|go to next page|show next page|›|»|>|→)$/i;
/** "Page 1 of 6", "page 2/6", "Page number, 1 of 6": a pager's own count of pages. */
const PAGE_OF = /\bpage\b\D{0,20}\d+\s*(?:of|\/)\s*\d+/i;
const PAGINATION = /pagination|pager|paging/i;
/** How far up from the grid the pager is looked for, and how many nodes beside the grid are looked at in all. */
const LEVELS = 4;
const MAX_NODES = 600;
const ROWS = 'tr, [role=row], li, [role=listitem], [role=option]';

const isControl = (element: Element): boolean => {
  const tag = tagOf(element);
  if (tag === 'BUTTON' || tag === 'A') return true;
  const role = attrOf(element, 'role');
  return role === 'button' || role === 'link';
};

/** Whether `element` itself says it turns pages or counts them (its label, its words, its landmark's name). */
function saysPage(element: Element): boolean {
  const label = attrOf(element, 'aria-label') ?? attrOf(element, 'title') ?? '';
  if (label && PAGE_OF.test(label)) return true;
  if (isControl(element)) {
    const words = (label || element.textContent || '').replace(/\s+/g, ' ').trim();
    if (words.length <= 24 && NEXT_PAGE.test(words)) return true;
  }
  return roleOf(element) === 'navigation' && PAGINATION.test(label);
}

/** Whether `root`'s subtree says it is a pager, within the node budget `left` (shared across the search). */
function looksLikePager(root: Element, left: { nodes: number }): boolean {
  const stack: Node[] = [root];
  while (stack.length > 0 && left.nodes-- > 0) {
    const node = stack.pop() as Node;
    if (nodeTypeOf(node) === 3) {
      if (PAGE_OF.test(node.nodeValue ?? '')) return true;
      continue;
    }
    if (nodeTypeOf(node) !== 1) continue;
    const element = node as Element;
    const tag = tagOf(element);
    // A pager not shown (display: none, as a grid of one page may hide its own) pages nothing.
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE' || !checkVisibilityOf(element)) continue;
    if (saysPage(element)) return true;
    const children: Node[] = [];
    for (let child = firstChildOf(element); child; child = nextSiblingOf(child)) children.push(child);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  return false;
}

/** Whether page controls sit beside `container` (a heuristic: see the file's comment). */
export function pagerBeside(container: Element): boolean {
  const left = { nodes: MAX_NODES };
  // A grid's own footer (Tabulator's, MUI's) is inside it: its parts that hold no rows are looked at first.
  for (let child = firstElementChildOf(container); child && left.nodes > 0; child = nextElementSiblingOf(child))
    if (querySelectorOf(child, ROWS) === null && looksLikePager(child, left)) return true;
  const top = rootElementOf();
  let from = container;
  for (let level = 0; level < LEVELS && left.nodes > 0; level++) {
    const up = parentElementOf(from);
    if (!up || up === top) return false;
    for (let sibling = firstElementChildOf(up); sibling && left.nodes > 0; sibling = nextElementSiblingOf(sibling))
      if (sibling !== from && looksLikePager(sibling, left)) return true;
    from = up;
  }
  return false;
}
