/** Tools found with tool_search stay loaded for the rest of the conversation, across its runs. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from '../runtime/tool.js';
import { toolSearch } from '../tools/agent/tool-search.js';
import { ofType, setup } from '../../tests/support/run-manager-harness.js';

const archive = buildTool({
  name: 'archive_page',
  searchHint: 'keep a copy of the page',
  prompt: 'Archives the page (test tool).',
  inputSchema: z.object({}),
  shouldDefer: true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  call: async () => ({ data: 'archived' }),
});

describe('found tools', () => {
  it('stay loaded for the next message of the conversation, so the model need not search again', async () => {
    const { manager, posted, link, handle, model, store } = setup(
      [
        { toolCalls: [{ id: 's1', name: 'tool_search', input: { query: 'select:archive_page' } }] },
        { toolCalls: [{ id: 'a1', name: 'archive_page', input: {} }] },
        { text: 'Archived.' },
        { toolCalls: [{ id: 'a2', name: 'archive_page', input: {} }] },
        { text: 'Archived again.' },
      ],
      { extraTools: [toolSearch, archive] },
    );
    await handle(link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(posted, 'conversation_state')[0]!.conversationId;
    await handle(link, { type: 'send_message', conversationId, text: 'Archive this page' });
    await manager.settled(conversationId);
    expect(model.requests[0]?.tools.map((t) => t.name)).not.toContain('archive_page');
    expect((await store.getRun(conversationId))?.discoveredTools).toEqual(['archive_page']);

    await handle(link, { type: 'send_message', conversationId, text: 'And again' });
    await manager.settled(conversationId);
    const second = model.requests[3];
    // The next run's first request already has it, in the same place: the tool list is the same bytes.
    expect(second?.tools.map((t) => t.name).at(-1)).toBe('archive_page');
    expect(JSON.stringify(second?.tools)).toBe(JSON.stringify(model.requests[2]?.tools));
    expect(
      ofType(posted, 'agent_event').filter((m) => m.event.type === 'tool_call_finished' && m.event.toolUseId === 'a2' && m.event.status === 'done'),
    ).toHaveLength(1);
  });
});
