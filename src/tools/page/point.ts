/**
 * A point instead of a ref, for what has no element of its own (a canvas, a map, a chart): `{x, y}` in
 * CSS pixels of the tab's visible viewport, as in the latest screenshot (whose result states its scale).
 * Before anyone is asked, the point is resolved to the element the page has there — through every
 * frame it lands in, so a point on another site's frame is judged as that site — and given a ref; the
 * act is then judged on that element like a click on its ref, and at the act the pointer goes to the
 * exact point, with the same re-checks where it lands (src/tools/page/pointer-check.ts).
 */
import { z } from 'zod';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { ValidationResult } from '../../runtime/tool.js';
import { childFrames } from './focus-frame.js';
import { currentUrl, describeRef, framePrefix, sendPageCommand, tabOf, validateKnownRefs, type TabInput } from './page-call.js';
import type { Target } from './pointer-check.js';

/** `{x, y}`: CSS pixels of the visible page, from its top-left corner. */
export const pointSchema = z
  .strictObject({
    x: z.number().min(0).max(20_000).describe('CSS pixels from the left edge of the visible page.'),
    y: z.number().min(0).max(20_000).describe('CSS pixels from the top edge of the visible page.'),
  })
  .describe('A point of the visible page in CSS pixels, as in your latest screenshot (divide image pixels by its stated scale).');

export type Point = z.infer<typeof pointSchema>;

/** A point resolved to the element there: its frame, ref (prefixed and local), document, and the point in that frame's viewport. */
export interface ResolvedPoint {
  ref: string;
  frameId: number;
  local: string;
  documentId: string;
  /** What a person sees at the point (`draggable "timestamp"`, `canvas`), '' for nothing nameable. */
  label: string;
  /** The point in the top-level viewport (as given) and in its own frame's viewport. */
  top: Point;
  inFrame: Point;
}

/** Deepest frame nesting a point is followed through. */
const MAX_FRAME_DEPTH = 6;

// Per call input (the executor passes the same object to validateInput, the permission check and call).
const resolvedPoints = new WeakMap<object, Map<string, ResolvedPoint>>();

/** Resolves a point to the element at it, through frames (see the file comment). */
export async function resolvePoint(context: ToolUseContext, tabId: number, point: Point): Promise<ResolvedPoint> {
  let frameId = 0;
  let at: Point = { x: point.x, y: point.y };
  for (let depth = 0; depth < MAX_FRAME_DEPTH; depth++) {
    const found = await sendPageCommand(context, tabId, { type: 'point_target', x: at.x, y: at.y }, frameId);
    if (found.kind === 'element') {
      const ref = `${framePrefix(frameId)}${found.ref}`;
      const url = context.snapshots.get(tabId)?.url ?? (await currentUrl(context, tabId)) ?? found.url;
      context.snapshots.update(tabId, url, { [ref]: found.summary });
      return { ref, frameId, local: found.ref, documentId: found.documentId, label: found.label, top: point, inFrame: at };
    }
    const children = (await childFrames(context, tabId)).filter((frame) => frame.parentFrameId === frameId);
    // By its place in the parent's `window.frames` where the frames could tell it, as the act's own checks find it
    // (pointer-check.ts): a `srcdoc` or script-written frame has no address of its own to be found by.
    const byIndex = found.index !== undefined && children.some((frame) => frame.index !== undefined);
    const child =
      found.frameId ??
      (byIndex ? children.find((frame) => frame.index === found.index) : children.filter((frame) => frame.url === found.url)[found.nth])?.frameId;
    if (child === undefined) {
      throw new ToolError('FRAME_NOT_FOUND', `The point (${point.x}, ${point.y}) is on a frame the extension cannot reach.`, {
        suggestion: 'Act on an element of the page instead (read_page), or tell the person.',
      });
    }
    frameId = child;
    at = { x: found.x, y: found.y };
  }
  throw new ToolError('FRAME_NOT_FOUND', 'The point is inside frames nested too deeply to follow.', {
    suggestion: 'Act on an element of the page instead (read_page).',
  });
}

/**
 * validateInput for tools that take refs or points: each named field holds a ref (checked as known) or a
 * point (resolved now, before any prompt). `which` lists [field name, value] pairs.
 */
export async function validateTargets(
  context: ToolUseContext,
  input: TabInput,
  which: ReadonlyArray<[string, string | Point | undefined]>,
): Promise<ValidationResult> {
  const refs = which.map(([, value]) => value).filter((value): value is string => typeof value === 'string');
  const known = validateKnownRefs(context, input, refs);
  if (!known.ok) return known;
  const tabId = tabOf(input, context);
  const points = which.filter((entry): entry is [string, Point] => typeof entry[1] === 'object' && entry[1] !== null);
  if (points.length === 0) return { ok: true };
  if (tabId === undefined)
    return { ok: false, code: 'NO_TAB', message: 'This run is not bound to a tab and no tab_id was given.', suggestion: 'Call list_tabs and pass a tab_id.' };
  const map = new Map<string, ResolvedPoint>();
  for (const [name, point] of points) map.set(name, await resolvePoint(context, tabId, point));
  resolvedPoints.set(input, map);
  return { ok: true };
}

