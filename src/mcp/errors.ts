/**
 * MCP failures in plain words. Connecting: refused, 401/403, 404, not an MCP server, timeout — each
 * with what to do about it, for the person in Settings. Calling: the server gone, a protocol error, a
 * timeout — each a `ToolError` with a suggestion, for the model. No message carries a header value:
 * what the server said back is quoted (bounded), what Pagewright sent is not.
 */
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { messageOf, ToolError, type ErrorSummary } from '../runtime/errors.js';

/** Codes for a server that could not be connected. */
export type McpConnectErrorCode = 'UNREACHABLE' | 'AUTH_FAILED' | 'FORBIDDEN' | 'NOT_FOUND' | 'NOT_MCP' | 'CONNECT_TIMEOUT' | 'SERVER_GONE' | 'CONNECT_FAILED';

/** Why a server is not connected, for the person. */
export class McpConnectError extends Error {
  override readonly name = 'McpConnectError';
  constructor(
    readonly code: McpConnectErrorCode,
    message: string,
    readonly suggestion: string,
  ) {
    super(message);
  }

  /** The plain shape the server state carries (and the panel shows). */
  toJSON(): ErrorSummary & { code: McpConnectErrorCode } {
    return { code: this.code, message: this.message, suggestion: this.suggestion };
  }
}

/** The JSON-RPC error code Pagewright gives a call whose response stream broke before it answered. */
export const STREAM_LOST_CODE = -32099;

/** The server's own words, one line, bounded: it is quoted, never trusted. */
export const quoted = (text: string, limit = 200) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > limit ? `${line.slice(0, limit)}…` : line);
};

/** An HTTP status from either transport's error, or undefined. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) return typeof error.code === 'number' && error.code > 0 ? error.code : undefined;
  return undefined;
}

/** fetch failed before any answer: refused, unknown host, TLS, or the connection cut. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError)
    return /fetch|network|terminated|socket|ECONN|EPIPE/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);
  if (error instanceof SseError) return error.code === undefined && /fetch failed|Failed to fetch|ECONNREFUSED|network/i.test(error.message);
  return false;
}

/** Did the answer show this is not an MCP endpoint (a web page, some other JSON, an event stream without the MCP handshake)? */
export function isNotMcpAnswer(error: unknown): boolean {
  if (error instanceof StreamableHTTPError && error.code === -1) return true;
  if (error instanceof SseError && error.code === 200) return true;
  const name = (error as { name?: unknown })?.name;
  return name === 'ZodError' || error instanceof SyntaxError || (error instanceof Error && /protocol version is not supported/i.test(error.message));
}

/** Should the older HTTP+SSE transport be tried after this Streamable HTTP failure? (Per the SDK docs: a 4xx other than auth.) */
export function shouldTryLegacySse(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined) return status >= 400 && status < 500 && status !== 401 && status !== 403;
  return isNotMcpAnswer(error);
}

