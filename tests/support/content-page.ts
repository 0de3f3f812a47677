/**
 * One fixture page for driving the content script alone (content-harness.ts) in the shared browser's
 * private context: two fixture servers (two origins, for cross-origin frames), the page, and the reads
 * the content-script test files share.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { PageCommand, PageReply } from '../../src/shared/protocol/page.js';
import { run, send } from './content-harness.js';
import { usePlainBrowser } from './e2e.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

/** A snapshot's result as the tests read it. */
export type Snap = {
  text: string;
  elements: Record<string, { role: string; name: string; inputType?: string; autocomplete?: string; submits?: boolean; formMethod?: string }>;
  frames: Array<{ ref: string }>;
  documentId: string;
};

/** The file's page and servers (there from the first test on) and its readers. */
export interface ContentPage {
  readonly page: Page;
  readonly server: FixtureServer;
  /** A second origin. */
  readonly other: FixtureServer;
  /** Goes to tests/fixtures/page/<name>.html. */
  open(name: string, query?: string): Promise<void>;
  snapshot(filter?: 'all' | 'interactive'): Promise<Snap>;
  /** The error a command must fail with (the test fails if it succeeds). */
  errorOf(command: PageCommand): Promise<Extract<PageReply, { ok: false }>['error']>;
}

/** Sets up the page and servers in `beforeAll` and closes the servers in `afterAll`. */
export function useContentPage(): ContentPage {
  const plain = usePlainBrowser();
  let servers: [FixtureServer, FixtureServer] | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    servers = await Promise.all([startFixtureServer(), startFixtureServer()]);
    page = await plain.browser.newPage();
  });
  afterAll(async () => {
    await Promise.all(servers?.map((s) => s.close()) ?? []);
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The content page starts in beforeAll.');
    return value;
  };
  return {
    get page() {
      return ready(page);
    },
    get server() {
      return ready(servers)[0];
    },
    get other() {
      return ready(servers)[1];
    },
    async open(name, query = '') {
      await ready(page).goto(`${ready(servers)[0].url}/page/${name}.html${query}`);
    },
    snapshot: (filter = 'all') => run<Snap>(ready(page), { type: 'snapshot', filter, refPrefix: '' }),
    async errorOf(command) {
      const reply = await send(ready(page), command);
      if (reply.ok) throw new Error(`expected ${command.type} to fail`);
      return reply.error;
    },
  };
}
