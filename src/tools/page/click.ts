/** `click`: clicks an element like a person, after checking it is visible, enabled and not covered. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { clickIsDestructive } from '../safety/destructive.js';
import { judgeClickCall } from '../safety/judge-actions.js';
import { performAction } from './act.js';
import { knownElement, refField, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pointNeedsTrustedInput, pointName, pointSchema, pointTargetName, refOfPointInput, targetOf, validatePointInput } from './point.js';
import { trustedClick } from './trusted.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The element to click.').optional(),
  x: pointSchema.shape.x
    .optional()
    .describe(
      'Instead of a ref, for what has no element (a canvas, a chart, a map): CSS pixels from the left of the visible page, as in your latest screenshot (divide by its stated scale).',
    ),
  y: pointSchema.shape.y.optional().describe('With x: CSS pixels from the top of the visible page.'),
  button: z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button: "left" (default), "right" (context menu) or "middle".'),
  click_count: z.number().int().min(1).max(3).default(1).describe('1 (default) for a click, 2 for a double click, 3 for a triple click (selects a paragraph).'),
  modifiers: z
    .array(z.enum(['Alt', 'Control', 'Meta', 'Shift']))
    .max(4)
    .default([])
    .describe('Keys held during the click, e.g. ["Control"] to open a link in a new tab (0–4 of Alt, Control, Meta, Shift; default: none).'),
  tab_id: tabIdField(),
});

/** Clicks an element by ref. */
export const click = buildTool<typeof inputSchema, string>({
  name: 'click',
  aliases: ['click_element', 'browser_click'],
  isEnabled: pageToolEnabled,
  searchHint: 'press button link tap activate',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Clicks an element the way a person would: scrolls it into view, checks it is visible, enabled and not covered, then sends the browser’s own (trusted) pointer events. click_count 2 double-clicks (e.g. to edit a list item).',
    'Returns one line: what was clicked, then what followed — a page load (new URL), a new tab, a dialog, items a list gained or lost, the new state (checked, expanded), what an editor’s toolbar button did to its text ("… is now bold"), where focus went, refs now stale — or "no visible change". Read it before going on: a click with no visible change did nothing.',
    'ELEMENT_COVERED names what is on top (e.g. a cookie banner: dismiss it first). For fields use type, select_option or fill_form.',
    'Clicks that cannot be undone (delete, pay, send, publish, a form that posts) ask the person first.',
  ].join('\n'),
  description: (input, context) => `Click ${pointTargetName(context, input)}`,
  validateInput: (input, context) => validatePointInput(context, input),
  permissionSubject: (input, context) => tabOrigin({ ...input, ref: refOfPointInput(input) } as typeof input, context),
  isDestructive: (input, context) => clickIsDestructive(knownElement(context, input, refOfPointInput(input) ?? '')).destructive,
  // Judged on the page as it is now: a link by where it goes, a submit button by the form it sends (a point: by the element there).
  checkPermissions: (input, context) => judgeClickCall({ ...input, ref: refOfPointInput(input) ?? '' }, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const target = targetOf(context, tabId, input, 'point', refOfPointInput(input));
    const { frameId, ref: local, documentId } = target;
    const options = { button: input.button, clickCount: input.click_count, modifiers: input.modifiers };
    const what = `Clicked ${pointTargetName(context, input)}`;
    const { line, reads } = await performAction(context, { tabId, frameId, ref: local, what }, async (path) => {
      if (path.trusted) {
        const acted = await trustedClick(context, target, { ...options, name: pointName(input) });
        return target.at ? { ...acted, done: `${acted.done} at (${Math.round(input.x ?? 0)}, ${Math.round(input.y ?? 0)})` } : acted;
      }
      if (target.at) throw pointNeedsTrustedInput(path.reason);
      const result = await sendPageCommand(context, tabId, { type: 'click', ref: local, ...(documentId ? { documentId } : {}), ...options }, frameId);
      return { done: result.summary };
    });
    return { data: line, reads };
  },
});
