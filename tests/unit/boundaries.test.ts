/**
 * The boundaries from STYLE.md: `src/runtime/` uses no browser API (so it runs and is tested in Node),
 * and `src/content/` never imports from `src/background/` (content scripts run in pages).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(root, dir, f), 'utf8') }));
const importsOf = (text: string) => [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2] ?? '');
// Comments may name the APIs (to say they are not used); code may not.
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('boundaries', () => {
  it('src/runtime uses no browser extension API', () => {
    // `chrome.tabs`, `browser.runtime` as globals; not `context.browser.sendToTab` or './browser.js'.
    const browserGlobal = /(?<![\w.$])(chrome|browser)\s*\.\s*[a-z]/;
    const offenders = sources('src/runtime').filter(({ text }) => browserGlobal.test(withoutComments(text).replace(/'[^'\n]*'|"[^"\n]*"/g, "''")));
    expect(offenders.map((o) => o.file)).toEqual([]);
  });

  it('src/runtime imports nothing from the extension contexts or the polyfill', () => {
    const offenders = sources('src/runtime').flatMap(({ file, text }) =>
      importsOf(text)
        .filter((spec) => /webextension-polyfill|\/(background|content|sidepanel|popup)\//.test(spec) || spec.startsWith('../background') || spec.startsWith('../content'))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/content never imports from src/background', () => {
    const offenders = sources('src/content').flatMap(({ file, text }) => importsOf(text).filter((spec) => spec.includes('background')).map((spec) => `${file} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('finds files to check', () => {
    expect(sources('src/runtime').length).toBeGreaterThan(5);
  });
});
