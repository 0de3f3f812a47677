/**
 * The Vite plugins both builds share (vite.config.ts for Chrome, vite.firefox.config.ts for Firefox).
 *
 * The content script: `standaloneContentScript` bundles `src/content/index.ts` as one standalone classic
 * script at CONTENT_SCRIPT_PATH. Why not crx's own options: `contentScripts.standaloneFiles` only applies
 * to scripts listed in manifest.content_scripts (injected into every matching page up front) or imported
 * with `?script` (which crx lists in web_accessible_resources for all http(s) pages, so any page could
 * detect the extension). Pagewright injects on demand, only into tabs the agent works on, with
 * scripting.executeScript({ files: [CONTENT_SCRIPT_PATH], allFrames: true }); files injected that way
 * need not be web-accessible. So this plugin runs the same kind of secondary IIFE build crx does.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { CONTENT_SCRIPT_PATH } from '../src/background/inject.js';

const ROOT = resolve(import.meta.dirname, '..');

const CONTENT_ENTRY = resolve(ROOT, 'src/content/index.ts');

/**
 * Bundles the content script as one self-contained IIFE and emits it at CONTENT_SCRIPT_PATH, for the
 * `target` browser, with the same `define`s as the main build (so it is built for the same browser).
 */
export function standaloneContentScript(options: { target: string; define?: Record<string, string> }): Plugin {
  let minify: boolean | 'oxc' | 'terser' | 'esbuild' = false;
  let sourcemap: boolean | 'inline' | 'hidden' = false;
  return {
    name: 'pagewright:standalone-content-script',
    apply: 'build',
    configResolved(config) {
      minify = config.build.minify;
      sourcemap = config.build.sourcemap;
    },
    async generateBundle() {
      if (!existsSync(CONTENT_ENTRY)) {
        this.warn(`${CONTENT_ENTRY} does not exist yet: emitting an empty content script.`);
        this.emitFile({ type: 'asset', fileName: CONTENT_SCRIPT_PATH, source: '/* Pagewright content script: not built yet */\n' });
        return;
      }
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        root: ROOT,
        ...(options.define ? { define: options.define } : {}),
        build: {
          write: false,
          emptyOutDir: false,
          minify,
          sourcemap: sourcemap === 'inline' ? 'inline' : false,
          target: options.target,
          lib: { entry: CONTENT_ENTRY, formats: ['iife'], name: 'pagewrightContent', fileName: () => CONTENT_SCRIPT_PATH },
          rolldownOptions: { output: { entryFileNames: CONTENT_SCRIPT_PATH } },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
      const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry);
      if (!entry || entry.type !== 'chunk') throw new Error('The content script build produced no entry chunk.');
      this.emitFile({ type: 'asset', fileName: CONTENT_SCRIPT_PATH, source: entry.code });
    },
  };
}

/**
 * The MCP SDK's client imports ajv as its default JSON Schema validator; ajv compiles schemas with
 * `new Function`, which the service worker's CSP forbids. src/mcp always passes an eval-free validator,
 * so the import is swapped for a stub (src/mcp/no-ajv.ts) that throws if anything ever uses it.
 */
export function mcpSdkWithoutAjv(): Plugin {
  const stub = resolve(ROOT, 'src/mcp/no-ajv.ts');
  return {
    name: 'pagewright:mcp-sdk-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer?.includes('@modelcontextprotocol/sdk') && /(^|\/)ajv-provider\.js$/.test(source) ? stub : null;
    },
  };
}
