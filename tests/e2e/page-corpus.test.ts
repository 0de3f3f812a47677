/**
 * Real pages: the content script's read_page (all and interactive) and get_page_text (main content and
 * whole page) run on every corpus page without error and produce output. The recall figures are in
 * bench/page-text.bench.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, send } from '../support/content-harness.js';
import { blockRemote, corpusPages, openCorpusPage, serveCorpus } from '../support/corpus.js';
import type { FixtureServer } from '../support/fixture-server.js';

const pages = corpusPages();
let server: FixtureServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveCorpus(), launchBrowser()]);
  page = await browser.newPage();
  await blockRemote(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('corpus', () => {
  it('has the 130 pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(130);
  });

  it('read_page and get_page_text run on every page without error', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let withText = 0;
    for (const name of pages) {
      await openCorpusPage(page, server, name);
      for (const command of [
        { type: 'snapshot', filter: 'all', refPrefix: '' },
        { type: 'snapshot', filter: 'interactive', refPrefix: '' },
        { type: 'page_text', mainContent: true },
        { type: 'page_text', mainContent: false },
      ] as const) {
        const reply = await send(page, command);
        if (!reply.ok) failures.push(`${name} ${command.type}: ${reply.error.code} ${reply.error.message}`);
        else if (command.type === 'page_text' && command.mainContent && (reply.result as { markdown: string }).markdown.length > 200) withText++;
      }
    }
    expect(failures).toEqual([]);
    // Nearly every saved page is an article: the extraction must yield real text on almost all.
    expect(withText).toBeGreaterThan(pages.length * 0.9);
  });
});
