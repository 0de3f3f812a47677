/** `hover`: moves the pointer over an element (opens hover menus and tooltips). Deferred: rarely needed. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { performAction } from './act.js';
import { refField, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pointNeedsTrustedInput, pointName, pointSchema, pointTargetName, refOfPointInput, targetOf, validatePointInput } from './point.js';
import { trustedHover } from './trusted.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The element to move the pointer over.').optional(),
  x: pointSchema.shape.x
    .optional()
    .describe('Instead of a ref, for what has no element (a chart, a map): CSS pixels from the left of the visible page, as in your latest screenshot.'),
  y: pointSchema.shape.y.optional().describe('With x: CSS pixels from the top of the visible page.'),
  tab_id: tabIdField(),
});

/** Hovers over an element by ref. */
export const hover = buildTool<typeof inputSchema, string>({
  name: 'hover',
  aliases: ['browser_hover'],
  isEnabled: pageToolEnabled,
  searchHint: 'mouse over pointer menu tooltip reveal',
  inputSchema,
  prompt: [
    'Moves the mouse pointer over an element (by ref), sending pointerover/mouseover/mousemove, which opens menus and tooltips that appear on hover. Returns one line saying what appeared (a menu, a tooltip) or "no visible change".',
    'To activate the element use click instead.',
  ].join('\n'),
  description: (input, context) => `Hover over ${pointTargetName(context, input)}`,
  validateInput: (input, context) => validatePointInput(context, input),
  permissionSubject: (input, context) => tabOrigin({ ...input, ref: refOfPointInput(input) } as typeof input, context),
  // A hover presses nothing: a person's pointer passes over elements all the time. It runs unasked in ask
  // mode (asking taught people to click through prompts); read-only mode still refuses it, since a page
  // may act on mouseover.
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Moving the pointer over an element presses nothing.' }),
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const target = targetOf(context, tabId, input, 'point', refOfPointInput(input));
    const { frameId, ref: local, documentId } = target;
    const what = `Hovered over ${pointTargetName(context, input)}`;
    const { line, reads } = await performAction(context, { tabId, frameId, ref: local, what }, async (path) => {
      if (path.trusted) {
        const acted = await trustedHover(context, target, { name: pointName(input) });
        return target.at ? { ...acted, done: `${acted.done} at (${Math.round(input.x ?? 0)}, ${Math.round(input.y ?? 0)})` } : acted;
      }
      if (target.at) throw pointNeedsTrustedInput(path.reason);
      const result = await sendPageCommand(context, tabId, { type: 'hover', ref: local, ...(documentId ? { documentId } : {}) }, frameId);
      return { done: result.summary };
    });
    return { data: line, reads };
  },
});
