/**
 * What judging an act where it lands costs: the same trusted click, and the same 20 characters typed,
 * with the re-checks (the browser's hit test before and after the move, the page's reaction awaited and
 * the target confirmed in its frame, the press confirmed before the release; every key sent keydown
 * first with focus checked before and after it) and without them, measured inside the service worker
 * in the same run, interleaved. Prints milliseconds per act and the ratio (aim: ≤ 1.5× for the click,
 * ≤ 2× for typing). The effect report each tool adds afterwards is the same for both and not counted.
 *
 * Needs a bench build (the hook in src/background/input-bench-hook.ts exists only with `--mode bench`),
 * which this script makes in .tmp/dist-bench. Run: `npm run bench -- recheck` or `npx tsx bench/recheck.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { launchExtension } from '../tests/support/extension.js';
import { startFixtureServer } from '../tests/support/fixture-server.js';
import type { RecheckFigures } from '../src/background/input-bench-hook.js';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, '.tmp/dist-bench');

const build = spawnSync('npx', ['vite', 'build', '--mode', 'bench', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const fixtures = await startFixtureServer(resolve(root, 'tests/fixtures/input'));
const ext = await launchExtension({ distDir });
try {
  const page = await ext.context.newPage();
  await page.goto(`${fixtures.url}/bench.html`);
  const tabId = await ext.tabIdOf(page);
  const figures = await ext.evaluateInWorker(async (id) => {
    const hook = (globalThis as { __pagewrightBench?: { recheck?(tabId: number): Promise<RecheckFigures> } }).__pagewrightBench;
    if (!hook?.recheck) throw new Error('No __pagewrightBench.recheck in the worker: is installInputBenchHook(bridge) called in src/background/index.ts?');
    return hook.recheck(id);
  }, tabId);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `recheck: ${figures.acts} clicks and ${Math.ceil(figures.acts / 4)} typings × ${figures.rounds} rounds (medians per act), measured in the service worker`,
  );
  console.log(
    `  click    without ${ms(figures.click.uncheckedMs).padStart(10)}   with re-checks ${ms(figures.click.checkedMs).padStart(10)}   ratio ${figures.click.ratio.toFixed(2)} (aim ≤ 1.5)`,
  );
  console.log(
    `  type 20  without ${ms(figures.type20.uncheckedMs).padStart(10)}   with re-checks ${ms(figures.type20.checkedMs).padStart(10)}   ratio ${figures.type20.ratio.toFixed(2)} (aim ≤ 2)`,
  );
} finally {
  await ext.close();
  await fixtures.close();
}
