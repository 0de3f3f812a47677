/**
 * The events the context window adds to the loop's (`agentEventSchema` in ../events.ts), declared once as
 * zod schemas: the panel checks exactly these shapes, and the types are inferred from them.
 */
import { z } from 'zod';
import { errorSummarySchema } from '../errors.js';
import { usageSchema } from '../model/types.js';

/** Results now sent as one-line notes: old screenshots and superseded page reads. */
export const contextTrimmedSchema = z.object({
  type: z.literal('context_trimmed'),
  toolUseIds: z.array(z.string()),
  images: z.number(),
  reads: z.number(),
  /** About how many tokens each later request is spared. */
  savedTokens: z.number(),
});

/** Older turns were summarised; the panel still shows them all, the model sees the summary. */
export const contextCompactedSchema = z.object({
  type: z.literal('context_compacted'),
  summary: z.string(),
  /** Transcript messages now stood for by the summary (from the start of the conversation). */
  summarizedMessages: z.number(),
  tokensBefore: z.number(),
  tokensAfter: z.number(),
});

/** Compaction was needed but failed; the run goes on with the full context (which may be refused). */
export const contextCompactionFailedSchema = z.object({ type: z.literal('context_compaction_failed'), error: errorSummarySchema });

/** The run's meter after each request: tokens by kind, and the estimated cost when prices are known. */
export const runCostSchema = z.object({
  type: z.literal('run_cost'),
  model: z.string(),
  usage: usageSchema,
  requests: z.number(),
  /** Absent when the model's prices are unknown (shown as unknown, never as $0). */
  costUsd: z.number().optional(),
  budget: z.object({ maxTokens: z.number().optional(), maxCostUsd: z.number().optional() }).optional(),
});

/** Every context-window event, for the protocol's discriminated union. */
export const contextEventSchemas = [contextTrimmedSchema, contextCompactedSchema, contextCompactionFailedSchema, runCostSchema] as const;

export type ContextEvent = z.infer<(typeof contextEventSchemas)[number]>;
