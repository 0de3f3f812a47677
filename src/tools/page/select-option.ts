/** `select_option`: chooses options of a dropdown (<select>) by label or value, or of a custom combobox by visible name. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { judgeSelectCall } from '../safety/judge-actions.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validatePageTarget } from './page-call.js';
import { pageToolEnabled } from '../availability.js';
import { pickInCombobox } from './combobox-pick.js';

const inputSchema = z.strictObject({
  ref: refField('The dropdown: a <select> (combobox or listbox), or a custom combobox (a text box or box with a popup list of options).'),
  values: z
    .array(z.string().max(500))
    .min(1)
    .max(100)
    .describe(
      "The options to choose, by visible label (a <select> also takes an option's value; 1–100 values of up to 500 characters; more than one only for multi-selects). In a <select> other options of a multi-select are deselected; a custom multi-select keeps its chosen values and adds these.",
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
    'A custom combobox (Choices, Select2, React Select, MUI: a text box or box with a popup list) is opened with a click, its text box is typed into to filter, and the option of that name is clicked, as a person would. A hidden <select> that such a widget mirrors is chosen through the widget.',
    'Returns the labels now selected (a custom combobox: the values it shows) and what followed, or "no other visible change". OPTION_NOT_FOUND lists the options that exist or showed; NOT_A_SELECT means it is no dropdown: click it, then click the option (find locates it).',
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
    const documentId = context.snapshots.knownDocument(tabId, frameId);
    const doc = documentId ? { documentId } : {};
    const name = describeRef(context, input, input.ref);
    const parts = await sendPageCommand(context, tabId, { type: 'combobox_parts', ref: local, ...doc }, frameId);
    const widget = parts.kind === 'combobox' ? parts.widget : local;
    // A custom combobox's pick says what it chose and whether its list closed: its options and chips are not listed again.
    const where = { tabId, frameId, ref: widget, what: `Selected in ${name}`, quietTarget: parts.kind === 'combobox' };
    const { line, reads } = await performAction(context, where, async (path, page) => {
      // A custom combobox is opened, typed into and clicked like a person would (combobox-pick.ts).
      if (parts.kind === 'combobox')
        return pickInCombobox(context, { tabId, frameId, documentId, path, interrupted: page.interrupted }, parts, input.values, name);
      const result = await sendPageCommand(context, tabId, { type: 'select', ref: local, ...doc, values: input.values }, frameId);
      // A native dropdown's list is drawn by the browser, outside the page: the choice is set by script.
      return { done: result.summary, via: '(set by script, with input and change events)' };
    });
    return { data: line, reads };
  },
});
