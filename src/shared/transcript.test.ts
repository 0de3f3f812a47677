import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../runtime/events.js';
import { foldAgentEvent, closeUnfinishedCalls, type TranscriptEntry } from './transcript.js';

const fold = (events: AgentEvent[], start: TranscriptEntry[] = []) =>
  events.reduce<TranscriptEntry[]>((entries, event) => foldAgentEvent(entries, event).entries, start);
const assistant = (id: string): AgentEvent => ({
  type: 'assistant_message',
  message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'read_page', input: {} }] },
});

describe('foldAgentEvent', () => {
  it('follows a call from started through progress to finished, keeping its input and description', () => {
    const entries = fold([
      assistant('t1'),
      { type: 'tool_call_started', toolUseId: 't1', name: 'read_page', input: { filter: 'all' }, description: 'Read the page' },
      { type: 'tool_call_progress', toolUseId: 't1', progress: { frames: 1 } },
    ]);
    expect(entries[1]).toMatchObject({ kind: 'tool_call', status: 'running', progress: { frames: 1 } });
    const done = fold(
      [
        {
          type: 'tool_call_finished',
          toolUseId: 't1',
          name: 'read_page',
          status: 'done',
          content: [{ type: 'text', text: 'tree' }],
          isError: false,
          durationMs: 3,
        },
      ],
      entries,
    );
    expect(done[1]).toEqual({
      kind: 'tool_call',
      toolUseId: 't1',
      name: 'read_page',
      input: { filter: 'all' },
      description: 'Read the page',
      status: 'done',
      content: [{ type: 'text', text: 'tree' }],
    });
  });

  it('never mutates what it is given, and says what is worth saving now', () => {
    const before = fold([assistant('t1'), { type: 'tool_call_started', toolUseId: 't1', name: 'read_page', input: {}, description: 'x' }]);
    const copy = structuredClone(before);
    const progress = foldAgentEvent(before, { type: 'tool_call_progress', toolUseId: 't1', progress: 1 });
    expect(before).toEqual(copy);
    expect(progress.save).toBe(false);
    expect(foldAgentEvent(before, { type: 'text_delta', text: 'x' })).toMatchObject({ entries: before, save: false });
  });

  it('settles calls the run ended before, and marks where the context was compacted or trimmed', () => {
    const entries = fold([
      assistant('t1'),
      { type: 'tool_call_started', toolUseId: 't1', name: 'read_page', input: {}, description: 'x' },
      { type: 'context_trimmed', toolUseIds: ['t1'], images: 0, reads: 1, savedTokens: 900 },
      { type: 'context_compacted', summary: 'Task: read.', summarizedMessages: 4, tokensBefore: 90_000, tokensAfter: 3_000 },
      { type: 'run_finished', reason: 'interrupted' },
    ]);
    expect(entries[1]).toMatchObject({ status: 'cancelled', notSent: true, error: { code: 'NOT_FINISHED' } });
    expect(entries[2]).toEqual({
      kind: 'context',
      event: 'compacted',
      summary: 'Task: read.',
      summarizedMessages: 4,
      tokensBefore: 90_000,
      tokensAfter: 3_000,
    });
  });
});

describe('closeUnfinishedCalls', () => {
  it('gives a call a worker restart cut off the INTERRUPTED result the model got, and leaves finished calls alone', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'tool_call', toolUseId: 'a', name: 'click', input: {}, description: '', status: 'running', progress: 'half' },
      { kind: 'tool_call', toolUseId: 'b', name: 'click', input: {}, description: '', status: 'done' },
    ];
    const settled = closeUnfinishedCalls(entries, 'worker_restarted');
    expect(settled[0]).toMatchObject({ status: 'error', error: { code: 'INTERRUPTED' } });
    expect(settled[0]).not.toHaveProperty('progress');
    expect(JSON.stringify(settled[0])).toContain('it was not re-run');
    expect(settled[1]).toBe(entries[1]);
    expect(closeUnfinishedCalls(settled, 'run_ended')).toBe(settled);
  });
});
