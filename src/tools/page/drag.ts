/** `drag`: drags an element (or a point) onto another, as a person's hand would, through trusted input. */
import { z } from 'zod';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { clickIsDestructive } from '../safety/destructive.js';
import { judgeClickCall } from '../safety/judge-actions.js';
import { performAction } from './act.js';
import { DEFAULT_DRAG_STEPS, dropMoved, trustedDrag, type Dragged } from './drag-input.js';
import { dragReport, watchDrag } from './drag-report.js';
import { describeRef, knownElement, refField, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pointNeedsTrustedInput, pointPhrase, pointSchema, refOfTarget, resolvedPoint, targetOf, validateTargets } from './point.js';
import type { Target } from './pointer-check.js';
import { pageToolEnabled } from '../availability.js';

const end = (what: string) => z.union([refField(what), pointSchema]).describe(`${what} A ref (e12; f3e12 in a frame) or a point {x, y}.`);

const inputSchema = z.strictObject({
  from: end('What to drag (a card, a list item, a slider handle), or a point {x, y} of the visible page (a canvas).'),
  to: end('Where to drop it (a list, a column, another item, a drop zone), or a point {x, y}.'),
  steps: z.number().int().min(1).max(50).default(DEFAULT_DRAG_STEPS).describe('Pointer moves between the two (default 10); more for drawing a smooth line.'),
  tab_id: tabIdField(),
});

type Input = z.output<typeof inputSchema>;

/** How an end reads in descriptions: `item "Pay invoice"`, `draggable "timestamp" at (300, 144)`, or `the point (120, 40)`. */
function endName(context: Parameters<typeof describeRef>[0], input: Input, name: 'from' | 'to'): string {
  const value = input[name];
  return typeof value === 'string' ? describeRef(context, input, value) : pointPhrase(context, input, name, value);
}

/** The drop end as a click call: the drop is judged like a click on what it drops onto. */
const dropAsClick = (input: Input) => ({ ...input, ref: refOfTarget(input, 'to', input.to) ?? '' });

/**
 * The drag without a trusted pointer (Firefox): the content script of the ends' frame dispatches it
 * (src/content/synthetic-drag.ts). Points and ends in two frames need the browser's pointer.
 */
async function syntheticDrag(context: ToolUseContext, from: Target, to: Target, steps: number, reason: string) {
  if (from.at || to.at) throw pointNeedsTrustedInput(reason);
  if (from.frameId !== to.frameId) {
    throw new ToolError('DRAG_UNAVAILABLE', `Dragging between two frames needs the browser's own pointer, which is not available here (${reason}).`, {
      suggestion:
        'Look for another way to move it: a "Move to" menu or button, keyboard reordering (focus the item, then press_key), or a field that sets its place. Otherwise ask the person to drag it.',
      details: { reason },
    });
  }
  const command = { type: 'drag' as const, from: from.ref, to: to.ref, steps, ...(from.documentId ? { documentId: from.documentId } : {}) };
  try {
    // The page waits once per step; a tab in the background gets its timers slowed to about one a second.
    const result = await sendPageCommand(context, from.tabId, command, from.frameId, 30_000 + (steps + 4) * 1_000);
    return { done: result.summary, notes: [], labels: result.labels };
  } catch (error) {
    throw dropMoved(error);
  }
}

/** Drags from one element or point to another. */
export const drag = buildTool<typeof inputSchema, string>({
  name: 'drag',
  aliases: ['drag_and_drop', 'browser_drag'],
  isEnabled: pageToolEnabled,
  searchHint: 'drop move reorder sort kanban card list slider draw canvas',
  inputSchema,
  prompt: [
    'Drags like a person: presses on `from`, holds, moves in steps to `to` and releases — for kanban cards, sortable lists, sliders, drop zones and HTML5 drag and drop (draggable elements), and with points {x, y} for drawing on a canvas or panning a map.',
    'from/to: a ref from read_page or find, or a point {x, y} in CSS pixels of the visible page (the latest screenshot states its scale).',
    'Returns what moved, read from the page after the drop (e.g. item "Pay invoice" moved from list "Backlog" to list "Done", now 1st of 3) — or that it stayed, when the page refused the drop.',
    'TARGET_MOVED means the page put something else under the pointer during the drag; nothing was dropped. Drops that cannot be undone (onto "Delete" or "Trash") ask the person first.',
  ].join('\n'),
  description: (input, context) => `Drag ${endName(context, input, 'from')} to ${endName(context, input, 'to')}`,
  validateInput: (input, context) =>
    validateTargets(context, input, [
      ['from', input.from],
      ['to', input.to],
    ]),
  permissionSubject: async (input, context) => {
    // Each end is in its own frame; a drop inside another site's frame is that site's act.
    const origins = await Promise.all(
      (['to', 'from'] as const).map((name) => tabOrigin({ ...input, ref: refOfTarget(input, name, input[name]) } as Input & { ref?: string }, context)),
    );
    return origins[0] ?? origins[1];
  },
  isDestructive: (input, context) => clickIsDestructive(knownElement(context, input, refOfTarget(input, 'to', input.to) ?? '')).destructive,
  // Judged like a click at the drop point: a drop zone that deletes or posts is judged as that.
  checkPermissions: (input, context) => judgeClickCall(dropAsClick(input), context),
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const fromRef = refOfTarget(input, 'from', input.from);
    const from = targetOf(context, tabId, input, 'from', fromRef);
    const to = targetOf(context, tabId, input, 'to', refOfTarget(input, 'to', input.to));
    const what = `Dragged ${endName(context, input, 'from')} to ${endName(context, input, 'to')}`;
    // Follow the dragged element (not a point: what is under a point is not carried) to say where it ended up,
    // and watch the drop's frame for what the drop adds (a node on a canvas, a connection).
    const watch = await watchDrag(context, from, to, !resolvedPoint(input, 'from'));
    let dragged: Dragged | undefined;
    const outcome = await performAction(context, { tabId, frameId: to.frameId, ref: to.ref, what }, async (path) => {
      const acted = path.trusted
        ? await trustedDrag(context, from, to, { steps: input.steps })
        : await syntheticDrag(context, from, to, input.steps, path.reason);
      dragged = acted;
      // Each end as read_page names it, when that has a name; else as the page labels it (a list item by its text).
      const name = (end: 'from' | 'to') => {
        const shown = endName(context, input, end);
        return typeof input[end] !== 'string' || shown.includes('"') ? shown : acted.labels[end];
      };
      // The press is on what is dragged, not on the drop target: "the click landed elsewhere" would be false.
      return { ...acted, done: `Dragged ${name('from')} to ${name('to')}`, pressedElsewhere: true };
    });
    // Each clause is read in its own end's frame: filed under that frame's origin.
    const originOf = (end: 'from' | 'to') => () => tabOrigin({ ...input, ref: refOfTarget(input, end, input[end]) } as Input & { ref?: string }, context);
    return dragReport(context, { from, to }, watch, dragged, outcome, { from: originOf('from'), to: originOf('to') });
  },
});
