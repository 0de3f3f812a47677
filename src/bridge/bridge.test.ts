/**
 * The Node half of the bridge with its real parts: the SDK's client ⇄ the server (in-memory MCP
 * transport) ⇄ a real socket ⇄ the host, whose browser pipe is a pair of streams this test plays the
 * extension on (native messaging frames, chunks and all).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { splitMessage } from '../shared/protocol/bridge-chunks.js';
import { hostToExtensionSchema, type ExtensionToHost, type HostToExtension } from '../shared/protocol/bridge.js';
import { encodeNativeMessage, NativeMessageReader } from './framing.js';
import { runHost } from './host.js';
import { bridgePaths, type BridgePaths } from './paths.js';
import { createBridgeServer } from './server.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A host on a fresh folder, and the extension's end of its pipe. */
async function startHost(paths = bridgePaths({ PAGEWRIGHT_HOME: mkdtempSync(join(tmpdir(), 'pw-b-')) })) {
  const toHost = new PassThrough();
  const fromHost = new PassThrough();
  const received: HostToExtension[] = [];
  const listeners: Array<(message: HostToExtension) => void> = [];
  const reader = new NativeMessageReader((raw) => {
    const message = hostToExtensionSchema.parse(raw);
    received.push(message);
    for (const listener of listeners) listener(message);
  });
  fromHost.on('data', (bytes: Buffer) => reader.push(bytes));
  const host = await runHost({ paths, input: toHost, output: fromHost, version: 'test', helloTimeoutMs: 2_000 });
  cleanups.push(async () => {
    toHost.end();
    await host.done;
    rmSync(paths.dir, { recursive: true, force: true });
  });
  let chunkIds = 0;
  const extension = {
    received,
    send: (message: ExtensionToHost, maxChars?: number) => {
      for (const piece of splitMessage(message, () => `t${++chunkIds}`, maxChars)) toHost.write(encodeNativeMessage(piece));
    },
    /** Answers like the extension: `reply` answers requests; connections are accepted unless `onOpen` decides. */
    answer(
      reply: (message: Extract<HostToExtension, { type: 'request' }>) => void,
      onOpen: (message: Extract<HostToExtension, { type: 'open' }>) => void = (open) =>
        extension.send({ type: 'accepted', connection: open.connection, name: 'Test' }),
    ) {
      listeners.push((message) => {
        if (message.type === 'open') onOpen(message);
        if (message.type === 'request') reply(message);
      });
    },
    next: (type: HostToExtension['type']) =>
      new Promise<HostToExtension>((resolve) => {
        const found = received.find((m) => m.type === type);
        if (found) return resolve(found);
        listeners.push((message) => message.type === type && resolve(message));
      }),
    closePipe: () => toHost.end(),
  };
  return { paths, host, extension };
}

