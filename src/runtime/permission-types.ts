/**
 * Types of the general permission system, shared by the tool contract, the context and the UI. The
 * shapes the side panel receives (why a call was allowed or denied, what the person is asked) are zod
 * schemas, and their types are inferred from them.
 */
import { z } from 'zod';

export const permissionModeSchema = z.enum(['ask', 'auto', 'read-only']);
export type PermissionMode = z.infer<typeof permissionModeSchema>;

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

/** The person's answer to a permission prompt. */
export const personChoiceKindSchema = z.enum(['allow_once', 'allow_always', 'deny']);

/** Why a decision was made, so the UI can show it. */
export const decisionReasonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rule'), rule: z.string(), behavior: z.enum(['allow', 'deny', 'ask']) }),
  z.object({ type: z.literal('mode'), mode: permissionModeSchema, detail: z.string() }),
  z.object({ type: z.literal('grant'), origin: z.string() }),
  z.object({ type: z.literal('person'), choice: personChoiceKindSchema, reason: z.string().optional() }),
  z.object({ type: z.literal('tool'), detail: z.string() }),
  z.object({ type: z.literal('destructive'), detail: z.string() }),
  z.object({ type: z.literal('no_ui'), detail: z.string() }),
]);
export type DecisionReason = z.infer<typeof decisionReasonSchema>;

export type PermissionDecision =
  | { behavior: 'allow'; reason: DecisionReason }
  | { behavior: 'deny'; reason: DecisionReason; message: string; suggestion: string };

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
});
export type PermissionRequest = z.infer<typeof permissionRequestSchema>;

export type PersonChoice = { choice: 'allow_once' } | { choice: 'allow_always' } | { choice: 'deny'; reason?: string };
