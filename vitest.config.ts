import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/e2e-sequencer.js';

export default defineConfig({
  test: {
    // A worker per core: vitest's own default leaves one core to itself (cores − 1), which on a two-core
    // machine is one worker, and the files ran one after another. A third e2e worker on two cores gained
    // about 6% in clean-clone CI runs (the e2e stage 712–745 s in four, against 743 and 796 s with two),
    // within the spread between runs: the stage is bound by the CPU, and a third browser loads the machine
    // more, which is where timing flakes come from.
    maxWorkers: Math.max(availableParallelism(), 1),
    // The longest e2e files start first, so the workers end about together (tests/support/e2e-sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // No test is timed: the 5 s default failed heavy tests (property tests, a content script's jsdom) on
          // a loaded machine; a test that hangs still ends here.
          testTimeout: 60_000,
          // expect.poll's own default gives up after 1 s; beside the Chromium end-to-end tests at a low CPU
          // priority (scripts/test.mjs) a reply can take longer than that. A state that never comes still fails.
          expect: { poll: { timeout: 30_000 } },
          include: ['src/**/*.test.{ts,tsx}', 'sidepanel/**/*.test.{ts,tsx}', 'popup/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share their modules instead of importing them again each (import was two
          // thirds of the run: 91 s → 37 s here). Every test sets up what it uses; in three shuffled file
          // orders all passed, so no test leans on another file's module state.
          isolate: false,
          // The type tests (src/**/*.test-d.ts) are checked by the compiler itself: tsconfig.json includes them, and
          // `npm test` runs `tsc` first; vitest's typecheck would run the same compiler over the project again.
        },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's own default gives up after 1 s: a loaded machine needs longer to show a panel's
          // state, and a state that never comes still fails (here, or at the test's timeout).
          expect: { poll: { timeout: 30_000 } },
          // One file per worker at a time (maxWorkers above): each worker's files share one browser
          // (tests/support/shared-browser.ts launches it on the first ask), each resetting the extension's
          // state; a file that needs its own asks for a fresh profile.
          fileParallelism: true,
          // As in the unit project: the files of a worker share their modules (Playwright, the support code,
          // the sources a test imports) instead of importing them again each — the e2e run's import time went
          // from 54 s to 5 s. Each file sets up its own servers and browser state (useExtension).
          isolate: false,
          globalSetup: ['tests/support/shared-browser.ts'],
        },
      },
      {
        // The Firefox build (dist-firefox/) in Debian's firefox-esr over WebDriver BiDi: `npm run test:firefox`.
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
