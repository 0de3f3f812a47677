#!/usr/bin/env node
/**
 * Finds a Chromium or Chrome for the end-to-end tests and `npm start`. Prints its path and exits 0.
 * If none is found and this is root on a Debian/Ubuntu machine, installs Debian's `chromium` with apt;
 * otherwise exits 1 naming the command to run. Importable: `findChromium()` returns the path or undefined.
 */
import { pathToFileURL } from 'node:url';
import { ensureBrowser, findExecutable } from './ensure-browser.mjs';

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

/** The browser to use: CHROME_PATH if set (and executable), else the first usual path that exists. */
export function findChromium() {
  return findExecutable('CHROME_PATH', CANDIDATES);
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureBrowser({ name: 'Chromium or Chrome', envVar: 'CHROME_PATH', find: findChromium, packages: ['chromium', 'fonts-liberation'], hint: INSTALL_HINT });
}
