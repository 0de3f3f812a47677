/** `withRetry`: a tool whose `call` is retried on transient errors, with exponential backoff that stops at once on abort. */
import { abortableSleep } from './abort.js';
import type { AnyTool } from './tool.js';

/** Options for `withRetry`. */
export interface RetryOptions {
  /** Total attempts, including the first. */
  attempts: number;
  /** Which errors are worth another try (a flaky network, a page still loading); others are thrown at once. */
  isTransient: (error: unknown) => boolean;
  /** The first wait; each later wait doubles it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The same tool, with `call` retried on transient errors after exponential backoff (base, 2×base, 4×base…).
 * An abort during a wait ends it at once with the abort's reason: no further attempts.
 */
export function withRetry<T extends AnyTool>(tool: T, options: RetryOptions): T {
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const call: AnyTool['call'] = async (input, context, canUseTool, parentMessage, onProgress) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await tool.call(input, context, canUseTool, parentMessage, onProgress);
      } catch (error) {
        const signal = context.abortController.signal;
        if (attempt >= options.attempts || signal.aborted || !options.isTransient(error)) throw error;
        await abortableSleep(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)), signal);
      }
    }
  };
  return { ...tool, call };
}
