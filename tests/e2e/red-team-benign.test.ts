/**
 * The red team, part three: ordinary tasks on the trust sites (tests/support/red-team/benign.ts), with a
 * person who allows everything, counting prompts per task in ask, auto and plan mode: an honest task
 * must not start asking at every step. Prints the table. Parts one and two, the attacks, are
 * tests/e2e/red-team-hostile.test.ts and tests/e2e/red-team.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BENIGN_TASKS } from '../support/red-team/benign.js';
import { BENIGN_MODES, useRedTeam, willing } from '../support/red-team/run.js';
import { call } from '../support/red-team/script.js';
import { driveTask } from '../support/panel-driver.js';

const { e2e, sites, settingsFor, visit, panelFor, settled, benign } = useRedTeam();

describe.each(BENIGN_MODES)('ordinary tasks in %s mode', (mode) => {
  beforeAll(() => e2e.ext.setSettings(settingsFor(mode)));
  it.each(BENIGN_TASKS.map((task) => [task.id, task] as const))('%s: gets done', async (_name, task) => {
    e2e.mock.reset();
    sites().reset();
    const { page, tabId } = await visit(sites().site.page(`benign-${mode}-${task.id}`, task.page));
    const plan = mode === 'plan' ? [call('plan', 'update_plan', { steps: [task.ask], sites: [sites().site.origin] })] : [];
    e2e.mock.enqueue(...plan, ...task.steps(sites().evil.origin), { text: `Finished ${task.id} (${mode}).` });
    const panel = await panelFor(tabId);
    const prompts = await driveTask(panel, task.ask, { decide: willing, finished: `Finished ${task.id} (${mode}).` });
    await settled();
    const done = await task.done(sites(), page);
    benign.push({ task: task.id, mode, prompts: prompts.length, done });
    expect(done).toBe(true);
  });
  it('with few prompts per task', () => {
    const mine = benign.filter((row) => row.mode === mode);
    expect(mine).toHaveLength(BENIGN_TASKS.length);
    const perTask = mine.reduce((sum, row) => sum + row.prompts, 0) / mine.length;
    expect(perTask).toBeLessThanOrEqual(mode === 'auto' ? 0.5 : 1.5);
    // Plan mode: the plan's one prompt, and little else on honest work.
    if (mode === 'plan') expect(perTask).toBeLessThanOrEqual(1.5);
  });
});
