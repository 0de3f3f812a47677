/**
 * Launching Chromium with the built extension (dist/) in a profile of its own: the one place the flags,
 * the profile folder and the checks that a build and a browser exist are written. Used for a fresh
 * profile (`launchExtension`) and for the browser the e2e files share (tests/support/shared-browser.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { findChromium, HEADLESS_FLAGS } from '../../scripts/ensure-chromium.mjs';

export { HEADLESS_FLAGS };

/**
 * Makes every host but this machine fail to resolve, the way remote requests fail for a person offline
 * (a DNS error, an error page in a frame) instead of being aborted before they start.
 */
export const OFFLINE_DNS_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/** The flags every e2e browser gets: only this machine's hosts resolve. */
export const E2E_BROWSER_ARGS: readonly string[] = [OFFLINE_DNS_FLAG];

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface ChromiumOptions {
  /** The built extension; default `$PAGEWRIGHT_DIST`, else `<repo>/dist` (a separate build keeps parallel work off the shared dist/). */
  distDir?: string;
  /** Show the browser window (needs a display). Default false. */
  headed?: boolean;
  /** Extra Chromium flags. */
  args?: string[];
}

/** A running Chromium with the extension loaded, in a temporary profile that `close` removes. */
export interface ChromiumWithExtension {
  context: BrowserContext;
  userDataDir: string;
  close(): Promise<void>;
}

/** The built extension's folder, or an error saying how to build it. */
export function builtExtension(distDir?: string): string {
  const dir = resolve(distDir ?? process.env['PAGEWRIGHT_DIST'] ?? join(REPO_ROOT, 'dist'));
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`No built extension at ${dir}: run \`npx vite build\` (or \`npm run test:e2e\`, which builds first).`);
  }
  return dir;
}

/** Launches Chromium (new headless mode) with the extension, in a new temporary profile. */
export async function launchChromiumWithExtension(options: ChromiumOptions = {}): Promise<ChromiumWithExtension> {
  const distDir = builtExtension(options.distDir);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` for how to install one.');
  const userDataDir = mkdtempSync(join(tmpdir(), 'pagewright-e2e-'));
  const removeProfile = () => {
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // Chromium may still be flushing its cache; a leftover temp profile is harmless
    }
  };
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      // The new headless mode runs extensions; Playwright's own `headless` flag would pick the old one.
      headless: false,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        ...(options.headed ? HEADLESS_FLAGS.filter((f) => f !== '--headless=new') : HEADLESS_FLAGS),
        `--disable-extensions-except=${distDir}`,
        `--load-extension=${distDir}`,
        ...(options.args ?? []),
      ],
    });
  } catch (error) {
    removeProfile();
    throw error;
  }
  return {
    context,
    userDataDir,
    async close() {
      await context.close().catch(() => undefined);
      removeProfile();
    },
  };
}
