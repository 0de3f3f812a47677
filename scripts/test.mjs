#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting (Prettier), unit tests, then the end-to-end tests (Chromium check, build, e2e; then
// Firefox check, Firefox build, web-ext lint, Firefox e2e), and a
// last line "N passed, N failed" that sums every test project — CI reads exactly that line, so keep it last
// and keep its shape. Every stage runs even when an earlier one failed, so one run shows every problem;
// a failed stage that is not a test run (typecheck, lint, Chromium, build) counts as one failure, and a
// test run that broke without reporting a failed test (a file that did not load) counts as one too.
// The exit code is non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'pagewright-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

/** Runs a command in the project root with the output shown; true when it exited with 0. */
function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

/** A stage that is not a test run: its failure counts as one failed check. */
function check(label, command, args) {
  const ok = run(label, command, args);
  if (!ok) {
    failed++;
    problems.push(label);
  }
  return ok;
}

/** One vitest project, counted from its JSON report. */
function vitest(project) {
  const file = join(reports, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    report = undefined;
  }
  const projectFailed = report?.numFailedTests ?? 0;
  passed += report?.numPassedTests ?? 0;
  failed += projectFailed;
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (!ok && projectFailed === 0) {
    failed++; // it broke without a failed test to show for it (a file that did not load, a crash)
    problems.push(`${project} tests (the run failed outside any test)`);
  } else if (projectFailed > 0) {
    problems.push(`${project} tests (${projectFailed} failed)`);
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
vitest('unit');
if (check('chromium', 'node', ['scripts/ensure-chromium.mjs']) && check('build', 'npx', ['vite', 'build'])) vitest('e2e');
else problems.push('e2e tests (not run)');
// The Firefox build: Mozilla's linter on it, then its end-to-end tests in Firefox (also alone: `npm run test:firefox`).
if (check('firefox', 'node', ['scripts/ensure-firefox.mjs']) && check('build:firefox', 'npx', ['vite', 'build', '-c', 'vite.firefox.config.ts'])) {
  check('lint:firefox (web-ext lint)', 'node', ['scripts/lint-firefox.mjs']);
  vitest('e2e-firefox');
} else problems.push('e2e-firefox tests (not run)');

rmSync(reports, { recursive: true, force: true });
console.log('');
if (skipped > 0) console.log(`${skipped} skipped`);
if (problems.length > 0) console.log(`Failed: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
