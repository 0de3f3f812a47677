/**
 * Every message between the side panel / popup and the service worker, declared once and checked with
 * zod at the receiving end. No `{type: '...'}` literals elsewhere: build messages with these types.
 *
 * Transport: the panel opens `browser.runtime.connect({ name: PANEL_PORT_NAME })`; each direction sends
 * one of the unions below. One-shot requests (popup, settings) use `runtime.sendMessage` with
 * `WorkerRequest` and get a `WorkerResponse`.
 */
import { z } from 'zod';
import { settingsSchema } from './settings.js';

export const PANEL_PORT_NAME = 'pagewright-panel';

// ---------- building blocks ----------

const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const imageBlock = z.object({
  type: z.literal('image'),
  source: z.object({ type: z.literal('base64'), media_type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']), data: z.string() }),
});
const toolUseBlock = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.array(z.union([textBlock, imageBlock])),
  is_error: z.boolean().optional(),
});
export const contentBlockSchema = z.union([textBlock, imageBlock, toolUseBlock, toolResultBlock]);
export const messageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.array(contentBlockSchema) });

export const usageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheCreationTokens: z.number(),
});

export const errorPayloadSchema = z.looseObject({ code: z.string(), message: z.string(), suggestion: z.string() });

const decisionReasonSchema = z.union([
  z.object({ type: z.literal('rule'), rule: z.string(), behavior: z.enum(['allow', 'deny', 'ask']) }),
  z.object({ type: z.literal('mode'), mode: z.enum(['ask', 'auto', 'read-only']), detail: z.string() }),
  z.object({ type: z.literal('grant'), origin: z.string() }),
  z.object({ type: z.literal('person'), choice: z.enum(['allow_once', 'allow_always', 'deny']), reason: z.string().optional() }),
  z.object({ type: z.literal('tool'), detail: z.string() }),
  z.object({ type: z.literal('destructive'), detail: z.string() }),
  z.object({ type: z.literal('no_ui'), detail: z.string() }),
]);

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn_started'), turn: z.number() }),
  z.object({ type: z.literal('text_delta'), text: z.string() }),
  z.object({ type: z.literal('assistant_message'), message: messageSchema }),
  z.object({ type: z.literal('tool_call_started'), toolUseId: z.string(), name: z.string(), input: z.unknown(), description: z.string() }),
  z.object({ type: z.literal('tool_call_progress'), toolUseId: z.string(), progress: z.unknown() }),
  z.object({
    type: z.literal('tool_call_finished'),
    toolUseId: z.string(),
    name: z.string(),
    status: z.enum(['done', 'error', 'rejected', 'cancelled']),
    content: z.array(z.union([textBlock, imageBlock])),
    isError: z.boolean(),
    output: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string(), suggestion: z.string() }).optional(),
    persisted: z.object({ storedId: z.string().optional(), totalChars: z.number().optional() }).optional(),
    permission: decisionReasonSchema.optional(),
    durationMs: z.number(),
  }),
  z.object({ type: z.literal('tool_results'), messages: z.array(messageSchema) }),
  z.object({ type: z.literal('usage'), usage: usageSchema, total: usageSchema }),
  z.object({
    type: z.literal('run_finished'),
    reason: z.enum(['end_turn', 'max_turns', 'max_tool_calls', 'max_tokens', 'wall_time', 'interrupted', 'aborted', 'model_error']),
    error: z.object({ code: z.string(), message: z.string(), suggestion: z.string(), retryAfterMs: z.number().optional() }).optional(),
  }),
]);

export const permissionRequestSchema = z.object({
  toolUseId: z.string(),
  toolName: z.string(),
  description: z.string(),
  input: z.record(z.string(), z.unknown()),
  site: z.string().optional(),
  why: decisionReasonSchema,
  destructive: z.boolean(),
});

/** The state of a conversation's run, as the panel shows it. */
export const runStateSchema = z.object({
  status: z.enum(['idle', 'running', 'interrupted', 'error']),
  runId: z.string().optional(),
  /** Set when `status` is 'error' or the last run ended on a model error. */
  error: z.object({ code: z.string(), message: z.string(), suggestion: z.string(), retryAfterMs: z.number().optional() }).optional(),
  usage: usageSchema.optional(),
});

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  tabId: z.number().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  runStatus: runStateSchema.shape.status,
});

