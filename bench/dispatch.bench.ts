/**
 * Dispatch overhead: a trivial page tool's round trip (service worker → content script → back, through
 * the real executor and BrowserBridge) against a bare `tabs.sendMessage` ping to the same content script,
 * both measured inside the service worker in the same run. Aim: ratio ≤ 1.5.
 *
 * Needs a bench build (the hook in src/background/bench-hook.ts exists only with `--mode bench`), which
 * this script makes in .tmp/dist-bench. Run: `npm run bench -- dispatch` or `npx tsx bench/dispatch.bench.ts`.
 */
import { runWorkerBench } from './support/bench-extension.js';

interface DispatchFigures {
  calls: number;
  rounds: number;
  bareMsPerCall: number;
  toolMsPerCall: number;
  ratio: number;
}

await runWorkerBench<DispatchFigures>({ fixtures: 'tests/e2e/pages', page: 'plain.html', hook: 'dispatch' }, async (figures) => {
  const fmt = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(`dispatch: ${figures.calls} calls × ${figures.rounds} rounds (medians per call), measured in the service worker`);
  console.log(`  bare tabs.sendMessage ping          ${fmt(figures.bareMsPerCall)}`);
  console.log(`  page tool via executor + bridge     ${fmt(figures.toolMsPerCall)}`);
  console.log(`  overhead ratio (tool / bare)        ${figures.ratio.toFixed(2)}  (aim ≤ 1.5)`);
});
