/**
 * What a developer reads of a tab through the DevTools Protocol, as tools see it: console messages and
 * uncaught errors, network requests, and a script run in the page. The service worker implements the
 * port with `chrome.debugger` (attached for trusted input anyway); the runtime touches no browser API.
 */

/** One console message or uncaught error. `time` is ms since the epoch. */
export interface ConsoleEntry {
  level: 'error' | 'warning' | 'info' | 'log' | 'debug';
  /** `console`: the page called console.*; `exception`: an uncaught error or rejection; `browser`: the browser's own (a failed load, a CSP report). */
  source: 'console' | 'exception' | 'browser';
  text: string;
  url?: string;
  line?: number;
  time: number;
}

/** One request the tab made. `started` is ms since the epoch. */
export interface NetworkEntry {
  /** Pagewright's id for the request in this tab (`r12`), for `read_network` with `request_id`. */
  id: string;
  method: string;
  url: string;
  /** The resource type as the browser names it (Document, XHR, Fetch, Script, Image…). */
  type: string;
  status?: number;
  statusText?: string;
  mimeType?: string;
  /** Bytes received over the network (encoded). */
  size?: number;
  started: number;
  durationMs?: number;
  /** Why it failed (`net::ERR_…`, blocked, cancelled). */
  failed?: string;
}

/** A request in full: headers (cookies and credentials masked) and, when asked, its bodies (bounded). */
export interface NetworkDetails {
  entry: NetworkEntry;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  requestBody?: string;
  /** The response body as text, or why it is not shown (binary, gone, too long). */
  responseBody?: { text: string; truncated?: boolean } | { omitted: string };
}

/** What a capture holds since it began, and how many older entries it let go (it is bounded). */
export interface CaptureWindow<T> {
  /** When capturing began on this tab (Pagewright attached), ms since the epoch. */
  since: number;
  entries: T[];
  dropped: number;
}

/** A script's result: its JSON value, or the exception it threw. */
export type ScriptOutcome = { ok: true; value: unknown; type: string } | { ok: false; exception: string };

/** The developer tools' port on the BrowserBridge; `owner` is the run id (the debugger is released with the run). */
export interface DevToolsPort {
  console(tabId: number, owner: string): Promise<CaptureWindow<ConsoleEntry>>;
  network(tabId: number, owner: string): Promise<CaptureWindow<NetworkEntry>>;
  request(tabId: number, owner: string, id: string, options: { bodies: boolean }): Promise<NetworkDetails>;
  /** Evaluates `expression` in the tab's page (its own JavaScript world) and returns its value by JSON. */
  evaluate(tabId: number, owner: string, expression: string, options: { timeoutMs: number; signal: AbortSignal }): Promise<ScriptOutcome>;
}
