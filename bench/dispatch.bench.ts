/**
 * Dispatch overhead: a trivial page tool's round trip (service worker → content script → back, through
 * the real executor and BrowserBridge) against a bare `tabs.sendMessage` ping to the same content script,
 * both measured inside the service worker in the same run. Aim: ratio ≤ 1.5.
 *
 * Needs a bench build (the hook in src/background/bench-hook.ts exists only with `--mode bench`), which
 * this script makes in .tmp/dist-bench. Run: `npm run bench -- dispatch` or `npx tsx bench/dispatch.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { launchExtension } from '../tests/support/extension.js';
import { startFixtureServer } from '../tests/support/fixture-server.js';

interface DispatchFigures {
  calls: number;
  rounds: number;
  bareMsPerCall: number;
  toolMsPerCall: number;
  ratio: number;
}

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, '.tmp/dist-bench');

const build = spawnSync('npx', ['vite', 'build', '--mode', 'bench', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const fixtures = await startFixtureServer(resolve(root, 'tests/e2e/pages'));
const ext = await launchExtension({ distDir });
try {
  const page = await ext.context.newPage();
  await page.goto(`${fixtures.url}/plain.html`);
  const tabId = await ext.tabIdOf(page);
  const figures = await ext.evaluateInWorker(async (id) => {
    const hook = (globalThis as { __pagewrightBench?: { dispatch(tabId: number): Promise<DispatchFigures> } }).__pagewrightBench;
    if (!hook) throw new Error('No __pagewrightBench in the worker: is installBenchHook(bridge) called in src/background/index.ts?');
    return hook.dispatch(id);
  }, tabId);
  const fmt = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(`dispatch: ${figures.calls} calls × ${figures.rounds} rounds (medians per call), measured in the service worker`);
  console.log(`  bare tabs.sendMessage ping          ${fmt(figures.bareMsPerCall)}`);
  console.log(`  page tool via executor + bridge     ${fmt(figures.toolMsPerCall)}`);
  console.log(`  overhead ratio (tool / bare)        ${figures.ratio.toFixed(2)}  (aim ≤ 1.5)`);
} finally {
  await ext.close();
  await fixtures.close();
}
