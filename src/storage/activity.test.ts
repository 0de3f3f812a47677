import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../shared/activity.js';
import { createActivityStore } from './activity.js';
import { openDatabase } from './database.js';

const entry = (id: string, conversationId: string, at: number): ActivityEntry => ({ id, conversationId, runId: 'r', toolUseId: id, at, tool: 'click', did: 'Click', status: 'done', outcome: 'ok', allowedBy: 'auto mode', allowedByKind: 'mode' });

describe('ActivityStore', () => {
  it('keeps each conversation’s entries in time order and deletes them with the conversation', async () => {
    const store = createActivityStore(openDatabase(`activity-${Math.random()}`));
    await store.add(entry('b', 'c1', 20));
    await store.add(entry('a', 'c1', 10));
    await store.add(entry('x', 'c2', 5));
    expect((await store.list('c1')).map((e) => e.id)).toEqual(['a', 'b']);
    await store.deleteConversation('c1');
    expect(await store.list('c1')).toEqual([]);
    expect(await store.list('c2')).toHaveLength(1);
  });

  it('opens a database made by the previous version and adds the store (version 3)', async () => {
    const name = `activity-upgrade-${Math.random()}`;
    const { openDB } = await import('idb');
    const old = await openDB(name, 2, { upgrade: (db) => void db.createObjectStore('notes', { keyPath: 'key' }) });
    old.close();
    const store = createActivityStore(openDatabase(name));
    await store.add(entry('a', 'c1', 1));
    expect(await store.list('c1')).toHaveLength(1);
  });
});
