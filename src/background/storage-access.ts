/** Who may read chrome.storage: the extension's own pages and worker, never content scripts. */

/** The one storage area method this needs (a structural type, so unit tests pass a fake). */
export interface AccessLevelArea {
  setAccessLevel(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/**
 * Restricts `chrome.storage.local` to trusted contexts. Must stay: MV3 exposes `local` (unlike `session`)
 * to content scripts by default, and `settings` holds the API key; content scripts run in the renderer
 * of the page they serve, so a page that compromises its renderer could otherwise read the key (or
 * rewrite the settings, e.g. the base URL the key is sent to). The e2e test
 * tests/e2e/security.test.ts fails when this is removed. Called at every worker start: the level is
 * stored by the browser, and setting it again is harmless. Chrome supports it for `local` from 140
 * (session only before), hence manifest.json's minimum_chrome_version.
 */
export async function restrictStorageToExtension(area: AccessLevelArea | undefined, report: (error: unknown) => void): Promise<boolean> {
  if (!area || typeof area.setAccessLevel !== 'function') {
    report(new Error('chrome.storage.local.setAccessLevel is missing: content scripts may be able to read the settings (update the browser).'));
    return false;
  }
  try {
    await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    report(error);
    return false;
  }
}
