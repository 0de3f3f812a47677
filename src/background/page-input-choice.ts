/**
 * The input path, chosen at build time: Chrome's trusted input through the DevTools Protocol
 * (`chrome.debugger`, attached per tab and run), or, in Firefox, which has no such API, synthetic events
 * with every result saying `[synthetic events: Firefox]`.
 */
import type { PageInputPort } from '../runtime/page-input.js';
import { CdpInput, chromeDebuggerApi } from './cdp-input.js';
import { createPageInput } from './input-bridge.js';
import type { NavigationEvents } from './page-watch.js';
import { syntheticPageInput } from './synthetic-input.js';
import { TARGET_BROWSER } from './target-browser.js';

/** Chrome: CDP input and dialogs; keys follow the platform's editing shortcuts (Mac commands). */
function chromePageInput(navigation: NavigationEvents): PageInputPort {
  let isMac = false;
  void chrome.runtime.getPlatformInfo().then(
    (info) => (isMac = info.os === 'mac'),
    () => undefined,
  );
  return createPageInput(new CdpInput(chromeDebuggerApi(chrome.debugger), { isMac: () => isMac }), navigation);
}

/** This build's input port. */
export function createBrowserInput(navigation: NavigationEvents): PageInputPort {
  return TARGET_BROWSER === 'firefox' ? syntheticPageInput(navigation, 'Firefox') : chromePageInput(navigation);
}
