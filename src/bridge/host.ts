/**
 * The native messaging host: the program the browser starts when the person turns Coding agents on.
 * It listens on a socket only this OS user can open (mode 600 in a private folder) and writes a fresh
 * random token beside it; a server (started by an MCP client) must open with that token. The host checks
 * it, then relays messages between each server and the extension, tagged with the connection they
 * belong to. When the browser closes the pipe (the switch went off, the browser quit), every server is
 * told and the socket and token are removed.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { ChunkJoiner, splitMessageText } from '../shared/protocol/bridge-chunks.js';
import {
  BRIDGE_PROTOCOL_VERSION,
  extensionToHostSchema,
  serverToHostSchema,
  type ExtensionToHost,
  type HostToExtension,
  type HostToServer,
} from '../shared/protocol/bridge.js';
import { BridgeError, bridgeErrors } from './errors.js';
import { encodeLine, encodeNativeText, lineOfJson, readLinesFrom, NativeMessageReader } from './framing.js';
import { ensurePrivateDir, type BridgePaths } from './paths.js';

export interface HostOptions {
  paths: BridgePaths;
  /** The browser's pipe: native messages in (stdin) and out (stdout). */
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  version: string;
  log?: (line: string) => void;
  /** How long a new connection has to say hello. */
  helloTimeoutMs?: number;
}

/** A running host; `done` resolves once the browser's pipe has closed and everything is cleaned up. */
export interface RunningHost {
  done: Promise<void>;
  /** The token servers must present (for tests). */
  readonly token: string;
}

const isPosix = process.platform !== 'win32';

/** Is something already answering on this socket (another browser's host)? */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    const done = (alive: boolean) => {
      probe.destroy();
      resolve(alive);
    };
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
    setTimeout(() => done(false), 1_000).unref();
  });
}

