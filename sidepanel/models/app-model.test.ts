import { describe, expect, it } from 'vitest';
import type { PanelToWorker } from '../../src/shared/protocol/panel.js';
import { AppModel } from './app-model.js';
import type { PortLike } from './port-client.js';

function setup(pinnedTabId: number | undefined) {
  const ports: { posted: PanelToWorker[]; fromWorker: (m: unknown) => void; stop: () => void }[] = [];
  const timers: (() => void)[] = [];
  let activate: ((info: { tabId: number; windowId: number }) => void) | undefined;
  const app = new AppModel({
    connect: () => {
      const messageListeners: ((m: unknown) => void)[] = [];
      const disconnectListeners: (() => void)[] = [];
      const posted: PanelToWorker[] = [];
      ports.push({ posted, fromWorker: (m) => messageListeners.forEach((l) => l(m)), stop: () => disconnectListeners.forEach((l) => l()) });
      const port: PortLike = {
        postMessage: (m) => posted.push(m as PanelToWorker),
        disconnect: () => undefined,
        onMessage: { addListener: (l) => messageListeners.push(l) },
        onDisconnect: { addListener: (l) => disconnectListeners.push(l) },
      };
      return port;
    },
    tabs: {
      activeTabId: async () => 11,
      windowId: async () => 1,
      onActivated: (listener) => {
        activate = listener;
        return () => undefined;
      },
    },
    settingsStorage: { read: async () => undefined, write: async () => undefined },
    request: async () => ({ ok: true, data: [] }),
    pinnedTabId,
    schedule: (callback) => timers.push(callback),
  });
  return { app, ports, timers, activate: (tabId: number) => activate?.({ tabId, windowId: 1 }) };
}

const state = (conversationId: string) => ({ type: 'conversation_state', conversationId, title: 't', transcript: [], run: { status: 'idle' } });

describe('AppModel', () => {
  it('binds a pinned tab on connect and lists conversations', async () => {
    const { app, ports } = setup(4);
    await app.start();
    expect(ports[0]?.posted).toEqual([{ type: 'bind_tab', tabId: 4 }, { type: 'list_conversations' }]);
  });

  it('binds the active tab and follows tab switches', async () => {
    const { app, ports, activate } = setup(undefined);
    await app.start();
    expect(ports[0]?.posted).toContainEqual({ type: 'bind_tab', tabId: 11 });
    activate(12);
    expect(ports[0]?.posted.at(-1)).toEqual({ type: 'bind_tab', tabId: 12 });
  });

  it('after the worker restarts, re-binds and re-opens the conversation the person had opened, then shows the restored state', async () => {
    const { app, ports, timers } = setup(4);
    await app.start();
    app.openConversation('old');
    ports[0]?.fromWorker(state('old'));
    ports[0]?.stop();
    expect(app.port.status.value).toBe('reconnecting');
    timers[0]?.();
    expect(ports[1]?.posted).toEqual([{ type: 'bind_tab', tabId: 4 }, { type: 'open_conversation', conversationId: 'old' }, { type: 'list_conversations' }]);
    ports[1]?.fromWorker({ ...state('old'), run: { status: 'interrupted' } });
    expect(app.conversation.run.value.status).toBe('interrupted');
  });

  it('deleting the shown conversation re-binds the tab to get its new conversation', async () => {
    const { app, ports } = setup(4);
    await app.start();
    ports[0]?.fromWorker(state('c1'));
    ports[0]?.fromWorker({ type: 'conversations', conversations: [{ id: 'c1', title: 't', createdAt: 1, updatedAt: 2, runStatus: 'idle' }] });
    app.deleteConversation('c1');
    expect(app.conversations.list.value).toEqual([]);
    expect(ports[0]?.posted.slice(-3)).toEqual([
      { type: 'delete_conversation', conversationId: 'c1' },
      { type: 'bind_tab', tabId: 4 },
      { type: 'list_conversations' },
    ]);
  });

  it('new chat asks the worker for a new conversation on the bound tab', async () => {
    const { app, ports } = setup(4);
    await app.start();
    app.newChat();
    expect(ports[0]?.posted.at(-1)).toEqual({ type: 'new_conversation', tabId: 4 });
  });

  it('the header title follows the name the worker gives the shown conversation (only in the list)', async () => {
    const { app, ports } = setup(4);
    await app.start();
    ports[0]?.fromWorker({ ...state('c1'), title: 'New conversation' });
    const summary = (id: string, title: string) => ({ id, title, createdAt: 1, updatedAt: 2, runStatus: 'running' });
    ports[0]?.fromWorker({ type: 'conversations', conversations: [summary('c0', 'Other chat'), summary('c1', 'Summarize this page')] });
    expect(app.conversation.title.value).toBe('Summarize this page');
  });
});
