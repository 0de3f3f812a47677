/**
 * One-shot requests to the service worker (popup, settings lists, a stored result), declared once as a
 * map from method to the schemas of its params and its reply, as webext-messenger does. The caller gets
 * the typed, validated reply from `requestWorker('grants.list', {})`; the worker registers one handler per
 * method and the compiler checks each returns what the map says. Errors cross as `{code, message,
 * suggestion}`.
 *
 * Wire: `runtime.sendMessage({ method, params })` → `{ ok: true, data }` or `{ ok: false, error }`.
 */
import { z } from 'zod';
import { errorPayloadSchema, errorSummarySchema, fromErrorPayload, messageOf, ToolError, toErrorPayload } from '../../runtime/errors.js';
import { siteGrantSchema } from '../../runtime/permission-types.js';
import { activityEntrySchema } from '../activity.js';
import { externalAgentsMethods } from './external-agents.js';
import { mcpServerStateSchema } from '../mcp-settings.js';
import { scheduleStateSchema } from '../schedules.js';

const memoryEntrySchema = z.object({ key: z.string(), value: z.string(), updatedAt: z.number() });

/** Every method: its params and its reply. */
export const workerMethods = {
  /** What the popup shows: the runs in progress and whether the settings are usable. */
  'status.get': {
    params: z.object({}),
    reply: z.object({
      runs: z.array(z.object({ conversationId: z.string(), tabId: z.number().optional(), title: z.string() })),
      settings: z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]),
    }),
  },
  /** Opens the side panel (works only inside a user gesture; the popup's fallback). */
  'sidePanel.open': { params: z.object({ tabId: z.number().optional(), windowId: z.number().optional() }), reply: z.null() },
  /** Starts a run in the tab's conversation with a prompt (popup and context menus). */
  'quickAction.start': { params: z.object({ tabId: z.number(), prompt: z.string().min(1) }), reply: z.object({ conversationId: z.string() }) },
  /** The agent's notes, for Settings. */
  'memory.list': { params: z.object({}), reply: z.object({ entries: z.array(memoryEntrySchema) }) },
  'memory.delete': { params: z.object({ key: z.string() }), reply: z.object({ deleted: z.boolean() }) },
  /** "Always allow on this site" grants, for Settings. */
  'grants.list': { params: z.object({}), reply: z.object({ grants: z.array(siteGrantSchema) }) },
  /** Revokes one grant; it stops applying from the next run (a running one keeps what it was given). */
  'grants.revoke': { params: z.object({ origin: z.string().min(1), tool: z.string().min(1) }), reply: z.object({ revoked: z.boolean() }) },
  /** Each MCP server's state (never its headers), for Settings. */
  'mcp.states': { params: z.object({}), reply: z.object({ servers: z.array(mcpServerStateSchema) }) },
  /** Connects a server again now (after a failure, or to pick up a changed tool list). */
  'mcp.reconnect': { params: z.object({ name: z.string().min(1) }), reply: z.object({ server: mcpServerStateSchema }) },
  /** A conversation's activity log (every action that changed something, and who allowed it), oldest first. */
  'activity.list': { params: z.object({ conversationId: z.string().min(1) }), reply: z.object({ entries: z.array(activityEntrySchema) }) },
  /** A conversation as a file to save: Markdown to read, or JSON with everything. */
  'conversations.export': {
    params: z.object({ conversationId: z.string(), format: z.enum(['markdown', 'json']) }),
    reply: z.object({ filename: z.string(), mimeType: z.string(), content: z.string() }),
  },
  /** How much Pagewright keeps, by its own count and by the browser's, against the cap. */
  'storage.usage': {
    params: z.object({}),
    reply: z.object({
      conversations: z.number(),
      bytes: z.number(),
      capBytes: z.number(),
      browser: z.object({ usage: z.number(), quota: z.number() }).optional(),
    }),
  },
  /**
   * "Test": one tiny request to a provider with these (maybe unsaved) values; the key is used only in the
   * worker's request header and never comes back.
   */
  'model.test': {
    params: z.object({
      provider: z.enum(['anthropic', 'openai', 'demo']),
      apiKey: z.string().max(2_000).default(''),
      baseUrl: z.string().max(2_000).default(''),
      model: z.string().max(200).default(''),
    }),
    reply: z.union([z.object({ ok: z.literal(true), model: z.string(), reply: z.string() }), errorSummarySchema.extend({ ok: z.literal(false) })]),
  },
  /** Each schedule's next run, last run and last result, by shortcut id (Settings → Shortcuts). */
  'schedules.states': { params: z.object({}), reply: z.object({ states: z.record(z.string(), scheduleStateSchema) }) },
  /** The first thing the person asked in a conversation ("Save as shortcut" in the conversation list). */
  'conversations.firstMessage': { params: z.object({ conversationId: z.string().min(1) }), reply: z.object({ text: z.string() }) },
  /** The full text of a tool result stored over budget ("Open full result" in a tool view). */
  'results.read': { params: z.object({ storedId: z.string() }), reply: z.object({ content: z.string() }) },
  ...externalAgentsMethods,
} as const satisfies Record<string, { params: z.ZodType; reply: z.ZodType }>;

