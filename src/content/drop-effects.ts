/**
 * What a drop made appear, beyond where the dragged element went (drag-place.ts). On a flow editor a
 * palette item dropped on the canvas stays in the palette and a node appears where it fell (Node-RED,
 * drawflow), and a drag from one node's port to another's draws a connection between them — an SVG
 * path the page's text does not show, so the act read as a drag that did nothing. Armed before the
 * drag, a MutationObserver keeps the elements the page adds; after it, `endDropWatch` says, in a
 * person's words:
 * - `a connection was drawn from X to Y`: a new line (SVG path, line, polyline) whose two ends sit on the
 *   drag's two ends, X and Y named by what is there (point-name.ts);
 * - `X [ref] appeared at (x, y)`: the new thing nearest the drop point (or inside the drop target), not
 *   as large as a panel (a side panel redrawn elsewhere is not what the drop made).
 * Both are heuristics: geometry read off the DOM, not the app's model, and said only as what appeared.
 */
import type { ElementSummary } from '../runtime/page-state.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { describeElement } from './element-line.js';
import { isLarge } from './cover.js';
import { pointPhrase, thingPhrase } from './point-name.js';
import { resolveRef } from './refs.js';
import { isShown } from './visibility.js';

type Point = { x: number; y: number };

interface Watch {
  observer: MutationObserver;
  added: Element[];
  target: Element | undefined;
  expiry: ReturnType<typeof setTimeout>;
}

const watches = new Map<string, Watch>();
let counter = 0;
const MAX_WATCHES = 10;
/** Added elements kept per drag; a page that rebuilds itself on a drop has told nothing by then. */
const MAX_ADDED = 2_000;
/** How far (CSS pixels) a line's end may be from the drag's end and still sit on it. */
export const END_SLACK = 24;
/** How far from the drop point a new thing may be and still be where it was dropped. */
const NEAR_DROP = 40;
/** Lines looked at per added element. */
const MAX_LINES = 40;

function stop(token: string): Watch | undefined {
  const watch = watches.get(token);
  if (!watch) return undefined;
  watches.delete(token);
  watch.observer.disconnect();
  clearTimeout(watch.expiry);
  return watch;
}

function keep(added: Element[], records: MutationRecord[]): void {
  for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && added.length < MAX_ADDED) added.push(node);
}

/** Starts keeping what the page adds (see the file comment). */
export function startDropWatch(command: PageCommandOf<'drop_watch_start'>): PageResultOf<'drop_watch_start'> {
  const token = `w${++counter}`;
  if (watches.size >= MAX_WATCHES) stop(watches.keys().next().value as string);
  const added: Element[] = [];
  const observer = new MutationObserver((records) => keep(added, records));
  observer.observe(document, { childList: true, subtree: true });
  const target = command.ref ? resolveRef(command.ref, command.documentId) : undefined;
  // Never left running when the drag fails before its end is read.
  watches.set(token, { observer, added, target, expiry: setTimeout(() => stop(token), 120_000) });
  return { token };
}

/** The added elements still on the page, outermost only (a node's parts are the node). */
function addedRoots(added: Element[]): Element[] {
  const kept = new Set(added.filter((element) => element.isConnected));
  return [...kept].filter((element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) if (kept.has(parent)) return false;
    return true;
  });
}

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** How far a point is from a box (0 inside it). */
function distanceToBox(point: Point, box: DOMRect): number {
  const dx = Math.max(box.left - point.x, 0, point.x - box.right);
  const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
  return Math.hypot(dx, dy);
}

/** A line's two ends in this frame's viewport, or undefined when it is no line a person sees. */
export function lineEnds(line: SVGGeometryElement): [Point, Point] | undefined {
  if (!isShown(line)) return undefined;
  const length = line.getTotalLength();
  const matrix = line.getScreenCTM();
  if (!matrix || !(length >= 10)) return undefined;
  const at = (offset: number) => {
    const point = line.getPointAtLength(offset);
    return new DOMPoint(point.x, point.y).matrixTransform(matrix);
  };
  const start = at(0);
  const end = at(length);
  return [
    { x: start.x, y: start.y },
    { x: end.x, y: end.y },
  ];
}

