/**
 * The real-page corpus (shared/corpus/readability beside the repository, or in a folder above it: 130
 * saved pages with their expected articles; PAGEWRIGHT_CORPUS names another), served from 127.0.0.1.
 * Remote assets are blocked so pages settle fast and nothing leaves the machine.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { contentBundleRoute } from './content-harness.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

/** The first shared/corpus/readability in the folders above the repository (a worktree sits a level deeper than a clone). */
function findCorpus(): string {
  const repo = resolve(import.meta.dirname, '../..');
  for (let dir = dirname(repo); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpus', 'readability');
    if (existsSync(candidate)) return candidate;
  }
  // Not found: the usual place, so the error names it (and corpusPages() is empty: the corpus test fails).
  return join(dirname(repo), 'shared', 'corpus', 'readability');
}

export const CORPUS_DIR = resolve(process.env['PAGEWRIGHT_CORPUS'] ?? findCorpus());

/** The corpus page names (folders with a source.html), sorted. */
export function corpusPages(): string[] {
  if (!existsSync(CORPUS_DIR)) return [];
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(CORPUS_DIR, entry.name, 'source.html')))
    .map((entry) => entry.name)
    .sort();
}

/** True when the page has an expected article. */
export const hasExpected = (name: string): boolean => existsSync(join(CORPUS_DIR, name, 'expected.html'));

/** Serves the corpus (and the content-script test bundle at CONTENT_BUNDLE_PATH, for `send`'s `bundleUrl`). */
export const serveCorpus = (): Promise<FixtureServer> => startFixtureServer(CORPUS_DIR, contentBundleRoute());

/** Blocks every request that is not to 127.0.0.1 (saved pages point at the live web). */
export async function blockRemote(page: Page): Promise<void> {
  await page.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
}

/** Opens one corpus file (source.html or expected.html) and waits for its DOM. */
export async function openCorpusPage(page: Page, server: FixtureServer, name: string, file = 'source.html'): Promise<void> {
  await page.goto(`${server.url}/${name}/${file}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
}

/** Lower-cased word tokens of a text (letters and digits, any script). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Share of the expected tokens (as a multiset) that the extracted text contains. */
export function tokenRecall(expected: string, extracted: string): number {
  const want = tokens(expected);
  if (want.length === 0) return 1;
  const have = new Map<string, number>();
  for (const token of tokens(extracted)) have.set(token, (have.get(token) ?? 0) + 1);
  let hit = 0;
  for (const token of want) {
    const count = have.get(token) ?? 0;
    if (count > 0) {
      hit++;
      have.set(token, count - 1);
    }
  }
  return hit / want.length;
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
