/**
 * Where the bridge keeps its files. The host (started by the browser) and the server (started by an MCP
 * client) must find the same socket, but they inherit different environments: the SDK's stdio client
 * passes only HOME, PATH, USER, SHELL, TERM and LOGNAME to the server, so TMPDIR or XDG_RUNTIME_DIR may
 * differ between the two. The folder is therefore derived from the user alone: `~/.pagewright`
 * (PAGEWRIGHT_HOME overrides it, for tests and for homes whose path is too long for a socket).
 */
import { lstatSync, mkdirSync, chmodSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { bridgeErrors } from './errors.js';

/** The files of one user's bridge. */
export interface BridgePaths {
  /** The private folder (mode 700) holding everything below. */
  dir: string;
  /** The socket the host listens on (a named pipe on Windows). */
  socket: string;
  /** The host's random token for this browser session (mode 600), rewritten at each start. */
  token: string;
  /** What `install` registered, so the server can tell "not registered" from "not running". */
  installed: string;
  /** The small program the browser starts (the host manifest's `path`): runs this CLI as `host`. */
  launcher: string;
  /** The host's log of its last start (for a person looking into a problem). */
  log: string;
}

/** Unix sockets take at most 104–108 bytes of path; stay under the smallest. */
const MAX_SOCKET_PATH = 100;

/** The bridge's paths for this user. */
export function bridgePaths(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): BridgePaths {
  const dir = env['PAGEWRIGHT_HOME'] || join(homedir(), '.pagewright');
  const windows = platform === 'win32';
  // A named pipe is per machine, not per folder: the user's name keeps two users' pipes apart.
  const pipeName = `pagewright-bridge-${userInfo().username.replace(/[^\w.-]/g, '_')}-${Buffer.from(dir).toString('hex').slice(-16)}`;
  return {
    dir,
    socket: windows ? `\\\\.\\pipe\\${pipeName}` : join(dir, 'bridge.sock'),
    token: join(dir, 'bridge.token'),
    installed: join(dir, 'installed.json'),
    launcher: join(dir, windows ? 'pagewright-host.cmd' : 'pagewright-host'),
    log: join(dir, 'host.log'),
  };
}

/**
 * Makes the folder if needed and checks it is private to this user: a directory (not a link), owned by
 * them, with no access for group or others. Stops a local attacker who pre-creates the folder (or a link
 * in its place) to read the token or stand in for the socket. Throws UNSAFE_FOLDER otherwise.
 */
export function ensurePrivateDir(paths: BridgePaths, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return; // the profile folder's ACL is the user's; named pipes do not live in it
  const stat = lstatSync(paths.dir);
  if (!stat.isDirectory()) throw bridgeErrors.unsafeFolder(paths.dir, 'it is not a folder');
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && stat.uid !== uid) throw bridgeErrors.unsafeFolder(paths.dir, `it belongs to user ${stat.uid}`);
  if ((stat.mode & 0o077) !== 0) chmodSync(paths.dir, 0o700);
  if (paths.socket.length > MAX_SOCKET_PATH) throw bridgeErrors.socketPathTooLong(paths.socket);
}
