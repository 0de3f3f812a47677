/**
 * DevTools Protocol events as the developer tools' entries: a console call, an uncaught error or a
 * browser log line as a ConsoleEntry; a request's events as a NetworkEntry. Headers are masked here,
 * before anything leaves the worker: cookies and credentials never reach a result, a transcript or a
 * coding agent.
 */
import type { ConsoleEntry, NetworkEntry } from '../runtime/devtools.js';

/** One console text is at most this long. */
export const MAX_CONSOLE_TEXT = 2_000;

/** Headers that carry a session or a credential: shown as masked. */
const SECRET_HEADER =
  /^(cookie|set-cookie|set-cookie2|authorization|proxy-authorization|x-api-key|api-key|x-auth-token|x-access-token|x-csrf-token|x-xsrf-token)$/i;

/** The headers with every cookie and credential masked (its length stays, to tell empty from set). */
export function maskHeaders(headers: unknown): Record<string, string> {
  const masked: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return masked;
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    const text = typeof value === 'string' ? value : String(value);
    masked[name] = SECRET_HEADER.test(name) ? `(masked, ${text.length} characters)` : text;
  }
  return masked;
}

/** A URL with any `user:password@` taken out. */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1(masked)@');
}

const clipText = (text: string) => (text.length > MAX_CONSOLE_TEXT ? `${text.slice(0, MAX_CONSOLE_TEXT - 1)}…` : text);

interface RemoteObject {
  type?: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: { properties?: Array<{ name: string; value?: string; type?: string }>; overflow?: boolean; subtype?: string };
}

/** How one console argument reads: strings as they are, values as JSON, objects by their preview. */
function argumentText(arg: RemoteObject): string {
  if (arg.type === 'string' && typeof arg.value === 'string') return arg.value;
  if (arg.unserializableValue) return arg.unserializableValue;
  if (arg.type === 'undefined') return 'undefined';
  if (arg.value !== undefined) return JSON.stringify(arg.value) ?? String(arg.value);
  const props = arg.preview?.properties;
  if (props && arg.subtype !== 'error') {
    const array = arg.preview?.subtype === 'array' || arg.subtype === 'array';
    const items = props.map((p) => (array ? (p.value ?? p.type ?? '') : `${p.name}: ${p.value ?? p.type ?? ''}`));
    const body = `${items.join(', ')}${arg.preview?.overflow ? ', …' : ''}`;
    return array ? `[${body}]` : `{${body}}`;
  }
  return arg.description ?? arg.type ?? '';
}

const LEVELS: Readonly<Record<string, ConsoleEntry['level']>> = {
  error: 'error',
  assert: 'error',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  debug: 'debug',
  verbose: 'debug',
};

/** `Runtime.consoleAPICalled`. */
export function consoleCall(params: Record<string, unknown>): ConsoleEntry {
  const args = Array.isArray(params['args']) ? (params['args'] as RemoteObject[]) : [];
  const frame = (params['stackTrace'] as { callFrames?: Array<{ url?: string; lineNumber?: number }> } | undefined)?.callFrames?.[0];
  return {
    level: LEVELS[String(params['type'])] ?? 'log',
    source: 'console',
    text: clipText(args.map(argumentText).join(' ')),
    ...(frame?.url ? { url: maskUrl(frame.url) } : {}),
    ...(typeof frame?.lineNumber === 'number' ? { line: frame.lineNumber + 1 } : {}),
    time: typeof params['timestamp'] === 'number' ? Math.round(params['timestamp']) : Date.now(),
  };
}

/** `Runtime.exceptionThrown`: an uncaught error or an unhandled rejection. */
export function uncaughtError(params: Record<string, unknown>): ConsoleEntry {
  const details = (params['exceptionDetails'] ?? {}) as { text?: string; url?: string; lineNumber?: number; exception?: RemoteObject };
  const described = details.exception?.description ?? (details.exception ? argumentText(details.exception) : undefined);
  const text = [details.text, described].filter((part, i, all) => part && all.indexOf(part) === i).join(' ');
  return {
    level: 'error',
    source: 'exception',
    text: clipText(text || 'Uncaught error'),
    ...(details.url ? { url: maskUrl(details.url) } : {}),
    ...(typeof details.lineNumber === 'number' ? { line: details.lineNumber + 1 } : {}),
    time: typeof params['timestamp'] === 'number' ? Math.round(params['timestamp']) : Date.now(),
  };
}

/** `Log.entryAdded`: the browser's own messages (a failed load, a blocked request, a CSP report). */
export function browserLog(params: Record<string, unknown>): ConsoleEntry {
  const entry = (params['entry'] ?? {}) as { level?: string; text?: string; url?: string; lineNumber?: number; timestamp?: number; source?: string };
  return {
    level: LEVELS[entry.level ?? ''] ?? 'log',
    source: 'browser',
    text: clipText(`${entry.source ? `${entry.source}: ` : ''}${entry.text ?? ''}`),
    ...(entry.url ? { url: maskUrl(entry.url) } : {}),
    ...(typeof entry.lineNumber === 'number' ? { line: entry.lineNumber + 1 } : {}),
    time: typeof entry.timestamp === 'number' ? Math.round(entry.timestamp) : Date.now(),
  };
}

/** A request as the network log keeps it, with what the details need later. */
export interface TrackedRequest {
  entry: NetworkEntry;
  requestId: string;
  /** Monotonic seconds of `requestWillBeSent`, for the duration. */
  startedAt: number;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  postData?: string;
  hasPostData: boolean;
}

/** `Network.requestWillBeSent`. */
export function requestStarted(params: Record<string, unknown>, id: string): TrackedRequest {
  const request = (params['request'] ?? {}) as { url?: string; method?: string; headers?: unknown; postData?: string; hasPostData?: boolean };
  const wallTime = typeof params['wallTime'] === 'number' ? params['wallTime'] * 1000 : Date.now();
  return {
    entry: { id, method: request.method ?? 'GET', url: maskUrl(request.url ?? ''), type: String(params['type'] ?? 'Other'), started: Math.round(wallTime) },
    requestId: String(params['requestId']),
    startedAt: typeof params['timestamp'] === 'number' ? params['timestamp'] : 0,
    requestHeaders: maskHeaders(request.headers),
    ...(typeof request.postData === 'string' ? { postData: request.postData } : {}),
    hasPostData: request.hasPostData === true || typeof request.postData === 'string',
  };
}

/** `Network.responseReceived` (or a redirect's response): status, type, headers. */
export function responseArrived(tracked: TrackedRequest, response: Record<string, unknown>): void {
  if (typeof response['status'] === 'number') tracked.entry.status = response['status'];
  if (typeof response['statusText'] === 'string' && response['statusText']) tracked.entry.statusText = response['statusText'];
  if (typeof response['mimeType'] === 'string') tracked.entry.mimeType = response['mimeType'];
  tracked.responseHeaders = maskHeaders(response['headers']);
}

/** `Network.loadingFinished` / `loadingFailed` / a redirect: how long it took, what it weighed, why it failed. */
export function requestEnded(tracked: TrackedRequest, params: Record<string, unknown>, failed?: string): void {
  if (typeof params['timestamp'] === 'number' && tracked.startedAt > 0) tracked.entry.durationMs = Math.round((params['timestamp'] - tracked.startedAt) * 1000);
  if (typeof params['encodedDataLength'] === 'number') tracked.entry.size = params['encodedDataLength'];
  if (failed) tracked.entry.failed = failed;
}
