/**
 * The activity log: one entry per action that changed something — when, on which site, which tool,
 * what it did, and who allowed it (a rule, a site grant, the mode, the tool's own judgement, or the
 * person) — and one per plan the person approved or denied (what it allowed is the acts that follow),
 * kept per conversation. The schema is shared by the worker (which writes entries from the
 * loop's events), the store, and the panel (which lists and exports them).
 */
import { z } from 'zod';
import type { DecisionReason } from '../runtime/permission-types.js';

const planDecisionSchema = z.object({
  decision: z.enum(['approved', 'denied']),
  steps: z.array(z.string()),
  sites: z.array(z.string()),
  reason: z.string().optional(),
});
export type PlanDecision = z.infer<typeof planDecisionSchema>;

export const activityEntrySchema = z.object({
  /** `<runId>:<toolUseId>`. */
  id: z.string(),
  conversationId: z.string(),
  runId: z.string(),
  toolUseId: z.string(),
  /** When the call finished (ms since the epoch). */
  at: z.number(),
  site: z.string().optional(),
  tool: z.string(),
  /** What it did, in words: the call's description and its judged effect. */
  did: z.string(),
  /** `denied`: a plan the person denied (nothing ran). */
  status: z.enum(['done', 'error', 'denied']),
  /** The first line of its result, or its error (bounded). */
  outcome: z.string(),
  /** Who allowed it, in words ("the person, once"; "auto mode"; "rule click(*.shop.test)"). */
  allowedBy: z.string(),
  allowedByKind: z.enum(['person', 'grant', 'rule', 'mode', 'tool', 'plan']),
  /** Who asked for it when not the person's own agent: a coding agent connected over MCP ("Claude Code"). */
  askedBy: z.string().optional(),
  /** A plan card's answer: the plan's steps and sites (origins), and the person's reason for a denial. */
  plan: planDecisionSchema.optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Who allowed a call, in words, from the permission system's reason. */
export function allowedByText(reason: DecisionReason): { allowedBy: string; allowedByKind: ActivityEntry['allowedByKind'] } {
  switch (reason.type) {
    case 'person': {
      const scope = reason.choice === 'allow_task' ? 'for this task' : reason.choice === 'allow_always' ? 'always on this site' : 'once';
      return { allowedBy: `the person (${scope})`, allowedByKind: 'person' };
    }
    case 'grant':
      return { allowedBy: `a grant ${reason.scope === 'task' ? 'for this task' : 'always'} on ${reason.origin}`, allowedByKind: 'grant' };
    case 'rule':
      return { allowedBy: `the rule ${reason.rule}`, allowedByKind: 'rule' };
    case 'mode':
      return { allowedBy: `${reason.mode} mode`, allowedByKind: 'mode' };
    case 'plan':
      return { allowedBy: 'plan (the one the person approved)', allowedByKind: 'plan' };
    default:
      return { allowedBy: `the tool's own judgement: ${reason.detail}`, allowedByKind: 'tool' };
  }
}

const CSV_COLUMNS = ['at', 'site', 'tool', 'did', 'status', 'outcome', 'allowedBy', 'askedBy', 'conversationId', 'runId', 'toolUseId'] as const;

/** A CSV cell: quoted, quotes doubled; a leading = + - @ is prefixed so a spreadsheet never runs page text as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The log as CSV (RFC 4180, times as ISO 8601 UTC). */
export function activityToCsv(entries: readonly ActivityEntry[]): string {
  const rows = entries.map((entry) =>
    CSV_COLUMNS.map((column) => csvCell(column === 'at' ? new Date(entry.at).toISOString() : String(entry[column] ?? ''))).join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** The log as JSON, times also as ISO 8601. */
export function activityToJson(entries: readonly ActivityEntry[]): string {
  return JSON.stringify(
    entries.map((entry) => ({ ...entry, time: new Date(entry.at).toISOString() })),
    null,
    2,
  );
}
