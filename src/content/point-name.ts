/**
 * What a person sees at a point of a canvas or a flow editor, in words. The element under a point is
 * often a part with no name of its own — a node's port or its background shape (an SVG `rect`), a grid
 * line of the canvas — and `rect at (300, 144)` told the model nothing. So the point is named by the thing
 * that part belongs to: the nearest ancestor with a name a person reads (a role and its accessible name,
 * an item a person drags with its text, an SVG group with its text), climbing no further than anything
 * as large as a canvas. A point on a shade laid over the page beside a dialog (a tour's backdrop, cover.ts)
 * is on `a shade laid over the page`; on nothing nameable inside a drawing (svg, canvas), on `canvas`;
 * elsewhere it has no name (''), and the caller says "the point (x, y)". A heuristic: the words are read off the DOM
 * around the point, not what the app calls the thing.
 */
import { quoted } from '../shared/untrusted-text.js';
import { nameOf } from './accessible-name.js';
import { INTERACTIVE_ROLES, roleOf } from './aria.js';
import { parentElementOf, rootNodeOf, tagOf, textContentOf } from './dom.js';
import { isGrabbable } from './grab-cursor.js';
import { isLarge, onShade } from './cover.js';
import { rowOf } from './element-line.js';

/** Longest name said for a thing. */
const MAX_NAME = 60;
/** Ancestors looked at above the element at the point. */
const MAX_CLIMB = 12;

const textOf = (element: Element): string => textContentOf(element).replace(/\s+/g, ' ').trim();

/** A drawing's own element (svg, canvas), or one inside an svg. */
const inDrawing = (element: Element): boolean => element instanceof SVGElement || tagOf(element).toLowerCase() === 'canvas';

/**
 * `element` as a thing a person names (`draggable "timestamp"`, `button "Delete"`), or '' when it is no
 * such thing: a part, a wrapper, a container whose text is everything inside it. `groups`: an SVG group
 * with a short text counts too (`group "Start"`), for drawings whose shapes have no other mark.
 */
export function thingPhrase(element: Element, groups = true): string {
  const role = roleOf(element);
  if (role && role !== 'generic') {
    const name = nameOf(element, role).trim() || (role === 'group' ? textOf(element) : '');
    if (name) return `${role} ${quoted(name, MAX_NAME)}`;
    // An unnamed control is still the control the pointer is on (said by its row where it has one).
    if (!INTERACTIVE_ROLES.has(role)) return '';
    const row = rowOf(element, role, '');
    return row ? `${role} in ${quoted(row, MAX_NAME)}` : role;
  }
  const text = textOf(element);
  if (!text || text.length > MAX_NAME) return '';
  // Nodes on a flow editor's canvas are often marked as things a person drags only by their cursor (Node-RED's, drawflow's).
  if (isGrabbable(element)) return `draggable ${quoted(text, MAX_NAME)}`;
  return groups && element instanceof SVGGElement ? `group ${quoted(text, MAX_NAME)}` : '';
}

/**
 * The thing the element at a point belongs to (itself or an ancestor, see the file comment), if any: one
 * with a role and name or dragged by a person first (Node-RED's node rather than the group of its label).
 */
export function thingAt(element: Element): Element | undefined {
  const chain: Element[] = [];
  for (let current: Element | null = element; current && chain.length <= MAX_CLIMB; current = parentOf(current)) {
    const tag = tagOf(current).toLowerCase();
    if (tag === 'body' || tag === 'html' || isLarge(current)) break;
    chain.push(current);
  }
  return chain.find((candidate) => thingPhrase(candidate, false)) ?? chain.find((candidate) => thingPhrase(candidate));
}

/** The parent element, or a shadow root's host. */
function parentOf(element: Element): Element | null {
  const parent = parentElementOf(element);
  if (parent) return parent;
  const root = rootNodeOf(element);
  return root instanceof ShadowRoot ? root.host : null;
}

/** How the element at a point reads: its thing's phrase, a shade over the page, `canvas` in a drawing, else ''. */
export function pointPhrase(element: Element): string {
  // Nothing is inside a canvas element: what it shows is the canvas.
  if (tagOf(element).toLowerCase() === 'canvas') return 'canvas';
  const thing = thingAt(element);
  if (thing) return thingPhrase(thing);
  // A tour's or a dialog's backdrop: a press there reaches the shade, not what shows through it.
  if (onShade(element)) return 'a shade laid over the page';
  return inDrawing(element) ? 'canvas' : '';
}
