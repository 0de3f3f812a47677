/**
 * `node bin/pagewright-mcp.mjs [command]`:
 *   (none)      the stdio MCP server an MCP client starts
 *   install     registers the native messaging host (`--profile DIR`, `--extension-id ID`, `--browser chrome|chromium`)
 *   uninstall   removes what install registered
 *   status      says whether the host is registered and whether Pagewright is reachable now
 *   host        what the browser runs (via the launcher install wrote); not for people
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { runHost } from './host.js';
import { BROWSERS, defaultExtensionId, install, isInstalled, uninstall, type BrowserName } from './install.js';
import { bridgePaths } from './paths.js';
import { serveBridge } from './server.js';

const HELP = `Pagewright's bridge for coding agents (MCP over stdio).

  node bin/pagewright-mcp.mjs                 the MCP server (what your MCP client starts)
  node bin/pagewright-mcp.mjs install         register Pagewright's helper with Chrome and Chromium
      --profile DIR          for a browser started with --user-data-dir DIR
      --extension-id ID      when Pagewright's id is not this checkout's (see chrome://extensions)
      --browser NAME         chrome or chromium only (repeatable)
  node bin/pagewright-mcp.mjs uninstall       remove what install registered
  node bin/pagewright-mcp.mjs status          is the helper registered, is Pagewright reachable

Then turn it on in the browser: Pagewright's side panel → Settings → Coding agents.`;

/** Reads `--name value` options; everything else is positional. */
function parseArgs(args: readonly string[]): { positional: string[]; options: Map<string, string[]> } {
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) {
      positional.push(arg);
      continue;
    }
    const value = match[2] ?? (args[i + 1]?.startsWith('--') === false ? (args[++i] ?? '') : '');
    options.set(match[1], [...(options.get(match[1]) ?? []), value]);
  }
  return { positional, options };
}

/** Runs the CLI; resolves with the exit code (the server and host resolve only when they stop). */
export async function main(argv: readonly string[], binPath: string): Promise<number> {
  const repoRoot = resolve(dirname(binPath), '..');
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const paths = bridgePaths();
  const command = `node ${binPath}`;
  const { positional, options } = parseArgs(argv);
  const verb = positional[0] ?? 'serve';
  const out = (line: string) => process.stderr.write(`${line}\n`);

  if (verb === 'help' || options.has('help')) {
    out(HELP);
    return 0;
  }
  if (verb === 'install') {
    const browsers = options.get('browser')?.map((name) => name.toLowerCase());
    const unknown = browsers?.find((name) => !(BROWSERS as readonly string[]).includes(name));
    if (unknown !== undefined) {
      out(`Unknown browser "${unknown}": use ${BROWSERS.join(' or ')}, or --profile DIR for any Chromium started with --user-data-dir.`);
      return 2;
    }
    const profile = options.get('profile')?.[0];
    const written = install({
      paths,
      extensionId: options.get('extension-id')?.[0] || defaultExtensionId(repoRoot),
      nodePath: process.execPath,
      cliPath: binPath,
      ...(profile ? { profile: resolve(profile) } : {}),
      ...(browsers ? { browsers: browsers as BrowserName[] } : {}),
    });
    out(`Registered Pagewright's helper:\n${written.map((file) => `  ${file}`).join('\n')}`);
    out('Now turn it on: Pagewright side panel → Settings → Coding agents (press "Try again" there if it said the helper was missing).');
    return 0;
  }
  if (verb === 'uninstall') {
    const removed = uninstall(paths);
    out(removed.length ? `Removed:\n${removed.map((file) => `  ${file}`).join('\n')}` : 'Nothing was registered.');
    return 0;
  }
  if (verb === 'status') {
    out(isInstalled(paths) ? 'The helper is registered.' : `The helper is not registered: run \`${command} install\`.`);
    out(existsSync(paths.token) ? 'Pagewright is running with Coding agents on.' : 'Pagewright is not reachable now (browser closed, or Coding agents off).');
    return 0;
  }
  if (verb === 'host') {
    // stdout is the browser's pipe: nothing else may write to it. The log keeps the last start only.
    writeFileSync(paths.log, `${new Date().toISOString()} started for ${positional[1] ?? '(no origin)'}\n`, { flag: 'w' });
    const log = (line: string) => appendFileSync(paths.log, `${new Date().toISOString()} ${line}\n`);
    const host = await runHost({ paths, input: process.stdin, output: process.stdout, version, log });
    await host.done;
    return 0;
  }
  if (verb === 'serve') {
    const server = await serveBridge({ paths, command, version, isInstalled: () => isInstalled(paths) }, new StdioServerTransport());
    await new Promise<void>((done) => {
      // Keep the server's own close handler (it closes the socket to the host), then stop.
      const closeConnection = server.onclose;
      server.onclose = () => {
        closeConnection?.();
        done();
      };
      process.stdin.once('end', done);
    });
    return 0;
  }
  out(`Unknown command "${verb}".\n\n${HELP}`);
  return 2;
}
