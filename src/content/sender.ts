/** Who may command the content script. */

/**
 * True only for messages from this extension's own service worker or pages. Must stay: other content
 * scripts of this extension run inside pages (sender.tab is set), and a compromised frame must not be
 * able to drive actions in another frame through them; other extensions have another id.
 */
export function isTrustedSender(
  sender: { id?: string; tab?: unknown; url?: string },
  extensionId: string,
  // Firefox's pages live at moz-extension://<an internal uuid>/, not at the id: pass runtime.getURL('').
  extensionOrigin = `chrome-extension://${extensionId}/`,
): boolean {
  if (sender.id !== extensionId) return false;
  if (sender.tab !== undefined) return false;
  if (sender.url !== undefined && !sender.url.startsWith(extensionOrigin)) return false;
  return true;
}
