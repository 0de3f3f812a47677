/**
 * `pagewright-mcp install` / `uninstall`: registers the native messaging host with the browser, so the
 * extension can start it. Writes a small launcher (the browser starts a program without arguments of our
 * choosing) and a host manifest allowing only Pagewright's extension id, in the user-level folders
 * Chrome and Chromium read (or `DIR/NativeMessagingHosts/` for a browser started with
 * `--user-data-dir DIR`; on Windows a registry key points at the manifest).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { NATIVE_HOST_NAME } from '../shared/protocol/bridge.js';
import { ensurePrivateDir, type BridgePaths } from './paths.js';

/** The browsers whose user-level host folders `install` writes to by default. */
export const BROWSERS = ['chrome', 'chromium'] as const;
export type BrowserName = (typeof BROWSERS)[number];

/**
 * An extension's id from its manifest `key` (the public key, base64 DER): the first 128 bits of its
 * SHA-256, each hex digit written as a letter a–p. This is how Chrome names an unpacked extension whose
 * manifest has a key, wherever it is loaded from.
 */
export function extensionIdFromKey(key: string): string {
  const digest = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...digest].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

/** The id of the extension built from this checkout (manifest.json's `key`). */
export function defaultExtensionId(repoRoot: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'manifest.json'), 'utf8')) as { key?: unknown };
  if (typeof manifest.key !== 'string') throw new Error('manifest.json has no "key": pass --extension-id ID (chrome://extensions shows the id).');
  return extensionIdFromKey(manifest.key);
}

/** The folder a browser reads user-level host manifests from. */
export function hostManifestDir(browser: BrowserName, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') {
    const app = browser === 'chrome' ? join('Google', 'Chrome') : 'Chromium';
    return join(home, 'Library', 'Application Support', app, 'NativeMessagingHosts');
  }
  if (platform === 'win32') return join(home, 'AppData', 'Local', 'Pagewright', browser);
  return join(home, '.config', browser === 'chrome' ? 'google-chrome' : 'chromium', 'NativeMessagingHosts');
}

const REGISTRY_KEYS: Record<BrowserName, string> = {
  chrome: `HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`,
  chromium: `HKCU\\Software\\Chromium\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`,
};

export interface InstallOptions {
  paths: BridgePaths;
  /** `DIR` of a browser started with `--user-data-dir DIR`: the manifest goes to `DIR/NativeMessagingHosts/`. */
  profile?: string;
  extensionId: string;
  browsers?: readonly BrowserName[];
  /** The node binary and this CLI, by absolute path: the browser's PATH may not have node (nvm, Homebrew). */
  nodePath: string;
  cliPath: string;
  platform?: NodeJS.Platform;
  home?: string;
}

/** One registration, as installed.json keeps it. */
interface Registration {
  manifest: string;
  registryKey?: string;
  extensionId: string;
}

/** The host manifest the browser reads. */
export function hostManifest(launcher: string, extensionId: string): Record<string, unknown> {
  return {
    name: NATIVE_HOST_NAME,
    description: 'Pagewright: lets coding agents on this computer use the browser through Pagewright, when you turn it on',
    path: launcher,
    type: 'stdio',
    // Only Pagewright may start the host: any other extension's connectNative is refused by the browser.
    allowed_origins: [`chrome-extension://${extensionId}/`],
  };
}

function readRegistrations(paths: BridgePaths): Registration[] {
  try {
    const parsed = JSON.parse(readFileSync(paths.installed, 'utf8')) as { registrations?: Registration[] };
    return Array.isArray(parsed.registrations) ? parsed.registrations : [];
  } catch {
    return [];
  }
}

/** Writes the launcher and the manifests; returns the manifests written. */
export function install(options: InstallOptions): string[] {
  const platform = options.platform ?? process.platform;
  if (!/^[a-p]{32}$/.test(options.extensionId)) throw new Error(`"${options.extensionId}" is not an extension id (32 letters a–p).`);
  if (options.profile && platform === 'win32') throw new Error('--profile is not supported on Windows: the browser reads hosts from the registry there.');
  ensurePrivateDir(options.paths, platform);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const launcher =
    platform === 'win32'
      ? `@echo off\r\n"${options.nodePath}" "${options.cliPath}" host %*\r\n`
      : `#!/bin/sh\n# Started by the browser for Pagewright's coding-agent bridge (pagewright-mcp install).\nexec ${quote(options.nodePath)} ${quote(options.cliPath)} host "$@"\n`;
  writeFileSync(options.paths.launcher, launcher, { mode: 0o700 });
  chmodSync(options.paths.launcher, 0o700);

  const manifest = JSON.stringify(hostManifest(options.paths.launcher, options.extensionId), null, 2) + '\n';
  const targets: Array<{ dir: string; browser?: BrowserName }> = options.profile
    ? [{ dir: join(options.profile, 'NativeMessagingHosts') }]
    : (options.browsers ?? BROWSERS).map((browser) => ({ dir: hostManifestDir(browser, platform, options.home), browser }));
  const written: Registration[] = [];
  for (const target of targets) {
    mkdirSync(target.dir, { recursive: true });
    const file = join(target.dir, `${NATIVE_HOST_NAME}.json`);
    writeFileSync(file, manifest);
    const registration: Registration = { manifest: file, extensionId: options.extensionId };
    if (platform === 'win32' && target.browser) {
      const registryKey = REGISTRY_KEYS[target.browser];
      execFileSync('reg', ['add', registryKey, '/ve', '/t', 'REG_SZ', '/d', file, '/f'], { stdio: 'ignore' });
      registration.registryKey = registryKey;
    }
    written.push(registration);
  }
  const kept = readRegistrations(options.paths).filter((old) => !written.some((now) => now.manifest === old.manifest));
  writeFileSync(options.paths.installed, JSON.stringify({ registrations: [...kept, ...written] }, null, 2) + '\n', { mode: 0o600 });
  return written.map((registration) => registration.manifest);
}

/** True when `install` has registered the host at least once (and that manifest is still there). */
export function isInstalled(paths: BridgePaths): boolean {
  return readRegistrations(paths).some((registration) => existsSync(registration.manifest));
}

/** Removes every registration `install` made (and the launcher); returns the manifests removed. */
export function uninstall(paths: BridgePaths, platform: NodeJS.Platform = process.platform): string[] {
  const removed: string[] = [];
  for (const registration of readRegistrations(paths)) {
    if (existsSync(registration.manifest)) removed.push(registration.manifest);
    rmSync(registration.manifest, { force: true });
    if (registration.registryKey && platform === 'win32')
      try {
        execFileSync('reg', ['delete', registration.registryKey, '/f'], { stdio: 'ignore' });
      } catch {
        // already gone
      }
  }
  rmSync(paths.installed, { force: true });
  rmSync(paths.launcher, { force: true });
  return removed;
}
