import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NATIVE_HOST_NAME } from '../shared/protocol/bridge.js';
import { defaultExtensionId, extensionIdFromKey, hostManifestDir, install, isInstalled, uninstall } from './install.js';
import { bridgePaths } from './paths.js';

const REPO = resolve(import.meta.dirname, '../..');
const made: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pw-install-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('install', () => {
  it('knows the id Chrome gives the checkout’s unpacked build, from the manifest key', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'manifest.json'), 'utf8')) as { key: string };
    expect(extensionIdFromKey(manifest.key)).toMatch(/^[a-p]{32}$/);
    // The id the e2e browser reports for dist/ (tests/e2e/coding-agent.test.ts relies on it through the host manifest).
    expect(defaultExtensionId(REPO)).toBe('cdinbldeegnaijcdmlcjlkjeolaeanje');
  });

  it('registers the host for a profile: a launcher only this user runs, and a manifest allowing only Pagewright', () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(temp(), 'home') }, 'linux');
    const profile = temp();
    const written = install({
      paths,
      profile,
      extensionId: 'a'.repeat(32),
      nodePath: '/usr/bin/node',
      cliPath: "/opt/it's/bin/pagewright-mcp.mjs",
      platform: 'linux',
    });
    expect(written).toEqual([join(profile, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`)]);
    const manifest = JSON.parse(readFileSync(written[0]!, 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: NATIVE_HOST_NAME, type: 'stdio', path: paths.launcher, allowed_origins: [`chrome-extension://${'a'.repeat(32)}/`] });
    const launcher = readFileSync(paths.launcher, 'utf8');
    expect(launcher).toContain(`exec '/usr/bin/node' '/opt/it'\\''s/bin/pagewright-mcp.mjs' host "$@"`);
    expect(statSync(paths.launcher).mode & 0o777).toBe(0o700);
    expect(isInstalled(paths)).toBe(true);
    expect(uninstall(paths, 'linux')).toEqual(written);
    expect(existsSync(written[0]!)).toBe(false);
    expect(isInstalled(paths)).toBe(false);
  });

  it('writes to Chrome’s and Chromium’s user folders by default', () => {
    const home = temp();
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(home, '.pagewright') }, 'linux');
    const written = install({ paths, extensionId: 'b'.repeat(32), nodePath: 'node', cliPath: 'cli', platform: 'linux', home });
    expect(written).toEqual([
      join(home, '.config', 'google-chrome', 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`),
      join(home, '.config', 'chromium', 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`),
    ]);
    expect(hostManifestDir('chrome', 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/Google/Chrome/NativeMessagingHosts');
  });

  it('refuses an id that is not one', () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(temp(), 'home') }, 'linux');
    expect(() => install({ paths, profile: temp(), extensionId: 'not-an-id', nodePath: 'node', cliPath: 'cli', platform: 'linux' })).toThrow(
      /not an extension id/,
    );
  });
});
