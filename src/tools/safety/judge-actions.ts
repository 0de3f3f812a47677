/**
 * The page actions' permission opinions (their `checkPermissions`): each reads its target from the page
 * as it is now, judges the act by what it causes (act-judgement.ts) and the data it would carry (data-flow.ts),
 * and says what the person is shown: the exact text typed, the key and what it does, each field and value.
 * press_key is judged in judge-keys.ts, fill_form in judge-fill.ts.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { originOf } from '../../runtime/permission-rules.js';
import { currentUrl, sendPageCommand, splitRef, tabOf, type TabInput } from '../page/page-call.js';
import { parseKeyCombo, type Modifier } from '../../shared/keys.js';
import { fieldIsSensitive } from './destructive.js';
import { flowsOfTyping } from './data-flow.js';
import { describeControl, judgeActivation, judgeSelect, type ActJudgement, type TargetFacts } from './act-judgement.js';
import { inspect, opinion, shown, unreadable } from './judge.js';
import { submissionFacts, submissionFlows } from './judge-submission.js';

/**
 * Enter or Space in a key combination ("Control+Enter", "Return", "Space"), with its modifiers; undefined
 * for other keys and for names that are not keys (validateInput refuses those). The names are read by the
 * same parser that presses the key (src/shared/keys.ts), so what is judged is what is pressed.
 */
export function activationOfKey(combo: string): { how: 'Enter' | 'Space'; modifiers: Modifier[] } | undefined {
  const parsed = parseKeyCombo(combo);
  if (!parsed.ok) return undefined;
  const how = parsed.press.key === 'Enter' ? 'Enter' : parsed.press.key === ' ' ? 'Space' : undefined;
  return how ? { how, modifiers: parsed.press.modifiers } : undefined;
}

/** click: judged as the activation, submission or navigation it causes. */
export async function judgeClickCall(input: TabInput & { ref: string }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref)]);
  if (!inspection.ok) return unreadable(inspection, 'the click');
  const effect = judgeActivation(inspection.facts, 'click', tabUrl ?? inspection.facts.url);
  const target = inspection.facts.target;
  const facts = [
    ...(target ? [{ label: 'Element', value: shown(describeControl(target)) }] : []),
    // A checkbox's state as it is now, so the prompt can say "Tick" or "Untick" rather than "Click".
    ...(target?.checked !== undefined && target.role !== 'radio' ? [{ label: 'Now', value: target.checked ? 'ticked' : 'not ticked' }] : []),
    ...submissionFacts(effect),
  ];
  return opinion({ effect, facts, flows: submissionFlows(context, effect), tabId, tabUrl });
}

/** type: the exact text (masked for a password), where it goes, and what a newline or `submit` then does. */
export async function judgeTypeCall(input: TabInput & { ref: string; text: string; submit: boolean }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref)]);
  if (!inspection.ok) return unreadable(inspection, 'typing');
  const facts: TargetFacts = inspection.facts;
  const field = facts.target;
  const sensitive = field ? fieldIsSensitive(field) : fieldIsSensitive(undefined);
  const masked = field?.inputType === 'password';
  // A newline in a one-line field is an Enter; in a text area it is the Enter key too, which many message boxes take as Send.
  const presses = input.submit || input.text.includes('\n') || input.text.includes('\r');
  const enter = presses ? judgeActivation(facts, 'Enter', tabUrl ?? facts.url) : undefined;
  const where = field ? describeControl(field) : 'the field';
  const summary = `types ${masked ? 'a password' : `“${input.text.length > 120 ? `${input.text.slice(0, 119)}…` : input.text}”`} into ${where}${facts.origin !== originOf(tabUrl) ? ` (a frame of ${facts.origin})` : ''}${enter ? `; then ${enter.summary}` : ''}`;
  const promptFacts: PromptFact[] = [
    { label: 'Field', value: shown(where) },
    masked ? { label: 'Text', value: '•'.repeat(Math.min(input.text.length, 12)), masked: true } : { label: 'Text', value: shown(input.text, 2_000) },
    ...(enter ? submissionFacts(enter) : []),
  ];
  // Why typing is judged as sending: the page's scripts read every keystroke, so typed text reaches the page's origin.
  const flows = [...flowsOfTyping(context, input.text, facts.origin), ...(enter ? submissionFlows(context, enter, input.text) : [])];
  const effect: ActJudgement = {
    summary,
    ...(enter?.landing ? { landing: enter.landing } : {}),
    ...(enter?.submission ? { submission: enter.submission } : {}),
  };
  return opinion({ effect, facts: promptFacts, flows, tabId, tabUrl, destructive: sensitive.reason ?? enter?.destructive });
}

/** select_option: judged as the submission or navigation the select causes on change. */
export async function judgeSelectCall(input: TabInput & { ref: string; values: readonly string[] }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref, input.values)]);
  if (!inspection.ok) return unreadable(inspection, 'the choice');
  const effect = judgeSelect(inspection.facts, tabUrl ?? inspection.facts.url);
  const choice: PromptFact = { label: 'Choice', value: shown(input.values.join(', ')) };
  // The choice reaches the select's page like typed text: among options of its own, a page can still learn a value digit by digit.
  const flows = [...flowsOfTyping(context, input.values.join(' '), inspection.facts.origin), ...submissionFlows(context, effect, input.values)];
  const result = opinion({ effect, facts: [choice, ...submissionFacts(effect)], flows, tabId, tabUrl });
  // A custom combobox is chosen in by clicking its own option, never by loading a page (an option that is a link or
  // a submit button is refused, src/tools/page/combobox-pick.ts): no page may load while it runs. Stops an option
  // whose click submits a destructive form or navigates by a handler no judgement can read (addEventListener).
  if (result.behavior !== 'deny' && tabId !== undefined && (await choosesInWidget(context, tabId, input.ref)))
    return { ...result, guard: { tabId, allowed: [] } };
  return result;
}

/** Whether select_option will choose through a custom combobox's clicks; yes when the page cannot say (the stricter guard). */
async function choosesInWidget(context: ToolUseContext, tabId: number, ref: string): Promise<boolean> {
  const { frameId, local } = splitRef(ref);
  const documentId = context.snapshots.knownDocument(tabId, frameId);
  const command = { type: 'combobox_parts' as const, ref: local, ...(documentId ? { documentId } : {}) };
  const parts = await sendPageCommand(context, tabId, command, frameId).catch(() => undefined);
  return parts?.kind !== 'native';
}