/**
 * One entry of the transcript as stored and shown: model messages plus what the panel needs to render
 * tool calls (status, description, persisted results) that the model messages alone do not carry.
 */
export const transcriptEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: messageSchema }),
  z.object({
    kind: z.literal('tool_call'),
    toolUseId: z.string(),
    name: z.string(),
    input: z.unknown(),
    description: z.string(),
    status: z.enum(['running', 'done', 'error', 'rejected', 'cancelled']),
    content: z.array(z.union([textBlock, imageBlock])).optional(),
    output: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string(), suggestion: z.string() }).optional(),
    persisted: z.object({ storedId: z.string().optional(), totalChars: z.number().optional() }).optional(),
  }),
]);

// ---------- panel → worker (port) ----------

export const panelToWorkerSchema = z.discriminatedUnion('type', [
  /** Bind this port to a tab: the worker answers with `conversation_state` for the tab's conversation. */
  z.object({ type: z.literal('bind_tab'), tabId: z.number() }),
  z.object({ type: z.literal('open_conversation'), conversationId: z.string() }),
  z.object({ type: z.literal('new_conversation'), tabId: z.number() }),
  z.object({ type: z.literal('delete_conversation'), conversationId: z.string() }),
  z.object({ type: z.literal('list_conversations') }),
  z.object({ type: z.literal('send_message'), conversationId: z.string(), text: z.string().min(1).max(100_000) }),
  z.object({ type: z.literal('stop'), conversationId: z.string() }),
  z.object({ type: z.literal('resume'), conversationId: z.string() }),
  z.object({
    type: z.literal('permission_response'),
    conversationId: z.string(),
    toolUseId: z.string(),
    choice: z.enum(['allow_once', 'allow_always', 'deny']),
    reason: z.string().max(2_000).optional(),
  }),
  z.object({ type: z.literal('read_stored_result'), requestId: z.string(), storedId: z.string() }),
]);
export type PanelToWorker = z.infer<typeof panelToWorkerSchema>;

// ---------- worker → panel (port) ----------

export const workerToPanelSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('conversation_state'),
    conversationId: z.string(),
    title: z.string(),
    tabId: z.number().optional(),
    transcript: z.array(transcriptEntrySchema),
    run: runStateSchema,
    pendingPermission: permissionRequestSchema.optional(),
  }),
  z.object({ type: z.literal('agent_event'), conversationId: z.string(), runId: z.string(), event: agentEventSchema }),
  z.object({ type: z.literal('run_state'), conversationId: z.string(), run: runStateSchema }),
  z.object({ type: z.literal('permission_request'), conversationId: z.string(), request: permissionRequestSchema }),
  z.object({ type: z.literal('permission_resolved'), conversationId: z.string(), toolUseId: z.string() }),
  z.object({ type: z.literal('conversations'), conversations: z.array(conversationSummarySchema) }),
  z.object({ type: z.literal('stored_result'), requestId: z.string(), content: z.string().optional(), error: errorPayloadSchema.optional() }),
  /** A problem the person should see that is not tied to a run (invalid settings, a rejected command). */
  z.object({ type: z.literal('notice'), level: z.enum(['info', 'error']), code: z.string(), message: z.string(), suggestion: z.string() }),
]);
export type WorkerToPanel = z.infer<typeof workerToPanelSchema>;

// ---------- one-shot requests (popup, settings page, context-menu tests) ----------

export const workerRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('get_status') }),
  z.object({ type: z.literal('open_side_panel'), tabId: z.number().optional(), windowId: z.number().optional() }),
  z.object({ type: z.literal('quick_action'), tabId: z.number(), prompt: z.string().min(1) }),
  z.object({ type: z.literal('save_settings'), settings: settingsSchema }),
  z.object({ type: z.literal('list_memory') }),
  z.object({ type: z.literal('delete_memory'), key: z.string() }),
  /** "Always allow on this site" grants, for Settings: answers `{ grants: [{ origin, tool }] }`. */
  z.object({ type: z.literal('list_grants') }),
  /** Revokes one grant; it stops applying from the next run (a running one keeps what it was given). */
  z.object({ type: z.literal('revoke_grant'), origin: z.string().min(1), tool: z.string().min(1) }),
]);
export type WorkerRequest = z.infer<typeof workerRequestSchema>;

export const workerResponseSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorPayloadSchema }),
]);
export type WorkerResponse = z.infer<typeof workerResponseSchema>;
