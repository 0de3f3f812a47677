/**
 * Trusted input against synthetic events: the same click, and the same 20 characters typed, through
 * the DevTools Protocol (the content script locates and checks the target, then the browser sends its
 * own pointer or key events) and through synthetic DOM events (one content-script command), measured
 * inside the service worker in the same run, interleaved. Prints milliseconds per act and the ratio.
 * The effect report each tool adds afterwards (a few hundred ms of DOM quiet) is the same for both and
 * not part of these figures.
 *
 * Needs a bench build (the hook in src/background/input-bench-hook.ts exists only with `--mode bench`),
 * which this script makes in .tmp/dist-bench. Run: `npm run bench -- input` or `npx tsx bench/input.bench.ts`.
 */
import { runWorkerBench } from './support/bench-extension.js';
import type { InputFigures } from '../src/background/input-bench-hook.js';

await runWorkerBench<InputFigures>({ fixtures: 'tests/fixtures/input', page: 'bench.html', hook: 'input' }, async (figures, page) => {
  const clicks = Number(await page.textContent('#clicks'));
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `input: ${figures.acts} clicks and ${Math.ceil(figures.acts / 3)} typings × ${figures.rounds} rounds (medians per act), measured in the service worker`,
  );
  console.log(`  attach the debugger to the tab (once per run)   ${ms(figures.attachMs)}`);
  console.log(
    `  click   synthetic ${ms(figures.click.syntheticMs).padStart(10)}   trusted ${ms(figures.click.trustedMs).padStart(10)}   ratio trusted/synthetic ${figures.click.ratio.toFixed(2)}`,
  );
  console.log(
    `  type 20 synthetic ${ms(figures.type20.syntheticMs).padStart(10)}   trusted ${ms(figures.type20.trustedMs).padStart(10)}   ratio trusted/synthetic ${figures.type20.ratio.toFixed(2)}`,
  );
  console.log(`  the page counted ${clicks} clicks (both paths reached its handler)`);
});
