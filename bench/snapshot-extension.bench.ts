/**
 * read_page through the real extension (panel port → worker → executor → bridge → content scripts in
 * every frame it reads) on the 130 corpus pages, with every host but this machine failing to resolve
 * (the way remote requests fail offline; ad frames show error pages). References measured in the same
 * run, in the same tab, right after: Playwright's `locator('body').ariaSnapshot()` and a floor (one walk
 * visiting each element once with `checkVisibility`, timed from Node like the others).
 *
 *   npx vite build && npx tsx bench/snapshot-extension.bench.ts     (PAGES=20 REPS=2 for a quicker run)
 * Prints each page's median of REPS reads, then the median and p90 over the corpus and the ratios.
 */
import { corpusPages, median, openCorpusPage, serveCorpus } from '../tests/support/corpus.js';
import { launchExtension, OFFLINE_DNS_FLAG } from '../tests/support/extension.js';
import { startMockModelServer } from '../tests/support/mock-model-server.js';
import { createToolRunner } from '../tests/support/tool-runner.js';

const REPS = Number(process.env['REPS'] ?? 3);
const LIMIT = Number(process.env['PAGES'] ?? Infinity);

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

/** Nearest-rank quantile. */
function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

interface Row {
  name: string;
  /** read_page as the executor timed it (median of REPS). */
  readPage: number;
  /** The first read of the page (injection included). */
  firstRead: number;
  playwright: number;
  floor: number;
}

const server = await serveCorpus();
const mock = await startMockModelServer();
const ext = await launchExtension({
  settings: { provider: 'anthropic', anthropic: { apiKey: 'k', baseUrl: mock.url, model: 'claude-sonnet-4-5' }, permissionMode: 'auto' },
  args: [OFFLINE_DNS_FLAG],
});
const runner = await createToolRunner(ext, mock);
const page = await ext.context.newPage();
const rows: Row[] = [];
const errors: string[] = [];
for (const name of corpusPages().slice(0, LIMIT)) {
  await openCorpusPage(page, server, name);
  const tabId = await ext.tabIdOf(page);
  const runs = await runner.run(
    tabId,
    Array.from({ length: REPS + 1 }, () => ({ name: 'read_page', input: {} })),
  );
  for (const run of runs) if (run.isError) errors.push(`${name}: ${run.code}`);
  const playwright: number[] = [];
  const floor: number[] = [];
  await page.locator('body').ariaSnapshot({ timeout: 60_000 }); // warm-up, as our first read warms up
  for (let i = 0; i < REPS; i++) {
    playwright.push(await timed(() => page.locator('body').ariaSnapshot({ timeout: 60_000 })));
    floor.push(await timed(() => page.evaluate(FLOOR_WALK)));
  }
  rows.push({
    name,
    firstRead: runs[0]?.durationMs ?? NaN,
    readPage: median(runs.slice(1).map((run) => run.durationMs)),
    playwright: median(playwright),
    floor: median(floor),
  });
}
await runner.close();
await ext.close();
await mock.close();
await server.close();

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
console.log(`${'page'.padEnd(40)} ${'first read'.padStart(10)} ${'read_page'.padStart(10)} ${'playwright'.padStart(10)} ${'floor'.padStart(10)}`);
for (const row of rows)
  console.log(
    `${row.name.slice(0, 40).padEnd(40)} ${ms(row.firstRead).padStart(10)} ${ms(row.readPage).padStart(10)} ${ms(row.playwright).padStart(10)} ${ms(row.floor).padStart(10)}`,
  );
const pick = (key: keyof Omit<Row, 'name'>) => rows.map((row) => row[key]);
console.log(`\n${rows.length} corpus pages, remote hosts failing to resolve; per page the median of ${REPS} reads after a first one`);
for (const key of ['firstRead', 'readPage', 'playwright', 'floor'] as const) {
  console.log(`  ${key.padEnd(10)} median ${ms(median(pick(key)))}   p90 ${ms(quantile(pick(key), 0.9))}   max ${ms(Math.max(...pick(key)))}`);
}
const ratios = (a: keyof Omit<Row, 'name'>, b: keyof Omit<Row, 'name'>) => rows.map((row) => row[a] / Math.max(row[b], 0.01));
console.log(
  `  read_page / Playwright ariaSnapshot (per page): median ${median(ratios('readPage', 'playwright')).toFixed(2)}, p90 ${quantile(ratios('readPage', 'playwright'), 0.9).toFixed(2)}`,
);
console.log(
  `  read_page / floor walk (per page):              median ${median(ratios('readPage', 'floor')).toFixed(2)}, p90 ${quantile(ratios('readPage', 'floor'), 0.9).toFixed(2)}`,
);
console.log(
  `  first read / later reads (injection, per page): median ${median(ratios('firstRead', 'readPage')).toFixed(2)}, p90 ${quantile(ratios('firstRead', 'readPage'), 0.9).toFixed(2)}`,
);
console.log(errors.length ? `errors (${errors.length}): ${errors.slice(0, 10).join('; ')}` : 'errors: none');
