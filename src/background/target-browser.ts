/// <reference types="vite/client" />
/**
 * Which browser this build is for, fixed at build time: each Vite config defines
 * `import.meta.env.PAGEWRIGHT_BROWSER` ('chrome' in vite.config.ts, 'firefox' in vite.firefox.config.ts), so
 * the bundler folds every choice below to one branch and drops the other browser's code. Under Node
 * (unit tests) nothing is defined and the Chrome implementations are used.
 *
 * Only the modules that pick an implementation read this (panel-host.ts, page-input-choice.ts,
 * settings-area.ts); tools and the rest of the worker never ask which browser they run in.
 */
declare global {
  interface ImportMetaEnv {
    readonly PAGEWRIGHT_BROWSER?: string;
  }
}

/** The browser this build targets. */
export const TARGET_BROWSER: 'chrome' | 'firefox' = import.meta.env.PAGEWRIGHT_BROWSER === 'firefox' ? 'firefox' : 'chrome';
