#!/usr/bin/env node
// `npm test`: the Chrome build; then the end-to-end tests in Chromium, and beside them the Firefox build and
// Mozilla's linter on it, the typecheck, lint, formatting (Prettier) and unit tests, then the end-to-end
// tests in Firefox.
// A last line "N passed, N failed" sums every test project — CI reads exactly that line, so keep it last
// and keep its shape. Every stage runs even when an earlier one failed, so one run shows every problem;
// a failed stage that is not a test run (typecheck, lint, a browser check, a build) counts as one failure,
// and a test run that broke without reporting a failed test (a file that did not load) counts as one too.
// The exit code is non-zero when anything failed.
//
// Why side by side: the Chromium end-to-end tests, the longest stage by far, wait on browsers part of the
// time (about a third of two cores stays idle while they run), and the static checks are one process
// each. The static checks run at a low CPU priority (`nice`), so they take the cycles the browsers leave
// and do not slow the end-to-end tests' waits; the Firefox tests start when they end, so no more than two
// stages compete at once. A stage run beside another has its output held and printed whole when it ends,
// so no two stages' lines interleave; the Chromium end-to-end tests stream.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'pagewright-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
const failures = [];

/** `nice` where there is one (Linux, macOS): a background stage's command runs at a low CPU priority. */
const nice = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));

/**
 * Runs a command in the project root; true when it exited with 0. Streams its output, or holds it until
 * it ends; `background` runs it at a low CPU priority.
 */
function run(label, command, args, { hold = false, background = false } = {}) {
  const started = Date.now();
  if (!hold) console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const [file, argv] = background && nice ? [nice, ['-n', '10', command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: root, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (hold) process.stdout.write(`\n=== ${label} (${seconds} s) ===\n${Buffer.concat(chunks).toString('utf8')}`);
      else console.log(`=== ${label}: ${seconds} s ===`);
      resolve(code === 0);
    });
  });
}

/** A stage that is not a test run: its failure counts as one failed check. */
async function check(label, command, args, options) {
  const ok = await run(label, command, args, options);
  if (!ok) {
    failed++;
    problems.push(label);
  }
  return ok;
}

/** One vitest project, counted from its JSON report. */
async function vitest(project, options) {
  const file = join(reports, `${project}.json`);
  const ok = await run(
    `${project} tests`,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    options,
  );
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
    // Named again in the last lines: a held stage's output can scroll far above them.
    for (const file of report.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${file.name.replace(root, '')} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
  }
}

const hold = { hold: true };
const background = { hold: true, background: true };
const chromium = (await check('chromium', 'node', ['scripts/ensure-chromium.mjs'])) && (await check('build', 'npx', ['vite', 'build']));
if (!chromium) problems.push('e2e tests (not run)');
// The Firefox build: Mozilla's linter on it, then its end-to-end tests in Firefox (also alone: `npm run test:firefox`).
// Built beside the Chromium end-to-end tests, which need only the Chrome build.
const firefoxBuild = async () => {
  const ok =
    (await check('firefox', 'node', ['scripts/ensure-firefox.mjs'], hold)) &&
    (await check('build:firefox', 'npx', ['vite', 'build', '-c', 'vite.firefox.config.ts'], background));
  if (ok) await check('lint:firefox (web-ext lint)', 'node', ['scripts/lint-firefox.mjs'], background);
  else problems.push('e2e-firefox tests (not run)');
  return ok;
};
await Promise.all([
  chromium && vitest('e2e'),
  (async () => {
    const [firefox] = await Promise.all([
      firefoxBuild(),
      check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], background),
      check('lint', 'npx', ['eslint', '.'], background),
      check('format', 'npx', ['prettier', '--check', '.'], background),
      vitest('unit', background),
    ]);
    if (firefox) await vitest('e2e-firefox', hold);
  })(),
]);

rmSync(reports, { recursive: true, force: true });
console.log('');
if (skipped > 0) console.log(`${skipped} skipped`);
for (const failure of failures) console.log(`✗ ${failure}`);
if (problems.length > 0) console.log(`Failed: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
