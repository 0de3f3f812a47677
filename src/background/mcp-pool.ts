/**
 * The worker's MCP servers joined to each run's tool pool. A run waits for servers that are still
 * connecting (each attempt has a deadline, so this cannot hang), gets the connected servers' tools
 * after the built-ins, filtered by the same deny rules and mode as the built-ins, and kicks off a
 * retry of failed servers for the runs after it. Simple mode offers no MCP tools: it is the minimal
 * core set (the pool keeps only tools that declare `inSimpleMode`).
 */
import { McpManager } from '../mcp/index.js';
import type { PermissionContext } from '../runtime/permission-types.js';
import { buildToolPool } from '../runtime/registry.js';
import type { Tools } from '../runtime/tool.js';
import type { McpServerConfig } from '../shared/mcp-settings.js';

/** One manager per worker: connections live as long as the worker does. */
export const mcpServers = new McpManager();

// A run that starts while the worker is still reading settings must wait for the servers to be known.
let started: Promise<void> = Promise.resolve();

/** Connects the configured servers at worker start; `load` gives `undefined` when settings are invalid. */
export function startMcpServers(load: () => Promise<McpServerConfig[] | undefined>): void {
  started = load()
    .then((servers) => void (servers && mcpServers.sync(servers)))
    .catch(() => undefined);
}

/** The run's pool: the built-ins and the connected servers' tools, filtered and ordered alike. */
export async function poolWithMcpTools(builtIns: Tools, permissions: PermissionContext, options: { simpleMode: boolean }): Promise<Tools> {
  if (options.simpleMode) return buildToolPool(builtIns, [], permissions, options);
  await started;
  await mcpServers.whenSettled();
  mcpServers.retryFailed();
  return buildToolPool(builtIns, mcpServers.tools(), permissions, options);
}
