#!/usr/bin/env node
/**
 * Finds a Firefox for the Firefox end-to-end tests and `npm start -- --browser firefox`. Prints its path
 * and exits 0. If none is found and this is root on a Debian/Ubuntu machine, installs Debian's
 * `firefox-esr` with apt; otherwise exits 1 naming the command to run. Importable: `findFirefox()`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/usr/lib/firefox-esr/firefox-esr',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
  'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Firefox to use: FIREFOX_PATH if set (and executable), else the first usual path that exists. */
export function findFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(isExecutable);
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

function tryAptInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.error('No Firefox found: installing Debian’s firefox-esr package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'firefox-esr'], { stdio: 'inherit', env });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let found = findFirefox();
  if (!found && process.env.FIREFOX_PATH) {
    console.error(`FIREFOX_PATH=${process.env.FIREFOX_PATH} is not an executable file. ${INSTALL_HINT}`);
    process.exit(1);
  }
  if (!found) {
    try {
      if (tryAptInstall()) found = findFirefox();
    } catch (error) {
      console.error(`Installing Firefox failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!found) {
    console.error(`No Firefox found. ${INSTALL_HINT}`);
    process.exit(1);
  }
  console.log(found);
}
