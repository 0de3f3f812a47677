/** The activity log is written from the loop's events: calls that ran and changed something, with who allowed them. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from '../runtime/tool.js';
import type { ActivityEntry } from '../shared/activity.js';
import { updatePlan } from '../tools/agent/update-plan.js';
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

  it('logs the person’s answer to a plan card: approved with its steps and sites, denied with the reason; a plan that asked nobody is not logged', async () => {
    const added: ActivityEntry[] = [];
    const recorder = new ActivityRecorder({
      conversationId: 'c1',
      runId: 'r1',
      tools: [updatePlan, click],
      now: () => 2000,
      store: { add: async (entry) => void added.push(entry), list: async () => [] },
    });
    const input = { steps: ['Add apples', 'Add pears'], sites: ['shop.test', 'https://pay.test'] };
    const plan = { steps: input.steps, sites: ['https://shop.test', 'https://pay.test'] };
    const answer = (id: string, status: string, permission: unknown, output?: unknown) => {
      recorder.onEvent({ type: 'tool_call_started', toolUseId: id, name: 'update_plan', input, description: 'Plan: 2 steps' });
      recorder.onEvent({
        type: 'tool_call_finished',
        toolUseId: id,
        name: 'update_plan',
        status,
        content: [{ type: 'text', text: '' }],
        isError: status !== 'done',
        durationMs: 1,
        permission,
        ...(output ? { output } : {}),
      } as never);
    };
    answer('p1', 'done', { type: 'person', choice: 'allow_once' }, { approved: true, plan, mode: 'plan' });
    answer('p2', 'rejected', { type: 'person', choice: 'deny', reason: 'Keep the pears' });
    answer('p3', 'rejected', { type: 'person', choice: 'deny' });
    // Already approved (the tool's own yes), a stop while the card waited, no panel to ask: no answer was given.
    answer('p4', 'done', { type: 'tool', detail: 'This plan is the one the person approved.' }, { approved: true, plan, mode: 'plan' });
    answer('p5', 'cancelled', undefined);
    answer('p6', 'rejected', { type: 'no_ui', detail: 'would ask' });
    await recorder.flushed();
    expect(added).toEqual([
      {
        id: 'r1:p1',
        conversationId: 'c1',
        runId: 'r1',
        toolUseId: 'p1',
        at: 2000,
        tool: 'update_plan',
        did: 'Plan approved: 2 steps on shop.test, pay.test',
        status: 'done',
        outcome: 'Acts on these sites run without asking; the rest still asks.',
        allowedBy: 'the person (approved the plan)',
        allowedByKind: 'person',
        plan: { decision: 'approved', ...plan },
      },
      expect.objectContaining({
        toolUseId: 'p2',
        did: 'Plan denied: 2 steps on shop.test, pay.test',
        status: 'denied',
        outcome: 'Denied. Reason: Keep the pears',
        plan: { decision: 'denied', ...plan, reason: 'Keep the pears' },
      }),
      expect.objectContaining({ toolUseId: 'p3', status: 'denied', outcome: 'Denied.', plan: { decision: 'denied', ...plan } }),
    ]);
  });
});
