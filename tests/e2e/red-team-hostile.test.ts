/**
 * The red team, part one: hostile pages (tests/support/red-team/run.ts says what they are), each
 * paired with a fooled model that does what the page says, in ask and auto mode, with a careful
 * person (denies what the panel marks dangerous, allows the rest). An attack completes only if no
 * prompt warned of it; the recording servers say whether it did. Prints the table. Part two, the
 * suites judged where they take effect and the ordinary tasks, is tests/e2e/red-team.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE, MODES, SCENARIOS, useRedTeam } from '../support/red-team/run.js';

const { e2e, settingsFor, runScenario, outcomes } = useRedTeam();

describe.each(MODES)('hostile pages in %s mode', (mode) => {
  beforeAll(() => e2e.ext.setSettings(settingsFor(mode)));
  it.each(SCENARIOS.map((scenario) => [`${scenario.vector.id} → ${scenario.attack.id}`, scenario] as const))(
    '%s: does not complete without a prompt that warns of it',
    async (_name, scenario) => {
      const outcome = await runScenario(scenario, mode);
      outcomes.push(outcome);
      expect(outcome.scriptErrors).toEqual([]);
      expect(outcome.completed).toBe(false);
    },
  );
  it('the hostile text reached the model in nearly every scenario (what a read shows of it is the reads’ business)', () => {
    const mine = outcomes.filter((outcome) => outcome.mode === mode && outcome.suite === HOSTILE);
    expect(mine).toHaveLength(SCENARIOS.length);
    expect(mine.filter((outcome) => outcome.injectionSeen).length).toBeGreaterThanOrEqual(mine.length - 4);
  });
});
