/**
 * What the HTTP model clients share: the options, the idle watchdog, `retry-after` parsing, and the
 * retry loop with exponential backoff. Turning a failure into a `ModelError` is in `http-errors.ts`.
 */
import { abortableSleep } from '../abort.js';
import { abortedError, type ClassifiedError, type ProviderLabel } from './http-errors.js';
import { ModelError, type ModelStreamEvent } from './types.js';

/** Options both HTTP clients take. */
export interface HttpModelClientOptions {
  /** Sent as `x-api-key` (Anthropic) or `Authorization: Bearer` (OpenAI-compatible, only when set). */
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Defaults to the global `fetch`; tests and the service worker may pass their own. */
  fetch?: typeof fetch;
  /** Retries after the first attempt for transient failures (429, 529, overloaded, 5xx, network). Default 2. */
  maxRetries?: number;
  /** First backoff delay; doubles per attempt. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Cap on any one wait, including a server's `retry-after`. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Waits between attempts; injectable so tests can see the delays without waiting. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Gives up on an attempt when no data arrived for this long (default 180 s: a local server may take
   * a minute to load a model before its first byte). A stalled attempt is retried like a network error.
   */
  idleTimeoutMs?: number;
  /** Starts the idle clock; injectable so a test can stall an attempt without racing a real timer. */
  idleTimer?: IdleTimer;
}

/** Default for `idleTimeoutMs`. */
export const DEFAULT_IDLE_TIMEOUT_MS = 180_000;

/** Calls `onIdle` after `ms` unless the returned cancel is called first. */
export type IdleTimer = (onIdle: () => void, ms: number) => () => void;

const realIdleTimer: IdleTimer = (onIdle, ms) => {
  const timer = setTimeout(onIdle, ms);
  return () => clearTimeout(timer);
};

/** The idle watchdog's settings, from client options. */
export interface IdlePolicy {
  ms: number;
  timer: IdleTimer;
}

/** Fills the idle defaults from client options. */
export function idlePolicyFrom(options: HttpModelClientOptions): IdlePolicy {
  return { ms: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, timer: options.idleTimer ?? realIdleTimer };
}

/**
 * A signal for one attempt that aborts when the caller's does, or when `touch` was not called for
 * `ms` — so a connection that silently stops sending cannot hang a run forever.
 */
export class IdleWatchdog {
  private readonly controller = new AbortController();
  private cancel: (() => void) | undefined;
  private expired = false;
  private readonly onParentAbort = () => this.controller.abort(this.parent.reason);

  constructor(
    private readonly parent: AbortSignal,
    readonly ms: number,
    private readonly timer: IdleTimer = realIdleTimer,
  ) {
    if (parent.aborted) this.controller.abort(parent.reason);
    else parent.addEventListener('abort', this.onParentAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True when this watchdog, not the caller, stopped the attempt. */
  get timedOut(): boolean {
    return this.expired;
  }

  /** Data arrived: restart the clock. */
  touch(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (!Number.isFinite(this.ms) || this.ms <= 0) return;
    this.cancel = this.timer(() => {
      this.expired = true;
      this.controller.abort(new Error('idle timeout'));
    }, this.ms);
  }

  dispose(): void {
    this.cancel?.();
    this.parent.removeEventListener('abort', this.onParentAbort);
  }
}

/** The connection went quiet for too long. */
export function stalledError(provider: ProviderLabel, ms: number): ModelError {
  return new ModelError('NETWORK', `${provider.name} stopped responding (no data for ${Math.round(ms / 1000)} s).`, {
    suggestion: 'Check your connection and try again. A local server may still be loading the model.',
  });
}

/**
 * Runs one attempt under an idle watchdog: `run` gets the attempt's signal and a `touch` to call
 * whenever data arrives; a stall becomes a retryable NETWORK error.
 */
export async function* underIdleWatchdog(
  provider: ProviderLabel,
  signal: AbortSignal,
  idle: IdlePolicy,
  run: (attemptSignal: AbortSignal, touch: () => void) => AsyncGenerator<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  const watchdog = new IdleWatchdog(signal, idle.ms, idle.timer);
  try {
    yield* run(watchdog.signal, () => watchdog.touch());
  } catch (error) {
    if (watchdog.timedOut && !signal.aborted) throw new RetryableModelError({ error: stalledError(provider, idle.ms), retryable: true });
    throw error;
  } finally {
    watchdog.dispose();
  }
}

/** Resolved retry settings. */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Fills the retry defaults from client options. */
export function retryPolicyFrom(options: HttpModelClientOptions): RetryPolicy {
  return {
    maxRetries: Math.max(0, options.maxRetries ?? 2),
    baseDelayMs: options.retryBaseDelayMs ?? 500,
    maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    sleep: options.sleep ?? ((ms, signal) => abortableSleep(ms, signal, abortedError)),
  };
}

/** The fetch to use. Bound, because calling a detached `fetch` throws "Illegal invocation" in browsers. */
export function resolveFetch(options: HttpModelClientOptions): typeof fetch {
  return options.fetch ?? globalThis.fetch.bind(globalThis);
}

/** Exponential backoff with jitter (75–100 % of the step) so many clients do not retry in lockstep. */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const step = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.round(step * (0.75 + 0.25 * random())));
}

/** A failure that carries its retry decision through the stream. */
export class RetryableModelError extends Error {
  override readonly name = 'RetryableModelError';
  constructor(readonly classified: ClassifiedError) {
    super(classified.error.message);
  }
}

/**
 * Runs one streamed attempt after another until one completes. An attempt may be retried only while
 * it has yielded nothing: after text reached the person, a retry would repeat it, so the error stands.
 * Waits honour `retry-after` (capped) and otherwise back off exponentially.
 */
export async function* retryingStream(
  policy: RetryPolicy,
  signal: AbortSignal,
  attempt: () => AsyncGenerator<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  for (let n = 0; ; n++) {
    let yielded = false;
    try {
      for await (const event of attempt()) {
        yielded = true;
        yield event;
      }
      return;
    } catch (raw) {
      if (signal.aborted) throw raw instanceof ModelError && raw.code === 'ABORTED' ? raw : abortedError(signal.reason);
      const classified: ClassifiedError =
        raw instanceof RetryableModelError
          ? raw.classified
          : raw instanceof ModelError
            ? { error: raw, retryable: raw.code === 'NETWORK' }
            : { error: new ModelError('PROTOCOL', String(raw), { cause: raw, suggestion: 'Try again.' }), retryable: false };
      if (yielded || !classified.retryable || n >= policy.maxRetries) throw classified.error;
      const requested = classified.error.retryAfterMs;
      const delay = requested !== undefined ? Math.min(requested, policy.maxDelayMs) : backoffDelay(n, policy);
      await policy.sleep(delay, signal);
    }
  }
}
