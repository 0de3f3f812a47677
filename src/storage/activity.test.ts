import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../shared/activity.js';
import { createActivityStore } from './activity.js';
import { createConversationStore } from './conversations.js';
import { DATABASE_VERSION, openDatabase } from './database.js';

const entry = (id: string, conversationId: string, at: number): ActivityEntry => ({
  id,
  conversationId,
  runId: 'r',
  toolUseId: id,
  at,
  tool: 'click',
  did: 'Click',
  status: 'done',
  outcome: 'ok',
  allowedBy: 'auto mode',
  allowedByKind: 'mode',
});

describe('ActivityStore', () => {
  it('keeps each conversation’s entries in time order; they are deleted with their conversation', async () => {
    const database = openDatabase(`activity-${Math.random()}`);
    const store = createActivityStore(database);
    const conversations = createConversationStore(database);
    await conversations.putConversation({ id: 'c1', title: 'c1', createdAt: 1, updatedAt: 1 });
    await store.add(entry('b', 'c1', 20));
    await store.add(entry('a', 'c1', 10));
    await store.add(entry('x', 'c2', 5));
    expect((await store.list('c1')).map((e) => e.id)).toEqual(['a', 'b']);
    await conversations.deleteConversation('c1');
    expect(await store.list('c1')).toEqual([]);
    expect(await store.list('c2')).toHaveLength(1);
  });

  it('is the step after version 3 in the one database: a version-3 database keeps its data and gains the store', async () => {
    expect(DATABASE_VERSION).toBe(4);
    const name = `activity-upgrade-${Math.random()}`;
    const { openDB } = await import('idb');
    // Version 3 as it shipped: every store but the activity log.
    const old = await openDB(name, 3, {
      upgrade(db) {
        db.createObjectStore('conversations', { keyPath: 'id' }).createIndex('byTab', 'tabId');
        for (const store of ['transcripts', 'runs']) db.createObjectStore(store, { keyPath: 'conversationId' });
        db.createObjectStore('grants', { keyPath: 'key' });
        db.createObjectStore('results', { keyPath: 'id' }).createIndex('byConversation', 'conversationId');
        db.createObjectStore('notes', { keyPath: 'key' });
        for (const store of ['entries', 'messages']) db.createObjectStore(store, { keyPath: ['conversationId', 'index'] });
      },
    });
    await old.put('notes', { key: 'kept', value: 'from version 3', updatedAt: 1 });
    old.close();
    const database = openDatabase(name);
    const store = createActivityStore(database);
    await store.add(entry('a', 'c1', 1));
    expect(await store.list('c1')).toHaveLength(1);
    expect(await (await database()).get('notes', 'kept')).toMatchObject({ value: 'from version 3' });
  });
});
