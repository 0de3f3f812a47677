/**
 * Where a control sits, when others in the same read share its role and name. jKanban draws a
 * `button "+ Add card"` under each column; three identical lines did not say which column each adds to.
 * Each is told apart by what a person sees around it, nearest first, up to the part of the page that holds
 * it and none of the others: a named or landmark container (`in menu`, `in tree "JSON editor"`), else, in
 * parts drawn alike side by side, the first line of text above it there (its column's title, its row's
 * first cell, its card's title): `button "+ Add card" in "To do"`. Only what tells it apart from the others is kept. Runs after the text
 * pass (names are final), reading the DOM for the repeated controls only.
 */
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { closestOf, parentElementOf, rootNodeOf, textContentOf } from './dom.js';
import { quoted } from '../shared/untrusted-text.js';
import { APART } from './observe-util.js';
import { resolveRef } from './refs.js';
import type { SnapshotNode } from './snapshot-tree.js';
import { isShown } from './visibility.js';

/** Most repeated controls told apart per read (a page of 500 "Reply" buttons pays for the first ones only). */
const MAX_TOLD_APART = 100;
/** How far up a control looks, and how many text nodes each look reads. */
const MAX_LEVELS = 10;
const MAX_TEXT_NODES = 60;
/** Longest context shown. */
const MAX_CONTEXT_CHARS = 60;

/** Containers that say where a control is by their role, and their name when they have one. */
const PLACE_ROLES = new Set([
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
  'tree',
  'treeitem',
  'grid',
  'treegrid',
  'table',
  'row',
  'listbox',
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'main',
  'region',
  'form',
  'search',
  'tabpanel',
  'article',
  'group',
]);
/** A table's parts, placed by their row and column already. */
const CELL_ROLES = new Set(['gridcell', 'cell', 'columnheader', 'rowheader']);
/** Text inside these is a control's own words, not a title above others. */
const CONTROL = 'button, a[href], [role=button], [role=link], [role=menuitem], [role=tab], [role=option], label, select, textarea';
/** A word worth showing: punctuation alone (`{`, `:`) says nothing. */
const MEANINGFUL = /[\p{L}\p{N}]/u;

const clipped = (text: string): string => (text.length > MAX_CONTEXT_CHARS ? `${text.slice(0, MAX_CONTEXT_CHARS - 1)}…` : text);

/** The parent of an element, or the host of the shadow root it is the top of. */
function upOf(element: Element): Element | null {
  const parent = parentElementOf(element);
  if (parent) return parent;
  const root = rootNodeOf(element);
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The first line of text a person sees in `container` before `member` (a column's title above its cards, a
 * row's first cell before its buttons), outside controls, or ''.
 */
export function lineAbove(container: Element, member: Element): string {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let text = '';
  let block: Element | null = null;
  let seen = 0;
  for (let node = walker.nextNode(); node && seen < MAX_TEXT_NODES; node = walker.nextNode(), seen++) {
    // Only what comes before the member: a label after it belongs to what follows.
    if (member.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) break;
    const value = textContentOf(node).replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!value || !parent || closestOf(parent, CONTROL) || !isShown(parent)) continue;
    const at = closestOf(parent, APART);
    if (text && at !== block) break; // the line ends where the text moves to another block
    text = text ? `${text} ${value}` : value;
    block = at;
    if (text.length > MAX_CONTEXT_CHARS) break;
  }
  return MEANINGFUL.test(text) ? clipped(text) : '';
}

/** For each element, the highest ancestor that holds it and none of the others (undefined when its parent already holds another). */
export function ownRegions(elements: readonly Element[]): Array<Element | undefined> {
  const holding = new Map<Element, number>();
  for (const element of elements) for (let at = upOf(element); at; at = upOf(at)) holding.set(at, (holding.get(at) ?? 0) + 1);
  return elements.map((element) => {
    let region: Element | undefined;
    for (let at = upOf(element); at && holding.get(at) === 1; at = upOf(at)) region = at;
    return region;
  });
}

/**
 * What could say where `member` is, nearest first, as written after `in ` (role words, quoted page text).
 * The text above it counts only in `parallel` parts (a board's columns, a table's rows, a grid of cards,
 * drawn alike side by side): elsewhere the nearest text above a repeated "Log In" link is any words.
 */
function placesOf(member: Element, region: Element | undefined, parallel: boolean): string[] {
  const places: string[] = [];
  let level = 0;
  for (let at = upOf(member); at && region && level < MAX_LEVELS; at = upOf(at), level++) {
    const role = roleOf(at);
    if (PLACE_ROLES.has(role)) {
      const name = nameOf(at, role);
      places.push(MEANINGFUL.test(name) ? `${role} ${quoted(clipped(name), MAX_CONTEXT_CHARS + 1)}` : role);
    }
    const line = parallel ? lineAbove(at, member) : '';
    if (line) places.push(quoted(line, MAX_CONTEXT_CHARS + 1));
    if (at === region) break;
  }
  return places;
}

/** Whether a region sits beside another of the same kind (same parent, same tag): one of several parts drawn alike. */
function parallelTo(region: Element | undefined, regions: ReadonlyArray<Element | undefined>): boolean {
  if (!region) return false;
  const parent = upOf(region);
  return regions.some((other) => other !== undefined && other !== region && upOf(other) === parent && other.tagName === region.tagName);
}

/** Sets `context` on the nodes of `listed` that share a role and name with another: the nearest place none of the others shares. */
export function tellRepeatsApart(listed: readonly SnapshotNode[]): void {
  const groups = new Map<string, SnapshotNode[]>();
  for (const node of listed) {
    // A cell or header says where it is by its row's line above it and its column: "in row …" only repeated those.
    if (!node.name || node.ref === undefined || CELL_ROLES.has(node.role)) continue;
    const key = `${node.role}\u0000${node.name}`;
    const group = groups.get(key);
    if (group) group.push(node);
    else groups.set(key, [node]);
  }
  let left = MAX_TOLD_APART;
  for (const group of groups.values()) {
    if (group.length < 2 || left <= 0) continue;
    const members = group.slice(0, left);
    left -= members.length;
    const elements = members.map((node) => resolveRef(node.ref as string));
    const regions = ownRegions(elements);
    const places = elements.map((element, i) => placesOf(element, regions[i], parallelTo(regions[i], regions)));
    const counts = new Map<string, number>();
    for (const list of places) for (const place of new Set(list)) counts.set(place, (counts.get(place) ?? 0) + 1);
    members.forEach((node, i) => {
      const own = places[i]?.find((place) => counts.get(place) === 1);
      if (!own) return;
      node.context = own;
      if (node.summary) node.summary.context = own;
    });
  }
}
