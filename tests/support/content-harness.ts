/**
 * Drives the content script without the extension: bundles src/content (through a test entry that
 * exposes its command handler) with esbuild into .tmp/, injects it into fixture pages and frames with
 * Playwright, and sends it page commands (src/shared/protocol/page.ts).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import type { PageCommand, PageReply } from '../../src/shared/protocol/page.js';

const BUNDLE = resolve('.tmp/content-test.js');
let built: Promise<string> | undefined;

/** Builds the test bundle once per process; returns its path. */
export function buildContentBundle(): Promise<string> {
  built ??= (async () => {
    mkdirSync(resolve('.tmp'), { recursive: true });
    await build({
      entryPoints: [resolve('tests/support/content-test-entry.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      outfile: BUNDLE,
      logLevel: 'silent',
    });
    return BUNDLE;
  })();
  return built;
}

/** The Chromium flags that work on these machines. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium (no extension). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', headless: true, args: BROWSER_ARGS });
}

/** Injects the content script into a frame (idempotent per document). */
export async function injectContent(frame: Frame): Promise<void> {
  const has = await frame.evaluate(() => '__pagewrightTest' in globalThis);
  if (!has) await frame.addScriptTag({ path: await buildContentBundle() });
}

/** Sends one command to the content script of a frame (the page's main frame by default). */
export async function send(target: Page | Frame, command: PageCommand): Promise<PageReply> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  await injectContent(frame);
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

/** The ref of the first line of a snapshot/find text that contains `needle`. */
export function refOf(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  const ref = line ? /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1] : undefined;
  if (!ref) throw new Error(`no ref for ${needle} in:\n${text}`);
  return ref;
}
