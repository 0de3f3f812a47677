/**
 * Content-script unit tests in a real page (the e2e files use content-page.ts and the shared browser;
 * unit files have none): a headless Chromium of the test file's own, launched before
 * its tests and closed after them, and a module given as source bundled to run in that page.
 *
 *   let page: Page;
 *   useUnitPage((opened) => (page = opened));
 *   const bundle = await bundleSource(`import { walk } from './snapshot-walk.js'; globalThis.__walk = walk;`, import.meta.dirname);
 */
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './content-harness.js';

/** Opens the page in `beforeAll` (handing it to `opened`, which may prepare it) and closes its browser in `afterAll`. */
export function useUnitPage(opened: (page: Page) => unknown): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await opened(await browser.newPage());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });
}

/** `contents` (TypeScript, its imports resolved from `dir`) bundled into one script a page can run. */
export async function bundleSource(contents: string, dir: string): Promise<string> {
  const built = await build({
    stdin: { contents, resolveDir: dir, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
}
