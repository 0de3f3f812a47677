/**
 * Builds dist/, the Chrome extension: MV3 from manifest.json via @crxjs/vite-plugin (service worker, side
 * panel, popup), plus the content script as one standalone classic script at CONTENT_SCRIPT_PATH
 * (build/plugins.ts says why). The Firefox build from the same tree is vite.firefox.config.ts.
 */
import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import { mcpSdkWithoutAjv, standaloneContentScript } from './build/plugins.js';
import manifest from './manifest.json' with { type: 'json' };

/** Fixes the target browser for src/background/target-browser.ts, so the other browser's code is left out. */
const define = { 'import.meta.env.PAGEWRIGHT_BROWSER': JSON.stringify('chrome') };

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    // Readable stack traces for people who report bugs; the extension is loaded unpacked.
    minify: false,
  },
  plugins: [mcpSdkWithoutAjv(), crx({ manifest: manifest as Parameters<typeof crx>[0]['manifest'] }), standaloneContentScript({ target: 'chrome116', define })],
});
