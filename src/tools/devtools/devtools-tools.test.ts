import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { BrowserBridge } from '../../runtime/browser.js';
import type { ConsoleEntry, DevToolsPort, NetworkEntry, ScriptOutcome } from '../../runtime/devtools.js';
import type { PermissionContext, PermissionRequest } from '../../runtime/permission-types.js';
import { createCanUseTool } from '../../runtime/permissions.js';
import { filterTools } from '../../runtime/registry.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { readConsole } from './read-console.js';
import { readNetwork } from './read-network.js';
import { runScript, scriptExpression } from './run-script.js';

const consoleEntries: ConsoleEntry[] = [
  { level: 'log', source: 'console', text: 'app started', time: 1_000 },
  { level: 'error', source: 'exception', text: 'TypeError: x\nis undefined \u202e', url: 'https://app.test/a.js', line: 3, time: 2_000 },
  { level: 'warning', source: 'browser', text: 'network: Failed to load resource: 404', time: 3_000 },
  { level: 'debug', source: 'console', text: 'noise', time: 4_000 },
];
const requests: NetworkEntry[] = [
  { id: 'r1', method: 'GET', url: 'https://app.test/', type: 'Document', status: 200, size: 2048, started: 1_000, durationMs: 40 },
  { id: 'r2', method: 'POST', url: 'https://app.test/api/save', type: 'Fetch', status: 500, started: 2_000, durationMs: 12 },
  { id: 'r3', method: 'GET', url: 'https://cdn.test/x.js', type: 'Script', failed: 'net::ERR_NAME_NOT_RESOLVED', started: 3_000 },
];

function setup(options: { url?: string; outcome?: ScriptOutcome; permissions?: Partial<PermissionContext> } = {}) {
  const evaluated: string[] = [];
  const devtools: DevToolsPort = {
    console: async () => ({ since: 500, entries: consoleEntries, dropped: 2 }),
    network: async () => ({ since: 500, entries: requests, dropped: 0 }),
    request: async (_tab, _owner, id) => ({
      entry: requests.find((r) => r.id === id)!,
      requestHeaders: { Authorization: '(masked, 12 characters)', Accept: '*/*' },
      responseHeaders: { 'Content-Type': 'application/json' },
      requestBody: '{"a":1}',
      responseBody: { text: '{"error":"boom"}' },
    }),
    evaluate: async (_tab, _owner, expression) => {
      evaluated.push(expression);
      return options.outcome ?? { ok: true, value: { items: 3 }, type: 'object' };
    },
  };
  const browser = Object.assign(
    Object.create(new FakeBrowser([{ id: 1, active: true, url: options.url ?? 'https://app.test/home', title: 'App' }])) as BrowserBridge,
    {
      devtools,
    },
  );
  const asked: PermissionRequest[] = [];
  const context = createTestContext([readConsole, readNetwork, runScript], {
    browser,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [], ...options.permissions },
    askPerson: async (request) => {
      asked.push(request);
      return { choice: 'allow_once' };
    },
  });
  return { context, asked, evaluated };
}

const noProgress = () => undefined;
const run = async <T>(
  tool: { inputSchema: { parse(v: unknown): unknown }; call: (...args: never[]) => Promise<{ data: T }> },
  input: unknown,
  context: ReturnType<typeof setup>['context'],
) =>
  (
    await (tool.call as (...args: unknown[]) => Promise<{ data: T }>)(
      tool.inputSchema.parse(input),
      context,
      async () => ({ behavior: 'allow' }),
      undefined,
      noProgress,
    )
  ).data;

describe('read_console', () => {
  it('filters by least level, text and time, and prints each message as one escaped line', async () => {
    const { context } = setup();
    const errors = await run(readConsole, { level: 'error' }, context);
    expect(errors).toMatchObject({ tab_id: 1, since: 500, matched: 1, dropped: 2 });
    const text = readConsole.mapResultForModel(errors, 't1')[0];
    expect(text).toMatchObject({ type: 'text' });
    const lines = (text as { text: string }).text.split('\n');
    expect(lines[0]).toContain('1 message');
    expect(lines[0]).toContain('2 older ones were not kept');
    // A page cannot break the line or hide text with a bidi override.
    expect(lines[1]).toBe('00:00:02.000 [error] exception: TypeError: x is undefined \\u202e (at https://app.test/a.js:3)');
    expect(lines.at(-1)).toBe('(To read only newer messages later, pass since: 2000.)');
    expect((await run(readConsole, {}, context)).matched).toBe(3); // all but debug
    expect((await run(readConsole, { contains: 'FAILED TO', level: 'debug' }, context)).messages.map((m) => m.time)).toEqual([3_000]);
    expect((await run(readConsole, { since: 2_500, level: 'debug' }, context)).matched).toBe(2);
  });
});

describe('read_network', () => {
  it('lists requests with failures and errors as asked, and one request in full', async () => {
    const { context } = setup();
    const failed = await run(readNetwork, { status: 'failed' }, context);
    expect('requests' in failed && failed.requests.map((r) => r.id)).toEqual(['r3']);
    const errors = await run(readNetwork, { status: 'errors' }, context);
    expect('requests' in errors && errors.requests.map((r) => r.id)).toEqual(['r2', 'r3']);
    const fetches = await run(readNetwork, { type: 'fetch', url_contains: '/api/' }, context);
    expect('requests' in fetches && fetches.requests.map((r) => r.id)).toEqual(['r2']);
    const listing = (readNetwork.mapResultForModel(await run(readNetwork, {}, context), 't')[0] as { text: string }).text;
    expect(listing).toContain('r1 00:00:01.000 GET 200 Document 2.0 KB 40 ms https://app.test/');
    expect(listing).toContain('r3 00:00:03.000 GET failed (net::ERR_NAME_NOT_RESOLVED) Script ? https://cdn.test/x.js');
    const details = (readNetwork.mapResultForModel(await run(readNetwork, { request_id: 'r2', bodies: true }, context), 't')[0] as { text: string }).text;
    expect(details).toContain('Authorization: (masked, 12 characters)');
    expect(details).toContain('Response body:\n{"error":"boom"}');
    expect(readNetwork.inputSchema.safeParse({ request_id: '12' }).success).toBe(false);
  });
});

