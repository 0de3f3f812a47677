/**
 * What the page tools' `checkPermissions` share: reading the act's target fresh from the page, the
 * tab's address from the browser at call time (never from a cache), and turning an effect, its facts
 * and its data flows into the tool's permission opinion — with the landing guard the call runs under.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { isToolErrorLike } from '../../runtime/errors.js';
import type { CallEffect, DataFlow, LandingGuardSpec, PromptFact } from '../../runtime/permission-types.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { clip, showInvisible } from '../../shared/untrusted-text.js';
import { sendPageCommand, splitRef, tabOf, type TabInput } from '../page/page-call.js';
import { focusedFrame } from '../page/focus-frame.js';
import { nestedSites, uniqueFlows } from './data-flow.js';
import type { ActJudgement, TargetFacts } from './act-judgement.js';
import { siteOf } from './sites.js';

/** Failures after which the call itself fails the same way: there is nothing to judge, and nothing will happen. */
const CALL_WILL_FAIL = new Set(['STALE_REF', 'INVALID_REF', 'TAB_CLOSED', 'NOT_INJECTABLE', 'NO_TAB', 'NO_BROWSER']);

/** The facts, or why they could not be read (`willFail`: the call would fail the same way). */
export type Inspection = { ok: true; facts: TargetFacts; frameId: number } | { ok: false; willFail: boolean; code: string };

/** Reads the act's target (the ref's element, or the focused element of the frame holding focus) from the page now. */
export async function inspect(context: ToolUseContext, input: TabInput, ref: string | undefined, values?: readonly string[]): Promise<Inspection> {
  const tabId = tabOf(input, context);
  if (tabId === undefined || !context.browser) return { ok: false, willFail: true, code: tabId === undefined ? 'NO_TAB' : 'NO_BROWSER' };
  try {
    const read = async (frameId: number, local: string | undefined) => {
      const documentId = context.snapshots.knownDocument(tabId, frameId);
      const command = {
        type: 'inspect' as const,
        ...(local ? { ref: local } : {}),
        ...(documentId ? { documentId } : {}),
        ...(values ? { values: [...values] } : {}),
      };
      return sendPageCommand(context, tabId, command, frameId);
    };
    const { frameId, local } = ref ? splitRef(ref) : { frameId: 0, local: undefined };
    const facts = await read(frameId, local);
    // No ref and focus inside a child frame: the focused element is read in the frame that holds focus
    // (a rich editor inside a frame is judged there, as what a key typed into it does).
    if (!ref && facts.focus === 'frame') {
      const inner = (await focusedFrame(context, tabId)).frameId;
      if (inner !== 0) return { ok: true, facts: await read(inner, undefined), frameId: inner };
    }
    return { ok: true, facts, frameId };
  } catch (error) {
    const code = isToolErrorLike(error) ? error.code : 'INSPECT_FAILED';
    return { ok: false, willFail: CALL_WILL_FAIL.has(code), code };
  }
}

/** The opinion when the target could not be read: nothing to ask if the call will fail anyway; otherwise unknown, so unsafe. */
export function unreadable(inspection: Extract<Inspection, { ok: false }>, what: string): ToolPermissionResult {
  if (inspection.willFail) return { behavior: 'passthrough' };
  return {
    behavior: 'ask',
    destructive: true,
    reason: `what ${what} acts on could not be read from the page (${inspection.code}), so its effect is unknown`,
    effect: { summary: `${what} on an element that could not be read (${inspection.code})` },
  };
}

/** A page-derived value as a prompt shows it: one line, bounded, invisible and bidi characters revealed. */
export function shown(text: string, max = 300): string {
  // Line breaks stay visible as ⏎ (what Enter a typed text carries is part of what it does); zero-width
  // characters as escapes, which reads drop: a run of them can hide data in text the person approves.
  return clip(showInvisible(text.replace(/\r\n?|[\n\u2028\u2029\u0085]/g, '⏎'), true), max - 1);
}

/** The sites a call's tab may load while it runs: where it is, where the act leads, and any site nested in that address. */
export function guardFor(tabId: number | undefined, tabUrl: string | undefined, landing: string | undefined): LandingGuardSpec | undefined {
  if (tabId === undefined) return undefined;
  const allowed = [tabUrl, landing, ...(landing ? nestedSites(landing) : [])].filter(
    (site): site is string => site !== undefined && siteOf(site) !== undefined,
  );
  return allowed.length > 0 ? { tabId, allowed } : undefined;
}

/** The tool's opinion from what the act will do: ask in every mode when destructive, otherwise leave it to the mode. */
export function opinion(parts: {
  effect: ActJudgement;
  facts: PromptFact[];
  flows?: DataFlow[];
  tabId: number | undefined;
  tabUrl: string | undefined;
  destructive?: string | undefined;
  subjects?: string[];
}): ToolPermissionResult {
  const { effect, tabId, tabUrl } = parts;
  const landingSite = effect.landing ? siteOf(effect.landing) : undefined;
  const flows = uniqueFlows(parts.flows ?? []);
  const callEffect: CallEffect = {
    summary: shown(effect.summary, 400),
    facts: parts.facts,
    ...(landingSite ? { landing: landingSite } : {}),
    ...(flows.length > 0 ? { dataFlows: flows } : {}),
  };
  const guard = guardFor(tabId, tabUrl, effect.landing);
  const extra = { effect: callEffect, ...(guard ? { guard } : {}), ...(parts.subjects ? { subjects: parts.subjects } : {}) };
  const reason = parts.destructive ?? effect.destructive;
  return reason ? { behavior: 'ask', destructive: true, reason: shown(reason, 400), ...extra } : { behavior: 'passthrough', ...extra };
}
