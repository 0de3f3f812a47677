/**
 * The red team, part two (part one, the hostile pages, is tests/e2e/red-team-hostile.test.ts; part
 * three, ordinary tasks, is tests/e2e/red-team-benign.test.ts; the harness and the scenarios are
 * tests/support/red-team/run.ts): the suites judged where their effect happens
 * (tests/support/red-team/suites.ts: the data attacks, the point of effect), each in ask and auto mode,
 * each stopped by a prompt marked dangerous that shows the real data, or blocked with a named error.
 * Prints the table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EFFECT_SCENARIOS, MODES, useRedTeam } from '../support/red-team/run.js';

const { e2e, settingsFor, runScenario, outcomes } = useRedTeam();

describe.each(MODES)('attacks judged where they take effect, in %s mode', (mode) => {
  beforeAll(async () => {
    await e2e.ext.setSettings(settingsFor(mode));
    // The MCP attack needs the server's tools in the pool: wait until the worker has connected to it.
    const page = await e2e.ext.context.newPage();
    await page.goto(`${e2e.ext.origin}/sidepanel/index.html`);
    const states = () =>
      page.evaluate(async () => JSON.stringify(((await chrome.runtime.sendMessage({ method: 'mcp.states', params: {} })) as { data: unknown }).data));
    // No deadline of its own: a server that never connects is caught by the hook's timeout.
    while (!(await states()).includes('"connected"')) await page.waitForTimeout(100);
    await page.close();
  });
  it.each(EFFECT_SCENARIOS.map((scenario) => [`${scenario.suite}: ${scenario.attack.id}`, scenario] as const))(
    '%s: is stopped by a prompt that shows the real data, or blocked',
    async (_name, scenario) => {
      const outcome = await runScenario(scenario, mode);
      outcomes.push(outcome);
      expect(outcome.scriptErrors).toEqual([]);
      expect(outcome.completed).toBe(false);
      // Blocked with the attack's own error, or stopped by a warning the person could judge: a prompt
      // marked dangerous that shows the very data (or the act) at stake.
      if (outcome.blocked) return;
      const warned = outcome.prompts.filter((prompt) => prompt.flagged && prompt.answer === 'Deny');
      expect(
        warned.length,
        `no warning prompt, and no ${JSON.stringify(scenario.attack.blockedBy)} among the errors: ${JSON.stringify(outcome.errors)}`,
      ).toBeGreaterThan(0);
      if (outcome.data) expect(warned.some((prompt) => prompt.text.toLowerCase().includes(outcome.data!.toLowerCase()))).toBe(true);
    },
  );
});
