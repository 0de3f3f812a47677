/**
 * The MCP servers of this service worker: one connection per enabled server, its state for Settings,
 * and its tools for the run's pool. `sync(servers)` applies the settings (connects new or changed
 * servers, closes removed or disabled ones); `tools()` gives the connected servers' runtime tools;
 * `states()` says for each server whether it is connecting, connected (with its tool count) or failed
 * (with the reason and what to do). States carry no headers: they may be shown in the panel.
 */
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../runtime/errors.js';
import type { Tools } from '../runtime/tool.js';
import { openMcpConnection, type McpConnection } from './connection.js';
import { McpConnectError } from './errors.js';
import { buildMcpTool } from './mcp-tool.js';
import { mapToolNames } from './names.js';
import type { McpServerConfig, McpServerState } from '../shared/mcp-settings.js';

export type { McpServerState } from '../shared/mcp-settings.js';

/** Options for `McpManager`. */
export interface McpManagerOptions {
  /** How long connecting may take; default 10 s. */
  connectTimeoutMs?: number;
  /** How long one call may go without an answer or progress; default 120 s (the executor's limit). */
  callTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Entry {
  config: McpServerConfig;
  key: string;
  state: McpServerState;
  connection?: McpConnection;
  tools: Tools;
  settled: Promise<void>;
  /** Bumped on every (re)connect, so a late answer from an older attempt is ignored. */
  generation: number;
}

const configKey = (config: McpServerConfig) => JSON.stringify([config.url, Object.entries(config.headers ?? {}).sort(), config.enabled]);

/** Owns every MCP connection of the worker. */
export class McpManager {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(states: McpServerState[]) => void>();
  private readonly connectTimeoutMs: number;
  private readonly callTimeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: McpManagerOptions = {}) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.callTimeoutMs = options.callTimeoutMs ?? 120_000;
    this.now = options.now ?? Date.now;
  }

  /** Applies the configured servers; resolves when every enabled one is connected or failed. */
  async sync(servers: readonly McpServerConfig[]): Promise<void> {
    const wanted = new Map(servers.map((server) => [server.name, server]));
    for (const [name, entry] of this.entries) {
      if (!wanted.has(name)) {
        this.entries.delete(name);
        entry.generation++;
        void entry.connection?.close();
      }
    }
    for (const config of servers) {
      const existing = this.entries.get(config.name);
      if (existing && existing.key === configKey(config)) continue;
      if (existing) {
        existing.generation++;
        void existing.connection?.close();
      }
      const entry: Entry = {
        config,
        key: configKey(config),
        state: this.initialState(config),
        tools: [],
        settled: Promise.resolve(),
        generation: (existing?.generation ?? 0) + 1,
      };
      this.entries.set(config.name, entry);
      if (config.enabled) this.connect(entry);
    }
    this.emit();
    await this.whenSettled();
  }

  /** Connects a server again (after a failure, or to pick up a changed tool list). */
  async reconnect(name: string): Promise<McpServerState | undefined> {
    const entry = this.entries.get(name);
    if (!entry || !entry.config.enabled) return entry?.state;
    entry.generation++;
    await entry.connection?.close();
    entry.connection = undefined;
    this.connect(entry);
    await entry.settled;
    return entry.state;
  }

  /** Retries failed servers in the background (a run is starting: a server may be back). */
  retryFailed(): void {
    for (const entry of this.entries.values()) if (entry.state.status === 'failed' && entry.config.enabled) void this.reconnect(entry.config.name);
  }

  /** Resolves once no server is connecting. */
  async whenSettled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => entry.settled));
  }

  /** The connected servers' tools, in no particular order (the pool sorts them). */
  tools(): Tools {
    return [...this.entries.values()].filter((entry) => entry.state.status === 'connected').flatMap((entry) => entry.tools);
  }

  /** Every configured server's state, in settings order. */
  states(): McpServerState[] {
    return [...this.entries.values()].map((entry) => structuredClone(entry.state));
  }

  /** Hears every state change; returns the function that stops it. */
  onChange(listener: (states: McpServerState[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => (entry.generation++, entry.connection?.close())));
  }

  private initialState(config: McpServerConfig): McpServerState {
    return { name: config.name, url: config.url, enabled: config.enabled, status: config.enabled ? 'connecting' : 'disabled', since: this.now() };
  }

  private setState(entry: Entry, state: Omit<McpServerState, 'name' | 'url' | 'enabled' | 'since'>): void {
    entry.state = { name: entry.config.name, url: entry.config.url, enabled: entry.config.enabled, ...state, since: this.now() };
    this.emit();
  }

  private emit(): void {
    const states = this.states();
    for (const listener of this.listeners) listener(states);
  }

  private connect(entry: Entry): void {
    const generation = entry.generation;
    const current = () => this.entries.get(entry.config.name) === entry && entry.generation === generation;
    this.setState(entry, { status: 'connecting' });
    entry.settled = (async () => {
      let connection: McpConnection | undefined;
      try {
        connection = await openMcpConnection(entry.config, {
          timeoutMs: this.connectTimeoutMs,
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          onToolsChanged: () => {
            if (current()) this.refreshTools(entry, generation).catch(() => entry.connection?.checkAlive());
          },
          onLost: (error) => {
            if (!current()) return;
            entry.connection = undefined;
            this.setState(entry, { status: 'failed', error: error.toJSON(), ...(entry.state.transport ? { transport: entry.state.transport } : {}) });
          },
        });
        if (!current()) return void (await connection.close());
        entry.connection = connection;
        await this.refreshTools(entry, generation);
      } catch (error) {
        if (!current()) return;
        await connection?.close();
        entry.connection = undefined;
        const explained =
          error instanceof McpConnectError
            ? error
            : new McpConnectError(
                'CONNECT_FAILED',
                `Connected to "${entry.config.name}", but listing its tools failed: ${messageOf(error)}`,
                'Check the server’s logs, then reconnect.',
              );
        this.setState(entry, { status: 'failed', error: explained.toJSON() });
      }
    })();
  }

  private async refreshTools(entry: Entry, generation: number): Promise<void> {
    const connection = entry.connection;
    if (!connection) return;
    const listed: McpTool[] = await connection.listTools();
    if (entry.generation !== generation || entry.connection !== connection) return;
    const { mapped, notes } = mapToolNames(
      entry.config.name,
      listed.map((tool) => tool.name),
    );
    const byName = new Map(listed.map((tool) => [tool.name, tool]));
    const source = {
      server: entry.config.name,
      url: entry.config.url,
      client: () => entry.connection?.client,
      whyDisconnected: () => entry.state.error?.message ?? `its state is ${entry.state.status}.`,
      suspect: () => entry.connection?.checkAlive(),
      callTimeoutMs: this.callTimeoutMs,
    };
    entry.tools = mapped.flatMap(({ original, name }) => {
      const tool = byName.get(original);
      return tool ? [buildMcpTool(source, tool, name)] : [];
    });
    this.setState(entry, {
      status: 'connected',
      transport: connection.transport,
      toolCount: entry.tools.length,
      ...(connection.serverInfo ? { serverInfo: { name: connection.serverInfo.name, version: connection.serverInfo.version } } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    });
  }
}
