/**
 * Watches a tab while an action runs, for what happens outside its DOM: the top frame navigating
 * (and where it lands after redirects), a same-document URL change, tabs the page opens, and
 * JavaScript dialogs. The action's result reports them, so the model knows a click loaded a page or
 * opened a tab instead of guessing from a reply that never came.
 */
import type { WatchedEvents, DialogInfo, PageWatch } from '../runtime/page-input.js';

type Listener<T> = (details: T) => void;
/** An extension event as far as this file needs it. */
interface Event<T> {
  addListener(listener: Listener<T>): void;
  removeListener(listener: Listener<T>): void;
}
interface FrameDetails {
  tabId: number;
  frameId: number;
  url: string;
}

/** The `webNavigation` events used here (chrome.webNavigation, or a fake in tests). */
export interface NavigationEvents {
  onBeforeNavigate: Event<FrameDetails>;
  onCommitted: Event<FrameDetails>;
  onCompleted: Event<FrameDetails>;
  onErrorOccurred: Event<FrameDetails & { error?: string }>;
  onHistoryStateUpdated: Event<FrameDetails>;
  onReferenceFragmentUpdated: Event<FrameDetails>;
  onCreatedNavigationTarget: Event<{ sourceTabId: number; tabId: number; url: string }>;
}

/** Starts watching `tabId`; `dialogOf` reads the tab's open dialog (from the debugger, when attached). */
export function watchPage(events: NavigationEvents, tabId: number, dialogOf: (tabId: number) => DialogInfo | undefined): PageWatch {
  const seen: WatchedEvents = { newTabs: [] };
  let pending = false;
  let wake: () => void = () => undefined;

  const before = (d: FrameDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0) return;
    pending = true;
    seen.navigationStarted = d.url;
  };
  const committed = (d: FrameDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0) return;
    pending = true;
    seen.navigationStarted ??= d.url;
    seen.navigated = { url: d.url };
  };
  const completed = (d: FrameDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0 || !pending) return;
    pending = false;
    seen.navigated = { url: d.url };
    wake();
  };
  const failed = (d: FrameDetails & { error?: string }) => {
    if (d.tabId !== tabId || d.frameId !== 0 || !pending) return;
    // ERR_ABORTED: the page stopped its own navigation (or a download took it over): nothing loaded.
    pending = false;
    seen.navigated = { url: d.url, error: d.error ?? 'unknown error' };
    wake();
  };
  const sameDocument = (d: FrameDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0) return;
    seen.urlChanged = d.url;
  };
  const created = (d: { sourceTabId: number; tabId: number; url: string }) => {
    if (d.sourceTabId === tabId) seen.newTabs.push({ tabId: d.tabId, url: d.url });
  };

  const bind = <T>(event: Event<T>, listener: Listener<T>) => {
    event.addListener(listener);
    return () => event.removeListener(listener);
  };
  const unbind = [
    bind(events.onBeforeNavigate, before),
    bind(events.onCommitted, committed),
    bind(events.onCompleted, completed),
    bind(events.onErrorOccurred, failed),
    bind(events.onHistoryStateUpdated, sameDocument),
    bind(events.onReferenceFragmentUpdated, sameDocument),
    bind(events.onCreatedNavigationTarget, created),
  ];

  return {
    events() {
      const dialog = dialogOf(tabId);
      return { ...seen, newTabs: [...seen.newTabs], ...(dialog ? { dialog } : {}) };
    },
    async waitForNavigation(ms, signal) {
      if (!pending || signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        // A beforeunload dialog holds the navigation until someone answers it: stop waiting then.
        const poll = setInterval(() => dialogOf(tabId) && done(), 100);
        function done() {
          clearTimeout(timer);
          clearInterval(poll);
          signal.removeEventListener('abort', done);
          wake = () => undefined;
          resolve();
        }
        wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    },
    stop() {
      for (const remove of unbind) remove();
    },
  };
}
