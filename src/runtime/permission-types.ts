/** Types of the general permission system, shared by the tool contract, the context and the UI. */

export type PermissionMode = 'ask' | 'auto' | 'read-only';

/** `tool` or `tool(pattern)`; the pattern matches the call's permission subject (`*.example.com` style). */
export type PermissionRuleString = string;

export interface PermissionRules {
  allow: readonly PermissionRuleString[];
  deny: readonly PermissionRuleString[];
  ask: readonly PermissionRuleString[];
}

/** "Always allow on this site": a tool granted on an origin by the person. */
export interface SiteGrant {
  origin: string;
  tool: string;
}

export interface PermissionContext {
  mode: PermissionMode;
  rules: PermissionRules;
  grants: readonly SiteGrant[];
}

/** Why a decision was made, so the UI can show it. */
export type DecisionReason =
  | { type: 'rule'; rule: PermissionRuleString; behavior: 'allow' | 'deny' | 'ask' }
  | { type: 'mode'; mode: PermissionMode; detail: string }
  | { type: 'grant'; origin: string }
  | { type: 'person'; choice: 'allow_once' | 'allow_always' | 'deny'; reason?: string }
  | { type: 'tool'; detail: string }
  | { type: 'destructive'; detail: string }
  | { type: 'no_ui'; detail: string };

export type PermissionDecision =
  | { behavior: 'allow'; reason: DecisionReason }
  | { behavior: 'deny'; reason: DecisionReason; message: string; suggestion: string };

/** What the person is asked. The side panel renders it as a dialog. */
export interface PermissionRequest {
  toolUseId: string;
  toolName: string;
  /** The tool's `description(input)`. */
  description: string;
  input: Record<string, unknown>;
  /** The origin or host the call acts on, if any. */
  site: string | undefined;
  /** Why it asks: destructive, the mode, no grant, a rule. */
  why: DecisionReason;
  destructive: boolean;
}

export type PersonChoice =
  | { choice: 'allow_once' }
  | { choice: 'allow_always' }
  | { choice: 'deny'; reason?: string };
