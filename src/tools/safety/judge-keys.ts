/**
 * press_key judged by what the key does where it lands, for every key — not only Enter and Space. The
 * target (the ref's element, or the focused one) is read from the page just before:
 *
 * - Enter and Space: the click, submit or new line they cause (act-judgement.ts); Control/Meta+Enter in a
 *   text box is the submit or send many apps bind it to;
 * - keys whose effect the browser defines and that cannot submit or navigate (Tab, arrows, Home/End,
 *   Page Up/Down, Escape; characters, Backspace and Delete and the editing shortcuts in a text field):
 *   that effect — except a key that changes a select or radio, judged as that change;
 * - every other key (a letter on the page itself, Delete on a list item, Control+S, F-keys): a shortcut
 *   only the page knows the meaning of, so it may archive, delete or send — judged as such an act.
 *
 * A character typed into a field is data sent to the field's origin, like `type`.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { parseKeyCombo, type KeyPress } from '../../shared/keys.js';
import { describeControl, judgeActivation, judgeChange, judgeSelect, judgeSubmission, type ActJudgement, type TargetFacts } from './act-judgement.js';
import { flowsOfTyping } from './data-flow.js';
import { currentUrl, tabOf } from '../page/page-call.js';
import { inspect, opinion, shown, unreadable } from './judge.js';
import { submissionFacts, submissionFlows } from './judge-submission.js';

type KeyInput = { tab_id?: number | undefined; key: string; ref?: string | undefined };

/** Keys the browser moves focus, the caret or the view with, or closes things with: none submits or navigates by itself. */
const MOVING = new Set(['Tab', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
/** Keys that change a select's or a radio group's choice (and fire its change handler). */
const CHOOSING = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
/** Editing shortcuts in a text field with Control or Meta: select all, copy, cut, paste, undo, redo, by word. */
const EDITING_WITH_CONTROL = new Set(['a', 'c', 'x', 'v', 'z', 'y', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Backspace', 'Delete']);

/** Formatting shortcuts of an editable area with Control or Meta: bold, italic, underline. */
const FORMATTING = new Set(['b', 'i', 'u']);

const isCharacter = (press: KeyPress) => press.key.length === 1;
const what = (press: KeyPress, target: TargetFacts['target']) => `presses ${press.name} ${target ? `in ${describeControl(target)}` : 'on the page'}`;

/** A key other than Enter and Space, on what `facts` describe. */
export function judgeOtherKey(facts: TargetFacts, press: KeyPress, from: string): ActJudgement {
  if (facts.focus === 'frame') {
    return {
      summary: `presses ${press.name} inside an embedded frame whose focused element cannot be read from here`,
      destructive: 'what has the keyboard focus is inside another frame, so what the key does cannot be judged',
    };
  }
  const target = facts.target;
  const held = press.modifiers.filter((modifier) => modifier !== 'Shift');
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const choosing = target && (target.tag === 'select' || target.role === 'radio') && held.length === 0 && (CHOOSING.has(press.key) || isCharacter(press));
  if (choosing && target) {
    if (target.tag === 'select') return judgeSelect(facts, from);
    return judgeChange(facts, from, what(press, target)) ?? { summary: `${what(press, target)} (it moves the choice)` };
  }
  if (target?.editable) {
    if (held.length === 0 && isCharacter(press)) return { summary: `types “${press.text ?? press.key}” into ${describeControl(target)}` };
    if (held.length === 0 && (MOVING.has(press.key) || press.key === 'Backspace' || press.key === 'Delete')) return { summary: what(press, target) };
    if (held.every((modifier) => modifier === 'Control' || modifier === 'Meta') && EDITING_WITH_CONTROL.has(key)) return { summary: what(press, target) };
    // Bold, italic, underline: the browser's own formatting commands in an editable area (rich editors keep them).
    if (target.editable === 'editable' && held.length === 1 && (held[0] === 'Control' || held[0] === 'Meta') && FORMATTING.has(key))
      return { summary: `${what(press, target)} (it formats the selected words)` };
  } else if (held.length === 0 && MOVING.has(press.key)) {
    return { summary: what(press, target) };
  }
  return {
    summary: `${what(press, target)}: a shortcut of the page's, which may do anything the page binds to it`,
    destructive: `${press.name} ${target?.editable ? 'with Control, Alt or Meta' : 'outside a text field'} is one of the page's own shortcuts, and what it does (archive, delete, send…) only the page knows`,
  };
}

/** Enter and Space: as the click, submission or new line they cause; Control/Meta+Enter in a text box as its submit or send. */
function judgeActivationKey(facts: TargetFacts, press: KeyPress, how: 'Enter' | 'Space', from: string): ActJudgement {
  const target = facts.target;
  const box = target?.editable === 'textarea' || target?.editable === 'editable';
  const held = press.modifiers.filter((modifier) => modifier !== 'Shift');
  if (how === 'Enter' && box && target) {
    if (press.modifiers.length > 0 && held.length === 0) return { summary: `starts a new line in ${describeControl(target)}` };
    if (held.some((modifier) => modifier === 'Control' || modifier === 'Meta')) {
      if (facts.form) return judgeSubmission(facts.form, facts.form.defaultButton, from, `${press.name} in ${describeControl(target)} may submit`);
      return {
        summary: `presses ${press.name} in ${describeControl(target)}, which many apps take as Send`,
        destructive: `${press.name} in a text box usually sends or submits it`,
      };
    }
  }
  return judgeActivation(facts, how, from);
}

/** press_key's opinion: every key judged by its effect on the target, with the character it types as data. */
export async function judgeKeyCall(input: KeyInput, context: ToolUseContext): Promise<ToolPermissionResult> {
  const parsed = parseKeyCombo(input.key);
  if (!parsed.ok) return { behavior: 'passthrough' }; // validateInput refuses it first
  const press = parsed.press;
  const tabId = tabOf(input, context);
  const [tabUrl, inspection] = await Promise.all([currentUrl(context, tabId), inspect(context, input, input.ref)]);
  if (!inspection.ok) return unreadable(inspection, `pressing ${press.name}`);
  const facts = inspection.facts;
  const from = tabUrl ?? facts.url;
  const how = press.key === 'Enter' ? 'Enter' : press.key === ' ' ? 'Space' : undefined;
  const effect = how ? judgeActivationKey(facts, press, how, from) : judgeOtherKey(facts, press, from);
  const target = facts.target;
  const on: PromptFact = {
    label: 'On',
    value: target ? shown(describeControl(target)) : facts.focus === 'frame' ? 'an element inside an embedded frame' : 'nothing focused',
  };
  const keyFact: PromptFact = { label: 'Key', value: shown(press.key === ' ' ? 'Space' : press.name, 60) };
  // A character into a field is typed text: its page's scripts read it, with what was typed before it.
  const typed = target?.editable && press.modifiers.every((modifier) => modifier === 'Shift') && isCharacter(press) ? (press.text ?? '') : '';
  const flows = [...(typed ? flowsOfTyping(context, typed, facts.origin) : []), ...submissionFlows(context, effect)];
  return opinion({ effect, facts: [keyFact, on, ...submissionFacts(effect)], flows, tabId, tabUrl });
}
