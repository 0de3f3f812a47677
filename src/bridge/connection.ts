/**
 * The server's side of the socket: connects to the host when the first call needs it (and again after
 * the browser went away), says hello with the host's token, and carries requests with their progress.
 * Every way this can fail becomes a BridgeError saying what to do. Once the person has disconnected this
 * client in Pagewright, it stays disconnected: a restart of the server (the MCP client's reconnect) is
 * the person's or the agent's explicit new start, not something this program does behind their back.
 */
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { BRIDGE_PROTOCOL_VERSION, hostToServerSchema, type BridgeClient, type BridgeMethod, type HostToServer } from '../shared/protocol/bridge.js';
import { BridgeError, bridgeErrors } from './errors.js';
import { encodeLine, readLinesFrom } from './framing.js';
import type { BridgePaths } from './paths.js';

export interface BridgeConnectionOptions {
  paths: BridgePaths;
  /** How to run this CLI, for suggestions (`node /…/bin/pagewright-mcp.mjs`). */
  command: string;
  /** The MCP client as it named itself (known after `initialize`). */
  client(): BridgeClient;
  /** Whether `install` has registered the host. */
  isInstalled(): boolean;
  onToolsChanged?: () => void;
  /** How long to wait for the extension to accept (it may be waking up). */
  answerTimeoutMs?: number;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: BridgeError): void;
  onProgress?: (message: string) => void;
  what: string;
}

/** Reasons the person gave that keep this client out until it is restarted. */
const FINAL_CODES = new Set(['DISCONNECTED_BY_PERSON']);

export class BridgeConnection {
  private socket: Socket | undefined;
  private opening: Promise<Socket> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private final: BridgeError | undefined;

  constructor(private readonly options: BridgeConnectionOptions) {}

  /** Sends one request and resolves with its result; rejects with a BridgeError (or the tool's failure). Progress comes only to `onProgress`, and only when there is one. */
  async request(method: BridgeMethod, params: unknown, call: { what: string; onProgress?: (message: string) => void; signal?: AbortSignal }): Promise<unknown> {
    const socket = await this.open();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, what: call.what, ...(call.onProgress ? { onProgress: call.onProgress } : {}) });
      call.signal?.addEventListener('abort', () => socket.writable && socket.write(encodeLine({ type: 'cancel', id })), { once: true });
      socket.write(encodeLine({ type: 'request', id, method, params, progress: call.onProgress !== undefined }));
    });
  }

  /** Closes the socket (the MCP client went away). */
  close(): void {
    this.socket?.end();
  }

  private open(): Promise<Socket> {
    if (this.final) return Promise.reject(this.final);
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    this.opening ??= this.connect().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async connect(): Promise<Socket> {
    const { paths } = this.options;
    if (!this.options.isInstalled()) throw bridgeErrors.hostNotRegistered(this.options.command);
    let token: string;
    try {
      token = readFileSync(paths.token, 'utf8').trim();
    } catch {
      throw bridgeErrors.notRunning(); // no host has started since the browser last closed its pipe
    }
    const socket = await new Promise<Socket>((resolve, reject) => {
      const attempt = createConnection(paths.socket);
      attempt.once('connect', () => resolve(attempt));
      attempt.once('error', () => reject(bridgeErrors.notRunning()));
    });
    return new Promise<Socket>((resolve, reject) => {
      let accepted = false;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(
          new BridgeError(
            'NO_ANSWER',
            'Pagewright’s helper is running but the extension did not answer in time.',
            'Check that the browser is responsive, then call the tool again.',
          ),
        );
      }, this.options.answerTimeoutMs ?? 15_000);
      readLinesFrom(socket, (raw) => {
        const parsed = hostToServerSchema.safeParse(raw);
        if (!parsed.success) return;
        const message = parsed.data;
        if (!accepted) {
          clearTimeout(timer);
          if (message.type === 'accepted') {
            accepted = true;
            this.socket = socket;
            resolve(socket);
          } else {
            socket.destroy();
            reject(message.type === 'refused' || message.type === 'closed' ? this.remember(BridgeError.from(message.error)) : bridgeErrors.notRunning());
          }
          return;
        }
        this.onMessage(message);
        // The session is over: the next call opens a new connection (or says why it cannot).
        if (message.type === 'closed') {
          if (this.socket === socket) this.socket = undefined;
          socket.destroy();
        }
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (!accepted) {
          reject(bridgeErrors.notRunning());
          return;
        }
        if (this.socket === socket) this.socket = undefined;
        this.failAll((what) => bridgeErrors.browserClosed(what));
      });
      socket.write(encodeLine({ type: 'hello', protocol: BRIDGE_PROTOCOL_VERSION, token, client: this.options.client() }));
    });
  }

  private onMessage(message: HostToServer): void {
    if (message.type === 'response' || message.type === 'failure') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'response') pending?.resolve(message.result);
      else pending?.reject(BridgeError.from(message.error));
    } else if (message.type === 'progress') {
      this.pending.get(message.id)?.onProgress?.(message.message);
    } else if (message.type === 'tools_changed') {
      this.options.onToolsChanged?.();
    } else if (message.type === 'closed') {
      const error = this.remember(BridgeError.from(message.error));
      this.failAll((what) => (error.code === 'BROWSER_CLOSED' ? bridgeErrors.browserClosed(what) : error));
    }
  }

  /** A refusal the person made stays in force for this server's life. */
  private remember(error: BridgeError): BridgeError {
    if (FINAL_CODES.has(error.code)) this.final = error;
    return error;
  }

  private failAll(errorFor: (what: string) => BridgeError): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const call of pending) call.reject(errorFor(call.what));
  }
}
