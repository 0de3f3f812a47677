/** The activity log is written from the loop's events: calls that ran and changed something, with who allowed them. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from '../runtime/tool.js';
import type { ActivityEntry } from '../shared/activity.js';
import { ActivityRecorder } from './activity-recorder.js';

const read = buildTool({ name: 'read_page', inputSchema: z.object({}), prompt: 'p', isReadOnly: () => true, call: async () => ({ data: '' }) });
const click = buildTool({ name: 'click', inputSchema: z.object({}), prompt: 'p', call: async () => ({ data: '' }) });

describe('ActivityRecorder', () => {
  it('logs done and failed actions with site, effect and who allowed them; not reads, denials or calls that never ran', async () => {
    const added: ActivityEntry[] = [];
    const recorder = new ActivityRecorder({
      conversationId: 'c1',
      runId: 'r1',
      tools: [read, click],
      now: () => 1000,
      store: { add: async (entry) => void added.push(entry), list: async () => [] },
    });
    const finished = (id: string, name: string, extra: Record<string, unknown>) =>
      recorder.onEvent({
        type: 'tool_call_finished',
        toolUseId: id,
        name,
        status: 'done',
        content: [{ type: 'text', text: 'Clicked button "Pay".\nmore' }],
        isError: false,
        durationMs: 5,
        ...extra,
      } as never);
    for (const [id, name] of [
      ['t1', 'click'],
      ['t2', 'read_page'],
      ['t3', 'click'],
      ['t4', 'click'],
      ['t5', 'click'],
    ]) {
      recorder.onEvent({ type: 'tool_call_started', toolUseId: id as string, name: name as string, input: {}, description: `${name} ${id}` });
    }
    finished('t1', 'click', { permission: { type: 'person', choice: 'allow_once' }, site: 'https://shop.test', effect: 'submits the form “Pay” (POST /pay)' });
    finished('t2', 'read_page', { permission: { type: 'mode', mode: 'ask', detail: 'reads run' } });
    finished('t3', 'click', { status: 'rejected', permission: { type: 'person', choice: 'deny' } });
    finished('t4', 'click', {
      status: 'error',
      error: { code: 'ELEMENT_COVERED', message: 'covered', suggestion: 's' },
      permission: { type: 'mode', mode: 'auto', detail: 'auto' },
    });
    finished('t5', 'click', { status: 'error', error: { code: 'VALIDATION_FAILED', message: 'bad', suggestion: 's' } });
    await recorder.flushed();
    expect(added).toEqual([
      {
        id: 'r1:t1',
        conversationId: 'c1',
        runId: 'r1',
        toolUseId: 't1',
        at: 1000,
        site: 'https://shop.test',
        tool: 'click',
        did: 'click t1 — submits the form “Pay” (POST /pay)',
        status: 'done',
        outcome: 'Clicked button "Pay".',
        allowedBy: 'the person (once)',
        allowedByKind: 'person',
      },
      expect.objectContaining({ toolUseId: 't4', status: 'error', outcome: 'ELEMENT_COVERED: covered', allowedBy: 'auto mode' }),
    ]);
  });
});
