/** `hover`: moves the pointer over an element (opens hover menus and tooltips). Deferred: rarely needed. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { trustedHover } from './trusted.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The element to move the pointer over.'),
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
  description: (input, context) => `Hover over ${describeRef(context, input, input.ref)}`,
  validateInput: (input, context) => validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  // A hover presses nothing: a person's pointer passes over elements all the time. It runs unasked in ask
  // mode (asking taught people to click through prompts); read-only mode still refuses it, since a page
  // may act on mouseover.
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Moving the pointer over an element presses nothing.' }),
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const { frameId, local } = splitRef(input.ref);
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, ref: local, what: `Hovered over ${describeRef(context, input, input.ref)}` },
      async (path) => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        if (path.trusted) return trustedHover(context, { tabId, frameId, ref: local, documentId });
        const result = await sendPageCommand(context, tabId, { type: 'hover', ref: local, ...(documentId ? { documentId } : {}) }, frameId);
        return { done: result.summary };
      },
    );
    return { data: line, reads };
  },
});
