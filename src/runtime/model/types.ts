/**
 * The provider-neutral model interface. Messages use content blocks (the Anthropic shape, which is the
 * richest); each provider client maps them to and from its own wire format. The shapes that cross
 * between extension contexts are zod schemas, and their types are inferred from them, so a message is
 * declared once for the model clients, the worker, the panel and the checks between them.
 */
import { z } from 'zod';

export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export type TextBlock = z.infer<typeof textBlockSchema>;

export const imageBlockSchema = z.object({
  type: z.literal('image'),
  source: z.object({ type: z.literal('base64'), media_type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']), data: z.string() }),
});
export type ImageBlock = z.infer<typeof imageBlockSchema>;

export const toolUseBlockSchema = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
export type ToolUseBlock = z.infer<typeof toolUseBlockSchema>;

/** What a tool result may contain: text (often JSON) and images. */
export const toolResultContentSchema = z.union([textBlockSchema, imageBlockSchema]);
export type ToolResultContentBlock = z.infer<typeof toolResultContentSchema>;

/**
 * What a page read covers, declared by the tool that made it. A newer read by the same tool of the same
 * `document` with the same `view`, or a `whole` one, supersedes an older read in what is sent
 * (src/runtime/context-window/elide.ts).
 */
export const readScopeSchema = z.object({
  /** The document read, as a key that also reads well in a note: tab and URL (without the #fragment). */
  document: z.string(),
  /** Which part or form of it (filter, subtree); reads of different views do not replace each other. */
  view: z.string(),
  /** True when this read shows everything a read of any view of this document would. */
  whole: z.boolean(),
});
export type ReadScope = z.infer<typeof readScopeSchema>;

/**
 * Facts about a tool result that stay on our side of the wire: when it was made, what it read, where its
 * full text is stored. Set only on results the context window may later shorten (images and page reads).
 */
export const toolResultMetaSchema = z.object({
  /** When the call finished (ms since the epoch). */
  at: z.number(),
  read: readScopeSchema.optional(),
  /** The stored id of the full text, when the result budget already stored it. */
  storedId: z.string().optional(),
});
export type ToolResultMeta = z.infer<typeof toolResultMetaSchema>;

export const toolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.array(toolResultContentSchema),
  is_error: z.boolean().optional(),
  /** Facts for the runtime and the panel; the model clients never send them. */
  meta: toolResultMetaSchema.optional(),
});
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;

export const contentBlockSchema = z.union([textBlockSchema, imageBlockSchema, toolUseBlockSchema, toolResultBlockSchema]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const messageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.array(contentBlockSchema) });
export type Message = z.infer<typeof messageSchema>;

/** A JSON Schema object as sent to a provider. */
export type JsonSchema = Record<string, unknown>;

/** One tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export const usageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheCreationTokens: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 });

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens,
  };
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

export interface ModelRequest {
  system: string;
  tools: readonly ToolSpec[];
  messages: readonly Message[];
  maxTokens?: number;
  /**
   * `none`: the tools are still sent (they are the start of the cached prefix) but the model may not call
   * one. A compaction's summary request uses it, so no model can answer it with a call.
   */
  toolChoice?: 'auto' | 'none';
  signal: AbortSignal;
}

/** Events a model client streams while one assistant message is produced. */
export type ModelStreamEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_use_start'; id: string; name: string }
  | { type: 'tool_use_delta'; id: string; partialJson: string }
  /**
   * A tool call whose input has finished streaming (Anthropic `content_block_stop`; for OpenAI-compatible
   * streams, the next call starting). The loop may start it before the message ends; `message_done` still
   * carries every call, so a client that never sends this loses nothing but the head start.
   */
  | { type: 'tool_use_complete'; toolUse: ToolUseBlock }
  | { type: 'usage'; usage: Usage }
  /** The last event: the whole assistant message, assembled, with its stop reason and total usage. */
  | { type: 'message_done'; message: Message; stopReason: StopReason; usage: Usage };

/** A streaming model. `stream` throws `ModelError` for provider failures and stops when `signal` aborts. */
export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

export type ModelErrorCode =
  'AUTH' | 'RATE_LIMITED' | 'OVERLOADED' | 'NETWORK' | 'MODEL_NOT_FOUND' | 'BAD_REQUEST' | 'SERVER' | 'ABORTED' | 'NOT_CONFIGURED' | 'PROTOCOL';

/** A provider failure, phrased for the person (the side panel shows `message` and `suggestion`). */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly code: ModelErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly suggestion: string;

  constructor(code: ModelErrorCode, message: string, options: { suggestion: string; status?: number; retryAfterMs?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.suggestion = options.suggestion;
  }
}
