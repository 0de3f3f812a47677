/** `hover`: moves the pointer over an element (opens hover menus and tooltips). Deferred: rarely needed. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { actOnRef, describeRef, refField, tabIdField, tabOrigin, validateKnownRefs } from './shared.js';
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
    'Moves the mouse pointer over an element (by ref), sending pointerover/mouseover/mousemove, which opens menus and tooltips that appear on hover. Returns one line; call read_page afterwards to see what appeared.',
    'To activate the element use click instead.',
  ].join('\n'),
  description: (input, context) => `Hover over ${describeRef(context, input, input.ref)}`,
  validateInput: (input, context) => validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const result = await actOnRef<'hover'>(context, input, input.ref, (ref, documentId) => ({ type: 'hover', ref, ...(documentId ? { documentId } : {}) }));
    return { data: result.summary };
  },
});
