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

describe('Conversations.addRunTotals', () => {
  it('counts a run that used no tokens as $0, not as a run without a price', async () => {
    const store = createConversationStore(openDatabase(`totals-${Math.random()}`));
    const conversations = new Conversations(
      store,
      new Panels(),
      () => false,
      () => 10,
      () => 'id',
    );
    await store.putConversation({ id: 'c', title: 'c', createdAt: 1, updatedAt: 1 });
    const none = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
    // It failed before the model answered: no tokens, no run_cost event.
    const failed = await conversations.addRunTotals('c', { conversationId: 'c', messages: [], status: 'error', usage: none });
    expect(failed).toMatchObject({ runs: 1, costUsd: 0, runsWithoutPrice: 0 });
    // A run that used tokens of a model without a price is still counted apart.
    const unpriced = await conversations.addRunTotals('c', {
      conversationId: 'c',
      messages: [],
      status: 'idle',
      cost: { model: 'local-llm', usage: { ...none, inputTokens: 100, outputTokens: 5 }, requests: 1 },
    });
    expect(unpriced).toMatchObject({ runs: 2, costUsd: 0, runsWithoutPrice: 1 });
  });
});
