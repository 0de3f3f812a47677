/** The drag libraries the drag end-to-end tests serve from node_modules (offline), at the paths tests/fixtures/drag/ loads them from. */
import { readFileSync } from 'node:fs';
import type { FixtureRoutes } from './fixture-server.js';

const LIBRARIES: Record<string, [string, string]> = {
  '/lib/dragula.js': ['node_modules/dragula/dist/dragula.js', 'text/javascript'],
  '/lib/dragula.css': ['node_modules/dragula/dist/dragula.css', 'text/css'],
  '/lib/Sortable.js': ['node_modules/sortablejs/Sortable.js', 'text/javascript'],
  '/lib/signature_pad.umd.js': ['node_modules/signature_pad/dist/signature_pad.umd.js', 'text/javascript'],
};

/** Fixture-server routes that answer the library paths. */
export const dragLibraryRoutes: FixtureRoutes = (_req, res, pathname) => {
  const library = LIBRARIES[pathname];
  if (!library) return false;
  res.writeHead(200, { 'content-type': library[1], 'cache-control': 'no-store' }).end(readFileSync(library[0]));
  return true;
};
