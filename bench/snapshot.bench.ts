/**
 * read_page in the content script against Playwright's `locator('body').ariaSnapshot()` on the same
 * page in the same browser, and against a floor: one plain walk that visits each element once and
 * checks its visibility. On the corpus pages and on a generated page with 10,000 interactive elements.
 * Every figure is the median of REPS runs, each timed from Node the same way (one evaluate round trip).
 *
 *   npx tsx bench/snapshot.bench.ts          (PAGES=20 for a quicker subset)
 * Aims: median time ≤ 0.5× Playwright; interactive output no larger than Playwright's;
 * within 3× of the floor.
 */
import type { Page } from 'playwright-core';
import { injectContent, launchBrowser, run } from '../tests/support/content-harness.js';
import { blockRemote, corpusPages, median, openCorpusPage, serveCorpus } from '../tests/support/corpus.js';

const REPS = Number(process.env['REPS'] ?? 5);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    value = await fn();
    times.push(performance.now() - start);
  }
  return { ms: median(times), value: value as T };
}

/** The floor: one walk over the flat tree, each element visited once with a visibility check. */
// A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
const FLOOR_WALK = `(() => {
  let visible = 0;
  const walk = (parent) => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (child.checkVisibility({ visibilityProperty: true })) visible++;
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  walk(document.body ?? document.documentElement);
  return visible;
})()`;

function floorWalk(page: Page): Promise<number> {
  return page.evaluate(FLOOR_WALK) as Promise<number>;
}

/**
 * Our snapshot timed inside the page (the content script's own work; the reply's transfer is the
 * extension messaging's business and differs from Playwright's evaluate serialization).
 */
async function inPage(page: Page, filter: 'all' | 'interactive'): Promise<{ ms: number; value: { text: string } }> {
  const times: number[] = [];
  let chars = 0;
  for (let i = 0; i < REPS; i++) {
    // Repeat inside the page for ≥ 30 ms and average: single runs of small pages are below the
    // resolution of performance.now().
    const measured = (await page.evaluate(
      `(async () => { let n = 0, chars = -1; const t = performance.now(); do { const r = await globalThis.__pagewrightTest.handle({ type: 'snapshot', filter: '${filter}', refPrefix: '' }); chars = r.ok ? r.result.text.length : -1; n++; } while (performance.now() - t < 30 && n < 200); return { ms: (performance.now() - t) / n, chars }; })()`,
    )) as { ms: number; chars: number };
    times.push(measured.ms);
    chars = measured.chars;
  }
  return { ms: median(times), value: { text: 'x'.repeat(Math.max(0, chars)) } };
}

/** The floor timed inside the page the same way, so ours/floor compares like with like. */
async function inPageFloor(page: Page): Promise<{ ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    times.push(
      (await page.evaluate(
        `(() => { let n = 0; const t = performance.now(); do { ${FLOOR_WALK}; n++; } while (performance.now() - t < 30 && n < 200); return (performance.now() - t) / n; })()`,
      )) as number,
    );
  }
  return { ms: median(times) };
}

interface Row {
  name: string;
  ours: number;
  oursInteractive: number;
  playwright: number;
  /** Ours timed from Node like Playwright's call (evaluate round trip with the text). */
  roundTrip: number;
  floor: number;
  oursChars: number;
  interactiveChars: number;
  playwrightChars: number;
}

async function measure(page: Page, name: string): Promise<Row> {
  await injectContent(page.mainFrame());
  // Warm up all three once (JIT, style) so the first measured run is not penalized. Playwright's call gets no
  // time limit: on a loaded machine it can take minutes on the 10k page, and a benchmark has no deadline.
  await run(page, { type: 'snapshot', filter: 'all', refPrefix: '' });
  await page.locator('body').ariaSnapshot({ timeout: 0 });
  await floorWalk(page);
  const ours = await inPage(page, 'all');
  const interactive = await inPage(page, 'interactive');
  const playwright = await timed(() => page.locator('body').ariaSnapshot({ timeout: 0 }));
  // Ours through the same kind of round trip as Playwright's (an evaluate returning the text).
  const roundTrip = await timed(() =>
    page.evaluate(`globalThis.__pagewrightTest.handle({ type: 'snapshot', filter: 'all', refPrefix: '' }).then((r) => r.ok ? r.result.text : '')`),
  );
  const floor = await inPageFloor(page);
  return {
    name,
    ours: ours.ms,
    oursInteractive: interactive.ms,
    playwright: playwright.ms,
    roundTrip: roundTrip.ms,
    floor: floor.ms,
    oursChars: ours.value.text.length,
    interactiveChars: interactive.value.text.length,
    playwrightChars: playwright.value.length,
  };
}

