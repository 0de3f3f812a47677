/**
 * Where a dragged element sits, before and after a drag, in words: `item "Pay invoice" moved from list
 * "Backlog" to list "Done", now 1st of 3`. The drag tool's result says what moved, read from the page's
 * own DOM after it settled (not from what the tool meant), so a drop the app refused reads "stayed".
 */
import { ToolError } from '../runtime/errors.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { quoted } from '../shared/untrusted-text.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { resolveRef } from './refs.js';
import { lineAbove, ownRegions } from './snapshot-context.js';

interface Place {
  container: Element | null;
  name: string;
  index: number;
  count: number;
}

interface Tracked {
  element: Element;
  item: string;
  text: string;
  before: Place;
}

const tracked = new Map<string, Tracked>();
let counter = 0;
const MAX_TRACKED = 20;

const textOf = (element: Element): string => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** `item "Pay invoice"`, or `listitem "Pay invoice"` when the element has a role of its own. */
function itemPhrase(element: Element): string {
  const role = roleOf(element);
  const kind = role && role !== 'generic' ? role : 'item';
  const name = (role ? nameOf(element, role) : '') || textOf(element);
  return name ? `${kind} ${quoted(name, 60)}` : kind;
}

const HEADING = 'h1, h2, h3, h4, h5, h6, [role="heading"], legend, caption';

/**
 * A container's name: its accessible name, else the nearest heading beside it, else (a board's columns,
 * told apart from `other`, the list it moved to or from) the first line of text above it in the part of
 * the page that holds it and not the other: jKanban's column title is a plain div in a header, and both
 * columns read "its list", so a move across columns was told as a move within one.
 */
function containerName(container: Element, other?: Element): string {
  const region = other && other !== container && other.isConnected ? ownRegions([container, other])[0] : undefined;
  for (let current: Element | null = container, depth = 0; current && current !== document.body && depth < 4; current = current.parentElement, depth++) {
    const role = roleOf(current);
    const own = role ? nameOf(current, role, false) : (current.getAttribute('aria-label') ?? '');
    if (own.trim()) return `${role === 'list' || !role ? 'list' : role} ${quoted(own.trim(), 60)}`;
    // Headings inside the other list are that list's.
    const heading = [...current.querySelectorAll(HEADING)].find((h) => (!container.contains(h) || h.parentElement === container) && !other?.contains(h));
    if (heading && textOf(heading)) return `list ${quoted(textOf(heading), 60)}`;
    if (current === region) break;
  }
  const above = region ? lineAbove(region, container) : '';
  return above ? `list ${quoted(above, 60)}` : 'its list';
}

/** Siblings that count as items: same tag, shown, not a library's floating drag image. */
function itemsOf(container: Element, element: Element): Element[] {
  return [...container.children].filter((child) => {
    if (child.tagName !== element.tagName) return false;
    if (child instanceof HTMLElement && (child.hidden || getComputedStyle(child).position === 'fixed')) return false;
    const rect = child.getBoundingClientRect();
    return rect.width > 0 || rect.height > 0 || child === element;
  });
}

function placeOf(element: Element): Place {
  const container = element.parentElement;
  if (!container) return { container: null, name: 'nowhere', index: 0, count: 0 };
  const items = itemsOf(container, element);
  return { container, name: containerName(container), index: items.indexOf(element), count: items.length };
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
};

/** Remembers where the ref's element is now; returns the token drag_place_end reads. */
export function startPlace(command: PageCommandOf<'drag_place_start'>): PageResultOf<'drag_place_start'> {
  const element = resolveRef(command.ref, command.documentId);
  const token = `d${++counter}`;
  if (tracked.size >= MAX_TRACKED) tracked.delete(tracked.keys().next().value as string);
  tracked.set(token, { element, item: itemPhrase(element), text: textOf(element), before: placeOf(element) });
  return { token };
}

/** The element itself, or (an app that re-rendered it) the one element now showing the same text with the same tag. */
function successor(entry: Tracked): Element | undefined {
  if (entry.element.isConnected) return entry.element;
  if (!entry.text) return undefined;
  const same = [...document.getElementsByTagName(entry.element.tagName)].filter((candidate) => textOf(candidate) === entry.text);
  return same.length === 1 ? same[0] : undefined;
}

/** Where the element is now, against where it was, in one clause. */
export function endPlace(command: PageCommandOf<'drag_place_end'>): PageResultOf<'drag_place_end'> {
  const entry = tracked.get(command.token);
  tracked.delete(command.token);
  if (!entry) throw new ToolError('STALE_REF', 'The dragged element was not being followed on this page.', { suggestion: 'Call read_page to see the page.' });
  const element = successor(entry);
  const item = entry.item;
  if (!element) return { moved: false, stayed: false, item, place: `${item} left the page` };
  const before = entry.before;
  const after = placeOf(element);
  const at = `${ordinal(after.index + 1)} of ${after.count}`;
  if (after.container !== before.container) {
    // Named against each other, now that both are known (a board's columns differ only in their titles).
    const from = before.container?.isConnected && after.container ? containerName(before.container, after.container) : before.name;
    const to = after.container ? containerName(after.container, before.container ?? undefined) : after.name;
    // Two lists that read alike are still two: a move between them is never told as one within a list.
    if (from === to) return { moved: true, stayed: false, item, place: `${item} moved from ${from} to another list, now ${at} there` };
    return { moved: true, stayed: false, item, place: `${item} moved from ${from} to ${to}, now ${at}` };
  }
  if (after.index !== before.index) {
    return { moved: true, stayed: false, item, place: `${item} moved within ${after.name} from ${ordinal(before.index + 1)} to ${at}` };
  }
  return { moved: false, stayed: true, item, place: `${item} is still ${at} in ${after.name}: the page did not move it` };
}
