/**
 * A real app from node_modules served offline with a page of the test's own at `/`: the app's files
 * under `root`, the page written by the test (which makes the app's grid, editor or widget).
 */
import { afterAll, beforeAll } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

/** Serves `root` and `page` at `/` for the describe that calls it, from its beforeAll to its afterAll. */
export function useAppServer(root: string, page: string): { readonly url: string } {
  let server: FixtureServer | undefined;
  beforeAll(async () => {
    server = await startFixtureServer(root, (_req, res, pathname) => {
      if (pathname !== '/' && pathname !== '/index.html') return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return true;
    });
  });
  afterAll(() => server?.close());
  return {
    get url() {
      if (!server) throw new Error('The app server starts in beforeAll.');
      return server.url;
    },
  };
}
