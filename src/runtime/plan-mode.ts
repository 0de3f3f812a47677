/**
 * Plan mode's part of the permission system. Before its first act the agent proposes a plan (its steps
 * and the sites it will act on, `update_plan`); the person approves it once in the panel. Then acts on
 * those sites run without a prompt, and everything outside the plan still asks: a site not in it (a
 * navigation landing on one too), and — decided before this is consulted — destructive acts, data
 * leaving its site, a call on several sites, ask rules and the tools' own asks.
 */
import type { AppState } from './context.js';
import type { DecisionReason, Plan } from './permission-types.js';

/** The code of an act refused in plan mode before the person approved a plan. */
export const PLAN_REQUIRED = 'PLAN_REQUIRED';

/** Scheme, host without `www.`, and port: sites as a person tells them apart (www.shop.example is shop.example). */
function siteKeyOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.origin === 'null') return undefined;
    return `${parsed.protocol}//${parsed.host.replace(/^www\./, '')}`;
  } catch {
    return undefined;
  }
}

/** Does the approved plan name this site (an origin or URL)? A site that cannot be parsed is never covered. */
export function planCoversSite(plan: Plan, site: string | undefined): boolean {
  const key = site === undefined ? undefined : siteKeyOf(site);
  return key !== undefined && plan.sites.some((planned) => siteKeyOf(planned) === key);
}

/** The refusal of an act before a plan is approved, as the executor reports it to the model. */
export function planRequired(toolName: string): { reason: DecisionReason; message: string; suggestion: string } {
  return {
    reason: { type: 'plan', detail: 'no plan has been approved in this run yet' },
    message: `${toolName} changes something, and in plan mode nothing is changed before the person approves a plan.`,
    suggestion:
      'Call update_plan with the steps you will take and the sites (origins such as https://shop.example) you will act on; once the person approves it, act. Reading needs no plan.',
  };
}

/**
 * An act in plan mode that nothing before asked about: allowed when the plan covers its site and where
 * it lands, otherwise the reason it must ask. `undefined` plan means none approved (callers refuse first).
 */
export function judgeByPlan(
  state: AppState,
  subject: string | undefined,
  landing: string | undefined,
): { covered: true; reason: DecisionReason } | { covered: false; reason: DecisionReason } {
  const plan = state.plan;
  if (!plan) return { covered: false, reason: { type: 'plan', detail: 'no plan has been approved in this run yet' } };
  if (subject === undefined || !planCoversSite(plan, subject))
    return {
      covered: false,
      reason: {
        type: 'plan',
        detail: subject ? `${siteKeyOf(subject) ?? subject} is not a site of the approved plan` : 'it acts on no site of the approved plan',
      },
    };
  if (landing !== undefined && !planCoversSite(plan, landing))
    return {
      covered: false,
      reason: { type: 'plan', detail: `it would take the tab to ${siteKeyOf(landing) ?? landing}, which is not a site of the approved plan` },
    };
  return { covered: true, reason: { type: 'plan', detail: `the approved plan covers ${siteKeyOf(subject) ?? subject}` } };
}
