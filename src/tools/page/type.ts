/** `type`: types text into a field or contenteditable as keystrokes. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { fieldIsSensitive } from '../safety.js';
import { actOnRef, describeRef, knownElement, refField, tabIdField, tabOrigin, validateKnownRefs } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The text field, text area or editable area to type into.'),
  text: z.string().max(20_000).describe('The text to type (up to 20,000 characters). "\\n" types a new line in text areas.'),
  clear: z.boolean().default(true).describe('true (default): replace what the field holds; false: add to the end.'),
  submit: z.boolean().default(false).describe('true: press Enter afterwards, which submits the field’s form (default false).'),
  tab_id: tabIdField(),
});

/** Types into a field by ref. */
export const typeText = buildTool<typeof inputSchema, string>({
  name: 'type',
  aliases: ['type_text', 'input_text', 'browser_type'],
  isEnabled: pageToolEnabled,
  searchHint: 'enter text input field keyboard write',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Types text into a text field, text area or contenteditable element (by ref), key by key, so the page’s scripts and frameworks (React, Vue) see every change. Clears the field first unless clear is false; submit presses Enter after typing.',
    'Returns one line with the field’s new value (passwords are not echoed). Errors: NOT_EDITABLE (a checkbox or dropdown: use click / select_option), ELEMENT_DISABLED, ELEMENT_COVERED, STALE_REF.',
    'For several fields at once use fill_form; for single keys or shortcuts (Escape, Control+A) use press_key. Typing into password or payment fields asks the person first.',
  ].join('\n'),
  description: (input, context) => `Type into ${describeRef(context, input, input.ref)}${input.submit ? ' and submit' : ''}`,
  validateInput: (input, context) => validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  isDestructive: (input, context) => fieldIsSensitive(knownElement(context, input, input.ref)).destructive,
  interruptBehavior: () => 'block',
  maxResultSizeChars: 4_000,
  async call(input, context) {
    const result = await actOnRef<'type'>(context, input, input.ref, (ref, documentId) => ({
      type: 'type',
      ref,
      ...(documentId ? { documentId } : {}),
      text: input.text,
      clear: input.clear,
      submit: input.submit,
    }));
    return { data: result.summary };
  },
});
