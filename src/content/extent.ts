/**
 * How much of a list or grid is on the page. A virtual grid (Tabulator, AG Grid, a long React list)
 * keeps only the rows near its scroll position in the DOM: 40 of 600. Read as it is, it looks like a
 * grid of 40 rows, and a model looking for row 207 gives up or guesses. The numbers come from the page's
 * own ARIA when it gives them (`aria-rowcount`, `aria-rowindex`, `aria-setsize`, `aria-posinset`) or from
 * the index a virtual list writes on each item (`data-index`, `row-index`), and otherwise from the scroll
 * container's height against the rows' — a heuristic, so it says "about".
 * Only numbers and fixed words come out of here: nothing the page writes reaches the line.
 */
import { attrOf, closestOf, parentElementOf } from './dom.js';
import { pagerBeside } from './pager.js';

/** The roles whose items are counted, and what an item of each is. */
const ITEMS_OF: Readonly<Record<string, { selector: string; noun: string }>> = {
  grid: { selector: 'tr, [role=row]', noun: 'rows' },
  table: { selector: 'tr, [role=row]', noun: 'rows' },
  treegrid: { selector: 'tr, [role=row]', noun: 'rows' },
  list: { selector: 'li, [role=listitem]', noun: 'items' },
  listbox: { selector: 'option, [role=option]', noun: 'options' },
  tree: { selector: '[role=treeitem]', noun: 'items' },
  feed: { selector: 'article, [role=article]', noun: 'items' },
};

/** Roles that `extentOf` may say something about. */
export const COUNTED_ROLES: ReadonlySet<string> = new Set(Object.keys(ITEMS_OF));

const CONTAINER_SELECTOR = 'table, [role=grid], [role=table], [role=treegrid], ul, ol, [role=list], [role=listbox], [role=tree], [role=feed]';
/** Below this many missing items a list is not called partial: a rounding of heights is not a virtual list. */
const MIN_MISSING = 5;

/** What a count found: the items in the DOM, where they are, and the whole. */
export interface Extent {
  noun: string;
  /** Items in the DOM (header rows not counted). */
  rendered: number;
  /** Position of the first and last rendered item in the whole, when the page says (aria-rowindex/posinset). */
  first?: number;
  last?: number;
  /** The whole, from ARIA, or estimated from heights. */
  total: number;
  /** The positions are estimated from heights (the items carry none of their own). */
  estimated: boolean;
  /** The whole is estimated from heights (no aria-rowcount or aria-setsize). */
  totalEstimated?: boolean;
  /** The element that scrolls the items, when one does. */
  scroller?: Element;
  /**
   * Header rows counted in the page's own positions (`aria-rowindex` and `aria-rowcount` count a grid's
   * header row too): taken off, so the first data row is row 1 and the whole is its data rows.
   */
  headerRows?: number;
  /** Scrolling inside it can render no more rows (every row it scrolls to is rendered), though the whole is bigger. */
  scrollsNoMore?: boolean;
  /** Page controls sit beside it (a heuristic, pager.ts): the rows not rendered are on other pages. */
  paged?: boolean;
}

/** A row of column headers only (a grid's header row), which is no data row. */
function isHeaderRow(row: Element): boolean {
  return row.querySelector('td, [role=gridcell], [role=cell]') === null;
}

/** The items of `container` that are its own (not those of a list nested in one of them). */
export function itemsOf(container: Element, role: string): Element[] {
  const kind = ITEMS_OF[role];
  if (!kind) return [];
  const items: Element[] = [];
  for (const item of container.querySelectorAll(kind.selector)) {
    if (closestOf(parentElementOf(item) ?? item, CONTAINER_SELECTOR) !== container) continue;
    if (kind.noun === 'rows' && isHeaderRow(item)) continue;
    items.push(item);
  }
  return items;
}

