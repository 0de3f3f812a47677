/**
 * The general permission system: may this call run? Judged per call (principle 3), after the input was
 * validated (principle 4). Order of evaluation, first match wins:
 *
 *   1. deny rules (on the call's site, and on every site it touches) → deny
 *   2. read-only mode, call not read-only → deny
 *   3. the tool's own `checkPermissions` deny → deny
 *   4. data read on one site would go to another (not approved for this task) → ask, in every mode
 *   5. the call acts on several sites at once → ask, in every mode
 *   6. ask rules                       → ask
 *   7. allow rules                     → allow   (only a rule naming the tool lets a destructive call skip the prompt)
 *   8. destructive call (the tool's `isDestructive`, or its own check's destructive ask) → ask
 *   9. the tool's own ask / allow (an external tool's allow is ignored; its read-only hint counts,
 *      because the person chose to add its server)
 *  10. the mode: read-only calls run; `auto` runs the rest; `ask` runs what a grant covers (for this
 *      task or always on this site), asks the rest.
 *
 * Steps 4 and 5 are not covered by rules, modes or site grants: only the person, for this call or for
 * this task, lets data leave its site. "Ask" goes to the person through `context.askPerson`; with no UI
 * attached the call is denied (`no_ui`). Every decision carries a `DecisionReason` so the panel can say why.
 */
import type { AppState, ToolUseContext } from './context.js';
import { siteKey } from './data-ledger.js';
import { safely } from './errors.js';
import { findGrant, findRule, hostOf, originOf, parseRule } from './permission-rules.js';
import { judgeByPlan, PLAN_REQUIRED, planRequired } from './plan-mode.js';
import {
  MAX_FLOWS_SHOWN,
  type AllowedCall,
  type DataFlow,
  type DecisionReason,
  type FlowApproval,
  type PermissionDecision,
  type PersonChoiceKind,
  type SiteGrant,
} from './permission-types.js';
import type { AnyTool, CanUseTool, ToolJudgement } from './tool.js';

export { findGrant, hostOf, matchesPattern, matchesRule, originOf, parseRule, type ParsedRule } from './permission-rules.js';

const allow = (reason: DecisionReason): PermissionDecision => ({ behavior: 'allow', reason });
const deny = (reason: DecisionReason, message: string, suggestion: string, code?: string): PermissionDecision => ({
  behavior: 'deny',
  reason,
  message,
  suggestion,
  ...(code ? { code } : {}),
});

interface Ask {
  behavior: 'ask';
  why: DecisionReason;
  destructive: boolean;
  choices: PersonChoiceKind[];
}
type Verdict = PermissionDecision | Ask;

const ONCE: PersonChoiceKind[] = ['allow_once', 'deny'];
const scopes = (subject: string | undefined): PersonChoiceKind[] => (subject === undefined ? ONCE : ['allow_once', 'allow_task', 'allow_always', 'deny']);

/**
 * Did an approval cover this flow: the same sites, and data the prompt showed — the same text, or a part
 * of it (a text shown cut short covers only the part shown). Why by the data and not by the two sites: a
 * yes to the page title going to a shop must not let a one-time code read on the same page follow it.
 */
export function approvalCovers(approval: FlowApproval, flow: DataFlow): boolean {
  if (approval.from !== siteKey(flow.from) || approval.to !== siteKey(flow.to) || typeof approval.text !== 'string') return false;
  if (approval.text === flow.text) return true;
  const shown = approval.text.endsWith('…') ? approval.text.slice(0, -1) : approval.text;
  return !flow.text.endsWith('…') && flow.text.length > 0 && shown.includes(flow.text);
}

/** The flows still needing a yes: those this run has not approved "for this task". */
function unapprovedFlows(flows: readonly DataFlow[] | undefined, state: AppState): DataFlow[] {
  const approved = state.approvedFlows ?? [];
  return (flows ?? []).filter((flow) => !approved.some((approval) => approvalCovers(approval, flow)));
}

