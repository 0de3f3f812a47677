/**
 * `scroll` with a ref alone: brings the element into view in the panels that hold it and in the page, and
 * says what moved. An element in Node-RED's edit tray (a panel that scrolls on its own, in a page that
 * does not) read "page position x=0, y=0 (at the bottom of the page). Then: no visible change", which
 * told the model neither that the tray scrolled nor whether the element was in view now.
 */
import { ToolError } from '../runtime/errors.js';
import { quoted } from '../shared/untrusted-text.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { composedParent } from './cover.js';
import { flashHighlight } from './highlight.js';
import { label } from './target.js';
import { isShown } from './visibility.js';

/** What scrolling an element into view did. */
export interface IntoView {
  summary: string;
  /** Whether the page itself (not a panel in it) moved. */
  pageMoved: boolean;
  /** Whether anything moved. */
  moved: boolean;
}

interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The elements around `element` that scroll (their content is larger than their box, and their overflow is not shown), innermost first. */
function scrollersAround(element: Element): Element[] {
  const found: Element[] = [];
  const page = document.scrollingElement ?? document.documentElement;
  for (let up = composedParent(element); up && up !== page && up !== document.body; up = composedParent(up)) {
    if (up.scrollHeight <= up.clientHeight + 1 && up.scrollWidth <= up.clientWidth + 1) continue;
    const style = getComputedStyle(up);
    // `hidden` scrolls by script (scrollIntoView moves it too); `visible` and `clip` never scroll.
    const scrolls = (overflow: string) => overflow !== 'visible' && overflow !== 'clip';
    if (scrolls(style.overflowY) || scrolls(style.overflowX)) found.push(up);
  }
  return found;
}

/** The part of the window a person sees through every scrolling panel around the element. */
function clipOf(scrollers: readonly Element[]): Box {
  let box: Box = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  for (const scroller of scrollers) {
    const rect = scroller.getBoundingClientRect();
    // The panel's inside, without its scroll bars.
    const inner = { top: rect.top + scroller.clientTop, left: rect.left + scroller.clientLeft };
    box = {
      top: Math.max(box.top, inner.top),
      left: Math.max(box.left, inner.left),
      bottom: Math.min(box.bottom, inner.top + scroller.clientHeight),
      right: Math.min(box.right, inner.left + scroller.clientWidth),
    };
  }
  return box;
}

/**
 * Whether a person sees the element whole through its panels and the window (or, when it is larger than
 * what they show, fills it). Pure: rects in, yes or no out.
 */
export function seenWhole(rect: Box, clip: Box): boolean {
  const tolerance = 1;
  const inside =
    rect.top >= clip.top - tolerance && rect.bottom <= clip.bottom + tolerance && rect.left >= clip.left - tolerance && rect.right <= clip.right + tolerance;
  if (inside) return true;
  const width = Math.min(rect.right, clip.right) - Math.max(rect.left, clip.left);
  const height = Math.min(rect.bottom, clip.bottom) - Math.max(rect.top, clip.top);
  // Larger than the view: it fills what is shown of it.
  return (
    width > 0 &&
    height > 0 &&
    height >= Math.min(rect.bottom - rect.top, clip.bottom - clip.top) - tolerance &&
    width >= Math.min(rect.right - rect.left, clip.right - clip.left) - tolerance
  );
}

/** `down by 58px`, `right by 20px`, or both, from a scroll position before and after. */
export function movedWords(before: { x: number; y: number }, after: { x: number; y: number }): string {
  const parts: string[] = [];
  const dy = Math.round(after.y - before.y);
  const dx = Math.round(after.x - before.x);
  if (dy !== 0) parts.push(`${dy > 0 ? 'down' : 'up'} by ${Math.abs(dy)}px`);
  if (dx !== 0) parts.push(`${dx > 0 ? 'right' : 'left'} by ${Math.abs(dx)}px`);
  return parts.join(' and ');
}

/** A panel as the report names it: by its role and name when it has them (`dialog "Edit inject node"`), else by where it is. */
function panelWords(scroller: Element, innermost: boolean): string {
  const role = roleOf(scroller);
  const name = role ? nameOf(scroller, role) : '';
  if (role && name) return `the ${role} ${quoted(name, 80)} around it`;
  return innermost ? 'the panel around it' : 'an outer panel';
}

/** At which end a panel now is, if at one. */
function endOf(scroller: Element): string {
  if (scroller.scrollHeight <= scroller.clientHeight + 1) return '';
  if (scroller.scrollTop <= 0) return ' (now at its top)';
  return Math.ceil(scroller.scrollTop + scroller.clientHeight) >= scroller.scrollHeight ? ' (now at its bottom)' : '';
}

/** Scrolls `element` into the middle of the view unless a person already sees it whole, and says what moved. */
export function scrollIntoViewSaying(element: Element): IntoView {
  if (!isShown(element)) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', `${label(element)} is not visible, so it cannot be scrolled into view.`, {
      suggestion: 'Open the section that contains it first.',
    });
  }
  const scrollers = scrollersAround(element);
  const page = document.scrollingElement ?? document.documentElement;
  const positions = () => [...scrollers, page].map((scroller) => ({ x: scroller.scrollLeft, y: scroller.scrollTop }));
  if (seenWhole(element.getBoundingClientRect(), clipOf(scrollers))) {
    flashHighlight(element);
    return { summary: `${label(element)} is already in view; nothing scrolled.`, pageMoved: false, moved: false };
  }
  const before = positions();
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const after = positions();
  flashHighlight(element);
  const moves: string[] = [];
  let pageMoved = false;
  [...scrollers, page].forEach((scroller, i) => {
    const words = movedWords(before[i] as { x: number; y: number }, after[i] as { x: number; y: number });
    if (!words) return;
    if (scroller === page) pageMoved = true;
    moves.push(scroller === page ? `the page scrolled ${words}` : `${panelWords(scroller, i === 0)} scrolled ${words}${endOf(scroller)}`);
  });
  const seen = seenWhole(element.getBoundingClientRect(), clipOf(scrollers));
  const subject = label(element);
  if (moves.length === 0) {
    const summary = seen
      ? `${subject} is in view; nothing scrolled.`
      : `Could not scroll ${subject} into view: nothing around it moved, and it is still out of view.`;
    return { summary, pageMoved, moved: false };
  }
  // A page that scrolls a panel only by its own controls (a virtual list) may leave it short of the view.
  const still = seen ? '' : '; it is still not wholly in view';
  return { summary: `Scrolled ${subject} into view: ${moves.join(', ')}${still}.`, pageMoved, moved: true };
}
