/**
 * How much of each corpus page's expected article get_page_text (main_content) recovers: token recall
 * (the share of the expected article's words, as a multiset, found in the extracted Markdown), per page
 * and the median. The expected article is read as text in the same browser.
 *
 *   npx tsx bench/page-text.bench.ts        (or: npm run bench -- page-text)
 */
import { launchBrowser, run } from '../tests/support/content-harness.js';
import { blockRemote, corpusPages, hasExpected, median, openCorpusPage, serveCorpus, tokenRecall, tokens } from '../tests/support/corpus.js';

const server = await serveCorpus();
const browser = await launchBrowser();
const page = await browser.newPage();
await blockRemote(page);
const rows: Array<{ name: string; recall: number; expected: number; extracted: number }> = [];
for (const name of corpusPages().filter(hasExpected)) {
  await openCorpusPage(page, server, name, 'expected.html');
  const expected = await page.evaluate(() => document.body?.textContent ?? '');
  await openCorpusPage(page, server, name);
  const { markdown } = await run<{ markdown: string }>(page, { type: 'page_text', mainContent: true });
  // Markdown syntax (link targets) is not article text: drop URLs before counting.
  const text = markdown.replace(/\]\([^)]*\)/g, ']');
  rows.push({ name, recall: tokenRecall(expected, text), expected: tokens(expected).length, extracted: tokens(text).length });
}
await browser.close();
await server.close();

for (const row of rows)
  console.log(
    `${row.name.padEnd(40)} recall ${(row.recall * 100).toFixed(1).padStart(5)}%  expected ${String(row.expected).padStart(6)} tokens, extracted ${String(row.extracted).padStart(6)}`,
  );
const recalls = rows.map((row) => row.recall);
console.log(`\npages: ${rows.length}`);
console.log(`median recall: ${(median(recalls) * 100).toFixed(1)}%`);
console.log(`pages ≥ 90%: ${recalls.filter((r) => r >= 0.9).length}, < 50%: ${recalls.filter((r) => r < 0.5).length}`);
