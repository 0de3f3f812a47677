/**
 * The `BrowserBridge` the tools act through, on extension APIs (webextension-polyfill). The content
 * script is injected on demand, into each frame the first time a tool needs that frame: no page (and
 * no frame of it) is touched until the agent works on it. Browser failures become ToolErrors with the codes the
 * model can act on: NOT_INJECTABLE, TAB_CLOSED, NAVIGATED, TIMEOUT (and CANCELLED on abort).
 */
import browser, { type Tabs } from 'webextension-polyfill';
import type { BrowserBridge, NavigationProgress, TabInfo } from '../runtime/browser.js';
import { messageOf, ToolError } from '../runtime/errors.js';
import { classifyBrowserError, isRestrictedUrl, notInjectable, utf8ToBase64 } from './browser-errors.js';
import { locateFrames } from './frame-tree.js';
import { CONTENT_SCRIPT_PATH } from './inject.js';
import type { createLandingGuards } from './landing-guard.js';
import { encodeScreenshot } from './screenshot-encode.js';

/** How long one content-script command may take before TIMEOUT. */
export const SEND_TIMEOUT_MS = 30_000;
/** How long injecting the content script into a tab's frames may take before the command is tried anyway. */
export const INJECT_TIMEOUT_MS = 5_000;
/** How long a navigation may take to load before TIMEOUT. */
export const LOAD_TIMEOUT_MS = 30_000;

const cancelled = () => new ToolError('CANCELLED', 'The call was cancelled.', { suggestion: 'Ask again if it is still needed.' });

/** Races work against a timeout and an abort signal. */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal, ms: number, onTimeout: () => ToolError): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(onTimeout())), ms);
    const onAbort = () => finish(() => reject(cancelled()));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/** Tab fields as tools see them. */
export function toTabInfo(tab: Tabs.Tab): TabInfo {
  return {
    id: tab.id ?? -1,
    windowId: tab.windowId ?? -1,
    url: tab.url ?? tab.pendingUrl ?? '',
    title: tab.title ?? '',
    active: tab.active,
    status: tab.status === 'loading' || tab.status === 'complete' ? tab.status : 'unknown',
  };
}

const isNoReceiver = (error: unknown) => /Receiving end does not exist|Could not establish connection/i.test(messageOf(error));

/** Waits for the tab's top frame to finish loading after `start` triggers a navigation. */
async function navigateAndWait(
  tabId: number,
  start: () => Promise<unknown>,
  signal: AbortSignal,
  onProgress?: (progress: NavigationProgress) => void,
): Promise<void> {
  let cleanup = () => {};
  const stage = (name: NavigationProgress['stage']) => (details: { tabId: number; frameId: number; url: string }) => {
    if (details.tabId === tabId && details.frameId === 0) onProgress?.({ stage: name, url: details.url });
  };
  const progressListeners = [
    [browser.webNavigation.onBeforeNavigate, stage('started')],
    [browser.webNavigation.onCommitted, stage('committed')],
    [browser.webNavigation.onDOMContentLoaded, stage('dom_ready')],
    [browser.webNavigation.onCompleted, stage('loaded')],
  ] as const;
  if (onProgress) for (const [event, listener] of progressListeners) event.addListener(listener);
  const loaded = new Promise<void>((resolve, reject) => {
    const done = (details: { tabId: number; frameId: number }) => {
      if (details.tabId === tabId && details.frameId === 0) resolve();
    };
    const failed = (details: { tabId: number; frameId: number; error?: string }) => {
      if (details.tabId !== tabId || details.frameId !== 0 || details.error === 'net::ERR_ABORTED') return;
      reject(
        new ToolError('NAVIGATION_FAILED', `The page did not load: ${details.error ?? 'unknown error'}.`, {
          suggestion: 'Check the URL; the site may be down or unreachable.',
          details: { tabId },
        }),
      );
    };
    const removed = (closedId: number) => {
      if (closedId === tabId) reject(classifyBrowserError(new Error('No tab with id'), { tabId }));
    };
    browser.webNavigation.onCompleted.addListener(done);
    browser.webNavigation.onHistoryStateUpdated.addListener(done);
    browser.webNavigation.onReferenceFragmentUpdated.addListener(done);
    browser.webNavigation.onErrorOccurred.addListener(failed);
    browser.tabs.onRemoved.addListener(removed);
    cleanup = () => {
      for (const [event, listener] of progressListeners) event.removeListener(listener);
      browser.webNavigation.onCompleted.removeListener(done);
      browser.webNavigation.onHistoryStateUpdated.removeListener(done);
      browser.webNavigation.onReferenceFragmentUpdated.removeListener(done);
      browser.webNavigation.onErrorOccurred.removeListener(failed);
      browser.tabs.onRemoved.removeListener(removed);
    };
  });
  try {
    await start();
    await withDeadline(
      loaded,
      signal,
      LOAD_TIMEOUT_MS,
      () =>
        new ToolError('TIMEOUT', `The page did not finish loading within ${LOAD_TIMEOUT_MS / 1000} s.`, {
          suggestion: 'Call read_page: the part that loaded may be enough; or wait_for some text.',
          details: { tabId },
        }),
    );
  } finally {
    cleanup();
  }
}

