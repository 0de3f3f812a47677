/**
 * The developer tools' port on `chrome.debugger`: from the moment Pagewright attaches to a tab (for
 * trusted input, or for these tools) it keeps that tab's console messages, uncaught errors and requests,
 * bounded (the oldest go first, and the count of those dropped is kept); V8 replays the console messages
 * of the current document when the Runtime domain is enabled, so those logged before are there too.
 * Scripts run in the page's own JavaScript world (`Runtime.evaluate`), with a deadline.
 */
import type { CaptureWindow, ConsoleEntry, DevToolsPort, NetworkDetails, NetworkEntry, ScriptOutcome } from '../runtime/devtools.js';
import { ToolError } from '../runtime/errors.js';
import type { InputChannel } from '../runtime/page-input.js';
import type { DebuggerApi } from './cdp-input.js';
import { browserLog, consoleCall, requestEnded, requestStarted, responseArrived, uncaughtError, type TrackedRequest } from './devtools-entries.js';

/** Entries kept per tab. */
export const MAX_CONSOLE_ENTRIES = 1_000;
export const MAX_NETWORK_ENTRIES = 500;
const MAX_BODY_CHARS = 20_000;

interface TabCapture {
  since: number;
  console: ConsoleEntry[];
  consoleDropped: number;
  requests: TrackedRequest[];
  requestsDropped: number;
  byRequestId: Map<string, TrackedRequest>;
  nextId: number;
}

const push = <T>(list: T[], item: T, max: number): number => {
  list.push(item);
  return list.length > max ? list.splice(0, list.length - max).length : 0;
};

export class DevToolsCapture implements DevToolsPort {
  private readonly tabs = new Map<number, TabCapture>();

  constructor(
    private readonly api: DebuggerApi,
    /** Attaches for a run (CdpInput.acquire): the same session trusted input uses. */
    private readonly acquire: (tabId: number, owner: string) => Promise<InputChannel>,
    private readonly now: () => number = Date.now,
  ) {
    api.onEvent((tabId, method, params) => this.onEvent(tabId, method, params));
    api.onDetach((tabId) => this.tabs.delete(tabId));
  }

  /** Starts capturing on a tab the debugger has just attached to. */
  async start(tabId: number): Promise<void> {
    if (this.tabs.has(tabId)) return;
    this.tabs.set(tabId, { since: this.now(), console: [], consoleDropped: 0, requests: [], requestsDropped: 0, byRequestId: new Map(), nextId: 1 });
    await Promise.all([
      this.api.send(tabId, 'Runtime.enable'),
      this.api.send(tabId, 'Log.enable'),
      // Bounded buffers: response bodies are kept by the browser only up to these sizes.
      this.api.send(tabId, 'Network.enable', { maxTotalBufferSize: 10_000_000, maxResourceBufferSize: 1_000_000 }),
    ]).catch(() => undefined);
  }

  private async capture(tabId: number, owner: string): Promise<TabCapture> {
    const channel = await this.acquire(tabId, owner);
    if (!channel.trusted) {
      throw new ToolError('DEBUGGER_UNAVAILABLE', `Pagewright cannot read this tab’s developer data: ${channel.reason}.`, {
        suggestion: 'Close DevTools on that tab (only one debugger may attach to a tab), then try again.',
        details: { tab_id: tabId },
      });
    }
    await this.start(tabId);
    const capture = this.tabs.get(tabId);
    if (!capture) throw new ToolError('TAB_CLOSED', `Tab ${tabId} closed.`, { suggestion: 'Call list_tabs to see the open tabs.' });
    return capture;
  }

  async console(tabId: number, owner: string): Promise<CaptureWindow<ConsoleEntry>> {
    const capture = await this.capture(tabId, owner);
    return { since: capture.since, entries: [...capture.console], dropped: capture.consoleDropped };
  }

  async network(tabId: number, owner: string): Promise<CaptureWindow<NetworkEntry>> {
    const capture = await this.capture(tabId, owner);
    return { since: capture.since, entries: capture.requests.map((request) => ({ ...request.entry })), dropped: capture.requestsDropped };
  }

