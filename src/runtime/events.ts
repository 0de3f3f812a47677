/**
 * Everything the agent loop emits, in order. The service worker forwards these to side panels over a
 * port and folds them into the stored transcript (`src/shared/transcript.ts`). Declared once, as a zod
 * schema the panel checks on arrival; the TypeScript types are inferred from it.
 */
import { z } from 'zod';
import { contextEventSchemas } from './context-window/events.js';
import { errorSummarySchema, runErrorSchema } from './errors.js';
import { imageBlockSchema, messageSchema, toolResultContentSchema, usageSchema } from './model/types.js';
import { decisionReasonSchema } from './permission-types.js';

export const toolCallStatusSchema = z.enum(['running', 'done', 'error', 'rejected', 'cancelled']);
export type ToolCallStatus = z.infer<typeof toolCallStatusSchema>;

/** `budget`: the next request could pass the person's run budget (tokens or money), so the run stopped first. */
export const runStopReasonSchema = z.enum(['end_turn', 'max_turns', 'interrupted', 'aborted', 'model_error', 'budget']);
export type RunStopReason = z.infer<typeof runStopReasonSchema>;

/** Set on a finished call whose result went over budget and was stored. */
export const persistedResultSchema = z.object({ storedId: z.string().optional(), totalChars: z.number().optional() });

/** A call finished: its status, exactly what the model got, and what the panel shows of it. */
export const toolCallFinishedSchema = z.object({
  type: z.literal('tool_call_finished'),
  toolUseId: z.string(),
  name: z.string(),
  status: toolCallStatusSchema.exclude(['running']),
  /** Exactly what the model gets for this call. */
  content: z.array(toolResultContentSchema),
  isError: z.boolean(),
  /** The tool's raw output, when JSON-serializable and small; for the side panel's views. */
  output: z.unknown().optional(),
  /** Images the call added to the transcript after its result (a screenshot), for its view. */
  images: z.array(imageBlockSchema).optional(),
  /** The error payload when the call failed. */
  error: errorSummarySchema.optional(),
  persisted: persistedResultSchema.optional(),
  /** Why the call was allowed or denied. */
  permission: decisionReasonSchema.optional(),
  /** The site the call acted on, and what it was judged to do (the activity log keeps both). */
  site: z.string().optional(),
  effect: z.string().optional(),
  durationMs: z.number(),
});

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn_started'), turn: z.number() }),
  z.object({ type: z.literal('text_delta'), text: z.string() }),
  /** A whole assistant message, once streamed. */
  z.object({ type: z.literal('assistant_message'), message: messageSchema }),
  /** `name` is the tool's own name, also when the model called it by an alias. `startedAt`: ms since the epoch. */
  z.object({
    type: z.literal('tool_call_started'),
    toolUseId: z.string(),
    name: z.string(),
    input: z.unknown(),
    description: z.string(),
    startedAt: z.number().optional(),
  }),
  z.object({ type: z.literal('tool_call_progress'), toolUseId: z.string(), progress: z.unknown() }),
  toolCallFinishedSchema,
  /** The user message carrying one turn's tool results (and any `newMessages` after it). */
  z.object({ type: z.literal('tool_results'), messages: z.array(messageSchema) }),
  /** A message the person sent mid-run, delivered at a turn boundary; `id` is its place in the run's queue. */
  z.object({ type: z.literal('person_message'), id: z.string(), text: z.string() }),
  z.object({ type: z.literal('usage'), usage: usageSchema, total: usageSchema }),
  z.object({ type: z.literal('run_finished'), reason: runStopReasonSchema, error: runErrorSchema.optional() }),
  /** What the context window did (trimmed, compacted) and the cost meter: see context-window/events.ts. */
  ...contextEventSchemas,
]);
export type AgentEvent = z.infer<typeof agentEventSchema>;
