/**
 * What the HTTP model clients share: the options, turning a failed response into a `ModelError` a
 * person can act on, `retry-after` parsing, and the retry loop with exponential backoff.
 */
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
}

/** Default for `idleTimeoutMs`. */
export const DEFAULT_IDLE_TIMEOUT_MS = 180_000;

/**
 * A signal for one attempt that aborts when the caller's does, or when `touch` was not called for
 * `ms` — so a connection that silently stops sending cannot hang a run forever.
 */
export class IdleWatchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  private readonly onParentAbort = () => this.controller.abort(this.parent.reason);

  constructor(
    private readonly parent: AbortSignal,
    readonly ms: number,
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
    clearTimeout(this.timer);
    if (!Number.isFinite(this.ms) || this.ms <= 0) return;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error('idle timeout'));
    }, this.ms);
  }

  dispose(): void {
    clearTimeout(this.timer);
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
  ms: number,
  run: (attemptSignal: AbortSignal, touch: () => void) => AsyncGenerator<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  const watchdog = new IdleWatchdog(signal, ms);
  try {
    yield* run(watchdog.signal, () => watchdog.touch());
  } catch (error) {
    if (watchdog.timedOut && !signal.aborted) throw new RetryableModelError({ error: stalledError(provider, ms), retryable: true });
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
    sleep: options.sleep ?? abortableSleep,
  };
}

/** The fetch to use. Bound, because calling a detached `fetch` throws "Illegal invocation" in browsers. */
export function resolveFetch(options: HttpModelClientOptions): typeof fetch {
  return options.fetch ?? globalThis.fetch.bind(globalThis);
}

/** `setTimeout` as a promise that rejects when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError(signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal.reason));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The server's requested wait in ms: `retry-after-ms` (OpenAI), else `retry-after` as seconds or an
 * HTTP date. `undefined` when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with jitter (75–100 % of the step) so many clients do not retry in lockstep. */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const step = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.round(step * (0.75 + 0.25 * random())));
}

/** Who answered, for messages: "Anthropic" or the host of an OpenAI-compatible server. */
export interface ProviderLabel {
  name: string;
  baseUrl: string;
  model: string;
}

/** A `ModelError` and whether trying again may help. */
export interface ClassifiedError {
  error: ModelError;
  retryable: boolean;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The provider's own explanation from an error body (`{error: {message, type}}` in both APIs). */
export function providerErrorDetail(bodyText: string): { message: string | undefined; type: string | undefined } {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    const error = typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    if (typeof error === 'object' && error !== null) {
      const e = error as { message?: unknown; type?: unknown; code?: unknown };
      const type = typeof e.type === 'string' ? e.type : typeof e.code === 'string' ? e.code : undefined;
      return { message: typeof e.message === 'string' ? e.message : undefined, type };
    }
    if (typeof error === 'string') return { message: error, type: undefined };
  } catch {
    // not JSON: fall through to the raw text
  }
  const text = bodyText.trim();
  // An HTML error page from a proxy says nothing useful to a person.
  if (text === '' || text.startsWith('<')) return { message: undefined, type: undefined };
  return { message: text.length > 300 ? `${text.slice(0, 300)}…` : text, type: undefined };
}

const TOO_LONG = /too long|context length|context window|maximum context|too many tokens/i;