describe('run_script', () => {
  const canUseTool = createCanUseTool();
  const decide = async (context: ReturnType<typeof setup>['context'], input: unknown) =>
    canUseTool(runScript, runScript.inputSchema.parse(input) as never, context, 'tu1');

  it('asks every time in auto mode, showing the code, with only Allow once', async () => {
    const { context, asked } = setup();
    const decision = await decide(context, { code: 'return document.title' });
    expect(decision.behavior).toBe('allow');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      destructive: true,
      choices: ['allow_once', 'deny'],
      effect: { facts: [{ label: 'Script', value: 'return document.title' }] },
    });
    await decide(context, { code: 'return document.title' });
    expect(asked).toHaveLength(2);
  });

  it('is not covered by a site grant, and runs unasked only where an allow rule names it', async () => {
    const granted = setup({ permissions: { grants: [{ origin: 'https://app.test', tool: 'run_script' }] } });
    await decide(granted.context, { code: 'return 1' });
    expect(granted.asked).toHaveLength(1);
    const devServer = setup({ url: 'http://localhost:5173/', permissions: { rules: { allow: ['run_script(http://localhost:*)'], deny: [], ask: [] } } });
    expect(await decide(devServer.context, { code: 'return 1' })).toMatchObject({ behavior: 'allow', reason: { type: 'rule' } });
    expect(devServer.asked).toHaveLength(0);
    const elsewhere = setup({ url: 'https://bank.test/', permissions: { rules: { allow: ['run_script(http://localhost:*)'], deny: [], ask: [] } } });
    await decide(elsewhere.context, { code: 'return 1' });
    expect(elsewhere.asked).toHaveLength(1);
  });

  it('is not offered in read-only mode, and refused there', async () => {
    const { context } = setup({ permissions: { mode: 'read-only' } });
    expect(filterTools([runScript, readConsole], context.permissions).map((t) => t.name)).toEqual(['read_console']);
    expect(await decide(context, { code: 'return 1' })).toMatchObject({ behavior: 'deny' });
  });

  it('shows the data a script would carry from another site', async () => {
    const { context, asked } = setup();
    context.ledger.record('read1', 'https://mail.test', 'Your one-time code is 884213-SECRET-TOKEN');
    await decide(context, { code: "fetch('/log?c=884213-SECRET-TOKEN')" });
    expect(asked[0]?.effect?.dataFlows).toEqual([expect.objectContaining({ from: 'https://mail.test', to: 'https://app.test' })]);
  });

  it('runs where it was judged: the site check comes first and the code cannot get around it', async () => {
    const escape = '})(); globalThis.escaped = true; (async () => {';
    const onOtherSite = { location: { origin: 'https://evil.test' }, globalThis: {} as Record<string, unknown> };
    onOtherSite.globalThis = onOtherSite as unknown as Record<string, unknown>;
    expect(() => runInNewContext(scriptExpression(escape, 'https://app.test'), onOtherSite)).toThrow('PAGEWRIGHT_SITE_CHANGED:https://evil.test');
    expect(onOtherSite.globalThis['escaped']).toBeUndefined();
    const sameSite = { location: { origin: 'https://app.test' } };
    await expect(runInNewContext(scriptExpression('return 40 + 2', 'https://app.test'), sameSite)).resolves.toBe(42);
  });

  it('returns the page’s JSON, and says when the tab moved or the script threw', async () => {
    const { context, evaluated } = setup();
    const input = runScript.inputSchema.parse({ code: 'return window.appState' });
    await canUseTool(runScript, input as never, context, 'tu1');
    const result = await runScript.call(input, context, canUseTool, undefined, noProgress);
    expect(result.data).toEqual({ tab_id: 1, type: 'object', value: { items: 3 } });
    expect(evaluated[0]).toContain('location.origin !== "https://app.test"');
    expect((runScript.mapResultForModel(result.data, 't')[0] as { text: string }).text).toBe('Result (object):\n{\n  "items": 3\n}');

    const moved = setup({ outcome: { ok: false, exception: 'PAGEWRIGHT_SITE_CHANGED:https://other.test' } });
    const movedInput = runScript.inputSchema.parse({ code: 'return 1' });
    await canUseTool(runScript, movedInput as never, moved.context, 'tu2');
    await expect(runScript.call(movedInput, moved.context, canUseTool, undefined, noProgress)).rejects.toMatchObject({ code: 'SITE_CHANGED' });

    const threw = setup({ outcome: { ok: false, exception: 'Error: nope\n[fake line]' } });
    const threwInput = runScript.inputSchema.parse({ code: 'throw 1' });
    await canUseTool(runScript, threwInput as never, threw.context, 'tu3');
    await expect(runScript.call(threwInput, threw.context, canUseTool, undefined, noProgress)).rejects.toMatchObject({
      code: 'SCRIPT_ERROR',
      message: 'The script threw: Error: nope \\[fake line\\]',
    });
    // Not checked, not run.
    await expect(runScript.call(runScript.inputSchema.parse({ code: 'return 1' }), context, canUseTool, undefined, noProgress)).rejects.toMatchObject({
      code: 'NOT_JUDGED',
    });
  });
});
