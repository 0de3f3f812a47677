/**
 * Coding agents through the worker's real run machinery (RunManager, RunSession, the loop, the executor,
 * the permission system and the stores on fake-indexeddb), with the helper's pipe faked: what a session
 * is allowed, what it is asked, and how it ends.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryResultStore } from '../../runtime/budget.js';
import { buildToolPool } from '../../runtime/registry.js';
import { buildTool } from '../../runtime/tool.js';
import type { WorkerToPanel } from '../../shared/protocol/panel.js';
import { parseSettings, type Settings } from '../../shared/settings.js';
import { createActivityStore } from '../../storage/activity.js';
import { createConversationStore } from '../../storage/conversations.js';
import { openDatabase } from '../../storage/database.js';
import { createGrantStore } from '../../storage/grants.js';
import { listTabs } from '../../tools/tab/list-tabs.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import type { PanelLink } from '../panels.js';
import { RunManager } from '../run-manager.js';
import { ExternalAgents } from './agents.js';
import { NativeLink, type NativePort } from './native-link.js';

let databases = 0;

function setup(agentSettings: Partial<Settings['externalAgents']> = { enabled: true }) {
  const database = openDatabase(`agents-${++databases}-${Math.random()}`);
  const activity = createActivityStore(database);
  const posts: string[] = [];
  // A tool that changes something on a site: asks in ask mode.
  const post = buildTool({
    name: 'post',
    prompt: 'Posts a message to a site (test tool).',
    inputSchema: z.object({ text: z.string() }),
    permissionSubject: () => 'https://forum.test',
    description: (input: { text: string }) => `Post “${input.text}”`,
    call: async (input: { text: string }) => {
      posts.push(input.text);
      return { data: { posted: input.text } };
    },
  });
  const pool = [listTabs, post];
  const settings = parseSettings({ externalAgents: agentSettings });
  if (!settings.ok) throw new Error(settings.message);
  const manager = new RunManager({
    conversations: createConversationStore(database),
    grants: createGrantStore(database),
    resultStore: createMemoryResultStore(),
    activity,
    browser: new FakeBrowser(),
    // No API key: an outside session asks no model of the person's.
    loadSettings: async () => settings,
    createModel: () => {
      throw new Error('an outside session must not ask the person’s model');
    },
    getTools: (permissions) => buildToolPool(pool, [], permissions),
  });
  const panel: WorkerToPanel[] = [];
  const panelLink: PanelLink = { post: (m) => panel.push(structuredClone(m)) };
  manager.attach(panelLink);
  const badges: string[] = [];
  const agents = new ExternalAgents({
    manager,
    grants: createGrantStore(database),
    getTools: (permissions) => buildToolPool(pool, [], permissions),
    badge: { show: (badge) => badges.push(badge.text) },
    extensionId: 'x'.repeat(32),
  });
  const toHost: Array<Record<string, unknown>> = [];
  const port: NativePort = {
    postMessage: (m) => toHost.push(m as Record<string, unknown>),
    disconnect: () => undefined,
    onMessage: { addListener: () => undefined },
    onDisconnect: { addListener: () => undefined },
  };
  let connects = 0;
  const link = new NativeLink({
    connectNative: () => (connects++, port),
    lastError: () => undefined,
    extensionId: 'x',
    onMessage: () => undefined,
    onStatus: () => undefined,
  });
  agents.attachLink(link);
  const sent = (type: string, connection = 'c1') => toHost.filter((m) => m['type'] === type && m['connection'] === connection);
  const until = async (check: () => unknown) => expect.poll(check).toBeTruthy();
  return { connects: () => connects, manager, agents, settings: settings.settings, toHost, sent, until, panel, panelLink, badges, posts, activity };
}

const client = { name: 'claude-code', version: '1.2.3' };

describe('coding agents in the worker', () => {
  it('runs no helper while Coding agents is off (the default), and starts it when the person turns it on', async () => {
    const { agents, settings, connects } = setup({});
    expect(settings.externalAgents).toEqual({ enabled: false, permissionMode: 'ask' });
    await agents.sync(settings);
    expect(connects()).toBe(0);
    expect(agents.state().bridge).toEqual({ status: 'off' });
    // Try again does not start it either while the switch is off.
    agents.retry();
    expect(connects()).toBe(0);
    await agents.sync({ ...settings, externalAgents: { enabled: true, permissionMode: 'ask' } });
    expect(connects()).toBe(1);
    expect(agents.state().bridge).toEqual({ status: 'starting' });
  });

  it('takes one client at a time, refusing a second by the first one’s name', async () => {
    const { agents, settings, sent } = setup();
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    await agents.receive({ type: 'open', connection: 'c2', client: { name: 'cursor', version: '1' } });
    expect(sent('accepted')).toEqual([expect.objectContaining({ name: 'Claude Code' })]);
    expect(sent('refused', 'c2')).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ code: 'CLIENT_BUSY', message: expect.stringContaining('Claude Code is already connected') }),
      }),
    ]);
    expect(agents.state().clients.map((c) => c.name)).toEqual(['Claude Code']);
  });

  it('runs its calls through the run: a read runs, the conversation is named after it, and the log says who asked', async () => {
    const { agents, settings, sent, until, manager } = setup({ enabled: true, permissionMode: 'auto' });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    await agents.receive({ type: 'request', connection: 'c1', id: 1, method: 'tools/list', params: {} });
    expect(sent('response')[0]).toMatchObject({
      id: 1,
      result: { tools: [expect.objectContaining({ name: 'list_tabs' }), expect.objectContaining({ name: 'post' })] },
    });
    await agents.receive({ type: 'request', connection: 'c1', id: 2, method: 'tools/call', params: { name: 'post', arguments: { text: 'hello' } } });
    await until(() => sent('response').find((m) => m['id'] === 2));
    expect(sent('response').find((m) => m['id'] === 2)).toMatchObject({
      result: { isError: false, structuredContent: { posted: 'hello' }, _meta: { 'dev.pagewright/allowedBy': 'auto mode' } },
    });
    const conversationId = agents.state().clients[0]!.conversationId;
    await until(async () => (await manager.conversations.get(conversationId))?.title === 'Claude Code · 1 call');
    expect(manager.isRunning(conversationId)).toBe(true);
    // The person's message does not reach it, and they are told so.
    const refusal = await manager.startRun(conversationId, { text: 'stop that' });
    expect(refusal).toMatchObject({ code: 'DRIVEN_BY_AGENT' });
  });

  it('asks the person in the panel (and says so to the client) before a call that changes something; denied, it is PERMISSION_DENIED', async () => {
    const { agents, settings, sent, until, panel, panelLink, badges, posts, manager, activity } = setup({ enabled: true, permissionMode: 'ask' });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    const conversationId = agents.state().clients[0]!.conversationId;
    panelLink.conversationId = conversationId; // the person's panel shows the session's conversation
    await agents.receive({ type: 'request', connection: 'c1', id: 5, method: 'tools/call', params: { name: 'post', arguments: { text: 'spam' } } });
    await until(() => panel.find((m) => m.type === 'permission_request'));
    expect(sent('progress')).toEqual([
      expect.objectContaining({ id: 5, message: expect.stringContaining('Waiting for the person to answer in Pagewright’s side panel: Post “spam”') }),
    ]);
    expect(agents.state().clients[0]?.waiting).toBe(true);
    expect(badges.at(-1)).toBe('!');
    const request = panel.find((m): m is Extract<WorkerToPanel, { type: 'permission_request' }> => m.type === 'permission_request')!.request;
    manager.answerPermission(conversationId, request.toolUseId, { choice: 'deny' });
    await until(() => sent('response').find((m) => m['id'] === 5));
    expect(sent('response').find((m) => m['id'] === 5)).toMatchObject({
      result: { isError: true, structuredContent: { error: { code: 'PERMISSION_DENIED' } } },
    });
    expect(posts).toEqual([]);
    expect(badges.at(-1)).toBe('ON');
    // Allowed this time: it runs, and the activity log names who asked.
    await agents.receive({ type: 'request', connection: 'c1', id: 6, method: 'tools/call', params: { name: 'post', arguments: { text: 'hi' } } });
    await until(() => panel.filter((m) => m.type === 'permission_request').length === 2);
    const second = panel.filter((m): m is Extract<WorkerToPanel, { type: 'permission_request' }> => m.type === 'permission_request')[1]!.request;
    manager.answerPermission(conversationId, second.toolUseId, { choice: 'allow_once' });
    await until(() => sent('response').find((m) => m['id'] === 6));
    expect(posts).toEqual(['hi']);
    await until(async () => (await activity.list(conversationId)).length === 1);
    expect((await activity.list(conversationId))[0]).toMatchObject({ tool: 'post', askedBy: 'Claude Code', allowedBy: 'the person (once)' });
  });

  it('sends no progress for a call whose client takes none, also while it waits for the person', async () => {
    const { agents, settings, sent, until, panel, panelLink, manager, posts } = setup({ enabled: true, permissionMode: 'ask' });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    const conversationId = agents.state().clients[0]!.conversationId;
    panelLink.conversationId = conversationId;
    const params = { name: 'post', arguments: { text: 'quiet' } };
    await agents.receive({ type: 'request', connection: 'c1', id: 7, method: 'tools/call', params, progress: false });
    await until(() => panel.find((m) => m.type === 'permission_request'));
    expect(agents.state().clients[0]?.waiting).toBe(true);
    const request = panel.find((m): m is Extract<WorkerToPanel, { type: 'permission_request' }> => m.type === 'permission_request')!.request;
    manager.answerPermission(conversationId, request.toolUseId, { choice: 'allow_once' });
    await until(() => sent('response').find((m) => m['id'] === 7));
    expect(posts).toEqual(['quiet']);
    expect(sent('progress')).toEqual([]);
  });

  it('ends the session when its client goes: the run ends and the badge clears', async () => {
    const { agents, settings, until, manager, badges } = setup({ enabled: true, permissionMode: 'auto' });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    await agents.receive({ type: 'request', connection: 'c1', id: 1, method: 'tools/call', params: { name: 'list_tabs', arguments: {} } });
    const conversationId = agents.state().clients[0]!.conversationId;
    await until(() => manager.isRunning(conversationId));
    await agents.receive({ type: 'gone', connection: 'c1' });
    await manager.settled(conversationId);
    expect(manager.isRunning(conversationId)).toBe(false);
    expect(agents.state().clients).toEqual([]);
    expect(badges.at(-1)).toBe('');
  });

  it('tells the client it was disconnected when the person presses Disconnect, and lists the tools again when the mode changes', async () => {
    const { agents, settings, sent } = setup({ enabled: true, permissionMode: 'auto' });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    await agents.sync({ ...settings, externalAgents: { enabled: true, permissionMode: 'read-only' } });
    expect(sent('tools_changed')).toHaveLength(1);
    expect(await agents.disconnect('c1')).toBe(true);
    expect(sent('closed')).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: 'DISCONNECTED_BY_PERSON' }) })]);
    expect(agents.state().clients).toEqual([]);
  });

  it('ends every session, telling its client why, when the person turns Coding agents off', async () => {
    const { agents, settings, sent } = setup({ enabled: true });
    await agents.sync(settings);
    await agents.receive({ type: 'open', connection: 'c1', client });
    await agents.sync({ ...settings, externalAgents: { enabled: false, permissionMode: 'ask' } });
    expect(sent('closed')).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: 'CODING_AGENTS_OFF' }) })]);
    expect(agents.state()).toMatchObject({ clients: [], bridge: { status: 'off' } });
  });
});
