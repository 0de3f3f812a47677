import { describe, expect, it } from 'vitest';
import type { Settings } from '../../src/shared/settings.js';
import { McpModel } from './mcp-model.js';
import { parseHeaderLines, SettingsModel } from './settings-model.js';

function storage(initial: unknown) {
  const writes: Settings[] = [];
  return { writes, storage: { read: async () => initial, write: async (settings: Settings) => void writes.push(settings) } };
}

describe('MCP servers in the settings form', () => {
  it('reads header lines as Name: value, and refuses a line without a name', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b\n\n X-Team : web ')).toEqual({ headers: { Authorization: 'Bearer a:b', 'X-Team': 'web' } });
    expect(parseHeaderLines('just a token')).toMatchObject({ error: expect.stringContaining('Name: value') });
  });

  it('adds a server, saves its headers from the lines typed, and shows the lines again when loaded', async () => {
    const { writes, storage: store } = storage({ anthropic: { apiKey: 'k' } });
    const model = new SettingsModel(store);
    await model.load();
    model.addMcpServer();
    model.editMcpServer(0, { name: 'shop', url: 'http://127.0.0.1:3000/mcp' });
    model.editMcpHeaders(0, 'Authorization: Bearer secret');
    expect(await model.save()).toBe(true);
    expect(writes.at(-1)?.mcpServers).toEqual([{ name: 'shop', url: 'http://127.0.0.1:3000/mcp', enabled: true, headers: { Authorization: 'Bearer secret' } }]);
    const reloaded = new SettingsModel(storage(writes.at(-1)).storage);
    await reloaded.load();
    expect(reloaded.mcpHeaderText.value[0]).toBe('Authorization: Bearer secret');
  });

  it('shows what is wrong with a server by field, and saves nothing', async () => {
    const { writes, storage: store } = storage({ anthropic: { apiKey: 'k' } });
    const model = new SettingsModel(store);
    await model.load();
    model.addMcpServer();
    model.editMcpServer(0, { name: 'Shop Server', url: 'ftp://x' });
    model.editMcpHeaders(0, 'oops');
    expect(await model.save()).toBe(false);
    expect(writes).toEqual([]);
    const errors = model.fieldErrors.value;
    expect(errors['mcpServers.0.name']).toMatch(/lower-case/);
    expect(errors['mcpServers.0.url']).toMatch(/http/);
    expect(errors['mcpServers.0.headers']).toMatch(/Name: value/);
  });

  it('removing a server keeps the other servers’ header lines with them', async () => {
    const model = new SettingsModel(
      storage({
        anthropic: { apiKey: 'k' },
        mcpServers: [
          { name: 'a', url: 'http://127.0.0.1:1/mcp', headers: { A: '1' } },
          { name: 'b', url: 'http://127.0.0.1:2/mcp', headers: { B: '2' } },
        ],
      }).storage,
    );
    await model.load();
    model.removeMcpServer(0);
    expect(model.draft.value.mcpServers.map((s) => s.name)).toEqual(['b']);
    expect(model.mcpHeaderText.value).toEqual({ 0: 'B: 2' });
  });
});

describe('McpModel', () => {
  const state = (name: string, status: 'connected' | 'failed') => ({ name, url: `http://127.0.0.1/${name}`, enabled: true, status, since: 1 });

  it('lists the states, takes the worker’s pushes, and reconnects one server', async () => {
    const sent: unknown[] = [];
    const model = new McpModel(async (message) => {
      sent.push(message);
      const { method } = message as { method: string };
      if (method === 'mcp.states') return { ok: true, data: { servers: [state('a', 'failed')] } };
      return { ok: true, data: { server: state('a', 'connected') } };
    });
    await model.refresh();
    expect(model.stateOf('a')?.status).toBe('failed');
    await model.reconnect('a');
    expect(sent.at(-1)).toEqual({ method: 'mcp.reconnect', params: { name: 'a' } });
    expect(model.stateOf('a')?.status).toBe('connected');
    expect(model.reconnecting.value.size).toBe(0);
    model.apply([state('b', 'connected')]);
    expect(model.servers.value.map((s) => s.name)).toEqual(['b']);
  });
});

describe('prices in the settings form', () => {
  it('overrides the model in use, saves, and goes back to the built-in table', async () => {
    const { writes, storage: store } = storage({ anthropic: { apiKey: 'k', model: 'claude-sonnet-4-5' } });
    const model = new SettingsModel(store);
    await model.load();
    model.editModelPrices('claude-sonnet-4-5', { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 });
    expect(await model.save()).toBe(true);
    expect(writes.at(-1)?.models).toEqual({ 'claude-sonnet-4-5': { prices: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 } } });
    model.editModelPrices('claude-sonnet-4-5', undefined);
    expect(await model.save()).toBe(true);
    expect(writes.at(-1)?.models).toEqual({});
  });
});
