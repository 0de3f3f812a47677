/**
 * The e2e project's globalSetup: one Chromium with the extension per test worker, shared by the files
 * that worker runs one after another, launched in the main vitest process the first time one of its
 * files asks (so a run of fresh-profile files alone never starts one), and closed when the run ends.
 * Vitest runs as many e2e files at once as there are workers (vitest.config.ts): two files never
 * share a browser at the same time. Files ask at the address it provides as `pagewrightSharedBrowser`,
 * with their worker's number (`?worker=N`), and connect to the DevTools address it answers
 * (tests/support/shared-extension.ts).
 *
 * Every host but this machine fails to resolve in it (E2E_BROWSER_ARGS: OFFLINE_DNS_FLAG), as in every
 * e2e browser: the tests' sites are all on 127.0.0.1, and a page's remote resources fail at once as
 * they do offline, whatever network CI has.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_BROWSER_ARGS, launchChromiumWithExtension, type ChromiumWithExtension } from './chromium.js';

interface Shared {
  browser: ChromiumWithExtension;
  cdpUrl: string;
}

/** Launches the shared browser with a DevTools port and reads the port Chromium chose. */
async function launchShared(): Promise<Shared> {
  const browser = await launchChromiumWithExtension({ args: [...E2E_BROWSER_ARGS, '--remote-debugging-port=0'] });
  // Playwright dismisses a dialog at once when its connection has no listener for it, and this launcher's
  // connection sees every page: it would close the alerts the files leave open for the agent to answer.
  browser.context.on('dialog', () => undefined);
  const portFile = join(browser.userDataDir, 'DevToolsActivePort');
  // Chromium writes the file as its DevTools server starts, at the latest just after the launch returns.
  for (let attempt = 0; !existsSync(portFile); attempt++) {
    if (attempt >= 100) {
      await browser.close();
      throw new Error(`Chromium did not write ${portFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [port] = readFileSync(portFile, 'utf8').split('\n');
  return { browser, cdpUrl: `http://127.0.0.1:${port}` };
}

/** Starts the launcher; its teardown closes the browser (if it was launched) and the launcher. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = new Map<string, Promise<Shared>>();
  const server = createServer((request, response) => {
    const worker = new URL(request.url ?? '/', 'http://launcher').searchParams.get('worker') ?? '0';
    let browser = shared.get(worker);
    if (!browser) shared.set(worker, (browser = launchShared()));
    browser.then(
      ({ cdpUrl }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cdpUrl })),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  project.provide('pagewrightSharedBrowser', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return async () => {
    server.close();
    const launched = await Promise.all([...shared.values()].map((browser) => browser.catch(() => undefined)));
    await Promise.all(launched.map((one) => one?.browser.close()));
  };
}
