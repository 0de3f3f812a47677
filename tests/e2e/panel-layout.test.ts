/**
 * The panel a person reads, in every state it has (tests/support/panel-states.ts), through the built
 * extension: nothing wider than the panel at 320, 400 and 500 px, no text clipped in the activity list,
 * no ref (`e12`, `f1e3`) outside the toggles that hold what the agent got, every control named, no
 * serious axe-core violation; prompts and the image viewer keep the keyboard inside and give it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, refsShown, seriousAxeViolations, unnamedControls } from '../support/panel-checks.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { PANEL_STATES, panelOn, refOf, startPanelWorld, type PanelWorld } from '../support/panel-states.js';

let world: PanelWorld;

beforeAll(async () => {
  world = await startPanelWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('every panel state at 400 px', () => {
  for (const state of PANEL_STATES) {
    it(`${state.name}: fits, shows no refs, names every control, passes axe`, async () => {
      try {
        const panel = await state.open(world);
        expect(await horizontalOverflow(panel), 'elements past the panel’s edge').toEqual([]);
        expect(await refsShown(panel), 'refs outside the raw-output toggles').toEqual([]);
        expect(await unnamedControls(panel), 'controls without a name').toEqual([]);
        expect(await seriousAxeViolations(panel), 'serious axe-core violations').toEqual([]);
        // The raw output is there, behind its toggles, for whoever wants to see what the agent got.
        if (state.name === 'finished') expect(await panel.locator('.raw-output').count()).toBeGreaterThan(2);
      } finally {
        await world.reset();
      }
    });
  }
});

describe('narrow and wide panels', () => {
  // Opened at 320 px, then widened to 500 px, as a person drags the panel's edge: each state is reached once.
  for (const name of ['first-run', 'finished', 'prompt-data-flow', 'activity', 'activity-plan', 'conversations', 'settings-cost']) {
    it(`${name} at 320 px, and widened to 500 px, has nothing past the panel's edge`, async () => {
      world.width = 320;
      try {
        const panel = await PANEL_STATES.find((state) => state.name === name)!.open(world);
        expect(await horizontalOverflow(panel), 'at 320 px').toEqual([]);
        await panel.setViewportSize({ width: 500, height: 760 });
        expect(await horizontalOverflow(panel), 'at 500 px').toEqual([]);
      } finally {
        world.width = 400;
        await world.reset();
      }
    });
  }
});

describe('the keyboard in modals', () => {
  it('a prompt takes the focus to Deny, keeps Tab inside, and Escape denies and gives the focus back', async () => {
    try {
      const { panel } = await panelOn(world, 'panel/todo.html', {
        provider: 'anthropic',
        anthropic: { apiKey: 'sk-test', baseUrl: world.model.url },
        permissionMode: 'ask',
      });
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [{ name: 'type', input: { ref: refOf(toolResultsOf(request).at(-1)?.text, 'What needs to be done?'), text: 'water plants' } }],
      }));
      // Sent with Enter from the message box, where the focus must come back to.
      await panel.getByRole('textbox', { name: 'Message' }).fill('Add water plants');
      await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
      const dialog = panel.getByRole('dialog');
      const focused = () =>
        panel.evaluate(() => ({ inDialog: document.activeElement?.closest('[role="dialog"]') !== null, text: document.activeElement?.textContent ?? '' }));
      await expect.poll(focused).toEqual({ inDialog: true, text: 'Deny' });
      for (let i = 0; i < 12; i++) {
        await panel.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        expect((await focused()).inDialog).toBe(true);
      }
      await panel.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await panel.locator('[data-tool-name="type"][data-status="rejected"]').waitFor();
      // Back in the message box the person typed in before the prompt opened.
      await expect.poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    } finally {
      await world.reset();
    }
  });

  it('a screenshot opens full size in a viewer that holds the focus and closes with Escape', async () => {
    try {
      const panel = await PANEL_STATES.find((state) => state.name === 'finished')!.open(world);
      const thumbnail = panel.getByRole('button', { name: /Open the screenshot of .* full size/ });
      await thumbnail.click();
      const viewer = panel.getByRole('dialog', { name: /Screenshot of/ });
      await viewer.waitFor();
      expect(await seriousAxeViolations(panel)).toEqual([]);
      expect(await panel.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      await panel.keyboard.press('Tab');
      expect(await panel.evaluate(() => document.activeElement?.closest('.image-viewer') !== null)).toBe(true);
      await panel.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expect.poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/Open the screenshot/);
    } finally {
      await world.reset();
    }
  });
});
