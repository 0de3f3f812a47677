/**
 * No source, test, bench or script file is longer than 400 lines: past that a file holds more than one
 * thing, and the next reader meets it whole. (Fixture pages under tests/e2e/pages are data, not code.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const FOLDERS = ['src', 'sidepanel', 'popup', 'tests', 'bench', 'scripts', 'bin', 'build'];
const CODE = /\.(ts|tsx|mjs|js)$/;
const LIMIT = 400;

function* codeFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(ROOT, 'tests/e2e/pages') && entry.name !== 'node_modules') yield* codeFiles(path);
    } else if (CODE.test(entry.name)) yield path;
  }
}

describe('file length', () => {
  it(`finds the code files, and none is over ${LIMIT} lines`, () => {
    const files = FOLDERS.flatMap((folder) => [...codeFiles(join(ROOT, folder))]);
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > LIMIT);
    expect(long).toEqual([]);
  });
});
