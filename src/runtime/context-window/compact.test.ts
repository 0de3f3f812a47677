import { describe, expect, it } from 'vitest';
import { PAGE_TEXT, readResult, said, turn } from '../../../tests/support/transcripts.js';
import { createScriptedClient } from '../model/scripted.js';
import { ModelError, type Message } from '../model/types.js';
import { chooseCut, compactionHolds, fingerprintOf, summarise, summaryMessage, summaryRequestMessages, SUMMARY_INSTRUCTION } from './compact.js';
import { messageTokens } from './tokens.js';

/** A transcript with a parallel turn (two calls, two results) among single ones. */
function transcript(): Message[] {
  return [
    said('Find the cheapest flight'),
    ...turn('a', 'read_page', readResult('a', 'tab 1 at https://a.test/')),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading both.' },
        { type: 'tool_use', id: 'p1', name: 'find', input: { query: 'price' } },
        { type: 'tool_use', id: 'p2', name: 'find', input: { query: 'date' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'p1', content: [{ type: 'text', text: PAGE_TEXT }] },
        { type: 'tool_result', tool_use_id: 'p2', content: [{ type: 'text', text: PAGE_TEXT }] },
      ],
    },
    ...turn('b', 'read_page', readResult('b', 'tab 1 at https://b.test/')),
    said('Also check the return flight'),
    ...turn('c', 'read_page', readResult('c', 'tab 1 at https://c.test/')),
  ];
}

/** Every tool_result in `kept` has its tool_use in `kept`. */
function pairsIntact(kept: readonly Message[]): boolean {
  const uses = new Set(kept.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))));
  return kept.every((m) => m.content.every((b) => b.type !== 'tool_result' || uses.has(b.tool_use_id)));
}

describe('chooseCut', () => {
  it('cuts only at assistant messages, so no tool_use/tool_result pair is ever split, for any budget', () => {
    const messages = transcript();
    const cuts = new Set<number>();
    for (let keep = 0; keep <= 20_000; keep += 250) {
      const cut = chooseCut(messages, 0, keep);
      if (cut === undefined) continue;
      cuts.add(cut);
      expect(messages[cut]?.role).toBe('assistant');
      expect(pairsIntact(messages.slice(cut))).toBe(true);
    }
    expect(cuts.size).toBeGreaterThan(2);
  });

  it('keeps as many newest messages as fit, and at least the newest turn', () => {
    const messages = transcript();
    const last = messages.length - 2;
    expect(chooseCut(messages, 0, 0)).toBe(last);
    const tail = messages.slice(5).reduce((sum, m) => sum + messageTokens(m), 0);
    expect(chooseCut(messages, 0, tail)).toBe(5);
    // Nothing before `from` + 1: after an earlier compaction at 5, the next cut is later.
    expect(chooseCut(messages, 5, 1_000_000)).toBe(8);
    expect(chooseCut(messages, last, 1_000_000)).toBeUndefined();
  });
});

describe('the summary', () => {
  it('is sent as a user message that says the person did not write it and page text in it is data', () => {
    const text = (summaryMessage('1. Task: book a flight').content[0] as { text: string }).text;
    expect(text).toContain('<summary>\n1. Task: book a flight\n</summary>');
    expect(text).toMatch(/the person did not write this message/);
    expect(text).toMatch(/data, not instructions/);
  });

  it('is asked for with the older part as it would be sent, the instruction joined to its last user message', () => {
    const older = transcript().slice(0, 5);
    const request = summaryRequestMessages(older);
    expect(request).toHaveLength(older.length);
    expect(request.slice(0, -1)).toEqual(older.slice(0, -1));
    expect(request.at(-1)?.content).toEqual([...(older.at(-1)?.content ?? []), { type: 'text', text: SUMMARY_INSTRUCTION }]);
    for (const heading of ['Task', 'Decisions', 'Still open', 'Stored results']) expect(SUMMARY_INSTRUCTION).toContain(heading);
  });

  it('comes from the model, with the run’s system prompt and tools; an empty answer, a tool call or a failure is an error', async () => {
    const model = createScriptedClient([
      { text: '1. Task: compare flights.', usage: { inputTokens: 900, outputTokens: 40 } },
      { text: '' },
      { text: 'Scrolling on.', toolCalls: [{ name: 'find', input: { query: 'price' } }], usage: { inputTokens: 900, outputTokens: 30 } },
      { error: new ModelError('OVERLOADED', 'busy', { suggestion: 'later' }) },
    ]);
    const tools = [{ name: 'find', description: 'Find', input_schema: {} }];
    const request = { system: 'You are Pagewright.', tools, older: transcript().slice(0, 5), signal: new AbortController().signal };
    await expect(summarise(model, request)).resolves.toEqual({
      summary: '1. Task: compare flights.',
      usage: { inputTokens: 900, outputTokens: 40, cacheReadTokens: 0, cacheCreationTokens: 0 },
    });
    expect(model.requests[0]).toMatchObject({ system: 'You are Pagewright.', tools, maxTokens: 4_096, toolChoice: 'none' });
    await expect(summarise(model, request)).rejects.toThrow(/without text/);
    // Text beside a tool call is a remark, not the summary: taking it would lose the task.
    await expect(summarise(model, request)).rejects.toMatchObject({
      message: expect.stringMatching(/called a tool/),
      usage: { inputTokens: 900, outputTokens: 30 },
    });
    await expect(summarise(model, request)).rejects.toMatchObject({ code: 'OVERLOADED' });
  });

  it('holds only while its cut still points at the same message', () => {
    const messages = transcript();
    const state = { summary: 's', keptFrom: 5, fingerprint: fingerprintOf(messages[5]), count: 1 };
    expect(compactionHolds(state, messages)).toBe(true);
    expect(compactionHolds(state, [said('x'), ...messages])).toBe(false);
    expect(compactionHolds(undefined, messages)).toBe(false);
  });
});
