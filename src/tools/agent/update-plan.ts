/**
 * `update_plan`: in plan mode, the agent's proposal before it acts — the steps in words and the sites
 * (origins) it will act on. The person approves it once, on a plan card in the panel; then acts on those
 * sites run without a prompt, and what lies outside the plan still asks (src/runtime/plan-mode.ts). A
 * denied plan comes back with the person's reason, like any denied call. A new plan replaces the
 * approved one only once the person approves it. In the other modes the plan is only noted.
 */
import { z } from 'zod';
import { ToolError } from '../../runtime/errors.js';
import type { Plan } from '../../runtime/permission-types.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';

const inputSchema = z.strictObject({
  steps: z
    .array(z.string().trim().min(1).max(300))
    .min(1)
    .max(20)
    .describe('What you will do, one short step each in plain words, in order (1–20), e.g. "Add the three items to the cart".'),
  sites: z
    .array(z.string().trim().min(1).max(300))
    .min(1)
    .max(10)
    .describe('The sites you will act on, as origins ("https://shop.example"; a bare host means https://). 1–10.'),
});

/** The result the model reads. */
export interface UpdatePlanOutput {
  approved: boolean;
  plan: Plan;
  mode: string;
}

/** One site of a plan as an origin: a bare host gets https://; anything but http(s) is refused. */
export function normalizePlanSite(site: string): string {
  const text = site.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d+(\/|$)/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ToolError('INVALID_SITE', `"${text}" is not a site.`, { suggestion: 'Give each site as an origin, e.g. "https://shop.example".' });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw new ToolError('INVALID_SITE', `"${text}" is not a web site (only http and https sites can be in a plan).`, {
      suggestion: 'Give each site as an http(s) origin, e.g. "https://shop.example".',
    });
  }
  return url.origin;
}

/** The plan with its sites as unique origins; throws INVALID_SITE for a site that is none. */
export function normalizePlan(input: { steps: readonly string[]; sites: readonly string[] }): Plan {
  return { steps: [...input.steps], sites: [...new Set(input.sites.map(normalizePlanSite))] };
}

const samePlan = (a: Plan | undefined, b: Plan) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);
const hostsOf = (plan: Plan) => plan.sites.map((site) => new URL(site).host).join(', ');

/** Proposes (or replaces) the run's plan; in plan mode the person approves it on a plan card. */
export const updatePlan = buildTool<typeof inputSchema, UpdatePlanOutput>({
  name: 'update_plan',
  aliases: ['plan', 'propose_plan', 'set_plan'],
  searchHint: 'propose steps and sites for the person to approve',
  inputSchema,
  prompt: [
    'Proposes your plan to the person before you change anything: the steps in plain words and the sites (origins) you will act on. In plan mode, acts (click, type, fill_form, navigate…) return PLAN_REQUIRED until the person approves a plan; reading never needs one.',
    'Once approved, acts on those sites run without asking; destructive acts, data going to another site and any site not in the plan still ask. To change course, call update_plan again: the new plan replaces the old one once approved. If the person denies it, their reason comes back: adjust the plan or ask them.',
  ].join('\n'),
  description: (input) => `Plan: ${input.steps.length} step${input.steps.length === 1 ? '' : 's'} on ${input.sites.join(', ')}`,
  // Offered in plan mode only; a helper agent cannot change the run's state, so it could never hold a plan.
  isEnabled: (context) => context === undefined || (context.agentType === 'main' && context.permissions.mode === 'plan'),
  // It changes no page and nothing outside the run: reading stays possible in every mode.
  isReadOnly: () => true,
  validateInput: (input): ValidationResult => {
    try {
      normalizePlan(input);
      return { ok: true };
    } catch (error) {
      const e = error as ToolError;
      return { ok: false, code: e.code, message: e.message, suggestion: e.suggestion };
    }
  },
  checkPermissions: async (input, context) => {
    const plan = normalizePlan(input);
    if (context.permissions.mode !== 'plan') return { behavior: 'allow', reason: 'Outside plan mode a plan is only noted.' };
    if (samePlan(context.getAppState().plan, plan)) return { behavior: 'allow', reason: 'This plan is the one the person approved.' };
    return { behavior: 'ask', reason: `the agent proposes a plan of ${plan.steps.length} steps on ${hostsOf(plan)}`, plan };
  },
  async call(input, context) {
    const plan = normalizePlan(input);
    const mode = context.permissions.mode;
    if (mode !== 'plan') return { data: { approved: false, plan, mode } };
    // Reached only after the person approved it (or it is the plan already approved): it becomes the scope.
    context.setAppState((prior) => ({ ...prior, plan }));
    return { data: { approved: true, plan, mode } };
  },
  mapResultForModel: (output) => [
    {
      type: 'text',
      text: output.approved
        ? `The person approved the plan. Acts on ${output.plan.sites.join(', ')} now run without asking. Still asking: destructive acts (deleting, paying, sending, posting a form), data read on one site going to another, and any site not in the plan. Call update_plan again if the plan must change.`
        : `Plan noted. Pagewright is in ${output.mode} mode, which does not use plans: acts are judged as that mode says.`,
    },
  ],
});
