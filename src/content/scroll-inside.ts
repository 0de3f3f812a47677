/**
 * `scroll` with a ref and a direction (or `to`): scrolls inside that element — a grid's body, a list, a
 * side panel — rather than the page, and says which rows came into view. A virtual grid scrolled as a
 * page reported "x=0, y=0, at the bottom of the page" every time, and nothing of its rows.
 */
import { ToolError } from '../runtime/errors.js';
import { quoted } from '../shared/untrusted-text.js';
import { roleOf } from './aria.js';
import { COUNTED_ROLES, extentOf, itemsOf, positionOf, type Extent } from './extent.js';
import { wordsOf } from './observe-util.js';
import { label } from './target.js';

/** How a scroll inside an element is asked for. */
export interface InsideScroll {
  direction?: 'up' | 'down' | 'left' | 'right';
  amount?: number;
  to?: 'top' | 'bottom';
}

/** What the scroll did, in the shape of the page scroll's reply (the position is the element's). */
export interface InsideScrolled {
  summary: string;
  scrollX: number;
  scrollY: number;
  atTop: boolean;
  atBottom: boolean;
}

/** How many descendants are looked at for the one that scrolls (a grid's body sits a few levels down). */
const MAX_DESCENDANTS = 400;
const ROW_TEXT_CHARS = 60;

function scrolls(element: Element, vertical: boolean): boolean {
  const can = vertical ? element.scrollHeight > element.clientHeight + 1 : element.scrollWidth > element.clientWidth + 1;
  if (!can) return false;
  const style = getComputedStyle(element);
  const overflow = vertical ? style.overflowY : style.overflowX;
  return overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
}

/** The element that scrolls for `element`: itself, the first of its descendants that does, or its nearest scrolling ancestor. */
export function scrollerFor(element: Element, vertical: boolean): Element | undefined {
  if (scrolls(element, vertical)) return element;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT);
  for (let i = 0, node = walker.nextNode(); node && i < MAX_DESCENDANTS; i++, node = walker.nextNode())
    if (scrolls(node as Element, vertical)) return node as Element;
  for (let up = element.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement)
    if (scrolls(up, vertical)) return up;
  return undefined;
}

/** The list or grid whose items `scroller` shows: the element itself, one inside it, or the one around it. */
function countedContainer(element: Element, scroller: Element): { container: Element; role: string } | undefined {
  const candidates = [
    element,
    ...element.querySelectorAll('table, [role=grid], [role=treegrid], [role=table], ul, ol, [role=list], [role=listbox], [role=tree], [role=feed]'),
  ];
  for (let up = scroller.parentElement; up; up = up.parentElement) candidates.push(up);
  for (const candidate of candidates) {
    const role = roleOf(candidate);
    if (COUNTED_ROLES.has(role) && itemsOf(candidate, role).length > 0) return { container: candidate, role };
  }
  return undefined;
}

const nextFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** The items in view now, in words: `rows 15–28 of about 600 in view, from "…" to "…"`, or '', and the list's extent. */
function inView(element: Element, scroller: Element): { words: string; extent?: Extent } {
  const found = countedContainer(element, scroller);
  if (!found) return { words: '' };
  const items = itemsOf(found.container, found.role);
  const box = scroller.getBoundingClientRect();
  // In the order they are shown, top to bottom: AG Grid places its rows by transforms, out of DOM order.
  const tops = new Map(items.map((item) => [item, item.getBoundingClientRect()] as const));
  const top = (item: Element) => tops.get(item)?.top ?? 0;
  const visible = items
    .filter((item) => {
      const rect = tops.get(item) as DOMRect;
      return rect.height > 0 && rect.bottom > box.top + 1 && rect.top < box.bottom - 1;
    })
    .sort((a, b) => top(a) - top(b));
  const first = visible[0];
  const last = visible[visible.length - 1];
  const extent = extentOf(found.container, found.role);
  if (!first || !last) return { words: '', extent };
  const noun = extent?.noun ?? (found.role === 'listbox' ? 'options' : ['grid', 'table', 'treegrid'].includes(found.role) ? 'rows' : 'items');
  // A position the item carries is exact; else it is counted from the first rendered one (estimated or declared).
  const position = (item: Element): number => positionOf(item, noun === 'rows', extent) ?? (extent?.first ?? 1) + items.indexOf(item);
  const total = ` of ${extent?.totalEstimated && !extent.estimated ? 'about ' : ''}${extent ? extent.total : items.length}`;
  // Estimated positions (a virtual list's spacers are estimates of its own) say so.
  const about = extent?.estimated ? 'about ' : '';
  const text = (item: Element) => quoted(wordsOf(item, ROW_TEXT_CHARS), ROW_TEXT_CHARS);
  // What is rendered beyond the view can be read at once: a row just above or below needs no more scrolling.
  const shown = [...items].sort((a, b) => top(a) - top(b));
  const firstRendered = shown[0];
  const lastRendered = shown[shown.length - 1];
  const rendered =
    extent && firstRendered && lastRendered && (firstRendered !== first || lastRendered !== last)
      ? ` (${noun} ${position(firstRendered)}–${position(lastRendered)} are rendered: read_page with this ref lists them)`
      : '';
  return { words: `${about}${noun} ${position(first)}–${position(last)}${total} in view, from ${text(first)} to ${text(last)}${rendered}`, extent };
}

