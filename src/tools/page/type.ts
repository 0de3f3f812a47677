/** `type`: types text into a field, contenteditable or editor as keystrokes (or one pasted piece into an editor), or replaces one span of it. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { fieldIsSensitive } from '../safety/destructive.js';
import { judgeTypeCall } from '../safety/judge-actions.js';
import { performAction } from './act.js';
import { validateTextTarget } from './frame-fields.js';
import { describeRef, knownElement, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { selectSpan } from './select-span.js';
import { trustedType } from './trusted.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The text field, text area or editable area to type into.'),
  text: z
    .string()
    .max(20_000)
    .describe(
      'The text to type (up to 20,000 characters). A "\\n" presses Enter: a new line in a text area, and in a one-line field the Enter that submits or saves it. Into an editor it is pasted with the text: a rich-text editor may keep it as a line break inside a list item, not a new item (press_key Enter starts the next item).',
    ),
  clear: z.boolean().default(true).describe('true (default): replace what the field holds; false: add to the end.'),
  replace: z
    .string()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'Words of the field’s or editor’s current text, exactly as shown, to replace with text (they must occur once): a one-word fix without retyping the rest. clear is ignored.',
    ),
  at_selection: z
    .boolean()
    .optional()
    .describe('true: type at the caret, replacing the words selected (with select_text) — what a person types over a selection. clear is ignored.'),
  submit: z
    .boolean()
    .default(false)
    .describe(
      'true: press Enter after typing (default false) — what adds a to-do, saves an edit, runs a search or submits the form; the result says what it did.',
    ),
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
    'Types text into a text field, text area or editable element (a rich-text or code editor too) as a person does: clicks into it, replaces what it holds (or appends, with clear false), and presses a key per character with the browser’s own (trusted) keyboard events; into an editor the text goes in one piece, as a paste, so the editor does not rewrite it (no doubled brackets or indents). submit: true presses Enter afterwards.',
    'To change a few words without retyping the rest, pass replace with those words exactly as shown; to type over words chosen with select_text, pass at_selection: true.',
    'Returns one line: the field’s value now (passwords are not echoed), then what followed — a list that gained an item, a page load, a dialog, where focus went — or "no other visible change". If Enter was meant to do something and the line shows no change, it did not.',
    'For several fields at once use fill_form; for single keys or shortcuts (Escape, Control+A) use press_key. Typing into password or payment fields asks the person first.',
  ].join('\n'),
  description: (input, context) =>
    `${input.replace !== undefined ? 'Replace words in' : 'Type into'} ${describeRef(context, input, input.ref)}${input.submit ? ' and submit' : ''}`,
  // A page check (is it a field that takes text? shown? enabled?) fails the call before anyone is asked.
  validateInput: (input, context) => validateTextTarget(context, input, 'type'),
  permissionSubject: (input, context) => tabOrigin(input, context),
  isDestructive: (input, context) => fieldIsSensitive(knownElement(context, input, input.ref)).destructive,
  // A newline or submit is judged as the Enter it is; the text is judged as data sent to the field's origin.
  checkPermissions: (input, context) => judgeTypeCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 4_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const { frameId, local } = splitRef(input.ref);
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, ref: local, what: `Typed into ${describeRef(context, input, input.ref)}` },
      async (path, page) => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const known = documentId ? { documentId } : {};
        // A span to replace is selected first (refused when it is not there or there twice), then typed over.
        if (input.replace !== undefined) {
          const span = await selectSpan(context, { tabId, frameId, ref: local, documentId }, input.replace, path);
          if (span.dialog) return { done: `Pressed in ${span.label} to select the words`, dialog: span.dialog };
        }
        const atSelection = input.replace !== undefined || input.at_selection === true;
        if (path.trusted)
          return trustedType(context, { tabId, frameId, ref: local, documentId }, input.text, {
            clear: input.clear,
            submit: input.submit,
            stopped: page.interrupted,
            atSelection,
          });
        const result = await sendPageCommand(
          context,
          tabId,
          { type: 'type', ref: local, ...known, text: input.text, clear: input.clear, submit: input.submit, atSelection },
          frameId,
        );
        return { done: result.summary };
      },
    );
    return { data: line, reads };
  },
});
