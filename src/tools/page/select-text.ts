/** `select_text`: selects words in a field or editor, so the editor's own shortcuts (Control+B) or toolbar act on them. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { performAction } from './act.js';
import { selectSpan } from './select-span.js';
import { quoted } from '../../shared/untrusted-text.js';
import { validateTextTarget } from './frame-fields.js';
import { describeRef, refField, splitRef, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The text field, text area or editor (a rich-text or code editor) holding the words.'),
  text: z
    .string()
    .min(1)
    .max(2_000)
    .describe('The words to select, exactly as the field or editor shows them (case and punctuation too); they must occur once in it.'),
  tab_id: tabIdField(),
});

/** Selects one span of text in a field or editable area by ref. */
export const selectText = buildTool<typeof inputSchema, string>({
  name: 'select_text',
  aliases: ['highlight_text', 'browser_select_text'],
  isEnabled: pageToolEnabled,
  searchHint: 'select highlight words text editor format bold italic range',
  inputSchema,
  prompt: [
    'Selects words inside a text field or an editor (a rich-text editor, a code editor, any editable area) as a person’s drag over them would: the editor sees the selection as its own.',
    'Then format them with the editor’s own shortcut (press_key "Control+B" for bold, "Control+I" for italic) or its toolbar button, or type over them (type with at_selection: true). To only replace words, type with replace is one call.',
    'The words must occur once in the element: if they occur more than once, give a longer piece around them.',
  ].join('\n'),
  description: (input, context) => `Select words in ${describeRef(context, input, input.ref)}`,
  // The page's own check first (a frame's ref is refused naming the field inside it), so the call fails before anything runs.
  validateInput: (input, context) => validateTextTarget(context, input, 'words'),
  permissionSubject: (input, context) => tabOrigin(input, context),
  // Selecting changes no text and presses nothing: what is then done with the selection is judged by that call.
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Selecting words changes nothing on the page.' }),
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const { frameId, local } = splitRef(input.ref);
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, ref: local, what: `Selected words in ${describeRef(context, input, input.ref)}` },
      async (path) => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const result = await selectSpan(context, { tabId, frameId, ref: local, documentId }, input.text, path);
        if (result.dialog) return { done: `Pressed in ${result.label} to select the words`, dialog: result.dialog };
        return { done: `Selected ${quoted(result.selected, 80)} in ${result.label}` };
      },
    );
    return { data: line, reads };
  },
});
