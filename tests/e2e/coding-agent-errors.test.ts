/**
 * What a person meets when the coding-agent bridge cannot work, through the real pieces: the helper not
 * registered (the server says to run install; the panel says so too and Try again works after it), and
 * the browser closed in the middle of a call (the call ends with BROWSER_CLOSED, the next one says
 * Pagewright is not running).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf, profileDirOf, runCli, startClient, useBridgeHome } from '../support/coding-agent.js';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

let ext: ExtensionHarness;
let server: FixtureServer;
let bridge: ReturnType<typeof useBridgeHome>;
let client: Client;

beforeAll(async () => {
  bridge = useBridgeHome();
  server = await startFixtureServer('tests/fixtures');
  ext = await launchExtension({ settings: { externalAgents: { enabled: true } } });
  client = await startClient(bridge.home);
});

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await ext?.close();
  await server?.close();
  bridge?.remove();
});

describe('the bridge’s errors', () => {
  it('says the helper is not registered, in the server and in the panel, and Try again works after install', async () => {
    const error = await client.listTools().catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain('not registered');
    expect((error as Error).message).toContain('pagewright-mcp.mjs install');

    const page = await ext.context.newPage();
    await page.goto(`${server.url}/coding-agent/app.html`);
    const panel = await ext.openPanel(await ext.tabIdOf(page));
    await panel.getByRole('button', { name: 'Settings' }).click();
    const failed = panel.locator('[data-bridge-status="failed"][data-bridge-error="HOST_NOT_REGISTERED"]');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('node bin/pagewright-mcp.mjs install');

    const installed = runCli(bridge.home, 'install', '--profile', await profileDirOf(ext));
    expect(installed.status, installed.output).toBe(0);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await panel.locator('[data-bridge-status="ready"]').waitFor();
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });

  it('ends a call the browser closes under with BROWSER_CLOSED, and then says Pagewright is not running', async () => {
    // open_tab with no page yet asks the person; nobody answers, and the browser closes meanwhile.
    const call = client.callTool({ name: 'open_tab', arguments: { url: `${server.url}/coding-agent/app.html` } });
    await expect.poll(() => ext.evaluateInWorker(async () => (await chrome.action.getBadgeText({})) as string, null)).toBe('!');
    await ext.context.close(); // the browser quits; its profile (and the registration in it) stays, as a person's does
    const result = await call;
    expect(errorCodeOf(result)).toBe('BROWSER_CLOSED');
    expect(JSON.stringify(result.structuredContent)).toContain('read the page before repeating it');

    const after = await client.callTool({ name: 'list_tabs', arguments: {} });
    expect(errorCodeOf(after)).toBe('PAGEWRIGHT_NOT_RUNNING');
    expect(JSON.stringify(after.structuredContent)).toContain('Settings → Coding agents');
  });
});
