/**
 * Renders the side panel at 400 px in headless Chromium in each state a person meets (first run, a run
 * with a queued message, each kind of prompt, a finished run, an error, activity, conversations, each
 * Settings section) and saves a PNG of each, the whole panel from top to bottom. Look at every one:
 * plain words, no internals, nothing overflowing.
 *
 *   npx tsx scripts/panel-shots.ts                  # builds dist/, writes .tmp/panel-shots/<state>.png
 *   npx tsx scripts/panel-shots.ts --out DIR --only prompt-ask,finished --width 320 --no-build
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { PANEL_STATES, PANEL_WIDTH, startPanelWorld } from '../tests/support/panel-states.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: '.tmp/panel-shots' },
    only: { type: 'string' },
    width: { type: 'string', default: String(PANEL_WIDTH) },
    'no-build': { type: 'boolean', default: false },
  },
});

/** The whole panel: the page grows to its content's height, so nothing scrolled away is missed. */
async function shoot(panel: Page, width: number, path: string): Promise<void> {
  const height = await panel.evaluate(() => {
    const main = document.querySelector('.app-main');
    const dialog = document.querySelector('.dialog, .image-viewer');
    const chrome = document.documentElement.clientHeight - (main?.clientHeight ?? 0);
    return Math.max(760, (main?.scrollHeight ?? 0) + chrome, (dialog?.scrollHeight ?? 0) + 40);
  });
  await panel.setViewportSize({ width, height: Math.min(height, 4000) });
  await panel.screenshot({ path });
}

if (!args['no-build']) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const out = resolve(args.out);
mkdirSync(out, { recursive: true });
const width = Number(args.width);
const only = args.only?.split(',');
const world = await startPanelWorld(width);
let failed = 0;
try {
  for (const state of PANEL_STATES) {
    if (only && !only.includes(state.name)) continue;
    try {
      const panel = await state.open(world);
      const path = join(out, `${state.name}${width === PANEL_WIDTH ? '' : `-${width}`}.png`);
      await shoot(panel, width, path);
      console.log(`${path}  (${state.about})`);
    } catch (error) {
      failed++;
      console.error(`${state.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await world.reset();
  }
} finally {
  await world.close();
}
process.exit(failed > 0 ? 1 : 0);
