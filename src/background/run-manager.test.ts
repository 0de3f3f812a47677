import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { initialAppState } from '../runtime/context.js';
import type { RunCheckpoint } from '../runtime/checkpoint.js';
import { emptyUsage } from '../runtime/model/types.js';
import type { BrowserBridge, TabInfo } from '../runtime/browser.js';
import type { WorkerToPanel } from '../shared/protocol/panel.js';
import type { PanelLink } from './panels.js';
import { appendPersonMessage } from './run-manager.js';
import { ofType, setup } from '../../tests/support/run-manager-harness.js';

describe('RunManager', () => {
  it('binds a tab to a conversation, runs, streams events to the bound panel and saves the transcript', async () => {
    const { manager, posted, link, store, handle } = setup([{ text: 'Hello there.' }]);
    await handle(link, { type: 'bind_tab', tabId: 4 });
    const [state] = ofType(posted, 'conversation_state');
    expect(state).toMatchObject({ tabId: 4, run: { status: 'idle' }, transcript: [] });
    const conversationId = state!.conversationId;

    await handle(link, { type: 'send_message', conversationId, text: 'Hi' });
    await manager.settled(conversationId);

    const deltas = ofType(posted, 'agent_event').filter((m) => m.event.type === 'text_delta');
    expect(deltas.map((m) => (m.event.type === 'text_delta' ? m.event.text : '')).join('')).toBe('Hello there.');
    expect(ofType(posted, 'run_state').map((m) => m.run.status)).toEqual(['running', 'idle']);
    const transcript = await store.getTranscript(conversationId);
    expect(transcript.map((e) => (e.kind === 'message' ? e.message.role : e.kind))).toEqual(['user', 'assistant']);
    expect((await store.getConversation(conversationId))?.title).toBe('Hi');
    expect((await store.getRun(conversationId))?.messages).toHaveLength(2);

    // Binding the same tab again finds the same conversation.
    await handle(link, { type: 'bind_tab', tabId: 4 });
    expect(ofType(posted, 'conversation_state').at(-1)?.conversationId).toBe(conversationId);
  });

  it('does not send a conversation’s events to panels bound elsewhere', async () => {
    const { manager, link, posted, handle } = setup([{ text: 'One.' }]);
    const other: WorkerToPanel[] = [];
    const otherLink: PanelLink = { post: (m) => other.push(m) };
    manager.attach(otherLink);
    await handle(otherLink, { type: 'bind_tab', tabId: 2 });
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Go' });
    await manager.settled(conversationId);
    expect(other.some((m) => m.type === 'agent_event')).toBe(false);
  });

  it('refuses with a notice on invalid settings or a missing key, without calling the model', async () => {
    for (const [settings, code] of [
      [{ provider: 'nope' }, 'SETTINGS_INVALID'],
      [{ provider: 'anthropic' }, 'NO_API_KEY'],
    ] as const) {
      const { manager, posted, link, model, handle, store } = setup([], { settings });
      await handle(link, { type: 'bind_tab', tabId: 1 });
      const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
      await handle(link, { type: 'send_message', conversationId, text: 'Hi' });
      expect(ofType(posted, 'notice').map((n) => n.code)).toContain(code);
      expect(model.requests).toHaveLength(0);
      expect(manager.isRunning(conversationId)).toBe(false);
      // Failed before any reply, it is still named by what the person asked, not "New conversation".
      expect((await store.getConversation(conversationId))?.title).toBe('Hi');
      expect(
        ofType(posted, 'conversations')
          .at(-1)
          ?.conversations.find((c) => c.id === conversationId)?.title,
      ).toBe('Hi');
    }
  });

  it('asks the panel before a call that changes something, and runs it once allowed', async () => {
    const { manager, posted, link, calls, handle } = setup([{ toolCalls: [{ id: 't1', name: 'note', input: { text: 'a' } }] }, { text: 'Done.' }]);
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Note a' });
    await expect.poll(() => ofType(posted, 'permission_request').length).toBe(1);
    expect(ofType(posted, 'permission_request')[0]?.request).toMatchObject({ toolUseId: 't1', toolName: 'note' });
    expect(calls).toEqual([]);
    await handle(link, { type: 'permission_response', conversationId, toolUseId: 't1', choice: 'allow_once' });
    await manager.settled(conversationId);
    expect(calls).toEqual(['a']);
    expect(ofType(posted, 'permission_resolved')).toHaveLength(1);
  });

  it('Stop interrupts a run waiting on the model', async () => {
    const { manager, posted, link, handle } = setup([{ hang: true, text: 'Thinking' }]);
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Go' });
    await expect.poll(() => ofType(posted, 'agent_event').some((m) => m.event.type === 'text_delta')).toBe(true);
    await handle(link, { type: 'stop', conversationId });
    await manager.settled(conversationId);
    const finished = ofType(posted, 'agent_event').find((m) => m.event.type === 'run_finished');
    expect(finished?.event).toMatchObject({ reason: 'interrupted' });
  });

  it('after a restart, shows a cut-off run as interrupted and resumes without re-running its in-flight call', async () => {
    const dbName = `restart-${Math.random()}`;
    const before = setup([], { dbName });
    await before.handle(before.link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(before.posted, 'conversation_state')[0]!.conversationId;
    // What a worker stopped mid-call leaves behind: a 'running' record whose checkpoint has the call in flight.
    const messages = [
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Note x' }] },
      { role: 'assistant' as const, content: [{ type: 'tool_use' as const, id: 'cut1', name: 'note', input: { text: 'x' } }] },
    ];
    const checkpoint: RunCheckpoint = {
      runId: 'r1',
      messages,
      turn: 1,
      toolCalls: 1,
      usage: emptyUsage(),
      inFlight: ['cut1'],
      budget: [],
      appState: initialAppState(),
      currentTabId: 1,
      status: 'running',
    };
    await before.store.putRun({ conversationId, messages, status: 'running', runId: 'r1', checkpoint });
    await before.store.putTranscript(conversationId, [
      { kind: 'message', message: messages[0]! },
      { kind: 'message', message: messages[1]! },
      { kind: 'tool_call', toolUseId: 'cut1', name: 'note', input: { text: 'x' }, description: 'note', status: 'running' },
    ]);

    const after = setup([{ text: 'Picked up again.' }], { dbName });
    await after.handle(after.link, { type: 'bind_tab', tabId: 1 });
    const state = ofType(after.posted, 'conversation_state')[0]!;
    expect(state.conversationId).toBe(conversationId);
    expect(state.run.status).toBe('interrupted');
    expect(state.transcript.find((e) => e.kind === 'tool_call')).toMatchObject({ status: 'error', error: { code: 'INTERRUPTED' } });

    await after.handle(after.link, { type: 'resume', conversationId });
    await after.manager.settled(conversationId);
    expect(after.calls).toEqual([]);
    const sent = after.model.requests[0]!.messages;
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'cut1', is_error: true }] });
    expect((await after.store.getRun(conversationId))?.status).toBe('idle');

    // Resuming twice is refused: the run is no longer interrupted.
    await after.handle(after.link, { type: 'resume', conversationId });
    expect(ofType(after.posted, 'notice').map((n) => n.code)).toContain('NOTHING_TO_RESUME');
  });
});

