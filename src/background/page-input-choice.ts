/**
 * The input path, chosen at build time: Chrome's trusted input through the DevTools Protocol
 * (`chrome.debugger`, attached per tab and run), or, in Firefox, which has no such API, synthetic events
 * with every result saying `[synthetic events: Firefox]`. The developer tools' capture (console, network,
 * scripts) rides the same debugger session, so it exists in Chrome only; Firefox has none and its
 * developer tools stay disabled.
 */
import type { DevToolsPort } from '../runtime/devtools.js';
import type { PageInputPort } from '../runtime/page-input.js';
import { ActRequestTracker } from './act-requests.js';
import { CdpInput, chromeDebuggerApi } from './cdp-input.js';
import { DevToolsCapture } from './devtools-capture.js';
import { createPageInput } from './input-bridge.js';
import type { NavigationEvents } from './page-watch.js';
import { syntheticPageInput } from './synthetic-input.js';
import { TARGET_BROWSER } from './target-browser.js';

/** This build's input port, and the DevTools port where the browser has one. */
export interface BrowserInput {
  input: PageInputPort;
  devtools?: DevToolsPort;
}

/**
 * Chrome: CDP input and dialogs; keys follow the platform's editing shortcuts (Mac commands); the developer tools
 * capture from the moment the debugger attaches, and an act's requests are counted on the same session.
 */
function chromePageInput(navigation: NavigationEvents): BrowserInput {
  let isMac = false;
  void chrome.runtime.getPlatformInfo().then(
    (info) => (isMac = info.os === 'mac'),
    () => undefined,
  );
  const api = chromeDebuggerApi(chrome.debugger);
  const devtools: DevToolsCapture = new DevToolsCapture(api, (tabId, owner) => cdp.acquire(tabId, owner));
  const cdp: CdpInput = new CdpInput(api, { isMac: () => isMac, onAttached: (tabId: number): Promise<void> => devtools.start(tabId) });
  return { input: createPageInput(cdp, navigation, new ActRequestTracker(api)), devtools };
}

/** This build's input (and developer data) ports. */
export function createBrowserInput(navigation: NavigationEvents): BrowserInput {
  return TARGET_BROWSER === 'firefox' ? { input: syntheticPageInput(navigation, 'Firefox') } : chromePageInput(navigation);
}
