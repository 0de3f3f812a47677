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

/** Turns anything thrown into the payload the model sees. Unknown throws become TOOL_FAILED. */
export function toErrorPayload(error: unknown, fallbackSuggestion = 'Check the input and try again, or try another approach.'): ToolErrorPayload {
  if (error instanceof ToolError) return error.toPayload();
  if (isToolErrorLike(error)) {
    const { code, message, suggestion, ...rest } = error as { code: string; message: string; suggestion?: string } & Record<string, unknown>;
    delete rest['name'];
    delete rest['stack'];
    return { ...rest, code, message, suggestion: suggestion ?? fallbackSuggestion };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'TOOL_FAILED', message: message || 'The tool failed without a message.', suggestion: fallbackSuggestion };
}

/** Serializes an error to cross a message boundary (`{name, message, code, suggestion, details}`). */
export function serializeError(error: unknown): { name: string; message: string; code: string; suggestion?: string; details?: Record<string, unknown> } {
  if (error instanceof ToolError) {
    return { name: error.name, message: error.message, code: error.code, suggestion: error.suggestion, details: { ...error.details } };
  }
  if (isToolErrorLike(error)) {
    const e = error as { code: string; message: string; suggestion?: string; name?: string };
    return { name: e.name ?? 'Error', message: e.message, code: e.code, ...(e.suggestion ? { suggestion: e.suggestion } : {}) };
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return { name: err.name, message: err.message, code: 'TOOL_FAILED' };
}

/** The reverse of `serializeError`: a `ToolError` again on the receiving side. */
export function deserializeError(data: { message: string; code: string; suggestion?: string; details?: Record<string, unknown> }): ToolError {
  return new ToolError(data.code, data.message, {
    suggestion: data.suggestion ?? 'Check the input and try again.',
    ...(data.details ? { details: data.details } : {}),
  });
}
