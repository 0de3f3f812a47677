/** The service worker entry (full wiring lands next). */
chrome.runtime.onMessage.addListener((_message, _sender, sendResponse) => {
  sendResponse({ ok: true, data: { runs: [] } });
  return false;
});
