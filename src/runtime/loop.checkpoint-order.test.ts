/**
 * What waits for a checkpoint and what does not: a read's result is final once its message is whole and
 * is announced while that message is still being saved; an action starts only once it is saved; the
 * next turn starts while the previous results are saved, and the saves land in the order they were made.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunCheckpoint } from './checkpoint.js';
import { runAgent } from './loop.js';
import { buildTool } from './tool.js';
import { setup } from '../../tests/support/loop-harness.js';

const LONG = 'x'.repeat(10_000);

/** A read whose result is long enough that the per-message budget could still shorten it. */
const longRead = buildTool({
  name: 'long_read',
  prompt: 'Reads a long text.',
  inputSchema: z.object({}),
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  async call() {
    return { data: LONG };
  },
});

/** A checkpointer whose saves wait until the test lets each one through; it records what was saved when. */
function heldCheckpointer() {
  const saved: RunCheckpoint[] = [];
  const waiting: Array<{ checkpoint: RunCheckpoint; release: () => void }> = [];
  let arrived: () => void = () => undefined;
  return {
    saved,
    waiting,
    /** Resolves once a save is waiting. */
    next: () => (waiting.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => (arrived = resolve))),
    releaseOne() {
      waiting.shift()?.release();
    },
    checkpointer: {
      save: (checkpoint: RunCheckpoint) =>
        new Promise<void>((resolve) => {
          waiting.push({
            checkpoint,
            release: () => {
              saved.push(structuredClone(checkpoint));
              resolve();
            },
          });
          arrived();
        }),
    },
  };
}

/** Lets every save through, one at a time, until the run's last one. */
async function releaseAll(held: ReturnType<typeof heldCheckpointer>): Promise<void> {
  while (held.saved.at(-1)?.status !== 'finished') {
    await held.next();
    held.releaseOne();
  }
}

describe('runAgent and its checkpoints', () => {
  it('announces a long read while its message is being saved', async () => {
    const held = heldCheckpointer();
    const { options, events } = setup([{ toolCalls: [{ id: 'r1', name: 'long_read', input: {} }] }, { text: 'done' }], [longRead], {
      checkpointer: held.checkpointer,
    });
    const finishedRead = new Promise<void>((resolve) => {
      options.onEvent = (event) => {
        events.push(event);
        if (event.type === 'tool_call_finished') resolve();
      };
    });
    const run = runAgent(options);
    await held.next();
    held.releaseOne(); // the run's start
    await finishedRead;

    // The read is final and announced; the message with the read in flight is not saved yet.
    expect(held.waiting.map((w) => w.checkpoint.inFlight)).toEqual([['r1']]);
    expect(held.saved.some((c) => c.inFlight.length > 0)).toBe(false);
    expect(events.find((e) => e.type === 'tool_call_finished')).toMatchObject({ toolUseId: 'r1', isError: false, content: [{ type: 'text', text: LONG }] });

    await releaseAll(held);
    expect((await run).reason).toBe('end_turn');
  });

  it('starts an action only once the message that asks for it is saved', async () => {
    const held = heldCheckpointer();
    const seen: number[] = [];
    const act = buildTool({
      name: 'act',
      prompt: 'Changes something.',
      inputSchema: z.object({}),
      async call() {
        seen.push(held.saved.filter((c) => c.inFlight.includes('a1')).length);
        return { data: 'done' };
      },
    });
    const { options } = setup([{ toolCalls: [{ id: 'a1', name: 'act', input: {} }] }, { text: 'done' }], [act], { checkpointer: held.checkpointer });
    const run = runAgent(options);
    while (held.saved.at(-1)?.status !== 'finished') {
      await held.next();
      // Everything an act that did not wait would do before it runs is promise work, done by the next macrotask.
      if (held.waiting[0]!.checkpoint.inFlight.length > 0) await new Promise((resolve) => setImmediate(resolve));
      held.releaseOne();
    }
    expect((await run).reason).toBe('end_turn');
    expect(seen).toEqual([1]);
  });

  it('starts the next turn while the results are saved, and saves in order', async () => {
    const held = heldCheckpointer();
    let resultsSavedWhenAsked: boolean | undefined;
    let asked: () => void = () => undefined;
    const modelAsked = new Promise<void>((resolve) => (asked = resolve));
    const { options } = setup(
      [
        { toolCalls: [{ id: 'r1', name: 'long_read', input: {} }] },
        () => {
          resultsSavedWhenAsked = held.saved.some((c) => c.messages.length === 3);
          asked();
          return { text: 'done' };
        },
      ],
      [longRead],
      { checkpointer: held.checkpointer },
    );
    const run = runAgent(options);
    for (;;) {
      await held.next();
      // Hold the save of the results until the model has been asked for its next turn.
      if (held.waiting[0]!.checkpoint.messages.length === 3) await modelAsked;
      held.releaseOne();
      if (held.saved.at(-1)?.status === 'finished') break;
    }
    await run;

    expect(resultsSavedWhenAsked).toBe(false);
    expect(held.saved.map((c) => [c.status, c.inFlight, c.messages.length, c.turn])).toEqual([
      ['running', [], 1, 0],
      ['running', ['r1'], 2, 1],
      ['running', [], 3, 1],
      ['running', [], 4, 2],
      ['finished', [], 4, 2],
    ]);
  });
});