/** Steps 1–10 above, without asking anyone. */
async function decide(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ToolUseContext,
  subject: string | undefined,
): Promise<{ verdict: Verdict; judgement: ToolJudgement }> {
  const { mode, rules } = context.permissions;
  const denied = (rule: string, site: string | undefined) =>
    deny(
      { type: 'rule', rule, behavior: 'deny' },
      `${tool.name}${site ? ` on ${site}` : ''} is blocked by the rule "${rule}".`,
      'Do not retry this call; find another way or ask the person to change the rule in Settings.',
    );

  const denyRule = findRule(rules.deny, tool.name, subject);
  if (denyRule) return { verdict: denied(denyRule, subject), judgement: {} };
  // External (MCP) tools describe themselves. Their read-only hint is trusted — it runs the call
  // unasked — only because the person chose to add that server (Settings says so per server); their
  // own "allow" is still ignored below, and a destructive hint always asks.
  const readOnly = tool.isReadOnly(input);
  if (mode === 'read-only' && !readOnly) {
    const verdict = deny(
      { type: 'mode', mode, detail: 'only read-only calls run in read-only mode' },
      `This ${tool.name} call changes something, and Pagewright is in read-only mode.`,
      'Only read the page in this mode, or ask the person to switch the permission mode in Settings.',
    );
    return { verdict, judgement: {} };
  }
  const own = await tool.checkPermissions(input, context);
  if (own.behavior === 'deny') return { verdict: deny({ type: 'tool', detail: own.message }, own.message, own.suggestion), judgement: {} };
  const judgement: ToolJudgement = {
    ...(own.effect ? { effect: own.effect } : {}),
    ...(own.subjects ? { subjects: own.subjects } : {}),
    ...(own.guard ? { guard: own.guard } : {}),
    ...(own.plan ? { plan: own.plan } : {}),
  };
  const ask = (why: DecisionReason, destructive: boolean, choices: PersonChoiceKind[]) => ({
    verdict: { behavior: 'ask', why, destructive, choices } as Ask,
    judgement,
  });

  // A rule on any site the call touches applies: a field in an ad frame must not carry a bank's fields past a deny rule.
  const sites = [...new Set(own.subjects ?? [])];
  for (const site of sites) {
    const rule = findRule(rules.deny, tool.name, site);
    if (rule) return { verdict: denied(rule, site), judgement };
  }
  // Plan mode: nothing changes before the person approved a plan. What runs unasked in ask mode (the
  // tool's own allow, hover) and every read need none.
  const ownAllow = own.behavior === 'allow' && !tool.isExternal;
  if (mode === 'plan' && !readOnly && !ownAllow && context.getAppState().plan === undefined) {
    const refused = planRequired(tool.name);
    return { verdict: deny(refused.reason, refused.message, refused.suggestion, PLAN_REQUIRED), judgement };
  }
  // Why these two stay above rules, modes and grants: a page's text can talk the model into carrying
  // what it read to a site of the page's choosing; only the person may let that happen.
  const flows = unapprovedFlows(own.effect?.dataFlows, context.getAppState());
  if (flows.length > 0) {
    const read = [...new Set(flows.filter((flow) => flow.seen !== 'screenshot').map((flow) => flow.from))];
    const seen = [...new Set(flows.filter((flow) => flow.seen === 'screenshot').map((flow) => flow.from))];
    const what = [...(read.length ? [`text read on ${read.join(', ')}`] : []), ...(seen.length ? [`what a screenshot of ${seen.join(', ')} showed`] : [])];
    const detail = `it would carry ${what.join(' and ')} to ${flows[0]?.to ?? 'another site'}`;
    return ask({ type: 'data_flow', detail }, true, ['allow_once', 'allow_task', 'deny']);
  }
  if (new Set(sites.map(siteKey)).size > 1)
    return ask({ type: 'mixed_sites', detail: `it acts on ${sites.length} sites at once: ${sites.join(', ')}` }, true, ONCE);

  const askRule = findRule(rules.ask, tool.name, subject);
  if (askRule) return ask({ type: 'rule', rule: askRule, behavior: 'ask' }, false, scopes(subject));
  // Destructive calls always reach the person unless an allow rule naming the tool itself (a wildcard
  // like `mcp__github__*` does not): not auto mode, not a site grant, not the tool's own opinion may
  // skip this. Keep it that way.
  const ownDestructive = own.behavior === 'ask' && own.destructive === true;
  const destructive = tool.isDestructive(input, context) || ownDestructive;
  const allowRule = findRule(rules.allow, tool.name, subject);
  if (allowRule && (!destructive || parseRule(allowRule)?.tool === tool.name))
    return { verdict: allow({ type: 'rule', rule: allowRule, behavior: 'allow' }), judgement };
  if (destructive)
    return ask({ type: 'destructive', detail: ownDestructive && own.behavior === 'ask' ? own.reason : tool.description(input, context) }, true, ONCE);

  if (own.behavior === 'ask') return ask(own.plan ? { type: 'plan', detail: own.reason } : { type: 'tool', detail: own.reason }, false, scopes(subject));
  if (own.behavior === 'allow' && !tool.isExternal) return { verdict: allow({ type: 'tool', detail: own.reason }), judgement };

  if (readOnly) return { verdict: allow({ type: 'mode', mode, detail: 'read-only calls run without asking' }), judgement };
  if (mode === 'auto') return { verdict: allow({ type: 'mode', mode, detail: 'auto mode runs non-destructive calls' }), judgement };
  const state = context.getAppState();
  // Plan mode: the approved plan covers its sites; a call outside it falls to the grants, then asks.
  const byPlan = mode === 'plan' ? judgeByPlan(state, subject, own.effect?.landing) : undefined;
  if (byPlan?.covered) return { verdict: allow(byPlan.reason), judgement };
  const taskGrant = findGrant(state.taskGrants ?? [], tool.name, subject);
  if (taskGrant) return { verdict: allow({ type: 'grant', origin: taskGrant.origin, scope: 'task' }), judgement };
  const grant = findGrant([...state.grants, ...context.permissions.grants], tool.name, subject);
  if (grant) return { verdict: allow({ type: 'grant', origin: grant.origin, scope: 'always' }), judgement };
  if (byPlan) return ask(byPlan.reason, false, scopes(subject));
  return ask({ type: 'mode', mode, detail: 'ask mode asks before calls that change something' }, false, scopes(subject));
}

