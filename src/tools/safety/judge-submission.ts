/** What every act that may submit a form shows and judges of it: its fields and values, and the data they carry to its action. */
import type { ToolUseContext } from '../../runtime/context.js';
import type { DataFlow, PromptFact } from '../../runtime/permission-types.js';
import type { ActJudgement } from './act-judgement.js';
import { flowsOfForm } from './data-flow.js';
import { shown } from './judge.js';

/** The prompt facts for a form submission: its fields and values (passwords masked). */
export function submissionFacts(effect: ActJudgement): PromptFact[] {
  const fields = effect.submission?.form.fields ?? [];
  return fields.slice(0, 12).map((field) => ({
    label: shown(field.label || field.name || field.type, 80),
    value: field.masked ? '••••••' : shown(field.value),
    ...(field.masked ? { masked: true } : {}),
  }));
}

/** The data a submission would carry to its action, including values about to be typed or filled. */
export function submissionFlows(context: ToolUseContext, effect: ActJudgement, typed: string | readonly string[] = ''): DataFlow[] {
  return effect.submission ? flowsOfForm(context, effect.submission.form, effect.submission.action, typed) : [];
}