/** Explains a failed connection attempt. `streamable` is the Streamable HTTP failure, `legacy` the SSE one (if tried). */
export function explainConnectFailure(server: { name: string; url: string }, streamable: unknown, legacy: unknown, timeoutMs: number): McpConnectError {
  const at = `the MCP server "${server.name}" at ${server.url}`;
  const statuses = [httpStatusOf(streamable), httpStatusOf(legacy)];
  if (streamable instanceof McpConnectError) return streamable;
  if (statuses.includes(401)) {
    return new McpConnectError(
      'AUTH_FAILED',
      `${capital(at)} answered 401 Unauthorized: it needs credentials, or refused the ones given.`,
      'Check the Authorization header (or whatever header the server expects) in this server’s settings, then reconnect.',
    );
  }
  if (statuses.includes(403)) {
    return new McpConnectError(
      'FORBIDDEN',
      `${capital(at)} answered 403 Forbidden: the credentials were read but do not allow access.`,
      'Check that the token in this server’s headers has access to the MCP endpoint, then reconnect.',
    );
  }
  if (isTimeout(streamable)) {
    return new McpConnectError(
      'CONNECT_TIMEOUT',
      `${capital(at)} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
      'Check that the server is running and not stuck, then reconnect.',
    );
  }
  if (isNetworkError(streamable)) {
    return new McpConnectError(
      'UNREACHABLE',
      `Could not reach ${at}: nothing answered (the connection was refused, or the host does not exist).`,
      'Check that the server is running and that the host and port in the URL are right, then reconnect.',
    );
  }
  if (statuses.every((s) => s === 404 || s === 405) && statuses[0] === 404) {
    return new McpConnectError(
      'NOT_FOUND',
      `Nothing at ${server.url}: the server answered 404 Not Found to both MCP transports (Streamable HTTP and the older HTTP+SSE).`,
      'Check the path: MCP servers usually listen at /mcp (older ones at /sse).',
    );
  }
  if (isNotMcpAnswer(streamable) || isNotMcpAnswer(legacy) || statuses[0] === 405) {
    return new McpConnectError(
      'NOT_MCP',
      `${server.url} answered, but not as an MCP server (${describe(legacy ?? streamable)}).`,
      'Check that the URL is the server’s MCP endpoint, not its web page or another API.',
    );
  }
  if (isTimeout(legacy)) {
    return new McpConnectError(
      'CONNECT_TIMEOUT',
      `${capital(at)} did not finish the older HTTP+SSE handshake within ${Math.round(timeoutMs / 1000)} s.`,
      'Check that the server is running and not stuck, then reconnect.',
    );
  }
  return new McpConnectError(
    'CONNECT_FAILED',
    `Could not connect to ${at}: ${describe(legacy ?? streamable)}.`,
    'Check the URL and the server’s logs, then reconnect.',
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isTimeout(error: unknown): boolean {
  return (error instanceof McpError && error.code === ErrorCode.RequestTimeout) || (error instanceof Error && error.name === 'TimeoutError');
}

function describe(error: unknown): string {
  const status = httpStatusOf(error);
  const message = messageOf(error);
  if ((error as { name?: unknown })?.name === 'ZodError') return 'its answer is not a JSON-RPC message';
  return status !== undefined ? `HTTP ${status}: ${quoted(message)}` : quoted(message);
}

/** Turns anything a `tools/call` threw into the ToolError the model reads. */
export function explainCallFailure(error: unknown, call: { server: string; tool: string; poolName: string; timeoutMs: number }): ToolError {
  if (error instanceof ToolError) return error;
  const details = { server: call.server, tool: call.tool };
  const gone = (why: string) =>
    new ToolError('SERVER_GONE', `The MCP server "${call.server}" went away while ${call.poolName} was running (${why}).`, {
      suggestion:
        'The call may or may not have taken effect on that server. Go on without this server’s tools, and tell the person it stopped answering (they can reconnect it in Settings).',
      details,
    });
  if (error instanceof McpError) {
    if (error.code === STREAM_LOST_CODE) return gone('the connection broke before it answered');
    if (error.code === ErrorCode.ConnectionClosed) return gone('the connection was closed');
    if (error.code === ErrorCode.RequestTimeout) {
      return new ToolError('TIMEOUT', `${call.poolName} did not answer within ${Math.round(call.timeoutMs / 1000)} s and was cancelled.`, {
        suggestion: 'It may have partly happened on the server; check before repeating it, or try a smaller request.',
        details,
      });
    }
    const kind =
      error.code === ErrorCode.InvalidParams ? 'rejected the input' : error.code === ErrorCode.MethodNotFound ? 'does not know this request' : 'failed';
    return new ToolError('MCP_ERROR', `The MCP server "${call.server}" ${kind} for ${call.tool}: ${quoted(error.message)}.`, {
      suggestion:
        error.code === ErrorCode.InvalidParams
          ? 'Correct the input as the message says and call again.'
          : 'Try another way; if it keeps failing, tell the person this server has a problem.',
      details: { ...details, mcpCode: error.code },
    });
  }
  if (isNetworkError(error)) return gone('it could not be reached');
  const status = httpStatusOf(error);
  if (status === 404) return gone('it no longer knows this session: it probably restarted');
  if (status === 401 || status === 403) {
    return new ToolError('AUTH_FAILED', `The MCP server "${call.server}" refused ${call.tool} with HTTP ${status}.`, {
      suggestion: 'Tell the person the server’s credentials (headers in Settings) are no longer accepted.',
      details,
    });
  }
  const message = messageOf(error);
  return new ToolError('MCP_ERROR', `Calling ${call.tool} on the MCP server "${call.server}" failed: ${quoted(message)}.`, {
    suggestion: 'Try another way; if it keeps failing, tell the person this server has a problem.',
    details,
  });
}