describe('RunManager and revoked grants', () => {
  it('a grant revoked in Settings does not come back with Resume from the run’s checkpoint', async () => {
    const dbName = `revoked-${Math.random()}`;
    const before = setup([], { dbName });
    await before.handle(before.link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(before.posted, 'conversation_state')[0]!.conversationId;
    // The run had been given both grants; a.test was revoked in Settings after the worker stopped.
    await before.grants.add({ origin: 'https://b.test', tool: 'post' });
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Post twice' }] }];
    const appState = {
      ...initialAppState(),
      grants: [
        { origin: 'https://a.test', tool: 'post' },
        { origin: 'https://b.test', tool: 'post' },
      ],
    };
    const checkpoint: RunCheckpoint = {
      runId: 'r1',
      messages,
      turn: 0,
      toolCalls: 0,
      usage: emptyUsage(),
      inFlight: [],
      budget: [],
      appState,
      currentTabId: 1,
      status: 'running',
    };
    await before.store.putRun({ conversationId, messages, status: 'running', runId: 'r1', checkpoint });

    const after = setup(
      [
        { toolCalls: [{ id: 'p_a', name: 'post', input: { url: 'https://a.test/form' } }] },
        { toolCalls: [{ id: 'p_b', name: 'post', input: { url: 'https://b.test/form' } }] },
        { text: 'Done.' },
      ],
      { dbName },
    );
    await after.handle(after.link, { type: 'bind_tab', tabId: 1 });
    await after.handle(after.link, { type: 'resume', conversationId });
    await expect.poll(() => ofType(after.posted, 'permission_request').map((m) => m.request.site)).toEqual(['https://a.test/form']);
    await after.handle(after.link, { type: 'permission_response', conversationId, toolUseId: 'p_a', choice: 'deny' });
    await after.manager.settled(conversationId);
    // a.test asked (and was denied); b.test, still granted, ran without asking.
    expect(after.calls).toEqual(['post https://b.test/form']);
    expect(ofType(after.posted, 'permission_request')).toHaveLength(1);
  });
});

describe('RunManager restart before the first checkpoint', () => {
  it('keeps the person’s new message even when the worker stops before the run’s first checkpoint', async () => {
    const dbName = `early-stop-${Math.random()}`;
    const first = setup([{ hang: true }], { dbName });
    await first.handle(first.link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(first.posted, 'conversation_state')[0]!.conversationId;
    // An earlier run was interrupted: its record still has that run's checkpoint.
    const old = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'First question' }] }];
    const checkpoint: RunCheckpoint = {
      runId: 'r0',
      messages: old,
      turn: 0,
      toolCalls: 0,
      usage: emptyUsage(),
      inFlight: [],
      budget: [],
      appState: initialAppState(),
      currentTabId: 1,
      status: 'running',
    };
    await first.store.putRun({ conversationId, messages: old, status: 'interrupted', runId: 'r0', checkpoint });

    // The new run's checkpoints never land (the worker "stops" before the loop saves one).
    const putRun = first.store.putRun.bind(first.store);
    first.store.putRun = async (record) => (record.runId !== 'r0' && record.checkpoint ? undefined : putRun(record));
    await first.handle(first.link, { type: 'send_message', conversationId, text: 'Second question' });

    const after = setup([], { dbName });
    await after.manager.ready;
    const record = await after.store.getRun(conversationId);
    expect(record?.status).toBe('interrupted');
    expect(JSON.stringify(record?.messages)).toContain('Second question');
    first.manager.stop(conversationId);
    await first.manager.settled(conversationId);
  });
});