/** The SDK's client connected to a bridge server for `paths`. */
async function startClient(paths: BridgePaths, options: { installed?: boolean } = {}) {
  const { server } = createBridgeServer({
    paths,
    command: 'node pagewright-mcp.mjs',
    version: 'test',
    isInstalled: () => options.installed ?? true,
    heartbeatMs: 50,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'claude-code', version: '2.0' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}

const tools = { tools: [{ name: 'read_page', description: 'Reads the page.', inputSchema: { type: 'object', properties: {} } }] };

describe('the bridge from an MCP client to the browser pipe', () => {
  it('carries tools/list and tools/call, with the client’s name, and long answers in chunks', async () => {
    const { paths, extension } = await startHost();
    const long = 'x'.repeat(300_000);
    extension.answer((request) =>
      extension.send(
        request.method === 'tools/list'
          ? { type: 'response', connection: request.connection, id: request.id, result: tools }
          : { type: 'response', connection: request.connection, id: request.id, result: { content: [{ type: 'text', text: long }], isError: false } },
        100_000,
      ),
    );
    const client = await startClient(paths);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_page']);
    expect(await extension.next('open')).toMatchObject({ client: { name: 'claude-code', version: '2.0' } });
    const result = await client.callTool({ name: 'read_page', arguments: { tab_id: 3 } });
    expect(result.content).toEqual([{ type: 'text', text: long }]);
    expect(extension.received.find((m) => m.type === 'request' && m.method === 'tools/call')).toMatchObject({
      params: { name: 'read_page', arguments: { tab_id: 3 } },
    });
    // Only this user may open the socket or read the token.
    expect(statSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(statSync(paths.token).mode & 0o777).toBe(0o600);
  });

  it('still checks a tools/call request against the MCP schema before carrying it', async () => {
    const { paths, extension } = await startHost();
    extension.answer((request) => extension.send({ type: 'response', connection: request.connection, id: request.id, result: tools }));
    const client = await startClient(paths);
    await client.listTools();
    await expect(client.request({ method: 'tools/call', params: { arguments: {} } } as never, CallToolResultSchema)).rejects.toThrow(/name/);
    expect(extension.received.filter((m) => m.type === 'request' && m.method === 'tools/call')).toEqual([]);
  });

  it('sends progress notifications while a call waits, and repeats them (a person may take minutes)', async () => {
    const { paths, extension } = await startHost();
    let answer: (() => void) | undefined;
    extension.answer((request) => {
      if (request.method === 'tools/list') return extension.send({ type: 'response', connection: request.connection, id: request.id, result: tools });
      extension.send({
        type: 'progress',
        connection: request.connection,
        id: request.id,
        message: 'Waiting for the person to answer in Pagewright’s side panel',
      });
      answer = () => extension.send({ type: 'response', connection: request.connection, id: request.id, result: { content: [], isError: false } });
    });
    const client = await startClient(paths);
    const progress: string[] = [];
    const call = client.callTool({ name: 'click', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.message ?? '') });
    const waiting = 'Waiting for the person to answer in Pagewright’s side panel';
    // The extension said it once; the server says it again while the call waits.
    await expect.poll(() => progress.filter((message) => message === waiting).length).toBeGreaterThanOrEqual(3);
    answer?.();
    expect((await call).isError).toBe(false);
  });

  it('tells the extension which calls take progress: only those whose client gave a progress token', async () => {
    const { paths, extension } = await startHost();
    extension.answer((request) =>
      extension.send({
        type: 'response',
        connection: request.connection,
        id: request.id,
        result: request.method === 'tools/list' ? tools : { content: [], isError: false },
      }),
    );
    const client = await startClient(paths);
    await client.callTool({ name: 'read_page', arguments: {} });
    await client.callTool({ name: 'read_page', arguments: {} }, undefined, { onprogress: () => undefined });
    const calls = extension.received.filter((m) => m.type === 'request' && m.method === 'tools/call');
    expect(calls.map((m) => (m.type === 'request' ? m.progress : undefined))).toEqual([false, true]);
  });

  it('refuses a connection without the right token, before the extension hears of it', async () => {
    const { paths, extension } = await startHost();
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(paths.socket);
      let text = '';
      socket.on('data', (bytes) => (text += bytes.toString()));
      socket.on('close', () => resolve(text));
      socket.write(`${JSON.stringify({ type: 'hello', protocol: 1, token: 'wrong', client: { name: 'x', version: '1' } })}\n`);
    });
    expect(JSON.parse(reply)).toMatchObject({ type: 'refused', error: { code: 'BAD_TOKEN' } });
    expect(extension.received.filter((m) => m.type === 'open')).toEqual([]);
  });

  it('passes the extension’s checked messages on to the server as it wrote them, chunked or not, and drops one that fails the check', async () => {
    const { paths, host, extension } = await startHost();
    extension.answer(() => undefined);
    const lines: string[] = [];
    const socket = connect(paths.socket);
    cleanups.push(() => void socket.destroy());
    let partial = '';
    socket.on('data', (bytes) => {
      const parts = (partial + bytes.toString()).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
    });
    socket.write(`${JSON.stringify({ type: 'hello', protocol: 1, token: host.token, client: { name: 'x', version: '1' } })}\n`);
    const { connection } = (await extension.next('open')) as Extract<HostToExtension, { type: 'open' }>;
    const short: ExtensionToHost = { type: 'response', connection, id: 1, result: { content: [{ type: 'text', text: 'line one\nand "two" é😀' }] } };
    const long: ExtensionToHost = { type: 'response', connection, id: 2, result: { content: [{ type: 'text', text: 'y'.repeat(1_000) }] } };
    extension.send(short);
    extension.send({ type: 'response', connection, id: -1, result: {} } as unknown as ExtensionToHost);
    extension.send(long, 100);
    await expect.poll(() => lines.length).toBe(3);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ type: 'accepted', connection, name: 'Test' });
    expect(lines.slice(1)).toEqual([JSON.stringify(short), JSON.stringify(long)]);
  });

  it('ends a call the browser closes under with BROWSER_CLOSED, then says Pagewright is not running', async () => {
    const { paths, extension, host } = await startHost();
    extension.answer(() => undefined); // accepts, never answers
    const client = await startClient(paths);
    const call = client.callTool({ name: 'click', arguments: {} });
    await extension.next('request');
    extension.closePipe();
    await host.done;
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { code: 'BROWSER_CLOSED' } });
    const next = await client.callTool({ name: 'click', arguments: {} });
    expect(next.structuredContent).toMatchObject({ error: { code: 'PAGEWRIGHT_NOT_RUNNING' } });
  });

  it('passes a refusal on (another client is connected) and connects again on the next call', async () => {
    const { paths, extension } = await startHost();
    let opens = 0;
    extension.answer(
      (request) => extension.send({ type: 'response', connection: request.connection, id: request.id, result: tools }),
      (open) =>
        ++opens === 1
          ? extension.send({
              type: 'refused',
              connection: open.connection,
              error: { code: 'CLIENT_BUSY', message: 'Cursor is already connected to Pagewright.', suggestion: 'Quit Cursor, then call the tool again.' },
            })
          : extension.send({ type: 'accepted', connection: open.connection, name: 'Claude Code' }),
    );
    const client = await startClient(paths);
    const error = await client.listTools().catch((e: unknown) => e as Error);
    expect((error as Error).message).toBe('MCP error -32603: Cursor is already connected to Pagewright. Quit Cursor, then call the tool again.');
    expect((await client.listTools()).tools).toHaveLength(1);
    expect(opens).toBe(2);
  });

  it('stays disconnected once the person disconnected it', async () => {
    const { paths, extension } = await startHost();
    extension.answer((request) => {
      extension.send({
        type: 'closed',
        connection: request.connection,
        error: { code: 'DISCONNECTED_BY_PERSON', message: 'The person disconnected Claude Code.', suggestion: 'Ask them.' },
      });
    });
    const client = await startClient(paths);
    const first = await client.callTool({ name: 'click', arguments: {} });
    expect(first.structuredContent).toMatchObject({ error: { code: 'DISCONNECTED_BY_PERSON' } });
    const opens = extension.received.filter((m) => m.type === 'open').length;
    const second = await client.callTool({ name: 'click', arguments: {} });
    expect(second.structuredContent).toMatchObject({ error: { code: 'DISCONNECTED_BY_PERSON' } });
    expect(extension.received.filter((m) => m.type === 'open').length).toBe(opens); // it did not connect again
  });

  it('says the helper is not registered, with the command, when install never ran', async () => {
    const paths = bridgePaths({ PAGEWRIGHT_HOME: mkdtempSync(join(tmpdir(), 'pw-b-')) });
    cleanups.push(() => rmSync(paths.dir, { recursive: true, force: true }));
    const client = await startClient(paths, { installed: false });
    const error = await client.listTools().catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain('not registered');
    expect((error as Error).message).toContain('node pagewright-mcp.mjs install');
    expect(((error as { data?: { code?: string } }).data ?? {}).code).toBe('HOST_NOT_REGISTERED');
  });

  it('lets one browser serve at a time: a second host on the same folder says so and stops', async () => {
    const { paths } = await startHost();
    const second = await startHost(paths);
    await second.host.done;
    expect(second.extension.received).toEqual([expect.objectContaining({ type: 'host_failed', error: expect.objectContaining({ code: 'ANOTHER_BROWSER' }) })]);
  });
});