export type WorkerMethod = keyof typeof workerMethods;
export type ParamsOf<M extends WorkerMethod> = z.input<(typeof workerMethods)[M]['params']>;
export type ReplyOf<M extends WorkerMethod> = z.infer<(typeof workerMethods)[M]['reply']>;

const methodNames = Object.keys(workerMethods) as [WorkerMethod, ...WorkerMethod[]];
export const workerRequestSchema = z.object({ method: z.enum(methodNames), params: z.unknown().optional() });
export const workerResponseSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorPayloadSchema }),
]);
export type WorkerResponse = z.infer<typeof workerResponseSchema>;

/** True when a raw message is shaped as a worker request (its params are checked when it is answered). */
export function isWorkerRequest(raw: unknown): boolean {
  return workerRequestSchema.safeParse(raw).success;
}

/** Sends one message and resolves with the raw answer (`runtime.sendMessage` in extension pages). */
export type SendMessage = (message: unknown) => Promise<unknown>;

/**
 * Calls a worker method and returns its validated reply. Throws a `ToolError` (code, message,
 * suggestion) when the worker cannot be reached, refuses, or answers something the map does not allow.
 */
export async function requestWorker<M extends WorkerMethod>(send: SendMessage, method: M, params: ParamsOf<M>): Promise<ReplyOf<M>> {
  let raw: unknown;
  try {
    raw = await send({ method, params });
  } catch (error) {
    throw new ToolError('NO_ANSWER', `The extension did not answer: ${messageOf(error)}`, {
      suggestion: 'Reload the page and try again.',
    });
  }
  const response = workerResponseSchema.safeParse(raw);
  if (!response.success) throw new ToolError('BAD_REPLY', 'The extension gave an unexpected answer.', { suggestion: 'Reload the extension.' });
  if (!response.data.ok) throw fromErrorPayload(response.data.error);
  const reply = workerMethods[method].reply.safeParse(response.data.data);
  if (!reply.success)
    throw new ToolError('BAD_REPLY', `The extension's answer to ${method} did not match the protocol.`, { suggestion: 'Reload the extension.' });
  return reply.data as ReplyOf<M>;
}

/** The worker's handler for every method; the compiler checks each returns its reply's type. */
export type WorkerHandlers = { [M in WorkerMethod]: (params: z.infer<(typeof workerMethods)[M]['params']>) => Promise<ReplyOf<M>> };

/**
 * Answers a raw message if it is a worker request: validates the method and its params, runs the
 * handler, and turns anything thrown into `{ok: false, error}`. `undefined` when it is not a request.
 */
export async function answerWorkerRequest(raw: unknown, handlers: WorkerHandlers): Promise<WorkerResponse | undefined> {
  const request = workerRequestSchema.safeParse(raw);
  if (!request.success) return undefined;
  const method = request.data.method;
  const params = workerMethods[method].params.safeParse(request.data.params ?? {});
  if (!params.success) {
    return {
      ok: false,
      error: {
        code: 'INVALID_PARAMS',
        message: `Invalid params for ${method}: ${params.error.issues[0]?.message ?? 'invalid'}.`,
        suggestion: 'Reload the extension.',
      },
    };
  }
  try {
    const handler = handlers[method] as (params: unknown) => Promise<unknown>;
    return { ok: true, data: await handler(params.data) };
  } catch (error) {
    return { ok: false, error: toErrorPayload(error, { code: 'FAILED', suggestion: 'Try again.' }) };
  }
}
