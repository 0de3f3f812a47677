/**
 * Drives the content script without the extension: bundles src/content (through a test entry that
 * exposes its command handler) with esbuild into .tmp/, injects it into fixture pages and frames with
 * Playwright, and sends it page commands (src/shared/protocol/page.ts).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import type { PageCommand, PageReply } from '../../src/shared/protocol/page.js';
import { findChromium, HEADLESS_FLAGS } from '../../scripts/ensure-chromium.mjs';

const BUNDLE = resolve('.tmp/content-test.js');
let built: Promise<string> | undefined;

/** Builds the test bundle once per process; returns its path. */
export function buildContentBundle(): Promise<string> {
  built ??= (async () => {
    mkdirSync(resolve('.tmp'), { recursive: true });
    const output = await build({
      entryPoints: [resolve('tests/support/content-test-entry.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'silent',
    });
    // Test processes side by side (the e2e workers, the unit tests beside them in `npm test`) each build it:
    // written under a name of this process's and renamed into place, so none reads a bundle half rewritten.
    const partial = `${BUNDLE}.${process.pid}`;
    writeFileSync(partial, output.outputFiles[0]!.contents);
    renameSync(partial, BUNDLE);
    return BUNDLE;
  })();
  return built;
}

/** Launches headless Chromium (no extension) of its own, with the flags that work on these machines (and `args`). */
export function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` for how to install one.');
  return chromium.launch({ executablePath, headless: true, args: [...HEADLESS_FLAGS.filter((flag) => flag !== '--headless=new'), ...args] });
}

/** Where `contentBundleRoute` serves the bundle on a fixture server. */
export const CONTENT_BUNDLE_PATH = '/__pagewright-content-test.js';

/**
 * A fixture-server route that serves the bundle, cacheable: a sweep over many pages then injects it by
 * URL, and Chromium compiles it once from its code cache instead of parsing a megabyte of inline script
 * on every page (about three times faster per page here).
 */
export function contentBundleRoute(): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean {
  let body: Buffer | undefined;
  return (_req, res, pathname) => {
    if (pathname !== CONTENT_BUNDLE_PATH) return false;
    body ??= readFileSync(BUNDLE);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=3600' }).end(body);
    return true;
  };
}

/** Injects the content script into a frame (idempotent per document): inline, or from `bundleUrl` (see `contentBundleRoute`). */
export async function injectContent(frame: Frame, bundleUrl?: string): Promise<void> {
  const has = await frame.evaluate(() => '__pagewrightTest' in globalThis);
  if (has) return;
  const path = await buildContentBundle();
  await frame.addScriptTag(bundleUrl ? { url: bundleUrl } : { path });
}

/** Sends one command to the content script of a frame (the page's main frame by default). */
export async function send(target: Page | Frame, command: PageCommand, bundleUrl?: string): Promise<PageReply> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  await injectContent(frame, bundleUrl);
  return frame.evaluate(
    (cmd) => (globalThis as unknown as { __pagewrightTest: { handle(c: unknown): Promise<PageReply> } }).__pagewrightTest.handle(cmd),
    command,
  );
}

/** Like `send`, but returns the result and fails the test with the page's error otherwise. */
export async function run<T = Record<string, unknown>>(target: Page | Frame, command: PageCommand): Promise<T> {
  const reply = await send(target, command);
  if (!reply.ok) throw new Error(`${command.type} failed: ${reply.error.code}: ${reply.error.message}`);
  return reply.result as T;
}
