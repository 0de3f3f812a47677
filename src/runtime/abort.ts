/**
 * The abort tree: run → turn → batch → call. A child controller follows its parent; the call level
 * may decline to follow a soft stop (a 'block' tool finishes what it started).
 */
import { ToolError } from './errors.js';

/** `controller.abort(INTERRUPT_REASON)` is an interrupt: 'cancel' tools stop, 'block' tools finish. Any other reason is a hard stop. */
export const INTERRUPT_REASON = 'interrupt';

/** The reason a call's controller is aborted with when its time is up. */
export const TIMEOUT_REASON = 'timeout';

/** True when a signal was aborted as an interrupt rather than a hard stop. */
export const isInterrupt = (signal: AbortSignal): boolean => signal.aborted && signal.reason === INTERRUPT_REASON;

/** The reason siblings are stopped with when a call's failure invalidates them; a soft stop, like an interrupt. */
export class SiblingFailure extends ToolError {
  override readonly name = 'SiblingFailure';

  constructor(toolName: string, toolUseId: string) {
    super('CANCELLED', `Cancelled because ${toolName} (${toolUseId}) failed first.`, {
      suggestion: `Fix what made ${toolName} fail, then repeat this call if it is still needed.`,
      details: { failedToolUseId: toolUseId },
    });
  }
}

/**
 * Soft stops (an interrupt, a failed sibling) cancel 'cancel' tools and let 'block' tools finish what
 * they started; anything else (closing the panel, a hard Stop, a timeout) stops every call.
 */
export const isSoftStop = (reason: unknown): boolean => reason === INTERRUPT_REASON || reason instanceof SiblingFailure;

/** A child controller; `release()` detaches it from its parent once its work is over. */
export type ChildAbortController = AbortController & { release(): void };

/**
 * A controller that aborts (with the same reason) when `parent` does, unless `follow(reason)` says no.
 * Call `release()` when the child's work ends, so long runs do not pile up listeners on the root.
 */
export function createChildAbortController(parent: AbortSignal, follow: (reason: unknown) => boolean = () => true): ChildAbortController {
  const child = new AbortController();
  if (parent.aborted) {
    if (follow(parent.reason)) child.abort(parent.reason);
    return Object.assign(child, { release: () => undefined });
  }
  const onParentAbort = () => {
    if (follow(parent.reason)) child.abort(parent.reason);
  };
  parent.addEventListener('abort', onParentAbort, { once: true });
  return Object.assign(child, { release: () => parent.removeEventListener('abort', onParentAbort) });
}

/**
 * Settles like `work`, or resolves `{ aborted: reason }` as soon as `signal` aborts, whichever is first.
 * For stages that wait on something that may ignore the signal (a tool, a permission prompt).
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<{ value: T } | { aborted: unknown }> {
  if (signal.aborted) {
    work.catch(() => undefined); // nobody waits for it any more
    return Promise.resolve({ aborted: signal.reason as unknown });
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      resolve({ aborted: signal.reason as unknown });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Waits `ms`, or rejects as soon as `signal` aborts: with the signal's reason, or with what `abortError`
 * makes of it (each layer says "stopped" in its own error: a model client's ABORTED, a tool's CANCELLED).
 */
export function abortableSleep(ms: number, signal: AbortSignal, abortError: (reason: unknown) => unknown = (reason) => reason): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal.reason));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
