/**
 * The requests an act set off, seen on the debugger session trusted input already holds (the developer
 * tools' capture enables the Network domain when it attaches). An act's settle waits for them, so the
 * page's answer to a click that posts (Node-RED's "Successfully deployed", shown once the server
 * answered the deploy) is in the act's result. Only what a person waits on counts, a heuristic:
 * - fetch and XHR to the page's own site, begun after the act's mark;
 * - not a beacon, an event stream, a web socket or a page load (other types), nor a request to another
 *   site (analytics and trackers answer nothing a person sees);
 * - not a poll: a request to an address that had a request open when the act began (a long poll's next
 *   round), or whose earlier requests stayed open for LONG_OPEN_MS (a long poll or a stream).
 * The settle is bounded by its own limit: a request still open then does not fail the act.
 */
import type { ActRequests, ActRequestsPort } from '../runtime/page-input.js';
import type { DebuggerApi } from './cdp-input.js';

/** A request open this long is a poll or a stream: later requests to its address are not waited for. */
export const LONG_OPEN_MS = 10_000;
/** Open requests and long-open addresses remembered per tab (a page that never ends its requests cannot grow them). */
const MAX_TRACKED = 500;

const COUNTED_TYPES = new Set(['XHR', 'Fetch']);

interface OpenRequest {
  address: string;
  counted: boolean;
  startedAt: number;
}

interface Mark {
  /** Addresses that had a request open at the mark: their next requests are a poll's rounds. */
  polling: Set<string>;
  open: Set<string>;
  lastEnded: number;
  wake: () => void;
}

interface TabRequests {
  open: Map<string, OpenRequest>;
  longOpen: Set<string>;
  marks: Set<Mark>;
}

/** The address a request is compared by: origin and path (a poll's query often carries a counter or a time). */
function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Keeps a bounded set or map from growing: the oldest entries go first. */
function bound<K>(keys: { size: number; keys(): IterableIterator<K>; delete(key: K): boolean }): void {
  for (const key of keys.keys()) {
    if (keys.size <= MAX_TRACKED) return;
    keys.delete(key);
  }
}

/** Per tab: the requests open now, and the marks of acts waiting on theirs. */
export class ActRequestTracker implements ActRequestsPort {
  private readonly tabs = new Map<number, TabRequests>();

  constructor(
    api: Pick<DebuggerApi, 'onEvent' | 'onDetach'>,
    private readonly now: () => number = Date.now,
  ) {
    api.onEvent((tabId, method, params) => this.onEvent(tabId, method, params));
    api.onDetach((tabId) => {
      const tab = this.tabs.get(tabId);
      this.tabs.delete(tabId);
      // Nothing more will be heard of the tab's requests: nobody waits for them.
      for (const mark of tab?.marks ?? []) {
        mark.open.clear();
        mark.wake();
      }
    });
  }

  private tab(tabId: number): TabRequests {
    let tab = this.tabs.get(tabId);
    if (!tab) {
      tab = { open: new Map(), longOpen: new Set(), marks: new Set() };
      this.tabs.set(tabId, tab);
    }
    return tab;
  }

  mark(tabId: number): ActRequests {
    const tab = this.tab(tabId);
    const mark: Mark = {
      polling: new Set([...tab.open.values()].filter((request) => request.counted).map((request) => request.address)),
      open: new Set(),
      lastEnded: -Infinity,
      wake: () => undefined,
    };
    tab.marks.add(mark);
    return {
      open: () => mark.open.size,
      sinceLastEnded: () => this.now() - mark.lastEnded,
      idle: (ms, signal) => {
        if (mark.open.size === 0 || ms <= 0 || signal.aborted) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            mark.wake = () => undefined;
            resolve();
          };
          const timer = setTimeout(done, ms);
          signal.addEventListener('abort', done, { once: true });
          mark.wake = () => mark.open.size === 0 && done();
        });
      },
      stop: () => {
        tab.marks.delete(mark);
        mark.wake();
      },
    };
  }

  private onEvent(tabId: number, method: string, params: Record<string, unknown>): void {
    if (!method.startsWith('Network.')) return;
    const requestId = String(params['requestId'] ?? '');
    if (method === 'Network.requestWillBeSent') {
      const tab = this.tab(tabId);
      // A redirect reuses the request's id: the request goes on, as the same one.
      if (tab.open.has(requestId)) return;
      const request = (params['request'] ?? {}) as { url?: unknown; isSameSite?: unknown };
      const address = addressOf(typeof request.url === 'string' ? request.url : '');
      const counted = COUNTED_TYPES.has(String(params['type'])) && request.isSameSite !== false;
      tab.open.set(requestId, { address, counted, startedAt: this.now() });
      bound(tab.open);
      if (!counted || tab.longOpen.has(address)) return;
      for (const mark of tab.marks) if (!mark.polling.has(address)) mark.open.add(requestId);
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      this.ended(tabId, requestId);
    } else if (method === 'Network.responseReceived') {
      // An event stream answers for as long as the page keeps it: its headers arriving is all a person waits for.
      const mimeType = (params['response'] as { mimeType?: unknown } | undefined)?.mimeType;
      if (mimeType === 'text/event-stream') this.ended(tabId, requestId);
    }
  }

  private ended(tabId: number, requestId: string): void {
    const tab = this.tabs.get(tabId);
    const request = tab?.open.get(requestId);
    if (!tab || !request) return;
    tab.open.delete(requestId);
    if (request.counted && this.now() - request.startedAt >= LONG_OPEN_MS) {
      tab.longOpen.add(request.address);
      bound(tab.longOpen);
    }
    for (const mark of tab.marks) {
      if (!mark.open.delete(requestId)) continue;
      mark.lastEnded = this.now();
      mark.wake();
    }
  }
}
