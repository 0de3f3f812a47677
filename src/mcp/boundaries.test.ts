/**
 * src/mcp is platform-free like the runtime (it runs in the service worker and is tested in Node):
 * no extension API, nothing from the other contexts. The runtime does not know it: MCP tools are
 * given to the pool like any other tool list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string) =>
  readdirSync(join(import.meta.dirname, '..', dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => ({ file: `src/${dir}/${f}`, text: readFileSync(join(import.meta.dirname, '..', dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '') }));
const importsOf = (text: string) => [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');

describe('src/mcp boundaries', () => {
  it('uses no extension API and imports nothing from the extension contexts', () => {
    const files = sources('mcp');
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter(({ text }) => /(?<![\w.$])(chrome|browser)\s*\.\s*[a-z]/.test(text.replace(/'[^'\n]*'|"[^"\n]*"/g, "''")) || importsOf(text).some((spec) => /webextension-polyfill|\/(background|content|sidepanel|popup)\//.test(spec)));
    expect(offenders.map((o) => o.file)).toEqual([]);
  });

  it('the runtime does not import it', () => {
    const offenders = sources('runtime').flatMap(({ file, text }) => importsOf(text).filter((spec) => spec.includes('/mcp/')).map((spec) => `${file} → ${spec}`));
    expect(offenders).toEqual([]);
  });
});