/** The ref a field stands for: the ref given, or the element its point was resolved to in validateInput. */
export function refOfTarget(input: object, name: string, value: string | Point | undefined): string | undefined {
  if (typeof value === 'string') return value;
  return resolvedPoints.get(input)?.get(name)?.ref;
}

/** The resolved point of a field, if the field was a point. */
export function resolvedPoint(input: object, name: string): ResolvedPoint | undefined {
  return resolvedPoints.get(input)?.get(name);
}

/** Where an act on a field goes: its Target, and for a point the exact spot in its frame. */
export function targetOf(context: ToolUseContext, tabId: number, input: object, name: string, ref: string | undefined): Target & { at?: Point } {
  const point = resolvedPoint(input, name);
  if (point) return { tabId, frameId: point.frameId, ref: point.local, documentId: point.documentId, at: point.inFrame };
  const match = /^(?:f(\d+))?(e\d+)$/.exec(ref ?? '');
  if (!match?.[2])
    throw new ToolError('INVALID_REF', `"${ref}" is not a ref.`, { suggestion: 'Copy a ref such as e12 from read_page or find, or give a point {x, y}.' });
  const frameId = match[1] === undefined ? 0 : Number(match[1]);
  return { tabId, frameId, ref: match[2], documentId: context.snapshots.knownDocument(tabId, frameId) };
}

/** A click or hover input: a ref, or a point as top-level `x` and `y`. */
export type PointInput = TabInput & { ref?: string | undefined; x?: number | undefined; y?: number | undefined };

const pointOfInput = (input: PointInput): Point | undefined => (input.x !== undefined && input.y !== undefined ? { x: input.x, y: input.y } : undefined);

/** validateInput of click and hover: exactly a ref or a point (x and y), each checked or resolved before any prompt. */
export async function validatePointInput(context: ToolUseContext, input: PointInput): Promise<ValidationResult> {
  const point = pointOfInput(input);
  const halves = (input.x === undefined) !== (input.y === undefined);
  if (halves || (input.ref === undefined) === (point === undefined)) {
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: halves
        ? 'A point needs both x and y.'
        : input.ref === undefined
          ? 'Give the element to act on: a ref, or a point x and y.'
          : 'Give a ref or a point (x and y), not both.',
      suggestion:
        'Use a ref from read_page or find for an element; use x and y (CSS pixels of the visible page, from your latest screenshot) only for what has no ref, like a canvas.',
    };
  }
  return validateTargets(context, input, [['point', input.ref ?? point]]);
}

/** The ref a click or hover acts on: the one given, or the element at its point. */
export const refOfPointInput = (input: PointInput): string | undefined => refOfTarget(input, 'point', input.ref ?? pointOfInput(input));

/**
 * How a point reads: what a person sees there, `draggable "timestamp" at (300, 144)` (not the unnamed
 * port or `rect` under it), else the element's own name (`paragraph "Hello" at …`), or `the point (120, 40)`
 * before it is resolved or where nothing there has a name.
 */
export function pointPhrase(context: ToolUseContext | undefined, input: TabInput, name: string, point: Point): string {
  const at = `(${Math.round(point.x)}, ${Math.round(point.y)})`;
  const resolved = resolvedPoint(input, name);
  // The thing the point is on speaks first; else the element's own name (a paragraph's text). A bare tag
  // (`div`, `rect`) tells nothing.
  const known = resolved ? describeRef(context, input, resolved.ref) : '';
  const shown = resolved?.label || (known.includes('"') ? known : '');
  return shown ? `${shown} at ${at}` : `the point ${at}`;
}

/** What a person sees at a click's or hover's point (`draggable "Timer"`), when it is a point and that has a name. */
export const pointName = (input: PointInput): string | undefined => (input.ref === undefined ? resolvedPoint(input, 'point')?.label || undefined : undefined);

/** How a click or hover target reads: `button "Save"`, or `canvas at (120, 40)`. */
export function pointTargetName(context: ToolUseContext | undefined, input: PointInput): string {
  const point = pointOfInput(input);
  if (!point || input.ref !== undefined) {
    const ref = refOfPointInput(input);
    return (ref ? describeRef(context, input, ref) : '') || (input.ref ?? '');
  }
  return pointPhrase(context, input, 'point', point);
}

/** A point is where the browser's own pointer goes: synthetic events have no point to land on. */
export function pointNeedsTrustedInput(reason: string): ToolError {
  return new ToolError('POINT_UNAVAILABLE', `Acting at a point needs the browser's own pointer, which is not available here (${reason}).`, {
    suggestion: 'Act on an element by its ref instead (read_page or find), or ask the person to do it.',
    details: { reason },
  });
}
