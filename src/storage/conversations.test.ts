import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../runtime/model/types.js';
import type { TranscriptEntry } from '../shared/transcript.js';
import { createConversationStore } from './conversations.js';
import { openDatabase } from './database.js';
import { createIdbResultStore } from './results.js';

let counter = 0;
const fresh = () => {
  const database = openDatabase(`conversations-${++counter}-${Math.random()}`);
  return { database, store: createConversationStore(database), results: createIdbResultStore(database) };
};
const say = (text: string): TranscriptEntry => ({ kind: 'message', message: { role: 'user', content: [{ type: 'text', text }] } });
const message = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const conversation = (id: string, updatedAt: number) => ({ id, title: id, createdAt: updatedAt, updatedAt });

/** Counts puts into one object store (rows written). */
function countPuts(storeName: string): { count: () => number } {
  const spy = vi.spyOn(IDBObjectStore.prototype, 'put');
  return { count: () => spy.mock.contexts.filter((store) => (store as IDBObjectStore).name === storeName).length };
}

afterEach(() => vi.restoreAllMocks());

describe('ConversationStore', () => {
  it('writes only the transcript rows that changed since the last save, and drops rows past a shorter transcript', async () => {
    const { store } = fresh();
    await store.putConversation(conversation('c', 1));
    const entries = Array.from({ length: 20 }, (_, i) => say(`message ${i}`));
    await store.putTranscript('c', entries);
    const puts = countPuts('entries');
    const next = [...entries.slice(0, 19), say('message 19, edited'), say('message 20')];
    await store.putTranscript('c', next);
    expect(puts.count()).toBe(2);
    expect(await store.getTranscript('c')).toEqual(next);
    await store.putTranscript('c', next.slice(0, 5));
    expect(await store.getTranscript('c')).toEqual(next.slice(0, 5));
  });

  it('keeps a run’s messages once, as rows, and gives them back with the record and its checkpoint', async () => {
    const { store } = fresh();
    await store.putConversation(conversation('c', 1));
    const messages = [message('a'), message('b')];
    const checkpoint = {
      runId: 'r',
      messages,
      turn: 1,
      toolCalls: 0,
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 },
      inFlight: [],
      budget: [],
      appState: { discoveredTools: [], grants: [] },
      currentTabId: 4,
      status: 'running' as const,
    };
    await store.putRun({ conversationId: 'c', messages, status: 'running', checkpoint });
    const puts = countPuts('messages');
    await store.putRun({
      conversationId: 'c',
      messages: [...messages, message('c')],
      status: 'running',
      checkpoint: { ...checkpoint, messages: [...messages, message('c')] },
    });
    expect(puts.count()).toBe(1);
    const run = await store.getRun('c');
    expect(run?.messages.map((m) => (m.content[0] as { text: string }).text)).toEqual(['a', 'b', 'c']);
    expect(run?.checkpoint?.messages).toEqual(run?.messages);
    // Lists and updates never carry or lose the messages.
    expect((await store.listRuns())[0]).not.toHaveProperty('messages');
    await store.updateRun('c', (r) => ({ ...r, status: 'interrupted', ...(r.checkpoint ? { checkpoint: { ...r.checkpoint, currentTabId: undefined } } : {}) }));
    expect(await store.getRun('c')).toMatchObject({
      status: 'interrupted',
      messages: run?.messages,
      checkpoint: { currentTabId: undefined, messages: run?.messages },
    });
  });

  it('reads a transcript saved whole by version 1, and replaces it with rows at the next save', async () => {
    const { database, store } = fresh();
    await (await database()).put('transcripts', { conversationId: 'old', entries: [say('from version 1')] });
    expect(await store.getTranscript('old')).toEqual([say('from version 1')]);
    await store.putTranscript('old', [say('from version 1'), say('new')]);
    expect(await (await database()).get('transcripts', 'old')).toBeUndefined();
    expect(await store.getTranscript('old')).toEqual([say('from version 1'), say('new')]);
  });

  it('deletes a conversation with its rows, its run and its stored results, and nothing of another', async () => {
    const { database, store, results } = fresh();
    for (const id of ['gone', 'kept']) {
      await store.putConversation(conversation(id, 1));
      await store.putTranscript(id, [say(id)]);
      await store.putRun({ conversationId: id, messages: [message(id)], status: 'idle' });
      await results.put({ id: `result_${id}`, toolUseId: id, toolName: 'read_page', content: 'x'.repeat(5_000), createdAt: 1, conversationId: id });
    }
    await store.deleteConversation('gone');
    const db = await database();
    expect(await db.getAll('entries')).toHaveLength(1);
    expect(await db.getAll('messages')).toHaveLength(1);
    expect((await db.getAll('results')).map((r) => r.id)).toEqual(['result_kept']);
    expect(await store.getRun('gone')).toBeUndefined();
    expect(await store.getTranscript('kept')).toEqual([say('kept')]);
  });

  it('counts the bytes each conversation keeps: rows and stored results', async () => {
    const { store, results } = fresh();
    await store.putConversation(conversation('c', 1));
    await store.putTranscript('c', [say('x'.repeat(1_000))]);
    await results.put({ id: 'result_t', toolUseId: 't', toolName: 'get_page_text', content: 'y'.repeat(10_000), createdAt: 1, conversationId: 'c' });
    const bytes = (await store.getConversation('c'))?.storedBytes ?? 0;
    expect(bytes).toBeGreaterThan(11_000);
    // A record written later from an older copy does not undo the count.
    await store.putConversation({ ...conversation('c', 2), title: 'renamed' });
    expect((await store.getConversation('c'))?.storedBytes).toBe(bytes);
    await store.putTranscript('c', []);
    expect((await store.getConversation('c'))?.storedBytes).toBeLessThan(bytes - 1_000 + 1);
  });
});
