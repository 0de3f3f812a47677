/**
 * The content-script entry, injected on demand into every frame (as a standalone classic script).
 * It listens only to the extension itself: `runtime.onMessage` from the service worker. Never
 * `window.postMessage`, never DOM events, never code or selectors from the page.
 */
import { PAGE_CHANNEL } from '../shared/protocol/page.js';
import { handlePageEnvelope } from './handler.js';
import { isTrustedSender } from './sender.js';

/** Set on the isolated world's global (invisible to the page) so a second injection does nothing. */
const INSTALLED = Symbol.for('pagewright.content.installed');

function install(): void {
  const global = globalThis as unknown as Record<symbol, boolean>;
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;
  chrome.runtime.onMessage.addListener((message: unknown, sender: chrome.runtime.MessageSender, sendResponse: (reply: unknown) => void) => {
    // Only our channel is ours to answer (other messages may be for other listeners); the whole envelope
    // is then checked against the protocol before anything runs.
    if (typeof message !== 'object' || message === null || (message as { channel?: unknown }).channel !== PAGE_CHANNEL) return false;
    if (!isTrustedSender(sender, chrome.runtime.id, chrome.runtime.getURL(''))) return false;
    void handlePageEnvelope(message).then(sendResponse);
    return true; // the reply is sent asynchronously
  });
}

if (typeof chrome !== 'undefined' && chrome.runtime?.id) install();
