/**
 * Warnings Settings shows beside an MCP server without refusing it. Apart from settings.ts so that
 * `src/shared/settings.ts` can import the schema without an import cycle.
 */
import { insecureKeyWarning } from './settings.js';
import type { McpServerConfig } from './mcp-settings.js';

/**
 * A warning when headers (often credentials) would travel unencrypted: plain http:// to a host other
 * than this machine. Saving stays allowed (a server on the person's own network is legitimate).
 */
export function insecureHeadersWarning(server: Pick<McpServerConfig, 'url' | 'headers'>): string | undefined {
  const secret = Object.values(server.headers ?? {}).join('');
  const warning = insecureKeyWarning({ apiKey: secret, baseUrl: server.url });
  return warning?.replace('the API key would travel', 'its headers (credentials) would travel');
}
