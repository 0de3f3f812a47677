#!/usr/bin/env node
/**
 * Finds a Firefox for the Firefox end-to-end tests and `npm start -- --browser firefox`. Prints its path
 * and exits 0. If none is found and this is root on a Debian/Ubuntu machine, installs Debian's
 * `firefox-esr` with apt; otherwise exits 1 naming the command to run. Importable: `findFirefox()`.
 */
import { pathToFileURL } from 'node:url';
import { ensureBrowser, findExecutable } from './ensure-browser.mjs';

const CANDIDATES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/usr/lib/firefox-esr/firefox-esr',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
  'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
];

/** The Firefox to use: FIREFOX_PATH if set (and executable), else the first usual path that exists. */
export function findFirefox() {
  return findExecutable('FIREFOX_PATH', CANDIDATES);
}

/**
 * Preferences for a Firefox driven on these machines: no first-run pages, no update or telemetry calls
 * to Mozilla's hosts (a closed network refuses them and Firefox retries), no data-collection consent step.
 */
export const FIREFOX_PREFS = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
};

const INSTALL_HINT = 'Install Firefox, e.g. `sudo apt-get install -y firefox-esr` (Debian), or set FIREFOX_PATH to a Firefox executable.';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureBrowser({ name: 'Firefox', envVar: 'FIREFOX_PATH', find: findFirefox, packages: ['firefox-esr'], hint: INSTALL_HINT });
}
