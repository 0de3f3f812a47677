import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from '../../runtime/model/types.js';
import { CallQueue } from './call-queue.js';

const turn = async (queue: CallQueue, signal = new AbortController().signal) => {
  const events: ModelStreamEvent[] = [];
  for await (const event of queue.stream({ system: '', tools: [], messages: [], signal })) events.push(event);
  return events;
};
const call = (id: string) => ({ type: 'tool_use' as const, id, name: 'read_page', input: {} });

describe('the call queue (an outside session’s model)', () => {
  it('answers a turn with the calls that came since, each complete at once, as one assistant message', async () => {
    const queue = new CallQueue('Claude Code');
    expect(queue.model).toBe('mcp:Claude Code');
    const pending = turn(queue);
    queue.push(call('a'));
    const events = await pending;
    expect(events).toEqual([
      { type: 'tool_use_complete', toolUse: call('a') },
      { type: 'message_done', message: { role: 'assistant', content: [call('a')] }, stopReason: 'tool_use', usage: expect.any(Object) },
    ]);
    queue.push(call('b'));
    queue.push(call('c'));
    expect((await turn(queue)).at(-1)).toMatchObject({ message: { content: [call('b'), call('c')] } });
  });

  it('ends the run with an empty message once the client is gone, handing back calls that never started', async () => {
    const queue = new CallQueue('Cursor');
    const pending = turn(queue);
    expect(queue.end()).toEqual([]);
    expect((await pending).at(-1)).toMatchObject({ message: { content: [] }, stopReason: 'end_turn' });
    expect(() => queue.push(call('late'))).toThrow(/ended/);
  });

  it('stops waiting when the run is stopped (the loop then ends as interrupted)', async () => {
    const queue = new CallQueue('Cursor');
    const controller = new AbortController();
    const pending = turn(queue, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