/** Whether a line with these ends joins the drag's two ends (either way round). */
export function joins(ends: [Point, Point], from: Point, to: Point, slack = END_SLACK): boolean {
  const [a, b] = ends;
  return (distance(a, from) <= slack && distance(b, to) <= slack) || (distance(a, to) <= slack && distance(b, from) <= slack);
}

const LINES = 'path, line, polyline';

/** The added elements that are (or hold) a new line between the drag's ends. */
function connectionsOf(roots: Element[], from: Point, to: Point): Element[] {
  return roots.filter((root) => {
    const lines = root.matches(LINES) ? [root] : [...root.querySelectorAll(LINES)].slice(0, MAX_LINES);
    return lines.some((line) => {
      if (!(line instanceof SVGGeometryElement)) return false;
      const ends = lineEnds(line);
      return ends !== undefined && joins(ends, from, to);
    });
  });
}

/** What a person sees at a point, looking past the new connections (a drawn path may lie over its own ends). */
function phraseAt(point: Point, past: Element[], offset: Point): string {
  const under = document.elementsFromPoint(point.x, point.y).find((element) => !past.some((root) => root.contains(element)));
  const phrase = under ? pointPhrase(under) : '';
  return phrase || `the point (${Math.round(point.x + offset.x)}, ${Math.round(point.y + offset.y)})`;
}

/** The thing a new element shows: itself or the first of its parts with a name (drawflow adds a wrapper around its node). */
function thingIn(root: Element): Element | undefined {
  const parts = [root, ...[...root.querySelectorAll('*')].slice(0, 200)];
  return parts.find((part) => thingPhrase(part, false)) ?? parts.find((part) => thingPhrase(part));
}

/**
 * The new thing nearest the drop point, or inside the drop target. Measured on the thing, not on what was
 * added around it: drawflow's wrapper of a node is as wide as the canvas and has no height.
 */
function appearedAt(roots: Element[], drop: Point | undefined, target: Element | undefined): Element | undefined {
  const holder = target?.isConnected && !isLarge(target) ? target : undefined;
  let best: { thing: Element; distance: number } | undefined;
  for (const root of roots) {
    // A region redrawn whole (a side panel, a list rebuilt) is no thing the drop made.
    if (isLarge(root)) continue;
    const thing = thingIn(root);
    if (!thing || !isShown(thing) || isLarge(thing)) continue;
    const box = thing.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const away = drop ? distanceToBox(drop, box) : Infinity;
    if (away > NEAR_DROP && !holder?.contains(root)) continue;
    if (!best || away < best.distance) best = { thing, distance: away };
  }
  return best?.thing;
}

/** What the drag added, in words (see the file comment); the watch ends. */
export function endDropWatch(command: PageCommandOf<'drop_watch_end'>): PageResultOf<'drop_watch_end'> {
  const watch = watches.get(command.token);
  if (watch) keep(watch.added, watch.observer.takeRecords());
  stop(command.token);
  const elements: Record<string, ElementSummary> = {};
  if (!watch) return { connections: [], elements };
  const roots = addedRoots(watch.added);
  const offset = command.offset ?? { x: 0, y: 0 };
  const targetBox = watch.target?.isConnected ? watch.target.getBoundingClientRect() : undefined;
  const drop = command.to ?? (targetBox ? { x: targetBox.left + targetBox.width / 2, y: targetBox.top + targetBox.height / 2 } : undefined);
  const joined = command.from && drop ? connectionsOf(roots, command.from, drop) : [];
  const connections =
    joined.length > 0 && command.from && drop
      ? [`a connection was drawn from ${phraseAt(command.from, joined, offset)} to ${phraseAt(drop, joined, offset)}`]
      : [];
  const thing = appearedAt(
    roots.filter((root) => !joined.includes(root)),
    drop,
    watch.target,
  );
  if (!thing) return { connections, elements };
  const described = describeElement(thing, command.refPrefix);
  elements[`${command.refPrefix}${described.ref}`] = described.summary;
  const box = thing.getBoundingClientRect();
  const centre = `(${Math.round(box.left + box.width / 2 + offset.x)}, ${Math.round(box.top + box.height / 2 + offset.y)})`;
  const parent = thing.parentElement;
  const where = parent instanceof SVGElement ? `on the canvas at ${centre}` : `at ${centre}`;
  return { connections, appeared: `${described.line} appeared ${where}`, elements };
}
