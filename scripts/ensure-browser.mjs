/**
 * What scripts/ensure-chromium.mjs and scripts/ensure-firefox.mjs share: finding an executable (an
 * environment variable, then the usual paths), and, run as a command, installing Debian's package with apt
 * when this is root on a Debian/Ubuntu machine, else exiting 1 with the command to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** True when `path` is an executable file. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `process.env[envVar]` if set (and executable, else undefined), else the first of `candidates` that is. */
export function findExecutable(envVar, candidates) {
  const fromEnv = process.env[envVar];
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return candidates.find(isExecutable);
}

function tryAptInstall(name, packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.error(`No ${name} found: installing Debian’s ${packages[0]} package with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  return true;
}

/** The command: prints the browser's path (installing it with apt where it can), or exits 1 saying how to install it. */
export function ensureBrowser({ name, envVar, find, packages, hint }) {
  let found = find();
  if (!found && process.env[envVar]) {
    console.error(`${envVar}=${process.env[envVar]} is not an executable file. ${hint}`);
    process.exit(1);
  }
  if (!found) {
    try {
      if (tryAptInstall(name, packages)) found = find();
    } catch (error) {
      console.error(`Installing ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!found) {
    console.error(`No ${name} found. ${hint}`);
    process.exit(1);
  }
  console.log(found);
}
