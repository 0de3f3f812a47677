/**
 * The page actions' permission opinions (their `checkPermissions`): each reads its target from the page
 * as it is now, judges the act by what it causes (act-judgement.ts) and the data it would carry (data-flow.ts),
 * and says what the person is shown: the exact text typed, the key and what it does, each field and value.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { originOf } from '../../runtime/permission-rules.js';
import { currentUrl, describeRef, knownElement, splitRef, tabOf, type TabInput } from '../page/page-call.js';
import { parseKeyCombo, type Modifier } from '../../shared/keys.js';
import { fieldIsSensitive } from './destructive.js';
import { flowsOfForm, flowsTo } from './data-flow.js';
import { describeControl, judgeActivation, judgeSelect, type ActJudgement, type TargetFacts } from './act-judgement.js';
import { inspect, opinion, shown, unreadable } from './judge.js';

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

/** The prompt facts for a form submission: its fields and values (passwords masked). */
function submissionFacts(effect: ActJudgement): PromptFact[] {
  const fields = effect.submission?.form.fields ?? [];
  return fields.slice(0, 12).map((field) => ({
    label: shown(field.label || field.name || field.type, 80),
    value: field.masked ? '••••••' : shown(field.value),
    ...(field.masked ? { masked: true } : {}),
  }));
}

/** The data a submission would carry to its action, including text about to be typed. */
const submissionFlows = (context: ToolUseContext, effect: ActJudgement, typed = '') =>
  effect.submission ? flowsOfForm(context, effect.submission.form, effect.submission.action, typed) : [];

/** click: judged as the activation, submission or navigation it causes. */
export async function judgeClickCall(input: TabInput & { ref: string }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref)]);
  if (!inspection.ok) return unreadable(inspection, 'the click');
  const effect = judgeActivation(inspection.facts, 'click', tabUrl ?? inspection.facts.url);
  const facts = [
    ...(inspection.facts.target ? [{ label: 'Element', value: shown(describeControl(inspection.facts.target)) }] : []),
    ...submissionFacts(effect),
  ];
  return opinion({ effect, facts, flows: submissionFlows(context, effect), tabId, tabUrl });
}

/** press_key: Enter and Space judged as what they activate or submit; a key with no ref acts on the focused element, read from the page. */
export async function judgeKeyCall(input: TabInput & { key: string; ref?: string | undefined }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const activation = activationOfKey(input.key);
  const keyFact: PromptFact = { label: 'Key', value: shown(input.key === ' ' ? 'Space' : input.key, 60) };
  if (!activation) {
    const on = input.ref ? describeRef(context, input, input.ref) : 'the focused element';
    return { behavior: 'passthrough', effect: { summary: shown(`presses ${input.key} on ${on}`), facts: [keyFact] } };
  }
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref)]);
  if (!inspection.ok) return unreadable(inspection, `pressing ${activation.how}`);
  const target = inspection.facts.target;
  const newLine =
    activation.how === 'Enter' &&
    activation.modifiers.every((m) => m === 'Shift') &&
    activation.modifiers.length > 0 &&
    (target?.editable === 'textarea' || target?.editable === 'editable');
  const effect: ActJudgement =
    newLine && target
      ? { summary: `starts a new line in ${describeControl(target)}` }
      : judgeActivation(inspection.facts, activation.how, tabUrl ?? inspection.facts.url);
  const on: PromptFact = {
    label: 'On',
    value: target ? shown(describeControl(target)) : inspection.facts.focus === 'frame' ? 'an element inside an embedded frame' : 'nothing focused',
  };
  return opinion({ effect, facts: [keyFact, on, ...submissionFacts(effect)], flows: submissionFlows(context, effect), tabId, tabUrl });
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
  const flows = [...flowsTo(context, input.text, facts.origin), ...(enter ? submissionFlows(context, enter, input.text) : [])];
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
  return opinion({ effect, facts: [choice, ...submissionFacts(effect)], flows: submissionFlows(context, effect), tabId, tabUrl });
}

/**
 * fill_form: each field is judged against its own frame's origin — its value is data sent there, and a
 * rule or grant for one site must not cover a field of another — and a call that spans sites says so.
 */
export async function judgeFillCall(
  input: TabInput & { fields: ReadonlyArray<{ ref: string; value: string }> },
  context: ToolUseContext,
): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const tabUrl = await currentUrl(context, tabId);
  const frames = tabId === undefined || !context.browser ? [] : await context.browser.listFrames(tabId).catch(() => []);
  const originOfFrame = (frameId: number) =>
    frameId === 0 ? originOf(tabUrl) : (originOf(frames.find((frame) => frame.frameId === frameId)?.url) ?? originOf(tabUrl));
  const facts: PromptFact[] = [];
  const flows = [];
  const origins = new Set<string>();
  let destructive: string | undefined;
  for (const field of input.fields) {
    const element = knownElement(context, input, field.ref);
    const origin = originOfFrame(splitRef(field.ref).frameId);
    if (origin) origins.add(origin);
    const masked = element?.inputType === 'password';
    facts.push({
      label: shown(describeRef(context, input, field.ref), 80),
      value: masked ? '••••••' : shown(field.value),
      ...(masked ? { masked: true } : {}),
    });
    if (origin) flows.push(...flowsTo(context, field.value, origin));
    destructive ??= fieldIsSensitive(element).reason;
  }
  const summary = `fills ${input.fields.length} field${input.fields.length === 1 ? '' : 's'}${origins.size > 1 ? ` across ${origins.size} sites (${[...origins].join(', ')})` : ''}`;
  return opinion({ effect: { summary }, facts, flows, tabId, tabUrl, destructive, ...(origins.size > 1 ? { subjects: [...origins] } : {}) });
}
