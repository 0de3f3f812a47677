/**
 * A real MCP server for tests, built with the official SDK's server side, on 127.0.0.1 (random port).
 * Streamable HTTP at `/mcp` by default; `transport: 'sse'` serves the older HTTP+SSE transport at
 * `/sse` instead (and answers a Streamable HTTP POST there with 405, as old servers do).
 *
 * ```ts
 * const server = await startMcpTestServer();            // or { transport: 'sse' }, { manyTools: 100 }, { token: 's3cret' }
 * // settings: { mcpServers: [{ name: 'notes', url: server.url }] }
 * expect(server.callsOf('delete_notes')).toEqual([]);   // Deny never reached it
 * await server.stop();                                  // goes away mid-call: every connection is cut
 * ```
 *
 * Tools (a small notes service): `get_forecast` (read-only, with an output schema), `meet` (read-only;
 * answers once `count` calls of one group are in flight at once, so it proves parallel calls),
 * `add_note` (no hints), `delete_notes` (destructive), `count_slowly` (read-only, reports progress),
 * `always_fails` (answers `isError`), `wait_forever` (reports progress once, then answers only when
 * cancelled, and records the cancellation), `get_chart` (an image, an embedded resource and a resource link). `manyTools: N`
 * serves N plain tools instead (`tool_000` …).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** Options for `startMcpTestServer`. */
export interface McpTestServerOptions {
  transport?: 'streamable-http' | 'sse';
  /** Serve this many plain tools instead of the notes tools. */
  manyTools?: number;
  /** Require `Authorization: Bearer <token>`; anything else gets 401. */
  token?: string;
  /** Listen on this port (to come back where a stopped server was); default a free one. */
  port?: number;
}

/** One tool call the server received. */
export interface RecordedMcpCall {
  tool: string;
  args: Record<string, unknown>;
}

/** A running test server. */
export interface McpTestServer {
  /** The endpoint to configure: `http://127.0.0.1:PORT/mcp` (or `/sse`). */
  readonly url: string;
  readonly calls: RecordedMcpCall[];
  /** Cancellations `wait_forever` saw, with the reason the client gave. */
  readonly cancellations: Array<{ reason: string }>;
  /** Every HTTP request's method, path and lower-cased headers (to check what the client sent). */
  readonly requests: Array<{ method: string; path: string; headers: Record<string, string> }>;
  readonly notes: string[];
  callsOf(tool: string): RecordedMcpCall[];
  /** Resolves when a call of `tool` has started (already started counts). */
  waitForCall(tool: string): Promise<RecordedMcpCall>;
  /** Goes away as a crashed server does: cuts every open connection and stops listening. */
  stop(): Promise<void>;
}

