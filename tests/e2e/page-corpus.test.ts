/**
 * Real pages: the content script's read_page (all and interactive) and get_page_text (main content and
 * whole page) run on every corpus page without error and produce output, and the test prints how much
 * of each expected article get_page_text (main content) recovers: token recall per page and the median
 * (the same measure as bench/page-text.bench.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, send } from '../support/content-harness.js';
import { blockRemote, corpusPages, hasExpected, median, openCorpusPage, serveCorpus, tokenRecall } from '../support/corpus.js';
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
    const recalls: Array<{ name: string; recall: number }> = [];
    for (const name of pages) {
      await openCorpusPage(page, server, name);
      let article: string | undefined;
      for (const command of [
        { type: 'snapshot', filter: 'all', refPrefix: '' },
        { type: 'snapshot', filter: 'interactive', refPrefix: '' },
        { type: 'page_text', mainContent: true },
        { type: 'page_text', mainContent: false },
      ] as const) {
        const reply = await send(page, command);
        if (!reply.ok) failures.push(`${name} ${command.type}: ${reply.error.code} ${reply.error.message}`);
        else if (command.type === 'page_text' && command.mainContent) {
          article = (reply.result as { markdown: string }).markdown;
          if (article.length > 200) withText++;
        }
      }
      if (article !== undefined && hasExpected(name)) {
        await openCorpusPage(page, server, name, 'expected.html');
        const expected = await page.evaluate(() => document.body?.textContent ?? '');
        // Link targets are Markdown syntax, not article words.
        recalls.push({ name, recall: tokenRecall(expected, article.replace(/\]\([^)]*\)/g, ']')) });
      }
    }
    const medianRecall = median(recalls.map((row) => row.recall));
    console.log(
      [
        'get_page_text (main content): share of each expected article recovered (token recall)',
        ...recalls.map((row) => `  ${row.name.padEnd(40)} ${(row.recall * 100).toFixed(1).padStart(5)}%`),
        `  median over ${recalls.length} pages: ${(medianRecall * 100).toFixed(1)}%; ≥ 90%: ${recalls.filter((row) => row.recall >= 0.9).length}; < 50%: ${recalls.filter((row) => row.recall < 0.5).length}`,
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    expect(recalls.length).toBeGreaterThan(pages.length * 0.9);
    // Readability recovers nearly all of a typical article: a broken extraction drops far below this.
    expect(medianRecall).toBeGreaterThan(0.9);
    // Nearly every saved page is an article: the extraction must yield real text on almost all.
    expect(withText).toBeGreaterThan(pages.length * 0.9);
  });
});
