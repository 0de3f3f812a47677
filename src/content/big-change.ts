/**
 * A list or grid that gained and lost many items in one act — a virtual grid scrolled or sorted, a
 * filtered list, a page of results — is said as what it shows now: which items (first and last, with
 * their positions when they are known, and how many), and the column it is sorted by when a header says
 * so. Listed item by item ("gained 29 items …, and lost 40 items …"), the line named three of each and
 * told nothing of where the grid now stands.
 */
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { attrOf, closestOf, parentElementOf, querySelectorAllOf } from './dom.js';
import { COUNTED_ROLES, extentOf, itemsOf, ownIndex, renderedWords } from './extent.js';
import { itemText } from './observe-util.js';

/** More items than this gained and lost together (some of each) is a new view of the list, not an edit of it. */
export const MANY_ITEMS = 6;

const COUNTED = 'table, [role=grid], [role=table], [role=treegrid], ul, ol, [role=list], [role=listbox], [role=tree], [role=feed]';
const ROLE_NOUNS: Readonly<Record<string, string>> = { grid: 'rows', table: 'rows', treegrid: 'rows', listbox: 'options' };

const clipped = (text: string, max: number) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The list or grid whose items `container` (a row group, a list body) holds. */
function countedAround(container: Element): { element: Element; role: string } | undefined {
  for (let element: Element | null = container; element; element = parentElementOf(element)) {
    const found = closestOf(element, COUNTED);
    if (!found) return undefined;
    const role = roleOf(found);
    if (COUNTED_ROLES.has(role)) return { element: found, role };
    element = found;
  }
  return undefined;
}

/** `sorted by "Price" ascending`, from the header whose aria-sort says so, or ''. */
function sortedBy(grid: Element): string {
  for (const header of querySelectorAllOf(grid, '[aria-sort]')) {
    const sort = attrOf(header, 'aria-sort');
    if (sort !== 'ascending' && sort !== 'descending') continue;
    const role = roleOf(header) || 'columnheader';
    const name = nameOf(header, role);
    return `sorted by ${name ? clipped(name, 40) : 'a column'} ${sort}`;
  }
  return '';
}

/** The items by the positions they carry, when each carries one (AG Grid's rows are out of DOM order, placed by transforms); else as they are. */
function inOwnOrder(items: Element[], rows: boolean): Element[] {
  const keyed = items.map((item) => ({ item, at: ownIndex(item, rows) }));
  if (keyed.some(({ at }) => at === undefined)) return items;
  return keyed.sort((a, b) => (a.at ?? 0) - (b.at ?? 0)).map(({ item }) => item);
}

/**
 * What `container` shows now, in one clause, or undefined when it holds nothing to name:
 * `grid "Products" [ref=e2] now has about rows 195–254 of 600 rendered (60), from "195 …" [ref=e40] to "254 …" [ref=e99]; 40 came, 40 went; sorted by "Price" ascending`.
 */
export function shownNow(
  container: Element,
  came: number,
  went: number,
  name: (element: Element) => string,
  refOf: (element: Element) => string,
): string | undefined {
  const counted = countedAround(container);
  const whole = counted?.element ?? container;
  const role = counted?.role ?? '';
  const noun = ROLE_NOUNS[role] ?? 'items';
  const rows = noun === 'rows';
  const items = inOwnOrder(counted ? itemsOf(whole, role) : [...container.children].filter((child) => itemText(child)), rows);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return undefined;
  const extent = counted ? extentOf(whole, role) : undefined;
  const quote = (item: Element) => `${clipped(itemText(item), 60)} [ref=${refOf(item)}]`;
  let which: string;
  if (extent) {
    which = `${renderedWords(extent)}${extent.first !== undefined ? ` (${items.length})` : ''}`;
  } else {
    const at = ownIndex(first, rows);
    which = at !== undefined ? `${noun} ${at}–${at + items.length - 1} (${items.length})` : `${items.length} ${noun}`;
  }
  const sort = sortedBy(whole);
  return `${name(whole)} now has ${which}, from ${quote(first)} to ${quote(last)}; ${came} came, ${went} went${sort ? `; ${sort}` : ''}`;
}
