/**
 * The setup the in-worker benchmarks share: a bench build (the hooks in src/background/*bench-hook.ts exist
 * only with `--mode bench`) in .tmp/dist-bench, a fixture server, the extension in Chromium, one page open,
 * and one named hook of `globalThis.__pagewrightBench` called in the service worker with that page's tab id.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension } from '../../tests/support/extension.js';
import { startFixtureServer } from '../../tests/support/fixture-server.js';

const root = resolve(import.meta.dirname, '../..');
const distDir = resolve(root, '.tmp/dist-bench');

/** Where the page comes from and which hook to call. */
export interface BenchRun {
  /** The fixture folder, relative to the repository root. */
  fixtures: string;
  /** The page to open, relative to that folder. */
  page: string;
  /** The `__pagewrightBench` method to call with the tab id. */
  hook: string;
}

/**
 * Builds, launches, calls the hook and hands its figures (and the page, for checks against the page's own
 * state) to `report`; closes everything after, also when the hook fails. Exits the process if the build fails.
 */
export async function runWorkerBench<Figures>(run: BenchRun, report: (figures: Figures, page: Page) => Promise<void> | void): Promise<void> {
  const build = spawnSync('npx', ['vite', 'build', '--mode', 'bench', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const fixtures = await startFixtureServer(resolve(root, run.fixtures));
  const ext = await launchExtension({ distDir });
  try {
    const page = await ext.context.newPage();
    await page.goto(`${fixtures.url}/${run.page}`);
    const tabId = await ext.tabIdOf(page);
    const figures = await ext.evaluateInWorker(
      async ({ id, hook }) => {
        const hooks = (globalThis as { __pagewrightBench?: Record<string, ((tabId: number) => Promise<unknown>) | undefined> }).__pagewrightBench;
        const method = hooks?.[hook];
        if (!method) throw new Error(`No __pagewrightBench.${hook} in the worker: is its bench hook installed in src/background/index.ts?`);
        return method(id);
      },
      { id: tabId, hook: run.hook },
    );
    await report(figures as Figures, page);
  } finally {
    await ext.close();
    await fixtures.close();
  }
}
