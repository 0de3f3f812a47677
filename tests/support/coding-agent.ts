/**
 * The coding-agent bridge's real pieces for end-to-end tests: the profile of a launched browser (the
 * host is registered in its NativeMessagingHosts folder with `install --profile`), a private bridge
 * folder per test (PAGEWRIGHT_HOME, inherited by the browser and so by the host it starts), and MCP
 * clients started with the official SDK's stdio client, as Claude Code or Cursor start the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ExtensionHarness } from './extension.js';

export const BIN = resolve(import.meta.dirname, '../../bin/pagewright-mcp.mjs');

/**
 * A bridge folder of the test's own, short enough for a socket path. Set before the browser starts:
 * the browser inherits it, and so does the host it starts.
 */
export function useBridgeHome(): { home: string; remove(): void } {
  const home = mkdtempSync(join(tmpdir(), 'pw-bridge-'));
  process.env['PAGEWRIGHT_HOME'] = home;
  return {
    home,
    remove: () => {
      delete process.env['PAGEWRIGHT_HOME'];
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The browser's --user-data-dir, as chrome://version shows it ("Profile Path" is DIR/Default). */
export async function profileDirOf(ext: ExtensionHarness): Promise<string> {
  const page = await ext.context.newPage();
  try {
    await page.goto('chrome://version');
    const path = (await page.locator('#profile_path').textContent())?.trim() ?? '';
    if (!path) throw new Error('chrome://version shows no profile path');
    return path.replace(/[/\\][^/\\]+$/, '');
  } finally {
    await page.close();
  }
}

/** Runs the CLI (install, uninstall, status) with the test's bridge folder; returns its exit code and output. */
export function runCli(home: string, ...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, PAGEWRIGHT_HOME: home } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** An MCP client that starts `node bin/pagewright-mcp.mjs` over stdio, with the environment the SDK passes (and the test's bridge folder). */
export async function startClient(home: string, name = 'claude-code'): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { ...getDefaultEnvironment(), PAGEWRIGHT_HOME: home },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The text of a tool result. */
export const textOf = (result: unknown): string =>
  ((result as CallToolResult).content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** The error code of a failed tool result. */
export function errorCodeOf(result: unknown): string | undefined {
  const structured = (result as CallToolResult).structuredContent as { error?: { code?: string } } | undefined;
  return (result as CallToolResult).isError ? structured?.error?.code : undefined;
}

/** The ref of the element whose line in a read_page text contains `name`. */
export function refOf(tree: string, name: string): string {
  const line = tree.split('\n').find((l) => l.includes(name));
  const ref = line && /\[ref=([a-z0-9]+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`No ref for ${name} in:\n${tree}`);
  return ref;
}