/** The image `get_chart` returns: a 1×1 PNG. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** Starts the server; see the module comment. */
export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const calls: RecordedMcpCall[] = [];
  const cancellations: Array<{ reason: string }> = [];
  const requests: McpTestServer['requests'] = [];
  const notes: string[] = [];
  const callWaiters: Array<{ tool: string; resolve: (call: RecordedMcpCall) => void }> = [];
  const meetings = new Map<string, Array<() => void>>();

  const record = (tool: string, args: Record<string, unknown>) => {
    const call = { tool, args };
    calls.push(call);
    for (const waiter of callWaiters.filter((w) => w.tool === tool)) {
      callWaiters.splice(callWaiters.indexOf(waiter), 1);
      waiter.resolve(call);
    }
  };

  function buildServer(): McpServer {
    const server = new McpServer({ name: 'pagewright-test-notes', version: '1.0.0' });
    if (options.manyTools !== undefined) {
      for (let i = 0; i < options.manyTools; i++) {
        const name = `tool_${String(i).padStart(3, '0')}`;
        server.registerTool(
          name,
          {
            description: `Looks up record ${i} in the inventory ledger. Returns the item's name, stock level and warehouse shelf.`,
            inputSchema: { id: z.string().describe('The record id, e.g. "A-100"'), verbose: z.boolean().optional().describe('Include history') },
            annotations: { readOnlyHint: true },
          },
          async (args) => {
            record(name, args);
            return text(`record ${i}: ${args.id}`);
          },
        );
      }
      return server;
    }
    server.registerTool(
      'get_forecast',
      {
        description: 'Gets the weather forecast for a city. Returns the temperature and the sky for the coming days.',
        inputSchema: { city: z.string().min(1).describe('City name'), days: z.number().int().min(1).max(7).optional().describe('How many days (1-7)') },
        outputSchema: { city: z.string(), days: z.number(), sky: z.string() },
        annotations: { readOnlyHint: true, title: 'Weather forecast' },
      },
      async (args) => {
        record('get_forecast', args);
        const forecast = { city: args.city, days: args.days ?? 1, sky: 'sunny' };
        return { content: [{ type: 'text', text: `Forecast for ${args.city}: sunny, 21 °C for ${forecast.days} day(s).` }], structuredContent: forecast };
      },
    );
    server.registerTool(
      'meet',
      {
        description: 'Waits until `count` calls with the same group are running at the same time (or 5 seconds), then says how many met.',
        inputSchema: { group: z.string(), count: z.number().int().min(1) },
        annotations: { readOnlyHint: true },
      },
      async (args) => {
        record('meet', args);
        const waiting = meetings.get(args.group) ?? [];
        meetings.set(args.group, waiting);
        const met = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 5_000);
          waiting.push(() => {
            clearTimeout(timer);
            resolve(true);
          });
          if (waiting.length >= args.count) for (const wake of waiting.splice(0)) wake();
        });
        return text(met ? `met: ${args.count} calls of ${args.group} ran at once` : `alone: fewer than ${args.count} calls of ${args.group} ran at once`);
      },
    );
    server.registerTool(
      'add_note',
      { description: 'Adds a note to the notebook.', inputSchema: { text: z.string().min(1).describe('The note') } },
      async (args) => {
        record('add_note', args);
        notes.push(args.text);
        return text(`Saved note #${notes.length}.`);
      },
    );
    server.registerTool(
      'delete_notes',
      { description: 'Deletes every note in the notebook. Cannot be undone.', inputSchema: {}, annotations: { destructiveHint: true } },
      async () => {
        record('delete_notes', {});
        const count = notes.splice(0).length;
        return text(`Deleted ${count} note(s).`);
      },
    );
    server.registerTool(
      'count_slowly',
      {
        description: 'Counts to `to`, reporting progress at each step.',
        inputSchema: { to: z.number().int().min(1).max(20) },
        annotations: { readOnlyHint: true },
      },
      async (args, extra) => {
        record('count_slowly', args);
        const token = extra._meta?.progressToken;
        for (let step = 1; step <= args.to; step++) {
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: args.to, message: `Counted ${step} of ${args.to}` },
            });
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return text(`Counted to ${args.to}.`);
      },
    );
    server.registerTool('always_fails', { description: 'Always fails: the daily quota is used up.', inputSchema: {} }, async () => {
      record('always_fails', {});
      return { content: [{ type: 'text', text: 'Quota exceeded: 0 of 100 requests left today.' }], isError: true };
    });
    server.registerTool(
      'wait_forever',
      { description: 'Never answers until the client cancels it.', inputSchema: {}, annotations: { readOnlyHint: true } },
      async (_args, extra) => {
        record('wait_forever', {});
        const token = extra._meta?.progressToken;
        if (token !== undefined)
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 0, message: 'Waiting until cancelled' } });
        await new Promise<void>((resolve) => {
          extra.signal.addEventListener('abort', () => {
            cancellations.push({ reason: String(extra.signal.reason) });
            resolve();
          });
        });
        return text('cancelled');
      },
    );
    server.registerTool(
      'get_chart',
      { description: 'Returns a chart image with its data.', inputSchema: {}, annotations: { readOnlyHint: true } },
      async () => {
        record('get_chart', {});
        return {
          content: [
            { type: 'text', text: 'Sales chart for March.' },
            { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'notes://charts/march.csv', mimeType: 'text/csv', text: 'day,sales\n1,10\n2,12' } },
            { type: 'resource_link', uri: 'notes://charts/april', name: 'April chart', mimeType: 'image/png', description: 'Next month' },
          ],
        };
      },
    );
    return server;
  }

  const sse = options.transport === 'sse';
  const path = sse ? '/sse' : '/mcp';
  const sessions = new Map<string, StreamableHTTPServerTransport | SSEServerTransport>();
  const sockets = new Set<Socket>();

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    return raw === '' ? undefined : (JSON.parse(raw) as unknown);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: lowerHeaders(req) });
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    if (sse) {
      if (url.pathname === '/sse' && req.method === 'GET') {
        const transport = new SSEServerTransport('/messages', res);
        sessions.set(transport.sessionId, transport);
        transport.onclose = () => sessions.delete(transport.sessionId);
        await buildServer().connect(transport);
        return;
      }
      const session = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (url.pathname === '/messages' && req.method === 'POST' && session instanceof SSEServerTransport) {
        await session.handlePostMessage(req, res, await readBody(req));
        return;
      }
      res.writeHead(url.pathname === '/sse' ? 405 : 404, { 'content-type': 'text/plain' }).end('Not here');
      return;
    }
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport && typeof sessionId !== 'string' && req.method === 'POST') {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await buildServer().connect(created);
      transport = created;
    }
    if (!(transport instanceof StreamableHTTPServerTransport)) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      return;
    }
    await transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`test MCP server failed: ${String(error)}`);
    });
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    calls,
    cancellations,
    requests,
    notes,
    callsOf: (tool) => calls.filter((call) => call.tool === tool),
    waitForCall: (tool) =>
      new Promise((resolve) => {
        const done = calls.find((call) => call.tool === tool);
        if (done) resolve(done);
        else callWaiters.push({ tool, resolve });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}
