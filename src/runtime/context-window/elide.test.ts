import { describe, expect, it } from 'vitest';
import { PAGE_TEXT, callOf, readResult, resultsOf, said, shotResult, turn } from '../../../tests/support/transcripts.js';
import type { Message, ToolResultBlock } from '../model/types.js';
import { applyStubs, freezeStubs, planElisions, type ElisionOptions, type StubStore, type Stubs } from './elide.js';

const EAGER: ElisionOptions = { keepImages: 3, rewrite: { minTokens: 0, ratio: 0 } };
const ids = (located: Array<{ block: ToolResultBlock }>) => located.map((r) => r.block.tool_use_id);

function memoryStore(): StubStore & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    stored,
    async store(toolUseId, _name, content) {
      stored.set(`result_${toolUseId}`, content);
      return `result_${toolUseId}`;
    },
  };
}

const resultContent = (messages: Message[], id: string) =>
  messages.flatMap((m) => m.content).find((b): b is ToolResultBlock => b.type === 'tool_result' && b.tool_use_id === id)?.content;

describe('planElisions', () => {
  it('keeps the newest screenshots and notes the older ones: what, when, and how to take a new one', async () => {
    const messages = [said('Look around'), ...[1, 2, 3, 4, 5].flatMap((n) => turn(`s${n}`, 'screenshot', shotResult(`s${n}`)))];
    const plan = planElisions(messages, 0, {}, EAGER);
    expect(ids(plan.images)).toEqual(['s1', 's2']);
    const stubs = await freezeStubs(plan, 3, memoryStore());
    const sent = applyStubs(messages, stubs);
    const note = resultContent(sent, 's2');
    expect(note?.[0]).toEqual(shotResult('s2').content[0]);
    expect(note?.[1]).toEqual({
      type: 'text',
      text: '[Image removed to save context (only the newest 3 stay), taken at 14:05:00 UTC in your turn 2. Call screenshot for a current view.]',
    });
    for (const id of ['s3', 's4', 's5']) expect(resultContent(sent, id)).toEqual(shotResult(id).content);
    expect(JSON.stringify(sent).match(/"type":"image"/g)).toHaveLength(3);
    // What is already noted is not planned again.
    expect(planElisions(messages, 0, stubs, EAGER).images).toEqual([]);
  });

  it('finds reads superseded by a newer read of the same tool, document and view, or by a whole read', () => {
    const messages = [
      said('Compare'),
      ...turn('a1', 'read_page', readResult('a1', 'tab 1 at https://a.test/')),
      ...turn('b1', 'read_page', readResult('b1', 'tab 1 at https://b.test/')),
      ...turn('i1', 'read_page', readResult('i1', 'tab 1 at https://a.test/', { view: 'interactive' })),
      ...turn('t1', 'get_page_text', readResult('t1', 'tab 1 at https://a.test/', { view: 'article', whole: false })),
      ...turn('a2', 'read_page', readResult('a2', 'tab 1 at https://a.test/')),
      ...turn('i2', 'read_page', readResult('i2', 'tab 1 at https://a.test/', { view: 'interactive' })),
      ...turn('x1', 'read_page', { ...readResult('x1', 'tab 1 at https://b.test/'), is_error: true }),
    ];
    // a1 and i1 are covered by the whole read a2; b1 only by an error (no); t1 by nothing (another tool);
    // a2 is not covered by the interactive i2.
    expect(ids(planElisions(messages, 0, {}, EAGER).reads)).toEqual(['a1', 'i1']);
  });

  it('rewrites for superseded reads only when the tokens they free are worth the cache rewrite', () => {
    const small = readResult('r1', 'tab 1 at https://a.test/', { text: PAGE_TEXT.slice(0, 600) });
    const long = Array.from({ length: 6 }, (_, i) =>
      turn(`f${i}`, 'find', { type: 'tool_result' as const, tool_use_id: `f${i}`, content: [{ type: 'text' as const, text: PAGE_TEXT }] }),
    ).flat();
    const messages = [said('Go'), ...turn('r1', 'read_page', small), ...long, ...turn('r2', 'read_page', readResult('r2', 'tab 1 at https://a.test/'))];
    const threshold: ElisionOptions = { keepImages: 3, rewrite: { minTokens: 2_000, ratio: 0.5 } };
    // ~170 tokens freed against ~16,000 rewritten: not now.
    expect(planElisions(messages, 0, {}, threshold).reads).toEqual([]);
    // A big stale read right behind its successor is worth it.
    const big = [
      said('Go'),
      ...turn('r1', 'read_page', readResult('r1', 'tab 1 at https://a.test/')),
      ...turn('r2', 'read_page', readResult('r2', 'tab 1 at https://a.test/')),
    ];
    expect(ids(planElisions(big, 0, {}, threshold).reads)).toEqual(['r1']);
    // Once a screenshot note rewrites from an earlier point, later superseded reads ride along for free.
    const shots = [1, 2, 3, 4].flatMap((n) => turn(`s${n}`, 'screenshot', shotResult(`s${n}`)));
    const withShots = [said('Go'), ...turn('s0', 'screenshot', shotResult('s0')), ...messages.slice(1), ...shots];
    const plan = planElisions(withShots, 0, {}, threshold);
    expect(ids(plan.images)).toEqual(['s0', 's1']);
    expect(ids(plan.reads)).toEqual(['r1']);
  });

  it('looks only at what is still sent (after a compaction cut)', () => {
    const messages = [
      said('Go'),
      ...turn('a1', 'read_page', readResult('a1', 'tab 1 at https://a.test/')),
      ...turn('a2', 'read_page', readResult('a2', 'tab 1 at https://a.test/')),
    ];
    expect(planElisions(messages, 3, {}, EAGER).reads).toEqual([]);
  });
});