  async request(tabId: number, owner: string, id: string, options: { bodies: boolean }): Promise<NetworkDetails> {
    const capture = await this.capture(tabId, owner);
    const tracked = capture.requests.find((request) => request.entry.id === id);
    if (!tracked)
      throw new ToolError('REQUEST_NOT_FOUND', `No request ${id} is in this tab’s log.`, {
        suggestion: 'Call read_network without request_id to list the requests and their ids.',
      });
    const details: NetworkDetails = {
      entry: { ...tracked.entry },
      requestHeaders: tracked.requestHeaders,
      ...(tracked.responseHeaders ? { responseHeaders: tracked.responseHeaders } : {}),
    };
    if (!options.bodies) return details;
    let postData = tracked.postData;
    if (postData === undefined && tracked.hasPostData) {
      postData = await this.api
        .send(tabId, 'Network.getRequestPostData', { requestId: tracked.requestId })
        .then((reply) => (reply as { postData?: string }).postData)
        .catch(() => undefined);
    }
    if (postData !== undefined) details.requestBody = postData.length > MAX_BODY_CHARS ? `${postData.slice(0, MAX_BODY_CHARS)}…` : postData;
    details.responseBody = await this.api.send(tabId, 'Network.getResponseBody', { requestId: tracked.requestId }).then(
      (reply) => {
        const { body, base64Encoded } = reply as { body: string; base64Encoded: boolean };
        if (base64Encoded) return { omitted: `binary (${Math.floor((body.length * 3) / 4)} bytes)` };
        return body.length > MAX_BODY_CHARS ? { text: body.slice(0, MAX_BODY_CHARS), truncated: true } : { text: body };
      },
      () => ({ omitted: 'the browser no longer holds it (or the request has no body)' }),
    );
    return details;
  }

  async evaluate(tabId: number, owner: string, expression: string, options: { timeoutMs: number; signal: AbortSignal }): Promise<ScriptOutcome> {
    await this.capture(tabId, owner);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs)));
    const stopped = new Promise<'stopped'>((resolve) => options.signal.addEventListener('abort', () => resolve('stopped'), { once: true }));
    try {
      const reply = await Promise.race([
        this.api.send(tabId, 'Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true, userGesture: false, timeout: options.timeoutMs }),
        timedOut,
        stopped,
      ]);
      if (reply === 'timeout' || reply === 'stopped') {
        // A busy loop keeps running after we stop waiting: end it.
        await this.api.send(tabId, 'Runtime.terminateExecution').catch(() => undefined);
        if (reply === 'stopped') throw options.signal.reason;
        throw new ToolError('SCRIPT_TIMEOUT', `The script did not finish within ${Math.round(options.timeoutMs / 1000)} s and was stopped.`, {
          suggestion:
            'It may wait on a promise that never settles or on a dialog (answer it with handle_dialog). Make it shorter, or give a longer timeout_ms.',
        });
      }
      const { result, exceptionDetails } = reply as {
        result?: { type?: string; value?: unknown; description?: string };
        exceptionDetails?: { text?: string; exception?: { description?: string } };
      };
      if (exceptionDetails) return { ok: false, exception: exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'the script threw' };
      return { ok: true, value: result?.value ?? null, type: result?.type ?? 'undefined' };
    } finally {
      clearTimeout(timer);
    }
  }

  private onEvent(tabId: number, method: string, params: Record<string, unknown>): void {
    const capture = this.tabs.get(tabId);
    if (!capture) return;
    const addConsole = (entry: ConsoleEntry) => (capture.consoleDropped += push(capture.console, entry, MAX_CONSOLE_ENTRIES));
    if (method === 'Runtime.consoleAPICalled') addConsole(consoleCall(params));
    else if (method === 'Runtime.exceptionThrown') addConsole(uncaughtError(params));
    else if (method === 'Log.entryAdded') addConsole(browserLog(params));
    else if (method.startsWith('Network.')) this.onNetwork(capture, method, params);
  }

  private onNetwork(capture: TabCapture, method: string, params: Record<string, unknown>): void {
    const requestId = String(params['requestId'] ?? '');
    const current = capture.byRequestId.get(requestId);
    if (method === 'Network.requestWillBeSent') {
      // A redirect reuses the request id: the earlier hop ends with the redirect's response.
      const redirect = params['redirectResponse'];
      if (current && typeof redirect === 'object' && redirect !== null) {
        responseArrived(current, redirect as Record<string, unknown>);
        requestEnded(current, params);
      }
      const tracked = requestStarted(params, `r${capture.nextId++}`);
      capture.byRequestId.set(requestId, tracked);
      const dropped = push(capture.requests, tracked, MAX_NETWORK_ENTRIES);
      if (dropped > 0) {
        capture.requestsDropped += dropped;
        const kept = new Set(capture.requests);
        for (const [id, request] of capture.byRequestId) if (!kept.has(request)) capture.byRequestId.delete(id);
      }
    } else if (!current) {
      return;
    } else if (method === 'Network.responseReceived') {
      responseArrived(current, (params['response'] ?? {}) as Record<string, unknown>);
    } else if (method === 'Network.loadingFinished') {
      requestEnded(current, params);
    } else if (method === 'Network.loadingFailed') {
      const reason = params['canceled'] === true ? 'cancelled' : String(params['blockedReason'] ?? params['errorText'] ?? 'failed');
      requestEnded(current, params, reason);
    }
  }
}
