/**
 * The coding-agent bridge: every message between the three programs that carry an MCP call to the
 * extension, declared once with zod and checked where it is received.
 *
 *   MCP client ─stdio─▶ server (bin/pagewright-mcp.mjs) ─socket─▶ host (the same file, started by the
 *   browser) ─native messaging─▶ service worker
 *
 * The server and the host talk over a local socket only the same OS user can open, one JSON per line;
 * the first line must be `hello` with the token the host wrote beside the socket. The host checks the
 * token itself (the extension never sees it) and relays everything else, tagged with the connection it
 * came from. Native messaging caps a message from the host at 1 MB, so a long one travels as `chunk`s
 * (bridge-chunks.ts); the extension reassembles them.
 */
import { z } from 'zod';
import { errorSummarySchema } from '../../runtime/errors.js';

/** The native messaging host's name, as registered by `pagewright-mcp install`. */
export const NATIVE_HOST_NAME = 'dev.pagewright.bridge';

/** Bumped when a message changes shape; a server and a host of different versions refuse each other. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** The program at the other end, as it named itself in MCP `initialize` (bounded: it names tab groups and titles). */
export const bridgeClientSchema = z.object({ name: z.string().max(200), version: z.string().max(100) });
export type BridgeClient = z.infer<typeof bridgeClientSchema>;

/** The MCP methods the bridge carries. */
export const bridgeMethodSchema = z.enum(['tools/list', 'tools/call']);
export type BridgeMethod = z.infer<typeof bridgeMethodSchema>;

const requestId = z.number().int().min(0);
const connection = z.string().min(1).max(64);
/**
 * `false` when the MCP client gave the call no progress token: MCP then allows no progress notification,
 * so none is sent for it (each would wake the host and the server during the call for nothing).
 */
const wantsProgress = z.boolean().optional();

/** A piece of one long message: its JSON text cut in order (bridge-chunks.ts). */
export const chunkSchema = z.object({
  type: z.literal('chunk'),
  id: z.string().max(64),
  index: z.number().int().min(0),
  count: z.number().int().min(1).max(10_000),
  data: z.string(),
});
export type Chunk = z.infer<typeof chunkSchema>;

// ---------- server → host (socket) ----------

export const serverToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), protocol: z.number().int(), token: z.string().max(200), client: bridgeClientSchema }),
  z.object({ type: z.literal('request'), id: requestId, method: bridgeMethodSchema, params: z.unknown(), progress: wantsProgress }),
  /** The MCP client cancelled a call (`notifications/cancelled`). */
  z.object({ type: z.literal('cancel'), id: requestId }),
]);
export type ServerToHost = z.infer<typeof serverToHostSchema>;

// ---------- host → server (socket); the extension sends the same, tagged with `connection` (passed on, ignored) ----------

const accepted = z.object({ type: z.literal('accepted'), name: z.string() });
const refused = z.object({ type: z.literal('refused'), error: errorSummarySchema });
const response = z.object({ type: z.literal('response'), id: requestId, result: z.unknown() });
const failure = z.object({ type: z.literal('failure'), id: requestId, error: errorSummarySchema });
const progress = z.object({ type: z.literal('progress'), id: requestId, message: z.string().max(2_000) });
const toolsChanged = z.object({ type: z.literal('tools_changed') });
const closed = z.object({ type: z.literal('closed'), error: errorSummarySchema });

/**
 * `accepted`: the extension took the session (it is a conversation in the person's panel). `refused`: not
 * now, and why (Coding agents is off, another client is connected, a bad token); the socket closes.
 * `response`/`failure`: a call's answer. `progress`: a call is under way (a stage, or it waits for the
 * person). `tools_changed`: the person changed the mode or rules, list the tools again. `closed`: the
 * session ended from the browser's side (the person disconnected it, the browser closed); the socket closes.
 */
export const hostToServerSchema = z.discriminatedUnion('type', [accepted, refused, response, failure, progress, toolsChanged, closed]);
export type HostToServer = z.infer<typeof hostToServerSchema>;

// ---------- host ↔ extension (native messaging) ----------

export const hostToExtensionSchema = z.discriminatedUnion('type', [
  /** The host listens; coding agents can connect. */
  z.object({ type: z.literal('host_ready'), protocol: z.number().int(), version: z.string() }),
  /** The host could not start (another browser already serves coding agents, an unsafe folder). It exits. */
  z.object({ type: z.literal('host_failed'), error: errorSummarySchema }),
  /** A server passed the token check. */
  z.object({ type: z.literal('open'), connection, client: bridgeClientSchema }),
  z.object({ type: z.literal('request'), connection, id: requestId, method: bridgeMethodSchema, params: z.unknown(), progress: wantsProgress }),
  z.object({ type: z.literal('cancel'), connection, id: requestId }),
  /** The server's socket closed (the MCP client quit or restarted it). */
  z.object({ type: z.literal('gone'), connection }),
  chunkSchema,
]);
export type HostToExtension = z.infer<typeof hostToExtensionSchema>;

/**
 * What the extension sends: a message for one connection's server, or a chunk. The host passes a checked
 * message on as the extension wrote it, `connection` and all; the server's schema leaves that field out.
 */
export const extensionToHostSchema = z.discriminatedUnion('type', [
  accepted.extend({ connection }),
  refused.extend({ connection }),
  response.extend({ connection }),
  failure.extend({ connection }),
  progress.extend({ connection }),
  toolsChanged.extend({ connection }),
  closed.extend({ connection }),
  chunkSchema,
]);
export type ExtensionToHost = Exclude<z.infer<typeof extensionToHostSchema>, Chunk>;