describe('freezeStubs and applyStubs', () => {
  it('stores a read’s full text before stubbing it, and names the id read_result brings it back with', async () => {
    const messages = [
      said('Go'),
      ...turn('a1', 'read_page', readResult('a1', 'tab 1 at https://a.test/')),
      ...turn('a2', 'read_page', readResult('a2', 'tab 1 at https://a.test/')),
    ];
    const store = memoryStore();
    const stubs = await freezeStubs(planElisions(messages, 0, {}, EAGER), 3, store);
    expect(store.stored.get('result_a1')).toBe(`Page: tab 1 at https://a.test/\n${PAGE_TEXT}`);
    expect(stubs['a1']).toEqual([
      {
        type: 'text',
        text: '[Superseded by a later read of the same page: read_page of tab 1 at https://a.test/, taken at 14:02:11 UTC in your turn 1. Full text: read_result {"id":"result_a1"}]',
      },
    ]);
  });

  it('uses the id of a result the budget already stored, and keeps a read in full when its text cannot be stored', async () => {
    const messages = [
      said('Go'),
      ...turn('p1', 'read_page', readResult('p1', 'tab 1 at https://a.test/', { storedId: 'result_p1' })),
      ...turn('q1', 'read_page', readResult('q1', 'tab 2 at https://b.test/')),
      ...turn('p2', 'read_page', readResult('p2', 'tab 1 at https://a.test/')),
      ...turn('q2', 'read_page', readResult('q2', 'tab 2 at https://b.test/')),
    ];
    const failing: StubStore = {
      async store() {
        throw new Error('QuotaExceededError');
      },
    };
    const stubs = await freezeStubs(planElisions(messages, 0, {}, EAGER), 3, failing);
    expect(Object.keys(stubs)).toEqual(['p1']);
    expect(JSON.stringify(stubs['p1'])).toContain('result_p1');
  });

  it('never changes the transcript, passes untouched messages through, and sends stubs byte for byte the same', () => {
    const messages: Message[] = [said('Go'), callOf('a1', 'read_page'), resultsOf(readResult('a1', 'tab 1 at https://a.test/'))];
    const before = JSON.stringify(messages);
    const stubs: Stubs = { a1: [{ type: 'text', text: '[stub]' }] };
    const first = applyStubs(messages, stubs);
    const second = applyStubs(messages, stubs);
    expect(JSON.stringify(messages)).toBe(before);
    expect(first[0]).toBe(messages[0]);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    expect(resultContent(first, 'a1')).toEqual([{ type: 'text', text: '[stub]' }]);
  });
});
