/**
 * A coding agent drives the person's browser through Pagewright, with the real pieces: the host
 * registered with `install --profile`, the SDK's stdio client starting bin/pagewright-mcp.mjs, the
 * browser starting the host over native messaging, the built extension running each call through its
 * registry, executor and prompts, and the person answering in the side panel.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf, profileDirOf, refOf, runCli, startClient, textOf, useBridgeHome } from '../support/coding-agent.js';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

let ext: ExtensionHarness;
let server: FixtureServer;
let bridge: ReturnType<typeof useBridgeHome>;
let client: Client;
let settingsPanel: Page;
let tabId: number;
const apiCalls: string[] = [];

/** The app's page as Playwright sees it (the extension opened it). */
const appPage = () => {
  const page = ext.context.pages().find((p) => p.url().startsWith(`${server.url}/coding-agent/app.html`));
  if (!page) throw new Error('The app page is not open');
  return page;
};

beforeAll(async () => {
  bridge = useBridgeHome();
  server = await startFixtureServer('tests/fixtures', (req, res, pathname) => {
    if (pathname !== '/api/status') return false;
    apiCalls.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=server-secret' });
    res.end(JSON.stringify({ status: 'green', build: 1187 }));
    return true;
  });
  ext = await launchExtension();
  const installed = runCli(bridge.home, 'install', '--profile', await profileDirOf(ext));
  expect(installed.status, installed.output).toBe(0);
  client = await startClient(bridge.home);
});

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await ext?.close();
  await server?.close();
  bridge?.remove();
});

