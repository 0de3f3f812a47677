/**
 * Steering through the worker: a message sent while a run works is queued, shown as queued, delivered at
 * the next turn boundary as the person's words, and the run goes on; "Stop and send" interrupts and sends;
 * a plain Stop gives queued messages back to the message box.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedModelRequest } from '../runtime/model/scripted.js';
import { ofType, setup } from '../../tests/support/run-manager-harness.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The person's words in the newest user message of a request. */
const lastPersonText = (request: RecordedModelRequest | undefined) =>
  (request?.messages.at(-1)?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');

async function bound(steps: Parameters<typeof setup>[0]) {
  const harness = setup(steps);
  await harness.handle(harness.link, { type: 'bind_tab', tabId: 1 });
  const conversationId = ofType(harness.posted, 'conversation_state')[0]!.conversationId;
  return { ...harness, conversationId };
}

describe('steering a run', () => {
  it('queues a mid-run message, delivers it after the turn’s tool results, and the run goes on', async () => {
    const hold = gate();
    const { manager, posted, link, handle, model, store, conversationId } = await bound([
      { toolCalls: [{ id: 'l1', name: 'look', input: {} }], beforeDone: () => hold.promise },
      { text: 'Switching to the blue one.' },
    ]);
    await handle(link, { type: 'send_message', conversationId, text: 'Find the red one' });
    await expect.poll(() => model.requests.length).toBe(1);
    await handle(link, { type: 'send_message', conversationId, text: 'Actually, the blue one', whileRunning: true });
    // Shown as queued while the turn is still going.
    expect(ofType(posted, 'run_state').at(-1)?.run.queued).toEqual([{ id: expect.any(String), text: 'Actually, the blue one' }]);
    hold.open();
    await manager.settled(conversationId);

    const next = model.requests[1];
    expect(next?.messages.at(-1)?.content.map((block) => block.type)).toEqual(['tool_result', 'text']);
    expect(lastPersonText(next)).toBe('Actually, the blue one');
    const delivered = ofType(posted, 'agent_event').find((m) => m.event.type === 'person_message');
    expect(delivered?.event).toMatchObject({ text: 'Actually, the blue one' });
    // Delivered, so no longer queued; the stored transcript has it as the person's words.
    expect(ofType(posted, 'run_state').at(-2)?.run.queued).toBeUndefined();
    const transcript = await store.getTranscript(conversationId);
    expect(
      transcript.filter((e) => e.kind === 'message' && e.message.role === 'user').map((e) => (e.kind === 'message' ? e.message.content[0] : undefined)),
    ).toEqual([
      { type: 'text', text: 'Find the red one' },
      { type: 'text', text: 'Actually, the blue one' },
    ]);
    expect(ofType(posted, 'agent_event').find((m) => m.event.type === 'run_finished')?.event).toMatchObject({ reason: 'end_turn' });
  });

  it('turns a message that arrives as the model ends its turn into the next turn', async () => {
    const hold = gate();
    const { manager, link, handle, model, conversationId } = await bound([
      { text: 'Here is the answer.', beforeDone: () => hold.promise },
      { text: 'And in French: voilà.' },
    ]);
    await handle(link, { type: 'send_message', conversationId, text: 'Answer me' });
    await expect.poll(() => model.requests.length).toBe(1);
    await handle(link, { type: 'send_message', conversationId, text: 'Also in French', whileRunning: true });
    hold.open();
    await manager.settled(conversationId);
    expect(model.requests).toHaveLength(2);
    expect(lastPersonText(model.requests[1])).toBe('Also in French');
  });

  it('Stop and send interrupts the run and sends the message as the next run', async () => {
    const { manager, posted, link, handle, model, conversationId } = await bound([{ hang: true, text: 'Working on it' }, { text: 'OK, stopping that.' }]);
    await handle(link, { type: 'send_message', conversationId, text: 'Do the long thing' });
    await expect.poll(() => model.requests.length).toBe(1);
    await handle(link, { type: 'send_message', conversationId, text: 'Stop, do the short thing', interrupt: true, whileRunning: true });
    await expect.poll(() => model.requests.length).toBe(2);
    await manager.settled(conversationId);
    const finished = ofType(posted, 'agent_event')
      .filter((m) => m.event.type === 'run_finished')
      .map((m) => (m.event.type === 'run_finished' ? m.event.reason : ''));
    expect(finished).toEqual(['interrupted', 'end_turn']);
    expect(lastPersonText(model.requests[1])).toBe('Stop, do the short thing');
    // The panel did not put a queued message in its transcript: the worker announces it.
    expect(ofType(posted, 'agent_event').some((m) => m.event.type === 'person_message' && m.event.text === 'Stop, do the short thing')).toBe(true);
  });

  it('a plain Stop gives queued messages back to the message box, unsent', async () => {
    const { manager, posted, link, handle, model, conversationId } = await bound([{ hang: true }]);
    await handle(link, { type: 'send_message', conversationId, text: 'Do the long thing' });
    await expect.poll(() => model.requests.length).toBe(1);
    await handle(link, { type: 'send_message', conversationId, text: 'and then this', whileRunning: true });
    await handle(link, { type: 'stop', conversationId });
    await manager.settled(conversationId);
    expect(model.requests).toHaveLength(1);
    expect(ofType(posted, 'queue_returned')).toEqual([{ type: 'queue_returned', conversationId, texts: ['and then this'] }]);
  });
});
