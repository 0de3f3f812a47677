/**
 * The transcript as a person sees it: the model's messages plus, for each tool call, what the panel
 * needs to render it (status, description, output, images, why it was allowed) that the messages alone
 * do not carry. One fold turns the loop's events into it, used by the worker (which stores it) and by
 * the panel (which shows it live), so the two can never disagree; one rule settles a call that never
 * finished.
 */
import { z } from 'zod';
import { errorSummarySchema, type ErrorSummary } from '../runtime/errors.js';
import { toolCallFinishedSchema, toolCallStatusSchema, type AgentEvent } from '../runtime/events.js';
import { interruptedResult } from '../runtime/checkpoint.js';
import { messageSchema } from '../runtime/model/types.js';

/** What a call's entry keeps of its `tool_call_finished` event: these fields, as the event's schema declares them. */
const FINISHED_FIELDS = { content: true, output: true, images: true, error: true, persisted: true, permission: true } as const;
const finishedFieldsSchema = toolCallFinishedSchema.pick(FINISHED_FIELDS).partial();
type FinishedFields = z.infer<typeof finishedFieldsSchema>;

const toolCallEntrySchema = z.object({
  kind: z.literal('tool_call'),
  toolUseId: z.string(),
  name: z.string(),
  input: z.unknown(),
  description: z.string(),
  status: toolCallStatusSchema,
  /** Set once it finished: exactly what the model got, the tool's output and images for its view, why it was allowed. */
  ...finishedFieldsSchema.shape,
  /** The latest progress report, while it runs. */
  progress: z.unknown().optional(),
  /** The model no longer gets this result in full (an old screenshot, a superseded read): a one-line note instead. */
  notSent: z.boolean().optional(),
  /** When it started (ms since the epoch), for the elapsed time of a call that reports no progress. */
  startedAt: z.number().optional(),
});

/** Older turns were summarised for the model (or that failed); the person still sees every turn. */
const contextEntrySchema = z.object({
  kind: z.literal('context'),
  event: z.enum(['compacted', 'compaction_failed']),
  summary: z.string().optional(),
  summarizedMessages: z.number().optional(),
  tokensBefore: z.number().optional(),
  tokensAfter: z.number().optional(),
  error: errorSummarySchema.optional(),
});

/** One entry: a model message, a tool call with its status, or what the context window did. */
export const transcriptEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: messageSchema }),
  toolCallEntrySchema,
  contextEntrySchema,
]);
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;
export type ToolCallEntry = z.infer<typeof toolCallEntrySchema>;
export type ContextEntry = z.infer<typeof contextEntrySchema>;

/** The next transcript, and whether the change is worth saving at once (progress is not). */
export interface Folded {
  entries: TranscriptEntry[];
  save: boolean;
}

/** The event's fields the entry keeps, those it has. */
function finishedFieldsOf(event: z.infer<typeof toolCallFinishedSchema>): FinishedFields {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(FINISHED_FIELDS) as Array<keyof FinishedFields>) if (event[key] !== undefined) fields[key] = event[key];
  return fields as FinishedFields;
}

const indexOfCall = (entries: readonly TranscriptEntry[], toolUseId: string) =>
  entries.findIndex((entry) => entry.kind === 'tool_call' && entry.toolUseId === toolUseId);

function replaceCall(entries: readonly TranscriptEntry[], toolUseId: string, update: (prior: ToolCallEntry | undefined) => ToolCallEntry): TranscriptEntry[] {
  const index = indexOfCall(entries, toolUseId);
  const prior = index >= 0 ? (entries[index] as ToolCallEntry) : undefined;
  const next = [...entries];
  if (index >= 0) next[index] = update(prior);
  else next.push(update(undefined));
  return next;
}

/**
 * Folds one loop event into the transcript. Returns a new array when something changed (the input is
 * never mutated). Streaming text and the model-side tool results are not part of it: the text arrives
 * whole in `assistant_message`, and a call's result is on its entry.
 */
