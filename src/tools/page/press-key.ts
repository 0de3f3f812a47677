/** `press_key`: a key or shortcut on the focused element (or on a ref, focused first). */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { actOnRef, refField, sendPageCommand, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  key: z.string().min(1).max(40).describe('A key or a combination (1–40 characters): "Enter", "Escape", "Tab", "Shift+Tab", "ArrowDown", "PageDown", "Backspace", "Control+A", "a". Modifiers are Control, Shift, Alt, Meta, joined with "+".'),
  ref: refField('Focus this element before pressing (default: whatever has focus).').optional(),
  tab_id: tabIdField(),
});

/** Presses a key. */
export const pressKey = buildTool<typeof inputSchema, string>({
  name: 'press_key',
  aliases: ['send_keys', 'key_press', 'browser_press_key'],
  isEnabled: pageToolEnabled,
  searchHint: 'keyboard shortcut enter escape tab arrow',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Presses one key or a combination with modifiers (Control, Shift, Alt, Meta joined by "+", e.g. "Control+A") on the focused element, or on ref after focusing it. Sends keydown/keypress/keyup and does what the key does: Enter submits a field’s form or activates a button, Tab moves focus, Escape closes what listens for it, arrows move in selects or scroll, Backspace deletes.',
    'Returns one line saying where the key went. For text use type (it types whole strings).',
  ].join('\n'),
  description: (input) => `Press ${input.key}${input.ref ? ` on ${input.ref}` : ''}`,
  validateInput: (input, context) => validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    if (input.ref) {
      const result = await actOnRef<'press_key'>(context, input, input.ref, (ref, documentId) => ({ type: 'press_key', key: input.key, ref, ...(documentId ? { documentId } : {}) }));
      return { data: result.summary };
    }
    const result = await sendPageCommand(context, targetTab(input, context), { type: 'press_key', key: input.key });
    return { data: result.summary };
  },
});
