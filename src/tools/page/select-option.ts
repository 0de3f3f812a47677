/** `select_option`: chooses options of a dropdown (<select>) by label or value. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { judgeSelectCall } from '../safety/judge-actions.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validatePageTarget } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The dropdown (a combobox or listbox from a <select>).'),
  values: z
    .array(z.string().max(500))
    .min(1)
    .max(100)
    .describe(
      'The options to choose, by visible label or by value (1–100 values of up to 500 characters; more than one only for multi-selects). Other options of a multi-select are deselected.',
    ),
  tab_id: tabIdField(),
});

/** Selects options by ref. */
export const selectOption = buildTool<typeof inputSchema, string>({
  name: 'select_option',
  aliases: ['select_dropdown_option', 'browser_select_option'],
  isEnabled: pageToolEnabled,
  searchHint: 'choose a value in a dropdown or list box',
  inputSchema,
  prompt: [
    'Chooses options in a native dropdown or list box (<select>) by their visible label or value, firing the input and change events a person’s choice would.',
    'Returns the labels now selected and what followed (a form that updated, a page load) or "no other visible change". OPTION_NOT_FOUND lists the options that exist; NOT_A_SELECT means it is a custom dropdown: click it, then click the option (find locates it).',
    'read_page (filter "all") lists a dropdown’s options; fill_form fills it with other fields.',
  ].join('\n'),
  description: (input, context) => `Select ${input.values.map((v) => `“${v}”`).join(', ')} in ${describeRef(context, input, input.ref)}`,
  // A page check (is it a select? shown? enabled?) fails the call before anyone is asked.
  validateInput: (input, context) => validatePageTarget(context, input, 'select'),
  permissionSubject: (input, context) => tabOrigin(input, context),
  // A select that submits its form or navigates on change is judged as that submit or navigation.
  checkPermissions: (input, context) => judgeSelectCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 4_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const { frameId, local } = splitRef(input.ref);
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, ref: local, what: `Selected in ${describeRef(context, input, input.ref)}` },
      async () => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const result = await sendPageCommand(
          context,
          tabId,
          { type: 'select', ref: local, ...(documentId ? { documentId } : {}), values: input.values },
          frameId,
        );
        // A native dropdown's list is drawn by the browser, outside the page: the choice is set by script.
        return { done: result.summary, via: '(set by script, with input and change events)' };
      },
    );
    return { data: line, reads };
  },
});