/** Writes the token so only this user can read it, replacing any old one in one step. */
function writeToken(paths: BridgePaths, token: string): void {
  const temporary = `${paths.token}.${process.pid}`;
  writeFileSync(temporary, token, { mode: 0o600 });
  renameSync(temporary, paths.token);
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Constant time: a server guessing byte by byte learns nothing from how long the refusal took.
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Starts the host on the browser's pipe. */
export async function runHost(options: HostOptions): Promise<RunningHost> {
  const log = options.log ?? (() => undefined);
  let chunkIds = 0;
  const toBrowser = (message: HostToExtension) => {
    for (const piece of splitMessageText(message, () => `h${++chunkIds}`)) options.output.write(encodeNativeText(piece));
  };
  const token = randomBytes(32).toString('base64url');
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));

  try {
    ensurePrivateDir(options.paths);
    if (isPosix && (await answers(options.paths.socket))) {
      throw new BridgeError(
        'ANOTHER_BROWSER',
        'Another browser with Pagewright already lets coding agents in on this computer (one at a time).',
        'Turn Coding agents off in that browser’s Pagewright settings, then turn it off and on again here.',
      );
    }
    if (isPosix) rmSync(options.paths.socket, { force: true });
    writeToken(options.paths, token);
  } catch (error) {
    const summary =
      error instanceof BridgeError
        ? error.toSummary()
        : { code: 'HOST_FAILED', message: `Pagewright’s helper could not start: ${String(error)}`, suggestion: 'Turn Coding agents off and on again.' };
    log(`failed: ${summary.code} ${summary.message}`);
    toBrowser({ type: 'host_failed', error: summary });
    finish();
    return { done, token };
  }

  const sockets = new Map<string, Socket>();
  let nextConnection = 0;
  const toServer = (socket: Socket, message: HostToServer) => {
    if (!socket.destroyed) socket.write(encodeLine(message));
  };

  const server: Server = createServer((socket) => {
    const connection = `c${++nextConnection}`;
    let opened = false;
    const helloTimer = setTimeout(() => {
      toServer(socket, { type: 'refused', error: { code: 'NO_HELLO', message: 'The connection did not say hello in time.', suggestion: 'Reconnect.' } });
      socket.end();
    }, options.helloTimeoutMs ?? 10_000);
    readLinesFrom(socket, (raw) => {
      const parsed = serverToHostSchema.safeParse(raw);
      if (!opened) {
        clearTimeout(helloTimer);
        if (!parsed.success || parsed.data.type !== 'hello' || !sameToken(parsed.data.token, token)) {
          log(`${connection}: refused (no valid token)`);
          toServer(socket, { type: 'refused', error: bridgeErrors.badToken().toSummary() });
          socket.end();
          return;
        }
        if (parsed.data.protocol !== BRIDGE_PROTOCOL_VERSION) {
          toServer(socket, { type: 'refused', error: bridgeErrors.protocolMismatch(BRIDGE_PROTOCOL_VERSION, parsed.data.protocol).toSummary() });
          socket.end();
          return;
        }
        opened = true;
        sockets.set(connection, socket);
        log(`${connection}: open (${parsed.data.client.name} ${parsed.data.client.version})`);
        toBrowser({ type: 'open', connection, client: parsed.data.client });
        return;
      }
      if (!parsed.success || parsed.data.type === 'hello') return; // a server that breaks the protocol gets no say
      toBrowser({ ...parsed.data, connection });
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (!opened) return;
      sockets.delete(connection);
      log(`${connection}: gone`);
      toBrowser({ type: 'gone', connection });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created with mode 600 (umask), then made so again: no moment where another user could connect.
    const umask = isPosix ? process.umask(0o177) : undefined;
    server.listen(options.paths.socket, () => {
      if (umask !== undefined) process.umask(umask);
      resolve();
    });
  });
  if (isPosix) chmodSync(options.paths.socket, 0o600);
  log(`listening on ${options.paths.socket}`);
  toBrowser({ type: 'host_ready', protocol: BRIDGE_PROTOCOL_VERSION, version: options.version });

  const joiner = new ChunkJoiner();
  /**
   * A message from the extension, checked, goes to its server as the extension wrote it, `connection`
   * included (the server's check ignores it): a long page read or a screenshot is not turned into JSON
   * a second time, which costs more than the parse.
   */
  const fromBrowser = (raw: unknown, json: Buffer) => {
    const joined = typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'chunk' ? joiner.addText(raw as never) : json;
    if (joined === undefined) return;
    const parsed = extensionToHostSchema.safeParse(joined === json ? raw : JSON.parse(joined as string));
    if (!parsed.success || parsed.data.type === 'chunk') return;
    const { connection, ...message } = parsed.data as ExtensionToHost;
    const socket = sockets.get(connection);
    if (!socket) return;
    const line = lineOfJson(joined);
    if (line === undefined) toServer(socket, message as HostToServer);
    else if (!socket.destroyed) socket.write(line);
    if (message.type === 'refused' || message.type === 'closed') socket.end();
  };
  const reader = new NativeMessageReader((raw, json) => {
    try {
      fromBrowser(raw, json);
    } catch (error) {
      log(`dropped a message from the browser: ${String(error)}`);
    }
  });
  let stopped = false;
  const shutDown = () => {
    if (stopped) return;
    stopped = true;
    log('the browser closed the pipe');
    for (const socket of sockets.values()) {
      toServer(socket, { type: 'closed', error: bridgeErrors.browserClosed('this session was open').toSummary() });
      socket.end();
    }
    server.close();
    if (isPosix) rmSync(options.paths.socket, { force: true });
    rmSync(options.paths.token, { force: true });
    finish();
  };
  options.input.on('data', (bytes: Buffer) => {
    try {
      reader.push(bytes);
    } catch (error) {
      log(`the browser's pipe broke: ${String(error)}`);
      shutDown();
    }
  });
  options.input.once('end', shutDown);
  options.input.once('close', shutDown);
  return { done, token };
}
