/**
 * What judging an act where it lands costs: the same trusted click, and the same 20 characters typed,
 * with the re-checks (the browser's hit test before and after the move, the page's reaction awaited and
 * the target confirmed in its frame, the press confirmed before the release; every key event checked
 * where it landed before the next goes) and without them, measured inside the service worker
 * in the same run, interleaved. Prints milliseconds per act and the ratio (aim: ≤ 1.5× for the click,
 * ≤ 2× for typing), and the round trips each act makes (content-script messages, protocol commands). The
 * effect report each tool adds afterwards is the same for both and not counted.
 *
 * Needs a bench build (the hook in src/background/input-bench-hook.ts exists only with `--mode bench`),
 * which this script makes in .tmp/dist-bench. Run: `npm run bench -- recheck` or `npx tsx bench/recheck.bench.ts`.
 */
import { runWorkerBench } from './support/bench-extension.js';
import type { RecheckFigures } from '../src/background/input-bench-hook.js';

await runWorkerBench<RecheckFigures>({ fixtures: 'tests/fixtures/input', page: 'bench.html', hook: 'recheck' }, async (figures) => {
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
  console.log('round trips per act (content-script messages, protocol commands; ms spent in each kind, overlapping calls counted whole):');
  for (const [act, tally] of Object.entries(figures.hops)) {
    const kinds = Object.keys(tally.counts).sort();
    const total = (prefix: string) => kinds.filter((kind) => kind.startsWith(prefix)).reduce((sum, kind) => sum + (tally.counts[kind] ?? 0), 0);
    const detail = kinds.map((kind) => `${kind} ${(tally.counts[kind] ?? 0).toFixed(1)}×/${(tally.ms[kind] ?? 0).toFixed(1)} ms`).join(', ');
    console.log(`  ${act.padEnd(16)} ${total('msg:').toFixed(1)} messages + ${total('cdp:').toFixed(1)} commands: ${detail}`);
  }
});
