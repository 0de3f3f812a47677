/** The MCP servers' live states in Settings: fetched when Settings opens, pushed by the worker on every change, reconnected on demand. */
import { signal } from '@preact/signals';
import type { McpServerState } from '../../src/shared/mcp-settings.js';
import { WorkerListModel } from './worker-request.js';

export class McpModel extends WorkerListModel {
  readonly servers = signal<McpServerState[]>([]);
  /** Servers a reconnect was asked for and has not answered yet. */
  readonly reconnecting = signal<ReadonlySet<string>>(new Set());

  async refresh(): Promise<void> {
    const reply = await this.worker.call('mcp.states', {});
    if (reply) this.servers.value = reply.servers;
  }

  /** The worker's push (`mcp_states`): the states changed. */
  apply(servers: McpServerState[]): void {
    this.servers.value = servers;
  }

  stateOf(name: string): McpServerState | undefined {
    return this.servers.value.find((server) => server.name === name);
  }

  async reconnect(name: string): Promise<void> {
    this.reconnecting.value = new Set([...this.reconnecting.value, name]);
    const reply = await this.worker.call('mcp.reconnect', { name });
    if (reply) this.servers.value = this.servers.value.map((server) => (server.name === name ? reply.server : server));
    const rest = new Set(this.reconnecting.value);
    rest.delete(name);
    this.reconnecting.value = rest;
  }
}
