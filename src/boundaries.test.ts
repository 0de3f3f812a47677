/**
 * The boundaries between the parts of the house, checked on every source file (tests excluded):
 * - src/runtime is platform-free: no browser API, and it imports nothing from the rest of src (the
 *   tools, the worker, storage, shared code or pages are given to it, never reached for);
 * - src/shared (the protocol between contexts) builds only on the runtime;
 * - src/storage builds on the runtime and shared code only;
 * - src/bridge (the coding-agent bridge's Node programs) builds on the runtime and shared code only, with no
 *   extension API: it runs outside the browser and meets the worker only through the protocol in src/shared;
 * - src/mcp (tools from MCP servers) builds on the runtime and shared code only, and uses no extension API:
 *   the worker gives its tools to the pool like any other list;
 * - src/tools never reaches into the worker, storage, content scripts or the panel (they act through ports);
 * - src/content runs inside pages: never the worker, storage, tools or the panel;
 * - the panel and the popup take tools' types only, never their code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(root, dir, f), 'utf8') }));
const imports = (text: string) =>
  [...text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => ({
    spec: m[2] ?? m[3] ?? '',
    typeOnly: m[1] !== undefined,
  }));
// Comments may name the APIs (to say they are not used); code may not.
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The top-level part an import lands in (`src/tools`, `sidepanel`, a package name). */
function partOf(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const target = relative(root, normalize(join(root, file, '..', spec)));
  const [first, second] = target.split('/');
  return first === 'src' ? `src/${second}` : (first ?? target);
}

function offenders(dir: string, forbidden: (part: string, typeOnly: boolean) => boolean): string[] {
  return sources(dir).flatMap(({ file, text }) =>
    imports(text)
      .filter(({ spec, typeOnly }) => forbidden(partOf(file, spec), typeOnly))
      .map(({ spec }) => `${file} → ${spec}`),
  );
}

describe('boundaries', () => {
  it('src/runtime uses no browser extension API', () => {
    // `chrome.tabs`, `browser.runtime` as globals; not `context.browser.sendToTab` or './browser.js'.
    const browserGlobal = /(?<![\w.$])(chrome|browser)\s*\.\s*[a-z]/;
    const found = sources('src/runtime').filter(({ text }) => browserGlobal.test(withoutComments(text).replace(/'[^'\n]*'|"[^"\n]*"/g, "''")));
    expect(found.map((o) => o.file)).toEqual([]);
  });

  it('src/runtime imports nothing from the rest of src, the pages, or the polyfill', () => {
    expect(
      offenders(
        'src/runtime',
        (part) => part === 'webextension-polyfill' || (part.startsWith('src/') && part !== 'src/runtime') || ['sidepanel', 'popup'].includes(part),
      ),
    ).toEqual([]);
  });

  it('src/shared builds only on the runtime', () => {
    expect(offenders('src/shared', (part) => part.startsWith('src/') && !['src/runtime', 'src/shared'].includes(part))).toEqual([]);
  });

  it('src/storage builds only on the runtime and shared code', () => {
    expect(offenders('src/storage', (part) => part.startsWith('src/') && !['src/runtime', 'src/shared', 'src/storage'].includes(part))).toEqual([]);
  });

  it('src/bridge builds only on the runtime and shared code, with no extension API', () => {
    expect(
      offenders(
        'src/bridge',
        (part) => part === 'webextension-polyfill' || (part.startsWith('src/') && !['src/runtime', 'src/shared', 'src/bridge'].includes(part)),
      ),
    ).toEqual([]);
    const browserGlobal = /(?<![\w.$])(chrome|browser)\s*\.\s*[a-z]/;
    expect(
      sources('src/bridge')
        .filter(({ text }) => browserGlobal.test(withoutComments(text).replace(/'[^'\n]*'|"[^"\n]*"/g, "''")))
        .map((o) => o.file),
    ).toEqual([]);
  });

  it('src/mcp builds only on the runtime and shared code, with no extension API', () => {
    expect(
      offenders('src/mcp', (part) => part === 'webextension-polyfill' || (part.startsWith('src/') && !['src/runtime', 'src/shared', 'src/mcp'].includes(part))),
    ).toEqual([]);
    const browserGlobal = /(?<![\w.$])(chrome|browser)\s*\.\s*[a-z]/;
    expect(
      sources('src/mcp')
        .filter(({ text }) => browserGlobal.test(withoutComments(text).replace(/'[^'\n]*'|"[^"\n]*"/g, "''")))
        .map((o) => o.file),
    ).toEqual([]);
  });

  it('src/tools act through ports, never reaching into the worker, storage, pages or the panel', () => {
    expect(
      offenders('src/tools', (part) =>
        ['src/background', 'src/storage', 'src/content', 'src/mcp', 'sidepanel', 'popup', 'webextension-polyfill'].includes(part),
      ),
    ).toEqual([]);
  });

  it('src/content never imports from the worker, storage, tools or the panel', () => {
    expect(offenders('src/content', (part) => ['src/background', 'src/storage', 'src/tools', 'sidepanel', 'popup'].includes(part))).toEqual([]);
  });

  it('the panel and the popup take only types from the tools', () => {
    const codeFromTools = (part: string, typeOnly: boolean) => part === 'src/tools' && !typeOnly;
    expect([...offenders('sidepanel', codeFromTools), ...offenders('popup', codeFromTools)]).toEqual([]);
  });

  it('finds files to check', () => {
    expect(sources('src/runtime').length).toBeGreaterThan(5);
    expect(offenders('sidepanel', (part) => part === 'src/tools').length).toBeGreaterThan(3); // the views' type imports are seen
  });
});
