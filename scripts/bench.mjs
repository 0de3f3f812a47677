#!/usr/bin/env node
// Runs every benchmark in bench/ (or those named on the command line) one after another and prints
// their figures. Benchmarks compare against a reference measured in the same run, so ratios are what
// to read: these machines are shared and noisy. Browser benchmarks need dist/, so this builds first.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const all = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const files = wanted.length ? all.filter((f) => wanted.some((w) => f.includes(w))) : all;
if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}. Available: ${all.join(', ')}`);
  process.exit(1);
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync('npx', ['tsx', join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
