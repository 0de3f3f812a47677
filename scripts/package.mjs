#!/usr/bin/env node
/**
 * `npm run package`: builds both extensions from this tree and writes the store uploads into dist-packages/:
 * `pagewright-chrome-<version>.zip` (dist/, for the Chrome Web Store) and `pagewright-firefox-<version>.zip`
 * (dist-firefox/, for addons.mozilla.org), both zipped by Mozilla's `web-ext build`, with the version from
 * package.json — checked against both built manifests so the two stores never get different versions.
 * `--no-build` packages what is already built.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import webExt from 'web-ext';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist-packages');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const fail = (message) => {
  console.error(`npm run package: ${message}`);
  process.exit(1);
};

if (!process.argv.includes('--no-build')) {
  for (const config of ['vite.config.ts', 'vite.firefox.config.ts']) {
    console.error(`Building with ${config} …`);
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', config, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) fail(`the build with ${config} failed (see above).`);
  }
}

for (const [browser, dir] of [
  ['chrome', 'dist'],
  ['firefox', 'dist-firefox'],
]) {
  const sourceDir = join(root, dir);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(sourceDir, 'manifest.json'), 'utf8'));
  } catch {
    fail(`no ${dir}/manifest.json: build first (or leave out --no-build).`);
  }
  if (manifest.version !== version)
    fail(`${dir}/manifest.json says version ${manifest.version}, package.json ${version}: make them the same (manifest.json is the source).`);
  const filename = `pagewright-${browser}-${version}.zip`;
  await webExt.cmd.build({ sourceDir, artifactsDir: out, filename, overwriteDest: true }, { shouldExitProgram: false, showReadyMessage: false });
  console.log(`${join('dist-packages', filename)}  ${(statSync(join(out, filename)).size / 1024).toFixed(0)} KB`);
}
