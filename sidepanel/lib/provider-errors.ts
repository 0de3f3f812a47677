/**
 * Run errors phrased for the person. The model clients already write person-friendly messages; this adds
 * a headline per kind and, for rate limits, when to retry — so a failure is never a silent hang.
 */

import type { RunError } from '../../src/runtime/errors.js';

/** What the panel shows for a run error. */
export interface RunErrorView {
  title: string;
  message: string;
  suggestion: string;
  /** For rate limits: "Try again in about 20 seconds (at 14:05:10)." */
  retry?: string;
  /** The fix lives in Settings (key, model, base URL). */
  pointsToSettings: boolean;
}

const TITLES: Record<string, { title: string; settings: boolean }> = {
  AUTH: { title: 'The API key was not accepted', settings: true },
  NOT_CONFIGURED: { title: 'No model provider is set up', settings: true },
  SETTINGS_INVALID: { title: 'The settings are invalid', settings: true },
  RATE_LIMITED: { title: 'Rate limited by the provider', settings: false },
  OVERLOADED: { title: 'The provider is overloaded', settings: false },
  NETWORK: { title: 'Cannot reach the provider', settings: true },
  MODEL_NOT_FOUND: { title: 'Model not found', settings: true },
  BAD_REQUEST: { title: 'The provider rejected the request', settings: false },
  SERVER: { title: 'The provider had an error', settings: false },
  PROTOCOL: { title: 'Unexpected reply from the provider', settings: true },
  ABORTED: { title: 'The request was stopped', settings: false },
  BUDGET_EXCEEDED: { title: 'Stopped at the run budget', settings: true },
};

/** Formats a wait as words: 45 → "45 seconds", 150 → "3 minutes". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * Builds the view of a run error. `retryAt` (epoch ms) is when the wait runs out, fixed by the model
 * when the error arrived — never taken from the clock here, or the time shown would drift per render.
 */
export function describeRunError(error: RunError, retryAt?: number): RunErrorView {
  const known = Object.hasOwn(TITLES, error.code) ? TITLES[error.code] : undefined;
  const view: RunErrorView = {
    title: known?.title ?? 'The run stopped with an error',
    message: error.message,
    suggestion: error.suggestion,
    pointsToSettings: known?.settings ?? false,
  };
  if (error.retryAfterMs !== undefined && error.retryAfterMs > 0) {
    const clock = retryAt === undefined ? undefined : new Date(retryAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    view.retry = `Try again in about ${formatWait(error.retryAfterMs)}${clock === undefined ? '' : ` (at ${clock})`}.`;
    // The client's message and suggestion say the same wait in other words ("Try again in 1 s.",
    // "Wait 1 seconds…"): the retry line replaces them, so the card says it once.
    view.message = error.message.replace(/\s*Try again in \d+ s\.\s*$/, '');
    if (error.code === 'RATE_LIMITED' || error.code === 'OVERLOADED') view.suggestion = '';
  } else if (error.code === 'RATE_LIMITED') {
    view.retry = 'Wait a little, then send your message again.';
  }
  return view;
}
