/**
 * Errors that teach. Every failure that reaches the model is a structured payload
 * `{code, message, suggestion, ...context}`; nothing is swallowed and nothing crashes the loop.
 */
import { z } from 'zod';

/** Codes the runtime itself produces. Tools may add their own (STALE_REF, TAB_CLOSED, ...). */
export const RUNTIME_ERROR_CODES = [
  'UNKNOWN_TOOL',
  'INVALID_INPUT',
  'VALIDATION_FAILED',
  'PERMISSION_DENIED',
  /** Plan mode: an act before the person approved a plan. */
  'PLAN_REQUIRED',
  'CANCELLED',
  'INTERRUPTED',
  'TIMEOUT',
  'TOOL_FAILED',
] as const;
export type RuntimeErrorCode = (typeof RUNTIME_ERROR_CODES)[number];

/** The JSON a failed tool call gives the model, under the key `error`: the three fields, and any context. */
export const errorPayloadSchema = z.looseObject({ code: z.string(), message: z.string(), suggestion: z.string() });
export type ToolErrorPayload = z.infer<typeof errorPayloadSchema>;

/** The three fields alone: what the person sees of an error (a failed call, a rejected command). */
export const errorSummarySchema = z.object({ code: z.string(), message: z.string(), suggestion: z.string() });
export type ErrorSummary = z.infer<typeof errorSummarySchema>;

/** The error a run ended with, for the person; `retryAfterMs` when the provider said when to try again. */
export const runErrorSchema = errorSummarySchema.extend({ retryAfterMs: z.number().optional() });
export type RunError = z.infer<typeof runErrorSchema>;

/** An error with a stable string code and a suggestion for what to do next. */
export class ToolError extends Error {
  override readonly name: string = 'ToolError';
  readonly code: string;
  readonly suggestion: string;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: string, message: string, options: { suggestion: string; details?: Record<string, unknown>; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.suggestion = options.suggestion;
    this.details = options.details ?? {};
  }

  toPayload(): ToolErrorPayload {
    return { ...this.details, code: this.code, message: this.message, suggestion: this.suggestion };
  }
}

/** True for a `ToolError`, or for anything that crossed a message boundary shaped like one. */
export function isToolErrorLike(value: unknown): value is { code: string; message: string; suggestion?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The message of anything thrown: an Error's own message, else the value as a string. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What a wire error says when the error itself does not: its code and suggestion. */
export interface ErrorFallback {
  code?: string;
  suggestion?: string;
}

/**
 * The one wire error: turns anything thrown into `{code, message, suggestion, ...details}`, the shape every
 * boundary carries (a tool result for the model, a content script's reply, a worker request's answer). A
 * `ToolError` keeps its details; anything else shaped like one (it crossed a boundary) keeps its extra
 * fields but not its name or stack; an unknown throw gets the fallback code (TOOL_FAILED).
 */
export function toErrorPayload(error: unknown, fallback: ErrorFallback = {}): ToolErrorPayload {
  const suggestion = fallback.suggestion ?? 'Check the input and try again, or try another approach.';
  if (error instanceof ToolError) return error.toPayload();
  if (isToolErrorLike(error)) {
    const { code, message, suggestion: own, ...rest } = error as { code: string; message: string; suggestion?: unknown } & Record<string, unknown>;
    delete rest['name'];
    delete rest['stack'];
    return { ...rest, code, message, suggestion: typeof own === 'string' ? own : suggestion };
  }
  return { code: fallback.code ?? 'TOOL_FAILED', message: messageOf(error) || 'It failed without a message.', suggestion };
}

/** The reverse, on the receiving side: a wire error as a `ToolError` again, its extra fields as details. */
export function fromErrorPayload(payload: ToolErrorPayload): ToolError {
  const { code, message, suggestion, ...details } = payload;
  return new ToolError(code, message, { suggestion, details });
}

/**
 * A tool method's answer, or `fallback` when it throws. Why: the methods a tool declares (safety, batching,
 * descriptions) run inside the loop, and a buggy one must not break it; the fallback is the safe answer.
 */
export function safely<T>(read: () => T, fallback: Awaited<T>): T {
  let value: T;
  try {
    value = read();
  } catch {
    return fallback as T;
  }
  // An async method (give it as an `async` arrow, so a throw is a rejection) falls back when it rejects.
  return value instanceof Promise ? (value.catch(() => fallback) as T) : value;
}
