/**
 * MCP support: tools from the person's own MCP servers, as external tools in the run's pool. The
 * service worker owns one `McpManager`; settings give it `mcpServers`; its `tools()` join the pool
 * after the built-ins (`assembleToolPool`), and its `states()` feed the Settings view.
 */
export { McpManager, type McpManagerOptions } from './manager.js';
export { mapToolNames, serverToolPrefix, MCP_TOOL_PREFIX, PROVIDER_TOOL_NAME } from './names.js';
export { McpConnectError, type McpConnectErrorCode } from './errors.js';
export type { McpToolOutput } from './results.js';
export type { McpToolProgress } from './mcp-tool.js';
