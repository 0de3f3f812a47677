/**
 * Builds dist-firefox/, the Firefox extension, from the same tree as dist/ (`npm run build:firefox`).
 *
 * Why not @crxjs/vite-plugin here as in vite.config.ts: its Firefox mode knows no `sidebar_action` (the
 * panel page would not be built), wraps the background in a loader of its own, and rewrites the manifest
 * from Chrome's; undoing that would be more code than this. A plain multi-page Vite build does it all: the
 * background as one ES module entry (an event page: `background.scripts`), the panel and the popup as
 * HTML entries at the paths the manifest names, the content script through the same plugin as Chrome's,
 * and the manifest generated from manifest.json by one pure, unit-tested function (build/firefox-manifest.ts).
 * Browser differences in the code are fixed by `define` (src/background/target-browser.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { BACKGROUND_SCRIPT, firefoxManifest, type SourceManifest } from './build/firefox-manifest.js';
import { mcpSdkWithoutAjv, standaloneContentScript } from './build/plugins.js';

const root = import.meta.dirname;
const define = { 'import.meta.env.PAGEWRIGHT_BROWSER': JSON.stringify('firefox') };
/** Firefox 140 ESR, the oldest supported (build/firefox-manifest.ts). */
const target = 'firefox140';

/** Emits manifest.json made from the source manifest and package.json's version. */
function firefoxManifestFile(): Plugin {
  return {
    name: 'pagewright:firefox-manifest',
    apply: 'build',
    generateBundle() {
      const source = JSON.parse(readFileSync(resolve(root, 'manifest.json'), 'utf8')) as SourceManifest;
      const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
      const manifest = firefoxManifest(source, version);
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
      // The icons the manifest names (the extension's and the toolbar button's), copied as they are.
      const icons = new Set([...Object.values(source.icons ?? {}), ...Object.values(source.action?.default_icon ?? {})]);
      for (const icon of icons) this.emitFile({ type: 'asset', fileName: icon, source: readFileSync(resolve(root, icon)) });
    },
  };
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define,
  // Extension pages load assets relative to themselves (moz-extension://<uuid>/…).
  base: './',
  build: {
    outDir: 'dist-firefox',
    emptyOutDir: true,
    target,
    // Readable stack traces, as in the Chrome build; addons.mozilla.org also reviews unminified code faster.
    minify: false,
    // The polyfill Vite adds for <link rel=modulepreload> is not needed: Firefox has it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        background: resolve(root, 'src/background/index.ts'),
        sidepanel: resolve(root, 'sidepanel/index.html'),
        popup: resolve(root, 'popup/index.html'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'background' ? BACKGROUND_SCRIPT : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/chunk-[hash].js',
      },
    },
  },
  plugins: [mcpSdkWithoutAjv(), standaloneContentScript({ target, define }), firefoxManifestFile()],
});