/** Maps an HTTP failure to a person-friendly `ModelError`, and says whether a retry may help. */
export function classifyHttpError(provider: ProviderLabel, status: number, headers: Headers, bodyText: string, now: number = Date.now()): ClassifiedError {
  const { message: detail, type } = providerErrorDetail(bodyText);
  const said = detail ? `: ${detail}` : '.';
  const host = hostOf(provider.baseUrl);
  const retryAfterMs = parseRetryAfter(headers, now);
  const base = { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };

  if (status === 401) {
    return {
      retryable: false,
      error: new ModelError('AUTH', `${provider.name} rejected the API key (401)${said}`, {
        ...base,
        suggestion: 'Check the API key in Settings: copy it again from your provider account.',
      }),
    };
  }
  if (status === 403) {
    return {
      retryable: false,
      error: new ModelError('AUTH', `${provider.name} refused the request (403 Forbidden)${said}`, {
        ...base,
        suggestion: 'Your key may not have access to this model or feature. Check its permissions, or choose another model in Settings.',
      }),
    };
  }
  if (status === 404) {
    return {
      retryable: false,
      error: new ModelError('MODEL_NOT_FOUND', `The model “${provider.model}” was not found at ${host} (404)${said}`, {
        ...base,
        suggestion: 'Check the model name and the base URL in Settings.',
      }),
    };
  }
  if (status === 429) {
    if (type === 'insufficient_quota') {
      return {
        retryable: false,
        error: new ModelError('RATE_LIMITED', `${provider.name} says this account is out of quota (429)${said}`, {
          ...base,
          suggestion: 'Check the plan and billing of your provider account, or use another key.',
        }),
      };
    }
    const wait = retryAfterMs !== undefined ? ` Try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.` : '';
    return {
      retryable: true,
      error: new ModelError('RATE_LIMITED', `${provider.name} is rate limiting requests (429).${wait}`, {
        ...base,
        suggestion:
          retryAfterMs !== undefined
            ? `Wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds, then send again.`
            : 'Wait a minute, then send again.',
      }),
    };
  }
  if (status === 529 || type === 'overloaded_error') {
    return {
      retryable: true,
      error: new ModelError('OVERLOADED', `${provider.name} is overloaded right now (${status}).`, {
        ...base,
        suggestion: 'This is temporary: try again in a few seconds.',
      }),
    };
  }
  if (status === 400 || status === 413 || status === 422) {
    const tooLong = status === 413 || (detail !== undefined && TOO_LONG.test(detail));
    return {
      retryable: false,
      error: new ModelError('BAD_REQUEST', `${provider.name} rejected the request (${status})${said}`, {
        ...base,
        suggestion: tooLong
          ? 'The conversation is too long for this model: start a new chat, or choose a model with a larger context.'
          : 'This model may not support something in the request. Try another model, or start a new chat.',
      }),
    };
  }
  if (status === 408 || status === 409 || status >= 500) {
    return {
      retryable: true,
      error: new ModelError('SERVER', `${provider.name} had a server error (${status})${said}`, {
        ...base,
        suggestion: 'This is usually temporary: try again shortly.',
      }),
    };
  }
  return {
    retryable: false,
    error: new ModelError('SERVER', `${provider.name} answered with an unexpected status ${status}${said}`, {
      ...base,
      suggestion: 'Check the base URL in Settings.',
    }),
  };
}

/** `fetch` failed before any response: offline, DNS, refused connection, or CORS. */
export function networkError(provider: ProviderLabel, cause: unknown): ModelError {
  return new ModelError('NETWORK', `Could not reach ${provider.name} at ${hostOf(provider.baseUrl)}.`, {
    cause,
    suggestion: 'Check your internet connection and the base URL in Settings. For a local server (Ollama, LM Studio), make sure it is running.',
  });
}

/** The stream broke off or made no sense. Retryable only before anything was shown. */
export function protocolError(provider: ProviderLabel, what: string, cause?: unknown): ModelError {
  return new ModelError('PROTOCOL', `${provider.name} sent an incomplete or malformed answer: ${what}.`, {
    ...(cause !== undefined ? { cause } : {}),
    suggestion: 'Try again. If it keeps happening, check that the base URL points at the right kind of server.',
  });
}

/** The run was stopped while the model was answering. */
export function abortedError(reason?: unknown): ModelError {
  return new ModelError('ABORTED', 'The request to the model was stopped.', { cause: reason, suggestion: 'Send again when you are ready.' });
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
