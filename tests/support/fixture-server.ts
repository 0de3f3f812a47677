/**
 * A static file server for fixture pages on 127.0.0.1 and a random port. Call it twice for two
 * origins (cross-origin iframes). Serves `root` (default tests/fixtures); `/` lists nothing.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

export interface FixtureServer {
  /** http://127.0.0.1:PORT (no trailing slash) */
  url: string;
  close(): Promise<void>;
}

/** A test's own routes: answers the request and returns true, or returns false to leave it to the files. */
export type FixtureRoutes = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

/**
 * Serves files under `root` (and the routes above, and `routes` first when given); unknown paths get
 * 404, paths escaping the root get 403.
 */
export async function startFixtureServer(root = 'tests/fixtures', routes?: FixtureRoutes): Promise<FixtureServer> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (routes?.(req, res, pathname)) return;
    // /never-answers holds the request open with no answer at all, /never-finishes after the start of a
    // page, until the server closes: frames and resources that never load.
    if (pathname === '/never-answers') return;
    if (pathname === '/never-finishes') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><title>Never finishes</title><p>The start of a page that never finishes loading</p>');
      return;
    }
    // POST /echo answers with a page listing the submitted fields, so form tests see what was sent.
    if (req.method === 'POST' && pathname === '/echo') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
        const rows = [...new URLSearchParams(body)].map(([key, value]) => `<li><b>${escape(key)}</b>=<span>${escape(value)}</span></li>`).join('');
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><title>Received</title><h1>Received</h1><ul id="received">${rows}</ul>`);
      });
      return;
    }
    const file = normalize(join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${pathname}`);
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
