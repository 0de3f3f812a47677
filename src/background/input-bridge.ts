/**
 * Gives the BrowserBridge its trusted-input port (the DevTools Protocol through `chrome.debugger`,
 * plus navigation watching) and guards every page command against an open JavaScript dialog: while
 * one is open the page's scripts are paused, so a command would only wait for its timeout. It fails
 * at once with DIALOG_OPEN and says how to answer the dialog instead.
 */
import { decorateBridge, type BrowserBridge } from '../runtime/browser.js';
import { ToolError } from '../runtime/errors.js';
import { dialogPhrase, type ActRequestsPort, type PageInputPort } from '../runtime/page-input.js';
import type { CdpInput } from './cdp-input.js';
import { watchPage, type NavigationEvents } from './page-watch.js';

/** The PageInputPort of this worker: CDP input and dialogs from `cdp`, navigations from `navigation`, an act's requests from `requests`. */
export function createPageInput(cdp: CdpInput, navigation: NavigationEvents, requests?: ActRequestsPort): PageInputPort {
  return {
    acquire: (tabId, owner) => cdp.acquire(tabId, owner),
    mouse: (tabId, steps) => cdp.mouse(tabId, steps),
    keys: (tabId, steps) => cdp.keys(tabId, steps),
    insertText: (tabId, text) => cdp.insertText(tabId, text),
    hitTest: (tabId, x, y, describe, scroll) => cdp.hitTest(tabId, x, y, describe, scroll),
    release: (owner) => cdp.release(owner),
    openDialog: (tabId) => cdp.openDialog(tabId),
    answerDialog: (tabId, accept, promptText) => cdp.answerDialog(tabId, accept, promptText),
    watch: (tabId) => watchPage(navigation, tabId, (id) => cdp.openDialog(id)),
    drags: {
      intercept: (tabId, enabled) => cdp.interceptDrags(tabId, enabled),
      intercepted: (tabId) => cdp.interceptedDrag(tabId),
      dispatch: (tabId, type, x, y, data) => cdp.dragEvent(tabId, type, x, y, data),
    },
    ...(requests ? { requests } : {}),
  };
}

/** The bridge with `input` set and page commands refused while a dialog is open on their tab. */
export function withPageInput(bridge: BrowserBridge, input: PageInputPort): BrowserBridge {
  return decorateBridge(bridge, {
    input,
    async sendToTab(tabId, message, options) {
      const dialog = input.openDialog(tabId);
      if (dialog) {
        throw new ToolError('DIALOG_OPEN', `The page is paused: ${dialogPhrase(dialog)} is open and waiting for an answer.`, {
          suggestion:
            'Call handle_dialog with accept true or false (and prompt_text for a prompt) — or ask the person to answer it in the browser — then go on.',
          details: { tabId, dialog: dialog.type },
        });
      }
      return bridge.sendToTab(tabId, message, options);
    },
  });
}
