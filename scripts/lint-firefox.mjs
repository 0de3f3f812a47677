#!/usr/bin/env node
// `npm run lint:firefox`: Mozilla's own linter (web-ext lint, i.e. addons-linter, as addons.mozilla.org runs it)
// on dist-firefox/. Fails on any error, and on any warning but the kinds listed below, each for a reason
// checked by hand: an unsupported API, a manifest key Firefox does not know or a permission it lacks fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, 'dist-firefox');
/** Warnings that are understood and accepted, with why. */
const ACCEPTED = {
  // Preact renders, DOMPurify sanitizes and Turndown parses through innerHTML on their own inert documents;
  // assistant Markdown reaches the panel only through marked (raw HTML escaped) and DOMPurify.
  UNSAFE_VAR_ASSIGNMENT: 'innerHTML inside Preact, DOMPurify and Turndown',
  // zod probes `new Function('')` in a try/catch to learn whether eval is allowed; the CSP says no, so it never runs code.
  DANGEROUS_EVAL: 'zod’s eval probe (the CSP forbids eval)',
  // Pagewright is not offered for Firefox for Android (it has no sidebar), so that app's versions do not apply.
  KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION: 'a Firefox for Android version (not a target)',
};

if (!existsSync(join(dir, 'manifest.json'))) {
  console.error('lint:firefox: no dist-firefox/manifest.json — run `npm run build:firefox` first.');
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(root, 'node_modules/web-ext/bin/web-ext.js'), 'lint', '--source-dir', dir, '--output', 'json', '--no-input'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
} catch {
  console.error(`lint:firefox: web-ext lint gave no report (exit ${result.status}).\n${result.stdout}\n${result.stderr}`);
  process.exit(1);
}
const problems = [...report.errors, ...report.warnings.filter((warning) => !Object.hasOwn(ACCEPTED, warning.code))];
for (const problem of problems) {
  console.error(
    `${problem._type} ${problem.code}: ${problem.message} — ${problem.file ?? ''}${problem.line ? `:${problem.line}` : ''}\n  ${problem.description ?? ''}`,
  );
}
const accepted = report.warnings.length - (problems.length - report.errors.length);
console.log(
  `web-ext lint on dist-firefox/: ${report.errors.length} errors, ${report.warnings.length} warnings (${accepted} of kinds accepted: ${Object.keys(ACCEPTED).join(', ')}), ${report.notices.length} notices.`,
);
process.exit(problems.length > 0 ? 1 : 0);