describe('a coding agent over MCP', () => {
  it('is off by default: tools/list says so and how to turn it on', async () => {
    const error = await client.listTools().catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('Coding agents');
    expect((error as Error).message).toContain('Settings → Coding agents');
    expect((error as Error).message).toContain('turn on');
  });

  it('connects once the person turns it on in Settings, and lists the same tools with their annotations', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${server.url}/coding-agent/app.html`);
    settingsPanel = await ext.openPanel(await ext.tabIdOf(page));
    await settingsPanel.getByRole('button', { name: 'Settings' }).click();
    await settingsPanel.getByRole('button', { name: 'Coding agents' }).click();
    const toggle = settingsPanel.getByRole('switch', { name: 'Let coding agents use this browser' });
    expect(await toggle.isChecked()).toBe(false);
    // A click, then the state the worker reports: the switch shows what was saved, a moment after the click.
    await toggle.click();
    await settingsPanel.locator('[data-bridge-status="ready"]').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await settingsPanel.getByLabel('Their permission mode').selectOption('auto');
    await expect
      .poll(() =>
        ext.evaluateInWorker(
          async () => ((await chrome.storage.local.get('settings'))['settings'] as { externalAgents?: unknown } | undefined)?.externalAgents,
          null,
        ),
      )
      .toEqual({
        enabled: true,
        permissionMode: 'auto',
      });
    await page.close();

    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['read_page', 'click', 'open_tab', 'list_tabs', 'read_console', 'read_network', 'run_script', 'read_result']));
    // Not for outside sessions: the helper agent (it runs on the panel's model) and tool_search (the client has every schema).
    expect(names).not.toContain('agent');
    expect(names).not.toContain('tool_search');
    const annotations = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
    expect(annotations('read_page')).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    expect(annotations('click')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations('memory_read')).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools.find((tool) => tool.name === 'click')?.inputSchema).toMatchObject({ type: 'object', properties: { ref: expect.anything() } });
  });

  it('opens a tab of its own once the person allows it from the banner, grouped under its name, and sees only its tabs', async () => {
    // With no page yet, where a new tab lands cannot be told to stay on a site: the panel asks, as it asks the person's own agent.
    const call = client.callTool({ name: 'open_tab', arguments: { url: `${server.url}/coding-agent/app.html` } });
    await settingsPanel.locator('.control-banner.waiting').waitFor();
    await settingsPanel.getByRole('button', { name: 'Answer' }).click();
    const dialog = settingsPanel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('coding-agent/app.html');
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    const opened = await call;
    expect(opened.isError, textOf(opened)).toBe(false);
    tabId = (opened.structuredContent as { tab_id: number }).tab_id;
    const listed = await client.callTool({ name: 'list_tabs', arguments: {} });
    expect((listed.structuredContent as { tabs: Array<{ tab_id: number }> }).tabs.map((tab) => tab.tab_id)).toEqual([tabId]);
    const group = await ext.evaluateInWorker(async (id) => {
      const tab = await chrome.tabs.get(id);
      return tab.groupId >= 0 ? (await chrome.tabGroups.get(tab.groupId)).title : undefined;
    }, tabId);
    expect(group).toBe('Claude Code');
    // Another tab's id is refused.
    const other = await client.callTool({ name: 'read_page', arguments: { tab_id: await ext.tabIdOf(settingsPanel) } });
    expect(errorCodeOf(other)).toBe('TAB_NOT_SHARED');
  });

  it('reads the page and clicks a harmless button, which runs unasked in auto mode', async () => {
    const tree = textOf(await client.callTool({ name: 'read_page', arguments: {} }));
    expect(tree).toContain('button "Delete account"');
    const clicked = await client.callTool({ name: 'click', arguments: { ref: refOf(tree, 'Show details') } });
    expect(clicked.isError, textOf(clicked)).toBe(false);
    expect(textOf(clicked)).toContain('Version 2.4');
    expect(await appPage().locator('#details-text').isVisible()).toBe(true);
  });

  it('asks in the panel before a destructive click; denied, it is PERMISSION_DENIED and the page is unchanged', async () => {
    const tree = textOf(await client.callTool({ name: 'read_page', arguments: {} }));
    const call = client.callTool({ name: 'click', arguments: { ref: refOf(tree, 'Delete account') } });
    const panel = await ext.openPanel(tabId);
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete account');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    const result = await call;
    expect(result.isError).toBe(true);
    expect(errorCodeOf(result)).toBe('PERMISSION_DENIED');
    expect(await appPage().locator('#account').textContent()).toBe('Account: active');
    // The panel shows the call, who asked, and the banner.
    await panel.getByText('Controlled by').waitFor();
    await panel.close();
  });

  it('reads the console errors the page logged and a request it made, with credentials masked', async () => {
    const consoleRead = await client.callTool({ name: 'read_console', arguments: { level: 'error' } });
    expect(textOf(consoleRead)).toContain('Widget failed to load: TypeError: config is undefined');
    expect(textOf(consoleRead)).not.toContain('app started');

    const listing = await client.callTool({ name: 'read_network', arguments: { url_contains: '/api/status' } });
    const requests = (listing.structuredContent as { requests: Array<{ id: string; status?: number; method: string }> }).requests;
    expect(requests).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
    expect(apiCalls.length).toBeGreaterThan(0);
    const details = textOf(await client.callTool({ name: 'read_network', arguments: { request_id: requests[0]!.id, bodies: true } }));
    expect(details).toContain('"status":"green"');
    expect(details).toMatch(/authorization: \(masked, \d+ characters\)/i);
    expect(details).not.toContain('app-secret-token');
    expect(details).not.toContain('server-secret');
  });

  it('runs a script only after the person approves its prompt, which shows the code', async () => {
    const code = 'return window.appState.items * 2;';
    const call = client.callTool({ name: 'run_script', arguments: { code } });
    const panel = await ext.openPanel(tabId);
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(code);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    const result = await call;
    expect(result.isError, textOf(result)).toBe(false);
    expect(result.structuredContent).toEqual({ tab_id: tabId, type: 'number', value: 6 });
    await panel.close();
  });

  it('is a conversation in the list, and the activity log names who asked', async () => {
    const panel = await ext.openPanel(tabId);
    await panel.getByRole('button', { name: 'Conversations' }).click();
    await panel.getByText(/Claude Code · \d+ calls/).waitFor();
    const conversationId = await panel.locator('.app').getAttribute('data-conversation-id');
    const log = await panel.evaluate(
      (id) =>
        chrome.runtime.sendMessage({ method: 'activity.list', params: { conversationId: id } }) as Promise<{
          data: { entries: Array<Record<string, string>> };
        }>,
      conversationId,
    );
    const clicks = log.data.entries.filter((entry) => entry.tool === 'click');
    expect(clicks.length).toBe(1); // the denied one changed nothing
    expect(clicks[0]).toMatchObject({ askedBy: 'Claude Code', allowedBy: 'auto mode' });
    await panel.close();
  });

  it('refuses a connection without the token, and a second client while one is connected', async () => {
    const refusal = await new Promise<string>((resolve) => {
      const socket = connect(join(bridge.home, 'bridge.sock'));
      let text = '';
      socket.on('data', (bytes) => (text += bytes.toString()));
      socket.on('close', () => resolve(text));
      socket.write(`${JSON.stringify({ type: 'hello', protocol: 1, token: 'guess', client: { name: 'intruder', version: '1' } })}\n`);
    });
    expect(JSON.parse(refusal)).toMatchObject({ type: 'refused', error: { code: 'BAD_TOKEN' } });

    const second = await startClient(bridge.home, 'cursor');
    try {
      const error = await second.listTools().catch((e: unknown) => e as Error);
      expect((error as Error).message).toContain('Claude Code is already connected to Pagewright');
    } finally {
      await second.close();
    }
  });

  it('stops when the person presses Stop on the banner: its next call says it was disconnected', async () => {
    await settingsPanel.getByRole('button', { name: 'Stop Claude Code' }).click();
    await settingsPanel.getByText('Controlled by').waitFor({ state: 'detached' });
    const after = await client.callTool({ name: 'list_tabs', arguments: {} });
    expect(errorCodeOf(after)).toBe('DISCONNECTED_BY_PERSON');
    // Its tab stays open, out of the group: it is the person's now.
    expect(await ext.evaluateInWorker(async (id) => (await chrome.tabs.get(id)).groupId, tabId)).toBe(-1);
  });
});