function generatedPage(count: number): string {
  const parts: string[] = ['<!doctype html><html><head><title>10k controls</title></head><body><h1>Generated</h1><form>'];
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    if (kind === 0) parts.push(`<div class="row"><button type="button">Action ${i}</button></div>`);
    else if (kind === 1) parts.push(`<div class="row"><a href="/item/${i}">Item ${i}</a></div>`);
    else if (kind === 2) parts.push(`<div class="row"><label>Field ${i} <input name="f${i}" value="v${i}"></label></div>`);
    else if (kind === 3) parts.push(`<div class="row"><label><input type="checkbox" name="c${i}"> Option ${i}</label></div>`);
    else parts.push(`<div class="row"><select aria-label="Choice ${i}"><option>One</option><option selected>Two</option></select></div>`);
  }
  parts.push('</form></body></html>');
  return parts.join('');
}

const server = await serveCorpus();
const browser = await launchBrowser();
const page = await browser.newPage();
await blockRemote(page);
const rows: Row[] = [];
const limit = Number(process.env['PAGES'] ?? Infinity);
for (const name of corpusPages().slice(0, limit)) {
  await openCorpusPage(page, server, name);
  rows.push(await measure(page, name));
}
await page.setContent(generatedPage(10_000));
const generated = await measure(page, 'generated-10k');
await browser.close();
await server.close();

const fmt = (ms: number) => `${ms.toFixed(2).padStart(7)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
console.log(
  `${'page'.padEnd(34)} ${'ours'.padStart(10)} ${'interact.'.padStart(10)} ${'playwright'.padStart(10)} ${'floor'.padStart(10)}  ours/pw  ours/floor  chars ours/interact./pw`,
);
for (const row of [...rows, generated]) {
  console.log(
    `${row.name.slice(0, 34).padEnd(34)} ${fmt(row.ours)} ${fmt(row.oursInteractive)} ${fmt(row.playwright)} ${fmt(row.floor)}  ${ratio(row.ours, row.playwright).padStart(7)}  ${ratio(row.ours, row.floor).padStart(10)}  ${row.oursChars}/${row.interactiveChars}/${row.playwrightChars}`,
  );
}
const med = (pick: (row: Row) => number) => median(rows.map(pick));
console.log(`\ncorpus pages: ${rows.length} (median of ${REPS} runs each)`);
console.log(
  `median time: ours ${med((r) => r.ours).toFixed(1)} ms (interactive ${med((r) => r.oursInteractive).toFixed(1)} ms), Playwright ${med((r) => r.playwright).toFixed(1)} ms, floor ${med((r) => r.floor).toFixed(1)} ms`,
);
console.log(
  `median per-page ratio ours/Playwright: ${med((r) => r.ours / r.playwright).toFixed(2)} (aim ≤ 0.5); both timed from Node (round trip): ${med((r) => r.roundTrip / r.playwright).toFixed(2)}`,
);
console.log(
  `median per-page ratio ours/floor: ${med((r) => r.ours / r.floor).toFixed(2)} (aim ≤ 3); interactive/floor: ${med((r) => r.oursInteractive / r.floor).toFixed(2)}`,
);
console.log(`median time ratio ours/floor: ${(med((r) => r.ours) / med((r) => r.floor)).toFixed(2)}`);
console.log(
  `median size: ours all ${med((r) => r.oursChars)} chars, interactive ${med((r) => r.interactiveChars)}, Playwright ${med((r) => r.playwrightChars)}; pages where interactive > Playwright: ${rows.filter((r) => r.interactiveChars > r.playwrightChars).length}`,
);
const aim = (label: string, value: number, limit: number, note = '') =>
  console.log(`  ${label.padEnd(44)} ${value.toFixed(2).padStart(6)}  (aim ≤ ${limit})  ${value <= limit ? 'met' : 'MISSED'}${note}`);
console.log(`\nAims (median of the per-page ratios over ${rows.length} corpus pages, all measured in this run):`);
aim(
  'time: ours (all) / Playwright ariaSnapshot',
  med((r) => r.ours / r.playwright),
  0.5,
  `; from Node through evaluate: ${med((r) => r.roundTrip / r.playwright).toFixed(2)}`,
);
aim(
  'size: ours (interactive) / Playwright',
  med((r) => r.interactiveChars / Math.max(1, r.playwrightChars)),
  1,
  `; pages where larger: ${rows.filter((r) => r.interactiveChars > r.playwrightChars).length} of ${rows.length}`,
);
aim(
  'time: ours (all) / floor',
  med((r) => r.ours / r.floor),
  3,
);
aim(
  'time: ours (interactive) / floor',
  med((r) => r.oursInteractive / r.floor),
  3,
);
aim('generated 10k: time ours (all) / Playwright', generated.ours / generated.playwright, 0.5);
aim('generated 10k: size interactive / Playwright', generated.interactiveChars / generated.playwrightChars, 1);
aim('generated 10k: time ours (all) / floor', generated.ours / generated.floor, 3);
console.log(
  `generated 10k: ours ${generated.ours.toFixed(1)} ms, interactive ${generated.oursInteractive.toFixed(1)} ms, Playwright ${generated.playwright.toFixed(1)} ms, floor ${generated.floor.toFixed(1)} ms; ours/pw ${ratio(generated.ours, generated.playwright)}, ours/floor ${ratio(generated.ours, generated.floor)}; chars ours ${generated.oursChars}, interactive ${generated.interactiveChars}, Playwright ${generated.playwrightChars}`,
);
