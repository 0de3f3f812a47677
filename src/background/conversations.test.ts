import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { WorkerToPanel } from '../shared/protocol/panel.js';
import { createConversationStore } from '../storage/conversations.js';
import { openDatabase } from '../storage/database.js';
import { Conversations } from './conversations.js';
import { Panels } from './panels.js';

describe('Conversations.enforceCap', () => {
  it('deletes the least recently used conversations first until under the cap, never one it must keep', async () => {
    const store = createConversationStore(openDatabase(`cap-${Math.random()}`));
    const panels = new Panels();
    const posted: WorkerToPanel[] = [];
    panels.attach({ post: (m) => posted.push(m) });
    const conversations = new Conversations(
      store,
      panels,
      () => false,
      () => 10,
      () => 'id',
    );
    for (const [id, updatedAt] of [
      ['oldest', 1],
      ['running', 2],
      ['middle', 3],
      ['newest', 4],
    ] as const) {
      await store.putConversation({ id, title: id, createdAt: updatedAt, updatedAt });
      await store.putTranscript(id, [{ kind: 'message', message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(10_000) }] } }]);
    }
    const before = await conversations.usage();
    expect(before.conversations).toBe(4);
    const deleted = await conversations.enforceCap(before.bytes - 15_000, new Set(['running']));
    expect(deleted).toEqual(['oldest', 'middle']);
    expect((await store.listConversations()).map((c) => c.id).sort()).toEqual(['newest', 'running']);
    expect(posted.at(-1)).toMatchObject({ type: 'conversations' });
    expect(await conversations.enforceCap(0, new Set())).toEqual([]);
  });
});