const positiveInt = (value: string | null): number | undefined => {
  const n = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The nearest element from `item` up to `container` (inclusive) that scrolls vertically. */
export function scrollerOf(item: Element, container: Element): Element | undefined {
  for (let element: Element | null = parentElementOf(item); element; element = parentElementOf(element)) {
    if (element.scrollHeight > element.clientHeight + 1) {
      const overflow = getComputedStyle(element).overflowY;
      if (overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay') return element;
    }
    if (element === container) return undefined;
  }
  return undefined;
}

/** The median height of the items (a few are enough: virtual lists use one row height). */
function rowHeight(items: readonly Element[]): number {
  const heights = items
    .slice(0, 15)
    .map((item) => item.getBoundingClientRect().height)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/**
 * The item's own position, 1-based, when the page writes one: `aria-rowindex` / `aria-posinset`, or the
 * 0-based index a virtual list keeps on each item it renders (`data-index`: TanStack Virtual, react-virtuoso;
 * `row-index`: AG Grid; `data-row-index`).
 */
export function ownIndex(item: Element, rows: boolean): number | undefined {
  const declared = positiveInt(attrOf(item, rows ? 'aria-rowindex' : 'aria-posinset'));
  if (declared !== undefined) return declared;
  for (const name of ZERO_BASED) {
    const value = attrOf(item, name);
    if (value !== null && /^\d+$/.test(value)) return Number(value) + 1;
  }
  return undefined;
}
const ZERO_BASED = ['data-index', 'row-index', 'data-row-index'];

/**
 * The first and last position of the rendered items from their own indexes, when every item has one and
 * together they are one unbroken run (rows placed out of DOM order, as AG Grid may, still count): a
 * position the page wrote beats one guessed from heights. Undefined when any is missing or they skip.
 */
function ownSpan(items: readonly Element[], rows: boolean): { first: number; last: number } | undefined {
  const indexes = new Set<number>();
  for (const item of items) {
    const index = ownIndex(item, rows);
    if (index === undefined) return undefined;
    indexes.add(index);
  }
  if (indexes.size !== items.length || indexes.size === 0) return undefined;
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  return last - first + 1 === items.length ? { first, last } : undefined;
}

/** How much of `container`'s items are rendered, or undefined when it is all there (or cannot be told). */
export function extentOf(container: Element, role: string): Extent | undefined {
  const kind = ITEMS_OF[role];
  if (!kind) return undefined;
  // Most lists say nothing and scroll with the page: tell that from the first item alone, without
  // collecting every item (a menu of 500 links is 500 lookups per nested list, on every read).
  // A grid's first row is often its header, outside the box that scrolls: probe the first data row.
  const probe =
    kind.noun === 'rows' ? container.querySelector('td, [role=gridcell], [role=cell]')?.closest('tr, [role=row]') : container.querySelector(kind.selector);
  if (!probe) return undefined;
  const mayDeclare = kind.noun === 'rows' ? attrOf(container, 'aria-rowcount') !== null : attrOf(probe, 'aria-setsize') !== null;
  if (!mayDeclare && !scrollerOf(probe, container)) return undefined;
  const items = itemsOf(container, role);
  const rendered = items.length;
  const firstItem = items[0];
  const lastItem = items[rendered - 1];
  const scroller = firstItem ? scrollerOf(firstItem, container) : undefined;
  const rows = kind.noun === 'rows';
  const declared = rows ? positiveInt(attrOf(container, 'aria-rowcount')) : firstItem ? positiveInt(attrOf(firstItem, 'aria-setsize')) : undefined;
  const own = ownSpan(items, rows);
  if (declared !== undefined) {
    // aria-rowcount counts header rows too: what is missing is what no rendered row stands for.
    const headers = rows ? container.querySelectorAll('tr, [role=row]').length - rendered : 0;
    if (declared - headers <= rendered) return undefined;
    const offset = rows && own && firstItem && attrOf(firstItem, 'aria-rowindex') !== null ? headerRowsBefore(container, own.first) : 0;
    // A grid whose rendered rows fill all it scrolls through, or with page controls beside it, is paged: scrolling never reaches the rest.
    const scrollsNoMore = scroller !== undefined && !roomToScroll(items, container, scroller, rows);
    return {
      noun: kind.noun,
      rendered,
      first: own && own.first - offset,
      last: own && own.last - offset,
      total: declared - offset,
      estimated: false,
      scroller,
      headerRows: offset,
      scrollsNoMore,
      paged: pagerBeside(container),
    };
  }
  if (!scroller || !firstItem || !lastItem) return undefined;
  const height = rowHeight(items);
  if (height <= 0) return undefined;
  // A virtual list keeps the scroll height of all its rows (spacers above and below the rendered ones):
  // the space above the first rendered row and below the last, in row heights, is the rows not rendered.
  // Libraries size their spacers from an average height (Tabulator), so these are estimates: the positions
  // the items carry, when they carry them, are used instead, and only the whole stays an estimate.
  const box = scroller.getBoundingClientRect();
  const headerHeight = headerRowsHeight(container, scroller, rows);
  const above = Math.max(0, Math.round((firstItem.getBoundingClientRect().top - box.top + scroller.scrollTop - headerHeight) / height));
  const below = Math.max(0, Math.round((scroller.scrollHeight - (lastItem.getBoundingClientRect().bottom - box.top + scroller.scrollTop)) / height));
  const first = own?.first ?? above + 1;
  const last = own?.last ?? above + rendered;
  if (first - 1 + below < MIN_MISSING) return undefined;
  const total = steadyTotal(container, last + below, { fresh: first === 1 && scroller.scrollTop < 1, last, slack: scroller.clientHeight / height });
  return { noun: kind.noun, rendered, first, last, total, estimated: own === undefined, totalEstimated: true, scroller };
}

/** Header rows before data row `first` by the page's own indexes (`aria-rowindex` below it). */
function headerRowsBefore(container: Element, first: number): number {
  let count = 0;
  for (const row of container.querySelectorAll('tr, [role=row]')) {
    const index = positiveInt(attrOf(row, 'aria-rowindex'));
    if (index !== undefined && index < first && isHeaderRow(row)) count++;
  }
  return count;
}

/**
 * Whether the scroller has room above or below the rendered rows (a virtual list's spacers), where
 * scrolling renders others. The rows' extremes, not the first and last in the DOM: AG Grid places its
 * rows by transforms, out of DOM order.
 */
function roomToScroll(items: readonly Element[], container: Element, scroller: Element, rows: boolean): boolean {
  const height = rowHeight(items);
  if (height <= 0) return true;
  let top = Infinity;
  let bottom = -Infinity;
  for (const item of items) {
    const rect = item.getBoundingClientRect();
    top = Math.min(top, rect.top);
    bottom = Math.max(bottom, rect.bottom);
  }
  const box = scroller.getBoundingClientRect();
  const above = top - box.top + scroller.scrollTop - headerRowsHeight(container, scroller, rows);
  const below = scroller.scrollHeight - (bottom - box.top + scroller.scrollTop);
  return above > height / 2 || below > height / 2;
}

/** The total last told for each list whose total is estimated. */
const toldTotals = new WeakMap<Element, number>();

/**
 * The estimated total, kept from one read to the next while the estimate stays within a screen of rows.
 * A library's spacers drift as it re-renders in place: after a sort scrolled down, Tabulator's bottom
 * spacer is a screen short (its scroll height loses the view's height), and the same 600 rows read "of
 * about 586". Measured at the top of the list (no spacer above, as a first render or a filter leaves it)
 * the estimate is taken as it is; further down, one within a screen of rows of the last told stands for
 * the same whole, so the last told is kept (a filter that drops more rows than a screen holds is news).
 */
function steadyTotal(container: Element, estimate: number, at: { fresh: boolean; last: number; slack: number }): number {
  const told = toldTotals.get(container);
  const keep = !at.fresh && told !== undefined && told >= at.last && Math.abs(told - estimate) <= Math.max(MIN_MISSING, Math.ceil(at.slack));
  const total = keep ? told : estimate;
  toldTotals.set(container, total);
  return total;
}

/** The height of the header rows that scroll with the data rows (a table's head inside its scrolling box). */
function headerRowsHeight(container: Element, scroller: Element, rows: boolean): number {
  if (!rows) return 0;
  let height = 0;
  for (const row of container.querySelectorAll('tr, [role=row]')) if (isHeaderRow(row) && scroller.contains(row)) height += row.getBoundingClientRect().height;
  return height;
}

/** Which items are rendered, in words: `about rows 1–40 of 600 rendered`, `rows 435–474 of about 600 rendered`, `40 of 600 rows rendered`. */
export function renderedWords(extent: Extent): string {
  const about = extent.estimated ? 'about ' : '';
  const aboutTotal = extent.totalEstimated && !extent.estimated ? 'about ' : '';
  return extent.first !== undefined && extent.last !== undefined
    ? `${about}${extent.noun} ${extent.first}–${extent.last} of ${aboutTotal}${extent.total} rendered`
    : `${extent.rendered} of ${about}${aboutTotal}${extent.total} ${extent.noun} rendered`;
}

/** The extent as the words after a list's or grid's line: ` (40 of about 600 rows rendered; …)`, or ''. */
export function extentWords(extent: Extent | undefined): string {
  if (!extent) return '';
  return ` (${renderedWords(extent)}; ${reachWords(extent)})`;
}

/** How the items not rendered are reached: by scrolling it, by the page's scroll, or by its page controls. */
export function reachWords(extent: Extent): string {
  const scroll = extent.scroller && !extent.scrollsNoMore;
  if (extent.paged) {
    return scroll
      ? `it looks paged, with page controls beside it: scroll with this ref and a direction for the rest of this page, and use its page controls for other pages`
      : `it looks paged, with page controls beside it: this page's ${extent.noun} are all rendered, and its page controls show the others`;
  }
  if (extent.scrollsNoMore) return 'scrolling it renders no others, as all it scrolls through is rendered: look for page controls or a more button near it';
  return scroll ? 'scroll with this ref and a direction to render others' : 'the others are rendered as the page scrolls';
}

/** An item's position in the whole (1-based, header rows not counted), when it carries one. */
export function positionOf(item: Element, rows: boolean, extent: Extent | undefined): number | undefined {
  const own = ownIndex(item, rows);
  return own === undefined ? undefined : own - (extent?.headerRows ?? 0);
}
