/**
 * Connecting to real MCP servers (the SDK's server side, on 127.0.0.1): both transports, the states
 * Settings shows, and every way a connection fails, each explained.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDeferredTool } from '../runtime/registry.js';
import { startMcpTestServer, type McpTestServer } from '../../tests/support/mcp-server.js';
import { waitForServer } from '../../tests/support/mcp-state.js';
import { closedPortUrl, startNotMcpServer } from '../../tests/support/not-mcp-servers.js';
import { searchTools } from '../tools/agent/tool-search.js';
import { McpManager } from './manager.js';

const SECRET = 'Bearer sk-test-6f1d9c';
let notes: McpTestServer;
let legacy: McpTestServer;
let locked: McpTestServer;
const managers: McpManager[] = [];
const manager = (options: ConstructorParameters<typeof McpManager>[0] = {}) => {
  const created = new McpManager({ connectTimeoutMs: 5_000, ...options });
  managers.push(created);
  return created;
};

beforeAll(async () => {
  notes = await startMcpTestServer();
  legacy = await startMcpTestServer({ transport: 'sse' });
  locked = await startMcpTestServer({ token: 'sk-test-6f1d9c' });
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});
afterAll(async () => {
  await Promise.all([notes, legacy, locked].map((s) => s?.stop()));
});

describe('connecting', () => {
  it('connects over Streamable HTTP and says so, with the tool count', async () => {
    const mcp = manager();
    await mcp.sync([{ name: 'notes', url: notes.url, enabled: true }]);
    expect(mcp.states()).toEqual([
      expect.objectContaining({
        name: 'notes',
        status: 'connected',
        transport: 'streamable-http',
        toolCount: 8,
        serverInfo: { name: 'pagewright-test-notes', version: '1.0.0' },
      }),
    ]);
    const names = mcp
      .tools()
      .map((tool) => tool.name)
      .sort();
    expect(names).toContain('mcp__notes__get_forecast');
    expect(mcp.tools().every((tool) => tool.isExternal && isDeferredTool(tool))).toBe(true);
  });

  it('falls back to HTTP+SSE for an older server', async () => {
    const mcp = manager();
    const before = legacy.requests.length;
    await mcp.sync([{ name: 'old', url: legacy.url, enabled: true }]);
    expect(mcp.states()[0]).toMatchObject({ status: 'connected', transport: 'sse', toolCount: 8 });
    // Streamable HTTP was tried first (a POST, refused with 405), then the event stream was opened.
    expect(legacy.requests.slice(before, before + 2).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /sse', 'GET /sse']);
  });

  it('sends the configured headers to the server, and keeps them out of every state', async () => {
    const mcp = manager();
    const seen: string[] = [];
    mcp.onChange((states) => seen.push(JSON.stringify(states)));
    await mcp.sync([{ name: 'locked', url: locked.url, headers: { Authorization: SECRET }, enabled: true }]);
    expect(mcp.states()[0]).toMatchObject({ status: 'connected', toolCount: 8 });
    expect(locked.requests.every((r) => r.headers['authorization'] === SECRET)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    for (const state of [...seen, JSON.stringify(mcp.states())]) expect(state).not.toContain('sk-test');
  });

  it('leaves a disabled server alone', async () => {
    const mcp = manager();
    const before = notes.requests.length;
    await mcp.sync([{ name: 'notes', url: notes.url, enabled: false }]);
    expect(mcp.states()).toEqual([expect.objectContaining({ name: 'notes', status: 'disabled', enabled: false })]);
    expect(mcp.tools()).toEqual([]);
    expect(notes.requests.length).toBe(before);
  });

  it('applies changed settings: a removed server’s tools go, a new URL reconnects', async () => {
    const mcp = manager();
    await mcp.sync([
      { name: 'a', url: notes.url, enabled: true },
      { name: 'b', url: legacy.url, enabled: true },
    ]);
    expect(mcp.tools()).toHaveLength(16);
    await mcp.sync([{ name: 'b', url: notes.url, enabled: true }]);
    expect(mcp.states()).toEqual([expect.objectContaining({ name: 'b', status: 'connected', transport: 'streamable-http' })]);
    expect(mcp.tools().every((tool) => tool.name.startsWith('mcp__b__'))).toBe(true);
  });

  it('serves a 100-tool server as deferred tools that tool_search finds by name and description', async () => {
    const big = await startMcpTestServer({ manyTools: 100 });
    try {
      const mcp = manager();
      await mcp.sync([{ name: 'inventory', url: big.url, enabled: true }]);
      const tools = mcp.tools();
      expect(tools).toHaveLength(100);
      expect(tools.every(isDeferredTool)).toBe(true);
      expect(searchTools(tools, 'tool_042', 1).map((t) => t.name)).toEqual(['mcp__inventory__tool_042']);
      expect(searchTools(tools, 'warehouse shelf', 3)).toHaveLength(3);
    } finally {
      await big.stop();
    }
  });
});

describe('connection failures, explained', () => {
  it('nothing listening: UNREACHABLE', async () => {
    const mcp = manager();
    const url = await closedPortUrl();
    await mcp.sync([{ name: 'gone', url, enabled: true }]);
    expect(mcp.states()[0]).toMatchObject({
      status: 'failed',
      error: { code: 'UNREACHABLE', message: expect.stringContaining(url), suggestion: expect.stringMatching(/running.*host and port/) },
    });
  });

  it('no or wrong credentials: AUTH_FAILED (and no fallback that would hide it)', async () => {
    const mcp = manager();
    await mcp.sync([
      { name: 'none', url: locked.url, enabled: true },
      { name: 'wrong', url: locked.url, headers: { Authorization: 'Bearer nope' }, enabled: true },
    ]);
    for (const state of mcp.states()) {
      expect(state).toMatchObject({
        status: 'failed',
        error: { code: 'AUTH_FAILED', message: expect.stringContaining('401 Unauthorized'), suggestion: expect.stringContaining('Authorization header') },
      });
      expect(JSON.stringify(state)).not.toContain('nope');
    }
  });

  it('a wrong path: NOT_FOUND, after trying both transports', async () => {
    const mcp = manager();
    await mcp.sync([{ name: 'typo', url: notes.url.replace('/mcp', '/mpc'), enabled: true }]);
    expect(mcp.states()[0]).toMatchObject({ status: 'failed', error: { code: 'NOT_FOUND', suggestion: expect.stringContaining('/mcp') } });
  });

  it('a web page or another JSON API: NOT_MCP', async () => {
    const page = await startNotMcpServer('html');
    const api = await startNotMcpServer('json');
    try {
      const mcp = manager();
      await mcp.sync([
        { name: 'page', url: page.url, enabled: true },
        { name: 'api', url: api.url, enabled: true },
      ]);
      for (const state of mcp.states())
        expect(state).toMatchObject({ status: 'failed', error: { code: 'NOT_MCP', message: expect.stringContaining('not as an MCP server') } });
    } finally {
      await Promise.all([page.close(), api.close()]);
    }
  });

  it('a server that never answers: CONNECT_TIMEOUT, not a hang', async () => {
    const silent = await startNotMcpServer('silent');
    try {
      const mcp = manager({ connectTimeoutMs: 300 });
      await mcp.sync([{ name: 'stuck', url: silent.url, enabled: true }]);
      expect(mcp.states()[0]).toMatchObject({ status: 'failed', error: { code: 'CONNECT_TIMEOUT', message: expect.stringContaining('did not answer') } });
    } finally {
      await silent.close();
    }
  });
});

describe('a server that goes away, and comes back', () => {
  it('is marked SERVER_GONE when it stops, and reconnect brings its tools back', async () => {
    const server = await startMcpTestServer();
    const port = Number(new URL(server.url).port);
    const mcp = manager();
    await mcp.sync([{ name: 'flaky', url: server.url, enabled: true }]);
    expect(mcp.states()[0]?.status).toBe('connected');
    await server.stop();
    const gone = await waitForServer(mcp, 'flaky', (s) => s.status === 'failed');
    expect(gone.error).toMatchObject({ code: 'SERVER_GONE', suggestion: expect.stringContaining('Reconnect') });
    expect(mcp.tools()).toEqual([]);

    const back = await startMcpTestServer({ port });
    try {
      expect(await mcp.reconnect('flaky')).toMatchObject({ status: 'connected', toolCount: 8 });
      expect(mcp.tools()).toHaveLength(8);
    } finally {
      await back.stop();
    }
  });
});