/** Options for `createCanUseTool`. */
export interface CanUseToolOptions {
  /** Called when the person chooses "always allow on this site"; the extension persists the grant. */
  onGrant?: (grant: SiteGrant) => void | Promise<void>;
}

/** The site a grant for this subject is kept under. */
const grantOrigin = (subject: string) => originOf(subject) ?? `https://${hostOf(subject)}`;

/** The general permission system as the executor calls it. */
export function createCanUseTool(options: CanUseToolOptions = {}): CanUseTool {
  return async (tool, input, context, toolUseId) => {
    // A subject we cannot compute matches no site rule or grant: fail closed.
    const subject = await safely(async () => (await tool.permissionSubject(input, context)) ?? undefined, undefined);
    const { verdict, judgement } = await decide(tool, input, context, subject);
    const allowed = (reason: DecisionReason): PermissionDecision => ({ behavior: 'allow', reason, ...withJudgement(subject, judgement) });
    if (verdict.behavior === 'allow') return allowed(verdict.reason);
    if (verdict.behavior === 'deny') return { ...verdict, ...(subject !== undefined ? { subject } : {}) };

    const what = tool.description(input, context);
    if (!context.askPerson) {
      return deny(
        { type: 'no_ui', detail: `would ask: ${what}` },
        `"${what}" needs the person's permission, but no Pagewright side panel is open to ask them.`,
        'Tell the person what you want to do and ask them to open the side panel (or add an allow rule in Settings); continue with read-only steps meanwhile.',
      );
    }
    const answer = await context.askPerson(
      {
        toolUseId,
        toolName: tool.name,
        description: what,
        input,
        site: subject,
        why: verdict.why,
        destructive: verdict.destructive,
        choices: verdict.choices,
        ...(judgement.effect ? { effect: judgement.effect } : {}),
        ...(judgement.plan ? { plan: judgement.plan } : {}),
      },
      context.abortController.signal,
    );
    if (answer.choice === 'deny') {
      const because = answer.reason ? ` Their reason: ${answer.reason}` : '';
      return deny(
        { type: 'person', choice: 'deny', ...(answer.reason ? { reason: answer.reason } : {}) },
        `The person declined "${what}".${because}`,
        'Do not repeat this call. Ask the person how they would like to proceed, or choose a different approach.',
      );
    }
    // A scope the prompt did not offer (a destructive act is "once" only) counts as once.
    const choice = verdict.choices.includes(answer.choice) ? answer.choice : 'allow_once';
    if (choice === 'allow_task') rememberForTask(context, tool.name, subject, judgement);
    if (choice === 'allow_always' && subject !== undefined) {
      const grant: SiteGrant = { origin: grantOrigin(subject), tool: tool.name };
      context.setAppState((prior: AppState) => ({ ...prior, grants: [...prior.grants, grant] }));
      await options.onGrant?.(grant);
    }
    return allowed({ type: 'person', choice });
  };
}

/** "Allow for this task": the data flows the prompt showed, or the tool on this site, for the rest of the run. */
function rememberForTask(context: ToolUseContext, toolName: string, subject: string | undefined, judgement: ToolJudgement): void {
  const flows = judgement.effect?.dataFlows ?? [];
  if (flows.length > 0) {
    // Only what the prompt listed: a flow it did not show was not approved.
    const approvals = flows.slice(0, MAX_FLOWS_SHOWN).map((flow) => ({ from: siteKey(flow.from), to: siteKey(flow.to), text: flow.text }));
    context.setAppState((prior) => ({ ...prior, approvedFlows: [...(prior.approvedFlows ?? []), ...approvals] }));
    return;
  }
  if (subject === undefined) return;
  const grant: SiteGrant = { origin: grantOrigin(subject), tool: toolName };
  context.setAppState((prior) => ({ ...prior, taskGrants: [...(prior.taskGrants ?? []), grant] }));
}

function withJudgement(subject: string | undefined, judgement: ToolJudgement): AllowedCall {
  return {
    ...(subject !== undefined ? { subject } : {}),
    ...(judgement.effect ? { effect: judgement.effect } : {}),
    ...(judgement.guard ? { guard: judgement.guard } : {}),
  };
}
