/**
 * fill_form judged field by field, each by its own effect and against its own frame's origin:
 *
 * - every field is read from the page just before (its frame's origin, what a change of it does): a
 *   select or checkbox whose change submits or navigates is judged as that submit or navigation, as
 *   select_option and click judge it — a fill does not make it quieter;
 * - each field's value is data sent to its frame's origin (its scripts read it), and the values going to
 *   one origin are judged together too, in field order: a one-time code put one digit per box is a code;
 * - a rule or grant for one site must not cover a field of another, so a call that spans sites says so.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { DataFlow, PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { originOf } from '../../runtime/permission-rules.js';
import { currentUrl, describeRef, knownElement, splitRef, tabOf } from '../page/page-call.js';
import { describeControl, judgeChange, judgeSelect, type ActJudgement } from './act-judgement.js';
import { flowsOfValues } from './data-flow.js';
import { fieldIsSensitive } from './destructive.js';
import { inspect, opinion, shown } from './judge.js';
import { submissionFlows } from './judge-submission.js';

type FillInput = { tab_id?: number | undefined; fields: ReadonlyArray<{ ref: string; value: string }> };

/** fill_form's opinion. */
export async function judgeFillCall(input: FillInput, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const tabUrl = await currentUrl(context, tabId);
  const listed = tabId === undefined || !context.browser ? [] : await context.browser.listFrames(tabId).catch(() => []);
  const frameOrigin = (frameId: number) =>
    frameId === 0 ? originOf(tabUrl) : (originOf(listed.find((frame) => frame.frameId === frameId)?.url) ?? originOf(tabUrl));
  // Every field as it is now, from its own frame, in parallel.
  const inspections = await Promise.all(input.fields.map((field) => inspect(context, input, field.ref, [field.value])));

  const facts: PromptFact[] = [];
  const valuesByOrigin = new Map<string, string[]>();
  const changes: string[] = [];
  const flows: DataFlow[] = [];
  let destructive: string | undefined;
  let landing: ActJudgement | undefined;
  input.fields.forEach((field, index) => {
    const inspection = inspections[index];
    const element = knownElement(context, input, field.ref);
    const label = describeRef(context, input, field.ref);
    // The frame's own word on its origin; the listed frame's address when it cannot say (an opaque origin).
    const said = inspection?.ok ? originOf(inspection.facts.origin) : undefined;
    const origin = said ?? frameOrigin(splitRef(field.ref).frameId);
    if (origin) valuesByOrigin.set(origin, [...(valuesByOrigin.get(origin) ?? []), field.value]);
    const masked = element?.inputType === 'password';
    facts.push({ label: shown(label, 80), value: masked ? '••••••' : shown(field.value), ...(masked ? { masked: true } : {}) });
    destructive ??= fieldIsSensitive(element).reason;
    if (!inspection?.ok) {
      // A field that cannot be read may do anything on change; one whose fill will fail anyway changes nothing.
      if (inspection && !inspection.willFail) destructive ??= `what filling ${label} does could not be read from the page (${inspection.code})`;
      return;
    }
    const target = inspection.facts.target;
    const what = `sets ${target ? describeControl(target) : label}`;
    const change = target?.tag === 'select' ? judgeSelect(inspection.facts, inspection.facts.url) : judgeChange(inspection.facts, inspection.facts.url, what);
    if (!change || (!change.destructive && !change.landing && !change.submission)) return;
    changes.push(change.summary);
    destructive ??= change.destructive;
    if (change.landing) landing ??= change;
    flows.push(
      ...submissionFlows(
        context,
        change,
        input.fields.map((f) => f.value),
      ),
    );
  });
  for (const [origin, values] of valuesByOrigin) flows.push(...flowsOfValues(context, values, origin, { typed: true }));

  const origins = [...valuesByOrigin.keys()];
  const base = `fills ${input.fields.length} field${input.fields.length === 1 ? '' : 's'}${origins.length > 1 ? ` across ${origins.length} sites (${origins.join(', ')})` : ''}`;
  const summary = changes.length > 0 ? `${base}; ${changes.join('; ')}` : base;
  return opinion({
    effect: { summary, ...(landing?.landing ? { landing: landing.landing } : {}) },
    facts,
    flows,
    tabId,
    tabUrl,
    destructive,
    ...(origins.length > 1 ? { subjects: origins } : {}),
  });
}
