#!/usr/bin/env node
/**
 * Finds a Chromium or Chrome for the end-to-end tests and `npm start`. Prints its path and exits 0.
 * If none is found and this is root on a Debian/Ubuntu machine, installs Debian's `chromium` with apt;
 * otherwise exits 1 naming the command to run. Importable: `findChromium()` returns the path or undefined.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser to use: CHROME_PATH if set (and executable), else the first usual path that exists. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(isExecutable);
}

/**
 * The flags that make Chromium (and extensions in it) work headless on these machines: without the
 * background-networking ones it keeps calling Google's hosts, which a closed network refuses.
 */
export const HEADLESS_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const INSTALL_HINT = 'Install Chromium, e.g. `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chrome/Chromium executable.';

function tryAptInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.error('No Chromium found: installing Debian’s chromium package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let found = findChromium();
  if (!found && process.env.CHROME_PATH) {
    console.error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file. ${INSTALL_HINT}`);
    process.exit(1);
  }
  if (!found) {
    try {
      if (tryAptInstall()) found = findChromium();
    } catch (error) {
      console.error(`Installing Chromium failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!found) {
    console.error(`No Chromium or Chrome found. ${INSTALL_HINT}`);
    process.exit(1);
  }
  console.log(found);
}