/** `(at its bottom)`, and for a paged grid that it is this page's end, not the grid's. */
function endWords(atTop: boolean, atBottom: boolean, vertical: boolean, extent: Extent | undefined): string {
  if (!vertical || (!atTop && !atBottom)) return '';
  if (atBottom && extent?.paged) return ` (at its bottom, the end of this page: it looks paged, and its page controls show the other ${extent.noun})`;
  if (atBottom && extent?.scrollsNoMore) return ' (at its bottom: the others are not reached by scrolling; look for page controls or a more button near it)';
  return atBottom ? ' (at its bottom)' : ' (at its top)';
}

/** Where a scroll to `target` can end: within 0 and the largest scroll position. */
function clampedTarget(scroller: Element, vertical: boolean, target: number): number {
  const max = vertical ? scroller.scrollHeight - scroller.clientHeight : scroller.scrollWidth - scroller.clientWidth;
  return Math.min(Math.max(0, target), Math.max(0, max));
}

/** Most steps of a scroll: beyond them, the rest is one jump (a list of 100,000 rows is not stepped through). */
const MAX_STEPS = 120;

/**
 * A turn of the event loop for what the step's scroll event scheduled (a list that renders in a task of
 * its own): a scheduler task, which hidden tabs do not hold back as they do timers and frames; where
 * there is none, the microtasks only (a list that renders in its scroll listener, as Tabulator does, has
 * rendered by then).
 */
const nextTask = (): Promise<unknown> => {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void) => Promise<void> } }).scheduler;
  return scheduler?.postTask ? scheduler.postTask(() => undefined) : Promise.resolve();
};

/**
 * Scrolls to `goal` a screen at a time, letting the page render each step, as a wheel or a key does. A
 * virtual list that sees one big jump places its rows by proportion (Tabulator: the row at scrollTop /
 * scrollHeight of the whole) and sizes its spacers to match, so the rows' positions read from the spacers
 * were 8–15 rows off deep in a grid of 600; stepped, it adds and removes rows one by one and its spacers
 * stay true to the rows' heights. The browser sends its scroll event with the next frame, and frames
 * come seldom in a tab that is not shown: each step sends the list its scroll event at once instead.
 */
async function stepTowards(scroller: Element, vertical: boolean, goal: number, position: () => number): Promise<void> {
  const screen = Math.max(1, vertical ? scroller.clientHeight : scroller.clientWidth);
  const to = (value: number) => scroller.scrollTo({ [vertical ? 'top' : 'left']: value, behavior: 'instant' });
  for (let step = 0; step < MAX_STEPS && Math.abs(position() - goal) > 1; step++) {
    const from = position();
    to(goal > from ? Math.min(goal, from + screen) : Math.max(goal, from - screen));
    if (Math.abs(position() - from) < 1) break; // held where it is (the end, or the page holds it)
    scroller.dispatchEvent(new Event('scroll'));
    await nextTask();
  }
  if (Math.abs(position() - goal) > 1) to(goal);
  // What the list does on the browser's own scroll event (some render in the frame after it): read after it.
  await nextFrames();
}

/** Scrolls inside `element` by screens of it, or to its top or bottom, and reports what is in view. */
export async function scrollInside(element: Element, how: InsideScroll): Promise<InsideScrolled> {
  const direction = how.to === 'top' ? 'up' : how.to === 'bottom' ? 'down' : (how.direction ?? 'down');
  const vertical = direction === 'up' || direction === 'down';
  const scroller = scrollerFor(element, vertical);
  if (!scroller)
    throw new ToolError('NOT_SCROLLABLE', `${label(element)} does not scroll, and nothing in it or around it does.`, {
      suggestion: 'Scroll the page instead (scroll with a direction and no ref), or give the ref of the list or panel that scrolls.',
    });
  const position = () => (vertical ? scroller.scrollTop : scroller.scrollLeft);
  const before = position();
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const delta = sign * (how.amount ?? 1) * (vertical ? scroller.clientHeight : scroller.clientWidth);
  const target = () => (how.to === 'top' ? 0 : how.to === 'bottom' ? scroller.scrollHeight : before + delta);
  const go = () => scroller.scrollTo({ [vertical ? 'top' : 'left']: target(), behavior: 'instant' });
  await stepTowards(scroller, vertical, clampedTarget(scroller, vertical, target()), position);
  // Scrolling up a virtual grid (Tabulator), the rows it inserts above make the browser's scroll anchoring
  // pull the position back: a screen up moved 30px, 0.4 of one 2px. Once the rows are there, the same
  // scroll again stays where it was sent. (Not to the bottom: an endless list that loaded more would go on loading.)
  for (let again = 0; again < 2 && how.to !== 'bottom' && Math.abs(position() - clampedTarget(scroller, vertical, target())) > 1; again++) {
    go();
    await nextFrames();
  }
  const after = position();
  const moved = Math.round(Math.abs(after - before));
  const view = inView(element, scroller);
  const atTop = scroller.scrollTop <= 0;
  const atBottom = Math.ceil(scroller.scrollTop + scroller.clientHeight) >= scroller.scrollHeight;
  const end = moved === 0 ? `, but it was already at the ${direction === 'up' || direction === 'left' ? 'start' : 'end'}` : ` by ${moved}px`;
  return {
    summary: `Scrolled ${label(element)} ${direction}${end}${view.words ? `: ${view.words}` : ''}${endWords(atTop, atBottom, vertical, view.extent)}.`,
    scrollX: Math.round(scroller.scrollLeft),
    scrollY: Math.round(scroller.scrollTop),
    atTop,
    atBottom,
  };
}
