/**
 * Types of the general permission system, shared by the tool contract, the context and the UI. The
 * shapes the side panel receives (why a call was allowed or denied, what the person is asked) are zod
 * schemas, and their types are inferred from them.
 */
import { z } from 'zod';

/**
 * `plan`: the agent proposes its steps and the sites it will act on (`update_plan`); once the person
 * approves, acts on those sites run unasked and everything outside the plan still asks.
 */
export const permissionModeSchema = z.enum(['ask', 'auto', 'read-only', 'plan']);
export type PermissionMode = z.infer<typeof permissionModeSchema>;

/** The modes a coding agent's calls may be judged in: no plan mode (it has no plan card to answer). */
export const externalPermissionModeSchema = z.enum(['ask', 'auto', 'read-only']);

/** A plan the agent proposes: its steps in words and the origins it will act on (normalised by update_plan). */
export const planSchema = z.object({ steps: z.array(z.string()), sites: z.array(z.string()) });
export type Plan = z.infer<typeof planSchema>;

/** `tool` or `tool(pattern)`; the pattern matches the call's permission subject (`*.example.com` style). */
export type PermissionRuleString = string;

export interface PermissionRules {
  allow: readonly PermissionRuleString[];
  deny: readonly PermissionRuleString[];
  ask: readonly PermissionRuleString[];
}

/** "Always allow on this site": a tool granted on an origin by the person. */
export const siteGrantSchema = z.object({ origin: z.string(), tool: z.string() });
export type SiteGrant = z.infer<typeof siteGrantSchema>;

export interface PermissionContext {
  mode: PermissionMode;
  rules: PermissionRules;
  grants: readonly SiteGrant[];
}

/**
 * The person's answer to a permission prompt: once; for this task (this run, this site — or, for data
 * leaving, this flow from one site to another); always on this site; or no.
 */
export const personChoiceKindSchema = z.enum(['allow_once', 'allow_task', 'allow_always', 'deny']);
export type PersonChoiceKind = z.infer<typeof personChoiceKindSchema>;

/**
 * "Allow for this task" on a data prompt: the data the prompt showed (`text`, as shown), read on `from`,
 * may go to `to` for the rest of the run — that data only: other data between the same sites asks again.
 */
export const flowApprovalSchema = z.object({ from: z.string(), to: z.string(), text: z.string() });
export type FlowApproval = z.infer<typeof flowApprovalSchema>;

/** Why a decision was made, so the UI can show it. */
export const decisionReasonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rule'), rule: z.string(), behavior: z.enum(['allow', 'deny', 'ask']) }),
  z.object({ type: z.literal('mode'), mode: permissionModeSchema, detail: z.string() }),
  z.object({ type: z.literal('grant'), origin: z.string(), scope: z.enum(['task', 'always']).optional() }),
  z.object({ type: z.literal('person'), choice: personChoiceKindSchema, reason: z.string().optional() }),
  z.object({ type: z.literal('tool'), detail: z.string() }),
  z.object({ type: z.literal('destructive'), detail: z.string() }),
  z.object({ type: z.literal('no_ui'), detail: z.string() }),
  /** Data read on one site would go to another. */
  z.object({ type: z.literal('data_flow'), detail: z.string() }),
  /** The call acts on several sites at once (fill_form across frames). */
  z.object({ type: z.literal('mixed_sites'), detail: z.string() }),
  /** Plan mode: allowed by the approved plan, or asked because the call goes outside it. */
  z.object({ type: z.literal('plan'), detail: z.string() }),
]);
export type DecisionReason = z.infer<typeof decisionReasonSchema>;

/** One fact a prompt shows: the exact text to be typed (masked for a password), a field and its value, the landing site. */
export const promptFactSchema = z.object({ label: z.string(), value: z.string(), masked: z.boolean().optional() });
export type PromptFact = z.infer<typeof promptFactSchema>;

/** The most data flows a prompt lists; "Allow for this task" approves only those (the rest ask again). */
export const MAX_FLOWS_SHOWN = 8;

/**
 * Data read on one origin that a call would carry to another. `seen` says how it is known when it is not
 * a match of the text itself: `screenshot` (an image of `from` was read: what it showed cannot be matched,
 * so the whole text counts), `unindexed` (the run read more than the ledger holds: everything counts).
 */
export const dataFlowSchema = z.object({ from: z.string(), to: z.string(), text: z.string(), seen: z.enum(['screenshot', 'unindexed']).optional() });
export type DataFlow = z.infer<typeof dataFlowSchema>;

/** What a call will really do, judged before it runs from what the page says now: the prompt shows it. */
export const callEffectSchema = z.object({
  /** In words: "submits the form “Delete account” (POST /account/delete)". */
  summary: z.string().optional(),
  facts: z.array(promptFactSchema).optional(),
  /** The site a navigation will land on (`https://shop.example`). */
  landing: z.string().optional(),
  /** Read data this call would carry to another site; a prompt lists the first MAX_FLOWS_SHOWN and says how many more. */
  dataFlows: z.array(dataFlowSchema).optional(),
});
export type CallEffect = z.infer<typeof callEffectSchema>;

/** While a call runs, keep its tab's top-level navigations to these sites (the rest are stopped). */
export interface LandingGuardSpec {
  tabId: number;
  /** Origins or URLs whose sites the tab may load. */
  allowed: readonly string[];
}

/** What the executor needs from an allowed call besides the yes: its site, its judged effect, its guard. */
export interface AllowedCall {
  subject?: string;
  effect?: CallEffect;
  guard?: LandingGuardSpec;
}

export type PermissionDecision =
  | ({ behavior: 'allow'; reason: DecisionReason } & AllowedCall)
  | { behavior: 'deny'; reason: DecisionReason; message: string; suggestion: string; subject?: string; code?: string };

/** What the person is asked. The side panel renders it as a dialog. */
export const permissionRequestSchema = z.object({
  toolUseId: z.string(),
  toolName: z.string(),
  /** The tool's `description(input)`. */
  description: z.string(),
  input: z.record(z.string(), z.unknown()),
  /** The origin or host the call acts on, if any. */
  site: z.string().optional(),
  /** Why it asks: destructive, the mode, no grant, a rule. */
  why: decisionReasonSchema,
  destructive: z.boolean(),
  /** What the call will really do, judged from the page as it is now. */
  effect: callEffectSchema.optional(),
  /** The answers this prompt offers, in order (a destructive act only "Allow once"). */
  choices: z.array(personChoiceKindSchema),
  /** A plan to approve (update_plan in plan mode): the panel shows it as a plan card. */
  plan: planSchema.optional(),
  /** How many more prompts wait behind this one. */
  queued: z.number().int().min(0).optional(),
});
export type PermissionRequest = z.infer<typeof permissionRequestSchema>;

export type PersonChoice = { choice: 'allow_once' } | { choice: 'allow_task' } | { choice: 'allow_always' } | { choice: 'deny'; reason?: string };
