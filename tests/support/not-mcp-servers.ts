/**
 * Servers at an MCP URL that are not MCP servers, for connection-error tests: a web page, a JSON API,
 * one that accepts connections and never answers, and a port where nothing listens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the server at the URL does. */
export type NotMcpKind = 'html' | 'json' | 'silent';

/** A running stub. */
export interface NotMcpServer {
  readonly url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Starts a stub that answers every request as `kind` says. */
export async function startNotMcpServer(kind: NotMcpKind): Promise<NotMcpServer> {
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => {
    if (kind === 'html') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome to our shop</h1>');
    if (kind === 'json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","version":3}');
    // 'silent': read the request, never answer.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (a port that was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}