describe('RunManager.delete_conversation', () => {
  it('stops the conversation’s run, then removes it with its transcript and run state', async () => {
    const { manager, posted, link, store, handle } = setup([{ hang: true }]);
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Go' });
    expect(manager.isRunning(conversationId)).toBe(true);
    await handle(link, { type: 'delete_conversation', conversationId });
    expect(manager.isRunning(conversationId)).toBe(false);
    expect(await store.getConversation(conversationId)).toBeUndefined();
    expect(await store.getTranscript(conversationId)).toEqual([]);
    expect(await store.getRun(conversationId)).toBeUndefined();
    expect(
      ofType(posted, 'conversations')
        .at(-1)
        ?.conversations.some((c) => c.id === conversationId),
    ).toBe(false);
  });
});

describe('RunManager.forgetTab', () => {
  it('unbinds a closed tab’s conversations so a reused tab id starts fresh, keeping them listed', async () => {
    const { manager, posted, link, store, handle } = setup([]);
    await handle(link, { type: 'bind_tab', tabId: 8 });
    await handle(link, { type: 'bind_tab', tabId: 9 });
    const [first, second] = ofType(posted, 'conversation_state').map((m) => m.conversationId);
    await manager.forgetTab(8);
    expect((await store.getConversation(first!))?.tabId).toBeUndefined();
    expect((await store.getConversation(second!))?.tabId).toBe(9);
    await handle(link, { type: 'bind_tab', tabId: 8 });
    expect(ofType(posted, 'conversation_state').at(-1)?.conversationId).not.toBe(first);
    await manager.forgetTab(undefined);
    expect((await store.getConversation(second!))?.tabId).toBeUndefined();
    expect(await store.listConversations()).toHaveLength(3);
  });

  it('lets an interrupted run resume without its closed tab rather than on a tab that reuses the id', async () => {
    const { manager, store } = setup([]);
    const checkpoint: RunCheckpoint = {
      runId: 'r',
      messages: [],
      turn: 0,
      toolCalls: 0,
      usage: emptyUsage(),
      inFlight: [],
      budget: [],
      appState: initialAppState(),
      currentTabId: 8,
      status: 'running',
    };
    await store.putRun({ conversationId: 'c1', messages: [], status: 'interrupted', checkpoint });
    await store.putRun({ conversationId: 'c2', messages: [], status: 'interrupted', checkpoint: { ...checkpoint, currentTabId: 9 } });
    await manager.forgetTab(8);
    expect((await store.getRun('c1'))?.checkpoint?.currentTabId).toBeUndefined();
    expect((await store.getRun('c2'))?.checkpoint?.currentTabId).toBe(9);
  });
});

