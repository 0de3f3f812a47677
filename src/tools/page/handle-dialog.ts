/** `handle_dialog`: answers the JavaScript dialog (alert, confirm, prompt, "Leave site?") a page opened. */
import { z } from 'zod';
import { ToolError } from '../../runtime/errors.js';
import { dialogPhrase } from '../../runtime/page-input.js';
import { buildTool } from '../../runtime/tool.js';
import { dialogToolEnabled } from '../availability.js';
import { clickIsDestructive } from '../safety/destructive.js';
import { judgeDialogCall } from '../safety/judge-dialog.js';
import { afterDialog } from './act.js';
import { originOf } from '../../runtime/permission-rules.js';
import { requireBrowser, tabIdField, tabOf, tabOrigin, targetTab, type TabInput } from './page-call.js';

const inputSchema = z.strictObject({
  accept: z.boolean().describe('true: OK / Leave (confirm, prompt, beforeunload; an alert has only OK); false: Cancel / Stay.'),
  prompt_text: z
    .string()
    .max(2_000)
    .optional()
    .describe('For a prompt dialog: the text to answer with (up to 2,000 characters; default: the text the page proposed).'),
  tab_id: tabIdField(),
});

const openDialogOf = (input: TabInput, context: Parameters<typeof targetTab>[1]) => {
  const tabId = tabOf(input, context);
  return tabId === undefined ? undefined : context?.browser?.input?.openDialog(tabId);
};

/** Accepts or dismisses the open dialog of a tab. */
export const handleDialog = buildTool<typeof inputSchema, string>({
  name: 'handle_dialog',
  aliases: ['browser_handle_dialog'],
  isEnabled: dialogToolEnabled,
  inSimpleMode: true,
  searchHint: 'answer alert confirm prompt popup leave site',
  inputSchema,
  prompt: [
    'Answers the JavaScript dialog a page opened (alert, confirm, prompt, or "Leave site?" when leaving a page with unsaved changes). While one is open the page is paused and other page tools fail with DIALOG_OPEN; an action’s result says when its act opened one, with the dialog’s text.',
    'accept true presses OK (or Leave), false presses Cancel (or Stay); prompt_text answers a prompt. Returns what was answered and what the page did next (an item deleted, a page load) or "no visible change". NO_DIALOG when nothing is open (the person may have answered it).',
  ].join('\n'),
  description: (input, context) => {
    const dialog = openDialogOf(input, context);
    const what = dialog ? dialogPhrase(dialog) : 'the open dialog';
    return `${input.accept ? 'Accept' : 'Dismiss'} ${what}${input.prompt_text !== undefined ? ` answering ${JSON.stringify(input.prompt_text)}` : ''}`;
  },
  permissionSubject: (input, context) => tabOrigin(input, context),
  // OK on "Delete this item?" is the delete itself; "Leave" loses what the page had not saved.
  isDestructive: (input, context) => {
    if (!input.accept) return false;
    const dialog = openDialogOf(input, context);
    if (!dialog) return false;
    if (dialog.type === 'beforeunload') return true;
    return dialog.type !== 'alert' && clickIsDestructive({ role: 'button', name: dialog.message }).destructive;
  },
  // The answer is data sent to the dialog's page: read data in it asks, in every mode.
  checkPermissions: (input, context) => judgeDialogCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const port = requireBrowser(context).input;
    if (!port) {
      throw new ToolError('NO_DIALOG', 'Dialogs cannot be seen or answered here (no debugger access to this tab).', {
        suggestion: 'Ask the person to answer the dialog in the browser.',
      });
    }
    let answeredUrl: string | undefined;
    const { line, reads } = await afterDialog(context, tabId, async () => {
      const dialog = await port.answerDialog(tabId, input.accept, input.prompt_text);
      answeredUrl = dialog.url;
      const verb = input.accept
        ? dialog.type === 'beforeunload'
          ? 'Chose Leave on'
          : dialog.type === 'alert'
            ? 'Closed'
            : 'Accepted'
        : dialog.type === 'beforeunload'
          ? 'Chose Stay on'
          : 'Dismissed';
      const answered = dialog.type === 'prompt' && input.accept ? ` with ${JSON.stringify(input.prompt_text ?? dialog.defaultPrompt ?? '')}` : '';
      return `${verb} ${dialogPhrase(dialog)}${answered}`;
    });
    // The dialog's words are its page's (a frame's dialog is not the tab's page).
    const dialogOrigin = originOf(answeredUrl);
    return { data: line, reads: dialogOrigin ? [...reads, { origin: dialogOrigin, text: line }] : reads };
  },
});
