/**
 * The `mcpServers` settings fragment: which MCP servers the person added (part of the settings schema
 * in `settings.ts`), and the state of each server as the worker reports it to Settings. Every refusal
 * says what is wrong in words, because the person reads it in Settings.
 */
import { z } from 'zod';
import { errorSummarySchema } from '../runtime/errors.js';

/** At most this many servers: each one adds a connection in the worker and names in every prompt. */
export const MAX_MCP_SERVERS = 20;
/** At most this many headers per server. */
export const MAX_MCP_HEADERS = 20;

// An HTTP header name is a "token" (RFC 9110); a value may not break the header line.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;
// The client sets these itself; a person's value would break the protocol, not add credentials.
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'content-length', 'host', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']);

const nameSchema = z
  .string({ error: 'Give the server a name.' })
  .min(1, { error: 'Give the server a name.', abort: true })
  .max(32, { error: 'At most 32 characters.' })
  .regex(/^[a-z0-9_-]+$/, { error: 'Use only lower-case letters, digits, "_" and "-" (it becomes part of tool names: mcp__<name>__<tool>).' })
  // Tool names are mcp__<server>__<tool>, and rules match them by prefix (mcp__shop__*). "a__b" or a
  // trailing "_" would let one server's names start with another's prefix: an allow rule for server
  // "a" would then also cover server "a__b" or "a_".
  .refine((name) => !name.includes('__') && !name.endsWith('_'), {
    error: 'No "__" and no "_" at the end: "__" separates the server from the tool in tool names.',
  })
  .describe('Short name; tools appear as mcp__<name>__<tool>');

const urlSchema = z
  .string({ error: 'Enter the server’s URL.' })
  .trim()
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'Enter a full URL, e.g. https://example.com/mcp.' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') context.addIssue({ code: 'custom', message: 'Start the URL with http:// or https://.' });
    // fetch refuses URLs with credentials; say where they belong instead.
    if (url.username !== '' || url.password !== '')
      context.addIssue({ code: 'custom', message: 'Put credentials in a header (Authorization), not in the URL.' });
  })
  .describe('The MCP endpoint, e.g. http://127.0.0.1:3000/mcp');

const headersSchema = z
  .record(z.string(), z.string({ error: 'Header values must be text.' }), { error: 'Headers must be name → value pairs.' })
  .superRefine((headers, context) => {
    const names = Object.keys(headers);
    if (names.length > MAX_MCP_HEADERS) context.addIssue({ code: 'custom', message: `At most ${MAX_MCP_HEADERS} headers.` });
    for (const name of names) {
      if (!HEADER_NAME.test(name))
        context.addIssue({ code: 'custom', path: [name], message: `"${name}" is not a valid header name (letters, digits and - only, no spaces).` });
      else if (RESERVED_HEADERS.has(name.toLowerCase()))
        context.addIssue({ code: 'custom', path: [name], message: `${name} is set by Pagewright for the protocol; remove it.` });
      if (!HEADER_VALUE.test(headers[name] ?? '')) context.addIssue({ code: 'custom', path: [name], message: 'A header value cannot contain line breaks.' });
    }
  })
  .describe('Extra request headers (e.g. Authorization); kept in the service worker like the API key');

/** One MCP server the person added. */
export const mcpServerSchema = z.object({
  name: nameSchema,
  url: urlSchema,
  headers: headersSchema.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false.' }).default(true),
});
/** One MCP server as stored (after defaults). */
export type McpServerConfig = z.infer<typeof mcpServerSchema>;

/** The list of servers: unique names, at most `MAX_MCP_SERVERS`. */
export const mcpServersSchema = z
  .array(mcpServerSchema, { error: 'mcpServers must be a list of servers.' })
  .max(MAX_MCP_SERVERS, { error: `At most ${MAX_MCP_SERVERS} MCP servers.` })
  .superRefine((servers, context) => {
    const seen = new Set<string>();
    servers.forEach((server, index) => {
      if (seen.has(server.name))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: `Another server is already named "${server.name}"; each needs its own name.` });
      seen.add(server.name);
    });
  });

/** One server's state, as Settings shows it: never its headers. */
export const mcpServerStateSchema = z.object({
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  status: z.enum(['disabled', 'connecting', 'connected', 'failed']),
  transport: z.enum(['streamable-http', 'sse']).optional(),
  /** The server's own name and version, as it introduced itself. */
  serverInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  toolCount: z.number().optional(),
  /** Renamed or left-out tools. */
  notes: z.array(z.string()).optional(),
  error: errorSummarySchema.optional(),
  /** When the state last changed (ms since the epoch). */
  since: z.number(),
});
export type McpServerState = z.infer<typeof mcpServerStateSchema>;