export function foldAgentEvent(entries: readonly TranscriptEntry[], event: AgentEvent): Folded {
  switch (event.type) {
    case 'assistant_message':
      return { entries: [...entries, { kind: 'message', message: event.message }], save: true };
    case 'tool_call_started':
      return {
        entries: replaceCall(entries, event.toolUseId, (prior) => ({
          ...(prior ?? {}),
          kind: 'tool_call',
          toolUseId: event.toolUseId,
          name: event.name,
          input: event.input,
          description: event.description,
          status: 'running',
          ...(event.startedAt !== undefined ? { startedAt: event.startedAt } : {}),
        })),
        save: true,
      };
    case 'tool_call_progress':
      if (indexOfCall(entries, event.toolUseId) < 0) return { entries: [...entries], save: false };
      return { entries: replaceCall(entries, event.toolUseId, (prior) => ({ ...(prior as ToolCallEntry), progress: event.progress })), save: false };
    case 'tool_call_finished':
      return {
        entries: replaceCall(entries, event.toolUseId, (prior) => ({
          kind: 'tool_call',
          toolUseId: event.toolUseId,
          name: event.name,
          input: prior?.input,
          description: prior?.description ?? event.name,
          status: event.status,
          ...finishedFieldsOf(event),
        })),
        save: true,
      };
    case 'person_message':
      return { entries: [...entries, { kind: 'message', message: { role: 'user', content: [{ type: 'text', text: event.text }] } }], save: true };
    case 'run_finished':
      return { entries: closeUnfinishedCalls(entries, 'run_ended'), save: true };
    case 'context_compacted': {
      const { summary, summarizedMessages, tokensBefore, tokensAfter } = event;
      return { entries: [...entries, { kind: 'context', event: 'compacted', summary, summarizedMessages, tokensBefore, tokensAfter }], save: true };
    }
    case 'context_compaction_failed':
      return { entries: [...entries, { kind: 'context', event: 'compaction_failed', error: event.error }], save: true };
    case 'context_trimmed': {
      const trimmed = new Set(event.toolUseIds);
      const next = entries.map((entry) => (entry.kind === 'tool_call' && trimmed.has(entry.toolUseId) && !entry.notSent ? { ...entry, notSent: true } : entry));
      return { entries: next, save: true };
    }
    default:
      return { entries: entries as TranscriptEntry[], save: false };
  }
}

/** Why a call never finished: the run ended first, or the browser stopped the worker while it ran. */
export type UnfinishedCause = 'run_ended' | 'worker_restarted';

const UNFINISHED: Record<UnfinishedCause, { status: 'cancelled' | 'error'; error: ErrorSummary }> = {
  // The person-facing advice is in the panel's view; this never reaches the model.
  run_ended: { status: 'cancelled', error: { code: 'NOT_FINISHED', message: 'The run ended before this call finished.', suggestion: '' } },
  // The same error the model gets for it (see interruptedResult): it may or may not have taken effect.
  worker_restarted: {
    status: 'error',
    error: {
      code: 'INTERRUPTED',
      message: 'The extension was restarted while this call ran; it was not re-run.',
      suggestion: 'Check the page state before repeating it.',
    },
  },
};

/**
 * The one rule for a call still marked running when nothing will finish it: it is settled with the
 * cause, never left spinning. Calls that already finished are untouched.
 */
export function closeUnfinishedCalls(entries: readonly TranscriptEntry[], cause: UnfinishedCause): TranscriptEntry[] {
  const { status, error } = UNFINISHED[cause];
  let changed = false;
  const next = entries.map((entry): TranscriptEntry => {
    if (entry.kind !== 'tool_call' || entry.status !== 'running') return entry;
    changed = true;
    const { progress: _progress, ...rest } = entry;
    return {
      ...rest,
      status,
      error: entry.error ?? error,
      ...(cause === 'worker_restarted' ? { content: interruptedResult(entry.toolUseId).content } : {}),
    };
  });
  return changed ? next : (entries as TranscriptEntry[]);
}
