/**
 * One connection to one MCP server, with the official SDK: Streamable HTTP first, then — for a 4xx
 * other than 401/403, or an answer that is not MCP, as the SDK docs describe for older servers — the
 * HTTP+SSE transport. Every attempt has a deadline, so a server that never answers is a timeout, not
 * a silent hang. After connecting, a call whose answer stream breaks fails at once, and the server is
 * pinged: if it is gone, the connection closes (failing any other call) and `onLost` says why.
 *
 * Lives in the service worker. The configured headers go only into requests to the server's own
 * origin (the SDK follows no redirect to another origin), never into anything returned from here.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type JSONRPCMessage, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { messageOf } from '../runtime/errors.js';
import { explainConnectFailure, McpConnectError, shouldTryLegacySse, STREAM_LOST_CODE } from './errors.js';
import type { McpServerConfig } from '../shared/mcp-settings.js';
import { watchResponseStreams, type StreamWatch } from './stream-watch.js';

/** Which transport a connection uses. */
export type McpTransportKind = 'streamable-http' | 'sse';

/** Options for `openMcpConnection`. */
export interface McpConnectionOptions {
  /** How long connecting (and listing tools) may take. */
  timeoutMs: number;
  /** `fetch` to use (tests may wrap it); the global one by default. */
  fetch?: typeof fetch;
  /** The server said its tool list changed. */
  onToolsChanged?: () => void;
  /** The connection died after it was up: the server went away or closed it. */
  onLost?: (error: McpConnectError) => void;
}

/** A live connection. */
export interface McpConnection {
  readonly client: Client;
  readonly transport: McpTransportKind;
  readonly serverInfo: { name: string; version: string } | undefined;
  /** Every tool the server lists (all pages). */
  listTools(): Promise<McpTool[]>;
  /** Something went wrong in a call (a 404 for the session, say): check the server is still there. */
  checkAlive(): void;
  close(): Promise<void>;
}

/** How Pagewright introduces itself to servers. */
export const MCP_CLIENT_INFO = { name: 'pagewright', version: '0.1.0' } as const;
/** At most this many pages of `tools/list` (a server that pages for ever is cut off here). */
const MAX_TOOL_PAGES = 50;
/** How long a liveness ping may take before the server counts as gone. */
const PING_TIMEOUT_MS = 5_000;

function deadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new McpError(ErrorCode.RequestTimeout, `No answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

interface Attempt {
  client: Client;
  transport: Transport;
  watch: StreamWatch;
}

async function attempt(
  config: McpServerConfig,
  kind: McpTransportKind,
  options: McpConnectionOptions,
  onBroken: (attempt: Attempt, ids: Array<string | number>, why: string) => void,
): Promise<Attempt> {
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: { ...config.headers } };
  const holder: { current?: Attempt } = {};
  const watch = watchResponseStreams(options.fetch ?? ((input, init) => fetch(input, init)), (ids, why) => {
    if (holder.current) onBroken(holder.current, ids, why);
  });
  const client = new Client(MCP_CLIENT_INFO, {
    // The SDK's default validator (ajv) compiles schemas with new Function, which the worker's CSP forbids.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    listChanged: { tools: { autoRefresh: false, onChanged: () => options.onToolsChanged?.() } },
  });
  const transport: Transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(url, { requestInit, fetch: watch.fetch })
      : new SSEClientTransport(url, { requestInit, fetch: watch.fetch });
  try {
    await deadline(client.connect(transport, { timeout: options.timeoutMs }), options.timeoutMs + 500, () => void transport.close().catch(() => undefined));
  } catch (error) {
    watch.stop();
    await client.close().catch(() => undefined);
    throw error;
  }
  holder.current = { client, transport, watch };
  return holder.current;
}

/** Connects to one server; throws `McpConnectError` with the reason in plain words. */
export async function openMcpConnection(config: McpServerConfig, options: McpConnectionOptions): Promise<McpConnection> {
  let closing = false;
  let checking = false;
  let up: Attempt | undefined;

  const lose = (why: string) => {
    if (closing) return;
    closing = true;
    up?.watch.stop();
    void up?.client.close().catch(() => undefined);
    options.onLost?.(
      new McpConnectError(
        'SERVER_GONE',
        `The MCP server "${config.name}" stopped answering (${why}).`,
        'Start the server again (or check the network), then press Reconnect.',
      ),
    );
  };
  const checkAlive = () => {
    if (closing || checking || !up) return;
    checking = true;
    up.client
      .ping({ timeout: PING_TIMEOUT_MS })
      .then(
        () => undefined,
        (error: unknown) => lose(messageOf(error)),
      )
      .finally(() => {
        checking = false;
      });
  };
  const onBroken = (broken: Attempt, ids: Array<string | number>, why: string) => {
    // Answer the lost requests ourselves, with an error the tool maps to SERVER_GONE.
    for (const id of ids) broken.transport.onmessage?.({ jsonrpc: '2.0', id, error: { code: STREAM_LOST_CODE, message: why } } as JSONRPCMessage);
    checkAlive();
  };

  let streamableError: unknown;
  let legacyError: unknown;
  let kind: McpTransportKind = 'streamable-http';
  try {
    up = await attempt(config, 'streamable-http', options, onBroken);
  } catch (error) {
    streamableError = error;
  }
  if (!up && shouldTryLegacySse(streamableError)) {
    kind = 'sse';
    try {
      up = await attempt(config, 'sse', options, onBroken);
    } catch (error) {
      legacyError = error;
    }
  }
  if (!up) throw explainConnectFailure(config, streamableError, legacyError, options.timeoutMs);

  const { client, transport, watch } = up;
  // Answers settle the watch; errors that mean a stream dropped make us check the server is there.
  const onMessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('id' in message && !('method' in message) && message.id !== undefined && message.id !== null) watch.settle(message.id);
    onMessage?.(message, extra);
  };
  client.onerror = (error) => {
    if (/SSE stream disconnected|SSE error|reconnect/i.test(error.message)) checkAlive();
  };
  client.onclose = () => lose('the connection was closed');

  return {
    client,
    transport: kind,
    serverInfo: client.getServerVersion(),
    async listTools() {
      if (!client.getServerCapabilities()?.tools) return [];
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: options.timeoutMs });
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
      return tools;
    },
    checkAlive,
    async close() {
      closing = true;
      watch.stop();
      await client.close().catch(() => undefined);
    },
  };
}
