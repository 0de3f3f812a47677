/** Who may drive the service worker. */

/**
 * True only for this extension's own pages (side panel, popup, a panel opened in a tab). Must stay:
 * content scripts share the extension id but run inside pages (their `url` is the page's), and a
 * page must never be able to start runs, answer permission prompts or read results through them.
 */
export function isOwnExtensionPage(
  sender: { id?: string; url?: string },
  extensionId: string,
  // Firefox's pages live at moz-extension://<an internal uuid>/, not at the id: pass runtime.getURL('').
  extensionOrigin = `chrome-extension://${extensionId}/`,
): boolean {
  if (sender.id !== extensionId) return false;
  if (typeof sender.url !== 'string') return false;
  return sender.url.startsWith(extensionOrigin);
}
