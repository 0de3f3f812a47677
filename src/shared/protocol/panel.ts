/**
 * The side panel's port to the service worker: every message in each direction, declared once and
 * checked with zod at the receiving end. The shapes inside (loop events, permission requests, transcript
 * entries) are the runtime's and the transcript's own schemas, never copies.
 *
 * Transport: the panel opens `browser.runtime.connect({ name: PANEL_PORT_NAME })`; each direction sends
 * one of the unions below. One-shot requests (popup, settings lists, stored results) are in `requests.ts`.
 */
import { z } from 'zod';
import { errorSummarySchema, runErrorSchema } from '../../runtime/errors.js';
import { runCostSchema } from '../../runtime/context-window/events.js';
import { agentEventSchema } from '../../runtime/events.js';
import { usageSchema } from '../../runtime/model/types.js';
import { permissionRequestSchema, personChoiceKindSchema } from '../../runtime/permission-types.js';
import { externalAgentsStateSchema } from '../external-agents.js';
import { mcpServerStateSchema } from '../mcp-settings.js';
import { transcriptEntrySchema } from '../transcript.js';

export const PANEL_PORT_NAME = 'pagewright-panel';

/** A run's meter: tokens by kind, requests, and the estimated cost (absent when the model's prices are unknown). */
export const runCostStateSchema = runCostSchema.omit({ type: true });
export type RunCostState = z.infer<typeof runCostStateSchema>;

/** What a conversation's runs have used together. */
export const conversationTotalsSchema = z.object({
  runs: z.number(),
  usage: usageSchema,
  /** The sum of the runs whose cost is known. */
  costUsd: z.number(),
  /** Runs whose model had no price: the cost above leaves them out. */
  runsWithoutPrice: z.number(),
});
export type ConversationTotals = z.infer<typeof conversationTotalsSchema>;

/** The state of a conversation's run, as the panel shows it. */
export const runStateSchema = z.object({
  status: z.enum(['idle', 'running', 'interrupted', 'error']),
  runId: z.string().optional(),
  /** Set when `status` is 'error' or the last run ended on a model error. */
  error: runErrorSchema.optional(),
  usage: usageSchema.optional(),
  /** The run's meter (this run, or the last one when idle). */
  cost: runCostStateSchema.optional(),
  /** Messages the person sent while the run works, in order, not yet delivered (they join at the next turn boundary). */
  queued: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
});
export type RunState = z.infer<typeof runStateSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  tabId: z.number().optional(),
  /** The host its latest run worked on. */
  site: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  runStatus: runStateSchema.shape.status,
  /** Nothing was ever asked in it. */
  empty: z.boolean().optional(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

// ---------- panel → worker ----------

export const panelToWorkerSchema = z.discriminatedUnion('type', [
  /** Bind this port to a tab: the worker answers with `conversation_state` for the tab's conversation. */
  z.object({ type: z.literal('bind_tab'), tabId: z.number() }),
  z.object({ type: z.literal('open_conversation'), conversationId: z.string() }),
  z.object({ type: z.literal('new_conversation'), tabId: z.number() }),
  z.object({ type: z.literal('delete_conversation'), conversationId: z.string() }),
  z.object({ type: z.literal('list_conversations') }),
  /**
   * The person's message. While a run works it is queued for the next turn boundary; with `interrupt`
   * ("Stop and send") the run is interrupted first (reads cancelled, blocking actions finish) and the
   * message starts the next run.
   */
  z.object({
    type: z.literal('send_message'),
    conversationId: z.string(),
    text: z.string().min(1).max(100_000),
    interrupt: z.boolean().optional(),
    /** The panel showed a run working, so it showed the message as queued, not in the transcript. */
    whileRunning: z.boolean().optional(),
  }),
  /** `/name` + Enter: the worker fills the shortcut's prompt from the conversation's tab and sends it. */
  z.object({ type: z.literal('run_shortcut'), conversationId: z.string(), shortcutId: z.string().min(1) }),
  z.object({ type: z.literal('stop'), conversationId: z.string() }),
  z.object({ type: z.literal('resume'), conversationId: z.string() }),
  z.object({
    type: z.literal('permission_response'),
    conversationId: z.string(),
    toolUseId: z.string(),
    choice: personChoiceKindSchema,
    reason: z.string().max(2_000).optional(),
  }),
]);
export type PanelToWorker = z.infer<typeof panelToWorkerSchema>;

// ---------- worker → panel ----------

export const workerToPanelSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('conversation_state'),
    conversationId: z.string(),
    title: z.string(),
    tabId: z.number().optional(),
    transcript: z.array(transcriptEntrySchema),
    run: runStateSchema,
    pendingPermission: permissionRequestSchema.optional(),
    totals: conversationTotalsSchema.optional(),
  }),
  z.object({ type: z.literal('agent_event'), conversationId: z.string(), runId: z.string(), event: agentEventSchema }),
  z.object({ type: z.literal('run_state'), conversationId: z.string(), run: runStateSchema, totals: conversationTotalsSchema.optional() }),
  z.object({ type: z.literal('permission_request'), conversationId: z.string(), request: permissionRequestSchema }),
  z.object({ type: z.literal('permission_resolved'), conversationId: z.string(), toolUseId: z.string() }),
  z.object({ type: z.literal('conversations'), conversations: z.array(conversationSummarySchema) }),
  /** Queued messages the run ended without delivering (the person pressed Stop): back to the message box. */
  z.object({ type: z.literal('queue_returned'), conversationId: z.string(), texts: z.array(z.string()) }),
  /** The MCP servers' states changed (connecting, connected, failed): Settings shows them live. */
  z.object({ type: z.literal('mcp_states'), servers: z.array(mcpServerStateSchema) }),
  /** Coding agents: the helper's status, who is connected, what waits (Settings and the banner show it live). */
  z.object({ type: z.literal('external_agents'), state: externalAgentsStateSchema }),
  /** A problem the person should see that is not tied to a run (invalid settings, a rejected command). */
  z.object({ type: z.literal('notice'), level: z.enum(['info', 'error']), ...errorSummarySchema.shape }),
]);
export type WorkerToPanel = z.infer<typeof workerToPanelSchema>;
export type Notice = Extract<WorkerToPanel, { type: 'notice' }>;
