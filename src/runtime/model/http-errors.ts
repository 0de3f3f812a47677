/** Failures of the HTTP model clients, phrased so a person can act on them, each with whether a retry may help. */
import { ModelError } from './types.js';

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
          retryAfterMs !== undefined ? `Wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds, then send again.` : 'Wait a minute, then send again.',
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
