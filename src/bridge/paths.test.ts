import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgePaths, ensurePrivateDir } from './paths.js';

const made: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pw-paths-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the bridge folder', () => {
  it('is ~/.pagewright for the user, whatever TMPDIR or XDG_RUNTIME_DIR say (an MCP client may drop them)', () => {
    const paths = bridgePaths({ TMPDIR: '/elsewhere', XDG_RUNTIME_DIR: '/run/user/1' }, 'linux');
    expect(paths.dir).toBe(join(homedir(), '.pagewright'));
    expect(paths.socket).toBe(join(homedir(), '.pagewright', 'bridge.sock'));
    expect(bridgePaths({ PAGEWRIGHT_HOME: '/tmp/pw' }, 'linux').token).toBe('/tmp/pw/bridge.token');
  });

  it('uses a named pipe per user and folder on Windows', () => {
    expect(bridgePaths({ PAGEWRIGHT_HOME: 'C:\\pw' }, 'win32').socket).toMatch(/^\\\\\.\\pipe\\pagewright-bridge-/);
  });

  it('makes the folder private (mode 700), and tightens one left open to others', () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(temp(), 'home') }, 'linux');
    ensurePrivateDir(paths, 'linux');
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    chmodSync(paths.dir, 0o755);
    ensurePrivateDir(paths, 'linux');
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a link in the folder’s place (another user could point it at their own folder)', () => {
    const root = temp();
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(() => ensurePrivateDir(bridgePaths({ PAGEWRIGHT_HOME: join(root, 'link') }, 'linux'), 'linux')).toThrow(
      expect.objectContaining({ code: 'UNSAFE_FOLDER' }),
    );
  });

  it('refuses a folder that belongs to another user', () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(temp(), 'home') }, 'linux');
    ensurePrivateDir(paths, 'linux');
    // Seen as another user: the folder now belongs to someone else.
    const owner = statSync(paths.dir).uid;
    const asOther = vi.spyOn(process, 'getuid').mockReturnValue(owner + 1);
    try {
      expect(() => ensurePrivateDir(paths, 'linux')).toThrow(expect.objectContaining({ code: 'UNSAFE_FOLDER' }));
    } finally {
      asOther.mockRestore();
    }
  });

  it('says so when the socket path would be too long for the system', () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: join(temp(), 'x'.repeat(90)) }, 'linux');
    expect(() => ensurePrivateDir(paths, 'linux')).toThrow(expect.objectContaining({ code: 'SOCKET_PATH_TOO_LONG' }));
  });
});