describe('appendPersonMessage', () => {
  it('merges into a trailing user message (tool results after an interruption) so roles alternate', () => {
    const merged = appendPersonMessage([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: [] }] }], 'next');
    expect(merged).toEqual([
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: [] },
          { type: 'text', text: 'next' },
        ],
      },
    ]);
    expect(appendPersonMessage([], 'first')).toEqual([{ role: 'user', content: [{ type: 'text', text: 'first' }] }]);
  });

  it('moves the conversation to a tab the agent brings to the front, before the tab shows', async () => {
    const events: string[] = [];
    const seen: { store?: ReturnType<typeof setup>['store'] } = {};
    const tab = (id: number): TabInfo => ({ id, windowId: 1, url: `https://example.com/${id}`, title: `Tab ${id}`, active: true, status: 'complete' });
    const browser = {
      getTab: async (id: number) => tab(id),
      activateTab: async (id: number) => {
        // What a panel following the active tab would find at the moment the tab comes to the front.
        const conversations = await seen.store!.listConversations();
        events.push(`activate ${id}: conversation on ${conversations.map((c) => c.tabId).join(',')}`);
        return tab(id);
      },
    } as unknown as BrowserBridge;
    const setupResult = setup([{ toolCalls: [{ id: 't1', name: 'front', input: { tab_id: 9 } }] }, { text: 'Done.' }], {
      browser,
      settings: { anthropic: { apiKey: 'k' }, permissionMode: 'auto' },
    });
    seen.store = setupResult.store;
    const { manager, link, posted, store, handle } = setupResult;
    await handle(link, { type: 'bind_tab', tabId: 4 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Go to tab 9' });
    await manager.settled(conversationId);

    expect(events).toEqual(['activate 9: conversation on 9']);
    expect((await store.getConversation(conversationId))?.tabId).toBe(9);
    // A panel that now follows tab 9 finds the same conversation.
    await handle(link, { type: 'bind_tab', tabId: 9 });
    expect(ofType(posted, 'conversation_state').at(-1)?.conversationId).toBe(conversationId);
  });
});

describe('RunManager totals', () => {
  it('adds each finished run to the conversation’s totals and shows them with its state', async () => {
    // The scripted model has no built-in price; the person's price table gives it one.
    const prices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
    const { manager, posted, link, store, handle } = setup(
      [
        { text: 'One.', usage: { inputTokens: 1_000, outputTokens: 100 } },
        { text: 'Two.', usage: { inputTokens: 2_000, outputTokens: 200 } },
      ],
      { settings: { anthropic: { apiKey: 'k' }, models: { 'scripted-model': { prices } } } },
    );
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'First' });
    await manager.settled(conversationId);
    await handle(link, { type: 'send_message', conversationId, text: 'Second' });
    await manager.settled(conversationId);
    const totals = (await store.getConversation(conversationId))?.totals;
    expect(totals).toMatchObject({ runs: 2, usage: { inputTokens: 3_000, outputTokens: 300 }, runsWithoutPrice: 0 });
    // $3 in / $15 out per million tokens.
    expect(totals?.costUsd).toBeCloseTo(0.0135, 6);
    expect(ofType(posted, 'run_state').at(-1)?.totals).toEqual(totals);
    await handle(link, { type: 'bind_tab', tabId: 1 });
    expect(ofType(posted, 'conversation_state').at(-1)?.totals).toEqual(totals);
  });
});

describe('RunManager totals without a price', () => {
  it('counts runs whose model has no price apart, instead of adding $0', async () => {
    const { manager, posted, link, store, handle } = setup([{ text: 'One.', usage: { inputTokens: 1_000, outputTokens: 100 } }]);
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'First' });
    await manager.settled(conversationId);
    expect((await store.getConversation(conversationId))?.totals).toMatchObject({ runs: 1, costUsd: 0, runsWithoutPrice: 1 });
  });
});