/** The extension's BrowserBridge; with `landingGuards`, calls can be held to the sites they were judged to land on. */
export function createBrowserBridge(options: { landingGuards?: ReturnType<typeof createLandingGuards> | undefined } = {}): BrowserBridge {
  const getTabRaw = async (tabId: number): Promise<Tabs.Tab> => {
    try {
      return await browser.tabs.get(tabId);
    } catch (error) {
      throw classifyBrowserError(error, { tabId });
    }
  };

  /** Injections under way per frame, so commands sent at once share one. */
  const injecting = new Map<string, Promise<void>>();
  /**
   * Injects the content script into the one frame a command is for. Only frames the agent reads get it:
   * a news page's twenty hidden ad frames cost nothing (injecting into all frames of such a page took
   * 0.6–0.9 s, measured). injectImmediately: by default the browser waits for the frame to reach
   * document_idle, and some frames never do (an ad's `<iframe src="javascript:false">`), so the call
   * never settled and every read of such a page timed out. The script only installs a message listener;
   * it needs no finished DOM. Bounded all the same: a frame that takes it late gets it on its next command.
   */
  const inject = (tabId: number, frameId: number, url: string | undefined): Promise<void> => {
    if (frameId === 0 && isRestrictedUrl(url)) return Promise.reject(notInjectable({ tabId, ...(url ? { url } : {}) }));
    const key = `${tabId}:${frameId}`;
    const running = injecting.get(key);
    if (running) return running;
    const work = browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [CONTENT_SCRIPT_PATH], injectImmediately: true });
    const bounded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, INJECT_TIMEOUT_MS);
      work.then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(classifyBrowserError(error, { tabId, ...(url ? { url } : {}) }));
        },
      );
    }).finally(() => injecting.delete(key));
    injecting.set(key, bounded);
    return bounded;
  };

  const send = async (tabId: number, message: unknown, frameId: number): Promise<unknown> => {
    const reply: unknown = await browser.tabs.sendMessage(tabId, message, { frameId });
    // Our content script always answers with an object. No answer at all means the document or frame went
    // away mid-command: webextension-polyfill turns Chrome's "message port closed before a response was
    // received" into a plain `undefined`, which the page tools would otherwise call a BAD_REPLY.
    if (reply === undefined) {
      throw new ToolError('NAVIGATED', 'The page (or frame) went away before it answered: it navigated, reloaded or was removed.', {
        suggestion: 'Call read_page to see the page as it is now, then act on its current refs.',
        details: { tabId, frameId },
      });
    }
    return reply;
  };

  const guards = options.landingGuards;
  return {
    ...(guards ? { guardLanding: (tabId: number, allowed: readonly string[]) => guards.guard(tabId, allowed) } : {}),
    async sendToTab(tabId, message, options) {
      const frameId = options.frameId ?? 0;
      const limit = options.timeoutMs ?? SEND_TIMEOUT_MS;
      const timeout = () =>
        new ToolError('TIMEOUT', `The ${frameId === 0 ? 'page' : 'frame'} did not answer within ${limit / 1000} s.`, {
          suggestion: 'The page may be busy or frozen: wait_for a moment, or reload it with navigate.',
          details: { tabId, frameId },
        });
      const attempt = async (): Promise<unknown> => {
        try {
          return await send(tabId, message, frameId);
        } catch (error) {
          if (!isNoReceiver(error)) throw error;
          // Not injected yet (or the page was replaced): inject into this frame, then ask once more.
          const tab = await getTabRaw(tabId);
          await inject(tabId, frameId, tab.url);
          try {
            return await send(tabId, message, frameId);
          } catch (retryError) {
            if (isNoReceiver(retryError)) {
              throw new ToolError('NAVIGATED', 'The page (or frame) went away before it could answer.', {
                suggestion: 'Call read_page to see the current page, then act on its current refs.',
                details: { tabId, frameId },
              });
            }
            throw retryError;
          }
        }
      };
      try {
        return await withDeadline(attempt(), options.signal, limit, timeout);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        const tab = await browser.tabs.get(tabId).catch(() => undefined);
        if (!tab) throw classifyBrowserError(new Error('No tab with id'), { tabId });
        throw classifyBrowserError(error, { tabId, ...(tab.url ? { url: tab.url } : {}) });
      }
    },

    async listFrames(tabId) {
      await getTabRaw(tabId);
      const frames = (await browser.webNavigation.getAllFrames({ tabId })) ?? [];
      return frames.map((frame) => ({ frameId: frame.frameId, parentFrameId: frame.parentFrameId, url: frame.url }));
    },

    async frameTree(tabId, signal) {
      await getTabRaw(tabId);
      return locateFrames(tabId, signal);
    },

    async getTab(tabId) {
      return toTabInfo(await getTabRaw(tabId));
    },

    async listTabs(windowId) {
      const tabs = await browser.tabs.query(windowId === undefined ? {} : { windowId });
      return tabs.map(toTabInfo);
    },

    async openTab(url, options) {
      let created: Tabs.Tab;
      try {
        created = await browser.tabs.create({ url, active: options.active, ...(options.windowId !== undefined ? { windowId: options.windowId } : {}) });
      } catch (error) {
        throw new ToolError('BROWSER_ERROR', `The browser did not open ${url}: ${messageOf(error)}`, {
          suggestion: 'Check the URL (http or https) and try again.',
        });
      }
      if (created.id === undefined) throw new ToolError('BROWSER_ERROR', `The browser did not open ${url}.`, { suggestion: 'Check the URL and try again.' });
      return toTabInfo(await waitForComplete(created.id));
    },

    async closeTab(tabId) {
      await getTabRaw(tabId);
      await browser.tabs.remove(tabId);
    },

    async activateTab(tabId) {
      try {
        const tab = await browser.tabs.update(tabId, { active: true });
        if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
        return toTabInfo(tab);
      } catch (error) {
        throw classifyBrowserError(error, { tabId });
      }
    },

    async navigate(tabId, target, signal, onProgress) {
      const tab = await getTabRaw(tabId);
      const start = async () => {
        try {
          if ('url' in target) await browser.tabs.update(tabId, { url: target.url });
          else if (target.action === 'back') await browser.tabs.goBack(tabId);
          else if (target.action === 'forward') await browser.tabs.goForward(tabId);
          else await browser.tabs.reload(tabId);
        } catch (error) {
          if (/Cannot find a next page in history/i.test(messageOf(error))) {
            const action = 'action' in target ? target.action : 'navigate';
            throw new ToolError('NO_HISTORY', `There is no page to go ${action} to in this tab.`, {
              suggestion: 'Navigate to a URL instead.',
              details: { tabId },
            });
          }
          throw classifyBrowserError(error, { tabId, ...(tab.url ? { url: tab.url } : {}) });
        }
      };
      await navigateAndWait(tabId, start, signal, onProgress);
      return toTabInfo(await getTabRaw(tabId));
    },

    async captureVisibleTab(tabId, options, region) {
      const tab = await getTabRaw(tabId);
      if (!tab.active) {
        throw new ToolError('TAB_NOT_VISIBLE', `Tab ${tabId} is not the visible tab of its window, so it cannot be captured.`, {
          suggestion: 'Call switch_tab with this tab_id first, then take the screenshot.',
          details: { tabId },
        });
      }
      const capture = () => browser.tabs.captureVisibleTab(tab.windowId ?? browser.windows.WINDOW_ID_CURRENT, { format: 'png' });
      let dataUrl: string;
      try {
        dataUrl = await capture();
      } catch (error) {
        // Chrome allows two captures a second; one retry after a pause covers a burst.
        if (!/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/i.test(messageOf(error)))
          throw classifyBrowserError(error, { tabId, ...(tab.url ? { url: tab.url } : {}) });
        await new Promise((r) => setTimeout(r, 600));
        dataUrl = await capture();
      }
      if (options) {
        try {
          return await encodeScreenshot(dataUrl, options, region);
        } catch (error) {
          // The capture is still good: send it as captured rather than fail the call.
          console.warn('Pagewright: the screenshot could not be scaled; sending it as captured', error);
        }
      }
      const comma = dataUrl.indexOf(',');
      return { mediaType: 'image/png', data: dataUrl.slice(comma + 1) };
    },

    async download(file) {
      // Service workers have no URL.createObjectURL: a data: URL carries the content instead.
      const url = `data:${file.mimeType};charset=utf-8;base64,${utf8ToBase64(file.content)}`;
      try {
        const downloadId = await browser.downloads.download({ url, filename: file.filename, saveAs: false, conflictAction: 'uniquify' });
        return { downloadId };
      } catch (error) {
        throw new ToolError('DOWNLOAD_FAILED', `The browser did not save "${file.filename}": ${messageOf(error)}`, {
          suggestion: 'Use a plain file name without folders or special characters, and try again.',
        });
      }
    },
  };
}

/** Polls briefly until a new tab has loaded (tabs.create returns before the load). */
async function waitForComplete(tabId: number): Promise<Tabs.Tab> {
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  let tab = await browser.tabs.get(tabId);
  while (tab.status !== 'complete' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    tab = await browser.tabs.get(tabId).catch(() => tab);
  }
  return tab;
}
