/**
 * handle_dialog judged as the sink it is: the text a prompt() is answered with goes to the page that
 * opened the dialog (its script gets the answer), so read data in it is data leaving for that page's
 * origin, judged like typed text. Accepting or dismissing without an answer of the agent's own carries
 * nothing; whether OK is destructive ("Delete this item?") is the tool's `isDestructive`.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { dialogPhrase } from '../../runtime/page-input.js';
import { originOf } from '../../runtime/permission-rules.js';
import { currentUrl, tabOf } from '../page/page-call.js';
import { flowsOfTyping } from './data-flow.js';
import { opinion, shown } from './judge.js';

type DialogInput = { tab_id?: number | undefined; accept: boolean; prompt_text?: string | undefined };

/** handle_dialog's opinion: the answer text as data sent to the dialog's page. */
export async function judgeDialogCall(input: DialogInput, context: ToolUseContext): Promise<ToolPermissionResult> {
  if (!input.accept || input.prompt_text === undefined) return { behavior: 'passthrough' };
  const tabId = tabOf(input, context);
  const dialog = tabId === undefined ? undefined : context.browser?.input?.openDialog(tabId);
  const tabUrl = await currentUrl(context, tabId);
  // The page that opened it (a frame's dialog is that frame's); unknown counts as another site than any read.
  const destination = originOf(dialog?.url) ?? originOf(tabUrl) ?? 'unknown';
  const facts: PromptFact[] = [
    ...(dialog ? [{ label: 'Dialog', value: shown(dialogPhrase(dialog)) }] : []),
    { label: 'Answer', value: shown(input.prompt_text, 2_000) },
  ];
  const flows = flowsOfTyping(context, input.prompt_text, destination);
  const summary = `answers ${dialog ? dialogPhrase(dialog) : 'the open dialog'} with “${input.prompt_text.length > 120 ? `${input.prompt_text.slice(0, 119)}…` : input.prompt_text}” (the answer goes to ${destination})`;
  return opinion({ effect: { summary }, facts, flows, tabId, tabUrl });
}
