/**
 * The input port where the browser has no trusted input path (Firefox: no `chrome.debugger`, so no
 * DevTools-Protocol `Input` domain). Every act then goes through the content script's synthetic events
 * carrying every legacy field, and `acquire` gives the reason every result shows:
 * `[synthetic events: Firefox]`. Navigations and new tabs are still watched (webNavigation); dialogs
 * cannot be seen or answered by an extension there, which handle_dialog says.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageInputPort } from '../runtime/page-input.js';
import { watchPage, type NavigationEvents } from './page-watch.js';

const noTrustedInput = (reason: string) =>
  new ToolError('INPUT_FAILED', `There is no trusted input path here (${reason}).`, {
    suggestion: 'The act goes through synthetic events instead; call read_page to see what happened.',
  });

/** A PageInputPort with synthetic input only: `reason` is said in every action result. */
export function syntheticPageInput(navigation: NavigationEvents, reason: string): PageInputPort {
  return {
    acquire: () => Promise.resolve({ trusted: false, reason }),
    // Never called while acquire says untrusted; a caller that tries anyway gets a clear error.
    mouse: () => Promise.reject(noTrustedInput(reason)),
    keys: () => Promise.reject(noTrustedInput(reason)),
    insertText: () => Promise.reject(noTrustedInput(reason)),
    // Synthetic events are dispatched to the judged element itself, never to a point: nothing to hit-test.
    hitTest: () => Promise.resolve(undefined),
    release: () => Promise.resolve(),
    openDialog: () => undefined,
    answerDialog: () =>
      Promise.reject(
        new ToolError('NO_DIALOG', `JavaScript dialogs cannot be seen or answered by an extension here (${reason}).`, {
          suggestion: 'Ask the person to answer the dialog in the tab, then call read_page.',
        }),
      ),
    watch: (tabId) => watchPage(navigation, tabId, () => undefined),
  };
}
