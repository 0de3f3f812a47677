import { describe, expect, it } from 'vitest';
import { setup } from '../../tests/support/run-manager-harness.js';
import { UNATTENDED_REFUSAL } from './run-session.js';
import { runScheduledShortcut } from './shortcut-runs.js';

const shortcut = (mode: 'ask' | 'auto' | 'read-only') => ({
  id: 's1',
  name: 'tidy',
  title: '',
  prompt: 'Tidy {{title}}',
  contexts: [],
  schedule: { when: { kind: 'daily' as const, time: '08:00' }, startUrl: 'https://x.test/', mode, paused: false },
});

function deps(manager: ReturnType<typeof setup>['manager']) {
  const seen = { opened: [] as string[], closed: [] as number[], notes: [] as Array<{ title: string; message: string }> };
  return {
    seen,
    deps: {
      manager,
      now: () => 1_000,
      openBackgroundTab: async (url: string) => (seen.opened.push(url), 7),
      closeTab: async (tabId: number) => void seen.closed.push(tabId),
      tabFacts: async () => ({ url: 'https://x.test/', title: 'Board', selection: '' }),
      notify: async (_id: string, title: string, message: string) => void seen.notes.push({ title, message }),
    },
  };
}

describe('a scheduled run', () => {
  it('in ask mode, refuses what would ask instead of prompting, tells the model why, and reports it', async () => {
    const { manager, calls, posted, model } = setup([{ toolCalls: [{ id: 't1', name: 'note', input: { text: 'a' } }] }, { text: 'Could not note it.' }]);
    const { deps: d, seen } = deps(manager);
    const result = await runScheduledShortcut(d, shortcut('ask'), false);
    expect(calls).toEqual([]);
    expect(posted.filter((m) => m.type === 'permission_request')).toEqual([]);
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain(UNATTENDED_REFUSAL.slice(0, 40));
    expect(result).toMatchObject({ status: 'refused', text: expect.stringMatching(/^One act was refused: .+Could not note it\.$/) });
    expect(seen).toMatchObject({ opened: ['https://x.test/'], closed: [7], notes: [{ title: '/tidy', message: result.text }] });
  });

  it('in auto mode, acts; the conversation is recorded under the shortcut’s name; a late run says so', async () => {
    const { manager, calls } = setup([{ toolCalls: [{ id: 't1', name: 'note', input: { text: 'a' } }] }, { text: 'Noted.\nSecond line.' }]);
    const { deps: d, seen } = deps(manager);
    const result = await runScheduledShortcut(d, shortcut('auto'), true);
    expect(calls).toEqual(['a']);
    expect(result).toMatchObject({ status: 'done', text: 'Noted.\nSecond line.', late: true });
    expect(seen.notes[0]).toEqual({ title: '/tidy (ran late)', message: 'Ran late: the browser was not running at its time. Noted.\nSecond line.' });
    const listed = await manager.conversations.summaries();
    expect(listed.map((c) => c.title)).toContain('/tidy (scheduled)');
    const transcript = await manager.conversations.getTranscript(result.conversationId!);
    expect(JSON.stringify(transcript)).toContain('Tidy ⟦from https://x.test: Board⟧');
  });
});
