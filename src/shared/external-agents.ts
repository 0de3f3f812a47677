/**
 * Coding agents on the same computer (Claude Code, Cursor, any MCP client) using the browser through
 * Pagewright: their settings, and the state the panel shows (the helper program, the connected client,
 * the tabs it may use). Declared once; the worker sends it, the panel checks it.
 */
import { z } from 'zod';
import { errorSummarySchema } from '../runtime/errors.js';
import { externalPermissionModeSchema } from '../runtime/permission-types.js';

/** `settings.externalAgents`: off until the person turns it on; outside sessions ask by default. */
export const externalAgentsSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  permissionMode: externalPermissionModeSchema.default('ask'),
});
export type ExternalAgentsSettings = z.infer<typeof externalAgentsSettingsSchema>;

/**
 * The helper program the browser starts (the native messaging host): `off` (the switch is off),
 * `starting`, `ready` (coding agents can connect), `failed` (with what to do).
 */
export const bridgeStatusSchema = z.object({
  status: z.enum(['off', 'starting', 'ready', 'failed']),
  error: errorSummarySchema.optional(),
});
export type BridgeStatus = z.infer<typeof bridgeStatusSchema>;

/** One connected coding agent, as the panel shows it. */
export const externalClientSchema = z.object({
  /** The connection's id (Disconnect names it). */
  id: z.string(),
  /** What a person reads: "Claude Code", "Cursor", or the name the program gave. */
  name: z.string(),
  version: z.string(),
  conversationId: z.string(),
  connectedAt: z.number(),
  /** Tool calls so far. */
  calls: z.number(),
  /** The tabs it may use: those it opened and those the person shared. */
  tabIds: z.array(z.number()),
  /** A permission prompt of its is waiting for the person. */
  waiting: z.boolean(),
});
export type ExternalClient = z.infer<typeof externalClientSchema>;

export const externalAgentsStateSchema = z.object({
  settings: externalAgentsSettingsSchema,
  bridge: bridgeStatusSchema,
  clients: z.array(externalClientSchema),
  /** This extension's id, for the install command a person may need (`--extension-id`). */
  extensionId: z.string(),
});
export type ExternalAgentsState = z.infer<typeof externalAgentsStateSchema>;

const KNOWN_CLIENTS: ReadonlyArray<[RegExp, string]> = [
  [/^claude[-_ ]?code\b/i, 'Claude Code'],
  [/^claude\b/i, 'Claude'],
  [/^cursor\b/i, 'Cursor'],
  [/^codex\b/i, 'Codex'],
  [/^(visual studio code|vscode)\b/i, 'VS Code'],
  [/^windsurf\b/i, 'Windsurf'],
  [/^zed\b/i, 'Zed'],
];

/**
 * The name a person reads for an MCP client, from the name it gave in `initialize` ("claude-code" →
 * "Claude Code"). Any other name is kept, cut to 40 characters of letters, digits, spaces and `._-`:
 * it names tab groups, badges and conversation titles, so it must stay one short plain line.
 */
export function clientDisplayName(name: string): string {
  const known = KNOWN_CLIENTS.find(([pattern]) => pattern.test(name.trim()));
  if (known) return known[1];
  const plain = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  return plain || 'A coding agent';
}

/** "Claude Code · 12 calls": what an outside session's conversation is called in the list. */
export function sessionTitle(client: string, calls: number): string {
  return `${client} · ${calls} call${calls === 1 ? '' : 's'}`;
}
