/**
 * The side panel in each state a person meets, reached through the built extension as a person would:
 * real pages, the real worker and content scripts, the mock model server speaking the real Anthropic
 * stream. `scripts/panel-shots.ts` saves a PNG of each at 400 px; the panel-layout e2e checks each for
 * overflow, refs shown to the person, and accessibility.
 *
 *   const world = await startPanelWorld();
 *   for (const state of PANEL_STATES) { const panel = await state.open(world); …; await world.reset(); }
 *   await world.close();
 */
import type { Page } from 'playwright-core';
import { SETTINGS_SECTIONS } from '../../sidepanel/components/settings/sections.js';
import { lastRead, panelOn, ready, refOf, send, settled, type PanelWorld } from './panel-world.js';

export { PANEL_WIDTH, panelOn, refOf, startPanelWorld, type PanelWorld } from './panel-world.js';

/** One state: its name (the PNG's) and how to bring a fresh panel to it. */
export interface PanelState {
  name: string;
  /** What the state shows, for the report. */
  about: string;
  open(world: PanelWorld): Promise<Page>;
}

/** Ready settings with shortcuts: one stored as an older custom menu action (migrated on read), one on a schedule. */
const withShortcuts = (world: PanelWorld) => ({
  ...ready(world),
  customActions: [{ id: 'translate', title: 'Translate the selection', prompt: 'Translate into English: {{selection}}', contexts: ['selection'] }],
  shortcuts: [
    {
      id: 'triage',
      name: 'triage-inbox',
      prompt: 'Go through the unread messages on {{url}} and list the ones that need an answer today, with one line each on why.',
      contexts: ['page'],
      schedule: { when: SCHEDULE_WHEN, startUrl: `${world.site.url}/panel/todo.html`, mode: 'read-only' },
    },
    { id: 'tidy', name: 'tidy-todos', prompt: 'Mark every finished to-do on this page as done.', contexts: [] },
  ],
});
const SCHEDULE_WHEN = { kind: 'daily', time: '08:30' } as const;

/** A last run of the scheduled shortcut, as the worker stores it, once the worker has set its alarm. */
async function seedScheduleResult(world: PanelWorld): Promise<void> {
  await world.ext.evaluateInWorker(async (key) => {
    for (let i = 0; i < 100 && !(await chrome.alarms.get('pagewright-schedule:triage')); i++) await new Promise((r) => setTimeout(r, 50));
    const states = ((await chrome.storage.local.get('scheduleStates'))['scheduleStates'] ?? {}) as Record<string, object>;
    const lastResult = {
      status: 'done',
      text: 'Two messages need an answer today: the invoice from Acme (due Friday) and Maria’s question about the launch date.',
    };
    await chrome.storage.local.set({ scheduleStates: { ...states, triage: { ...states['triage'], key, lastRunAt: Date.now() - 3_600_000, lastResult } } });
  }, JSON.stringify(SCHEDULE_WHEN));
}

export const PANEL_STATES: readonly PanelState[] = [
  {
    name: 'first-run',
    about: 'no model set up: the setup card',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', {});
      await panel.getByRole('heading', { name: 'Set up a model' }).waitFor();
      return panel;
    },
  },
  {
    name: 'first-run-key-rejected',
    about: 'the setup card after Test with a key the provider refused',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', { anthropic: { baseUrl: world.model.url } });
      world.model.enqueue({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
      await panel.getByLabel('API key').fill('sk-ant-wrong');
      await panel.getByRole('button', { name: 'Test key' }).click();
      await panel.getByText('The API key was not accepted', { exact: false }).waitFor();
      return panel;
    },
  },
  {
    name: 'examples',
    about: 'a model is ready, nothing asked yet: three example requests',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world));
      await panel.getByRole('button', { name: 'Summarize this page' }).waitFor();
      return panel;
    },
  },
  {
    name: 'demo',
    about: 'the demo model ("Try it without a key") after an example request',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', {});
      await panel.getByRole('button', { name: 'Try it without a key' }).click();
      await panel.getByRole('button', { name: 'Summarize this page' }).click();
      await panel.getByText("I read the page's text", { exact: false }).waitFor();
      await settled(panel);
      return panel;
    },
  },
  {
    name: 'running-queued',
    about: 'a run working, with a message queued for its next step',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, { hang: true, text: 'I am looking at your list' });
      await send(panel, 'Tidy up my to-do list');
      await panel.locator('[data-tool-name="read_page"][data-status="done"]').waitFor();
      await send(panel, 'And add “water plants”');
      await panel.locator('[data-queued="true"]').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-ask',
    about: 'a prompt in ask mode: typing into the page',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [{ name: 'type', input: { ref: refOf(lastRead(request), 'What needs to be done?'), text: 'water plants', submit: true } }],
      }));
      await send(panel, 'Add “water plants” to my list');
      await panel.getByRole('dialog').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-plan',
    about: 'plan mode: the plan card, steps and sites to approve once',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world, 'plan'));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, () => ({
        toolCalls: [
          {
            name: 'update_plan',
            input: {
              steps: ['Add “water plants”, “call the landlord about the leaking kitchen tap” and “buy milk” to the list', 'Mark “buy milk” as done'],
              sites: [world.site.url],
            },
          },
        ],
      }));
      await send(panel, 'Add three things to my list and tick off the milk');
      await panel.locator('[role="dialog"].plan-card').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-tick',
    about: 'a prompt for ticking an unnamed checkbox in a list: named by its row',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/chores.html', ready(world));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [{ name: 'click', input: { ref: refOf(lastRead(request), 'Buy milk') } }],
      }));
      await send(panel, 'Tick off the milk');
      await panel.getByRole('dialog').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-fill',
    about: 'a prompt for filling two fields: named in its title',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/chores.html', ready(world));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [
          {
            name: 'fill_form',
            input: {
              fields: [
                { ref: refOf(lastRead(request), 'Name'), value: 'Ada Lovelace' },
                { ref: refOf(lastRead(request), 'Email'), value: 'ada@example.com' },
              ],
            },
          },
        ],
      }));
      await send(panel, 'Fill in my name and email');
      await panel.getByRole('dialog').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-destructive',
    about: 'a prompt for an act that cannot be undone',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/account.html', ready(world));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [{ name: 'click', input: { ref: refOf(lastRead(request), 'Delete account') } }],
      }));
      await send(panel, 'Delete my account');
      await panel.getByRole('dialog').waitFor();
      return panel;
    },
  },
  {
    name: 'prompt-data-flow',
    about: 'a prompt for data that would leave the site it was read on',
    async open(world) {
      const frame = `${world.otherSite.url}/panel/shop-search.html`;
      const { panel } = await panelOn(world, `panel/statement.html?frame=${encodeURIComponent(frame)}`, ready(world, 'auto'));
      world.model.enqueue({ toolCalls: [{ name: 'read_page', input: {} }] }, (request) => ({
        toolCalls: [{ name: 'type', input: { ref: refOf(lastRead(request), 'Search the shop'), text: 'account 4417 1234 5678 9113' } }],
      }));
      await send(panel, 'Search the partner shop for offers for my account');
      await panel.getByRole('dialog').waitFor();
      return panel;
    },
  },
  {
    name: 'finished',
    about: 'a finished run: reads, an act and its effect, a screenshot, the reply and its cost',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world, 'auto'));
      world.model.enqueue(
        { toolCalls: [{ name: 'read_page', input: {} }] },
        (request) => ({
          toolCalls: [{ name: 'type', input: { ref: refOf(lastRead(request), 'What needs to be done?'), text: 'water plants', submit: true } }],
        }),
        { toolCalls: [{ name: 'get_page_text', input: { main_content: true } }] },
        { toolCalls: [{ name: 'screenshot', input: {} }] },
        { text: 'Added **water plants** to your weekend list; it now has 2 items.' },
      );
      await send(panel, 'Add “water plants” to my list');
      await panel.getByText('it now has 2 items', { exact: false }).waitFor();
      await settled(panel);
      return panel;
    },
  },
  {
    name: 'error',
    about: 'the provider refused the key during a run',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world));
      world.model.enqueue({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
      await send(panel, 'What is on my list?');
      await panel.locator('.run-error').waitFor();
      return panel;
    },
  },
  {
    name: 'activity',
    about: 'the activity log as cards, after a run that changed the page',
    async open(world) {
      const panel = await PANEL_STATES.find((state) => state.name === 'finished')!.open(world);
      await panel.getByRole('button', { name: 'Activity' }).click();
      await panel.locator('.activity-card').first().waitFor();
      return panel;
    },
  },
  {
    name: 'activity-plan',
    about: 'the activity log after a plan was approved and the act it allowed ran',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world, 'plan'));
      const steps = ['Add “call the landlord about the leaking kitchen tap” to the weekend list', 'Say how many items the list has then'];
      let box = '';
      world.model.enqueue(
        { toolCalls: [{ name: 'read_page', input: {} }] },
        (request) => {
          box = refOf(lastRead(request), 'What needs to be done?');
          return { toolCalls: [{ name: 'update_plan', input: { steps, sites: [world.site.url] } }] };
        },
        () => ({ toolCalls: [{ name: 'type', input: { ref: box, text: 'call the landlord about the leaking kitchen tap', submit: true } }] }),
        { text: 'Added it; the list has 2 items.' },
      );
      await send(panel, 'Add the landlord call to my list');
      await panel.locator('[role="dialog"].plan-card').getByRole('button', { name: 'Approve plan' }).click();
      await panel.getByText('the list has 2 items', { exact: false }).waitFor();
      await settled(panel);
      await panel.getByRole('button', { name: 'Activity' }).click();
      await panel.locator('.activity-card[data-plan="approved"]').waitFor();
      await panel.locator('.activity-card').nth(1).waitFor();
      return panel;
    },
  },
  {
    name: 'conversations',
    about: 'the conversation list: long titles, sites, a failed one titled by its message',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', ready(world));
      world.model.enqueue({ text: 'Done.' });
      await send(panel, 'Please compare the delivery options of the three shops I have open and tell me which one is cheapest for next week');
      // The reply first: before the run shows, "settled" (no running line) would already hold.
      await panel.getByText('Done.', { exact: true }).waitFor();
      await settled(panel);
      await panel.getByRole('button', { name: 'New chat' }).click();
      // The new conversation comes from the worker: until it shows (the old messages gone), a message
      // sent would still go to the old one, and its error would never show here.
      await panel.locator('.message').first().waitFor({ state: 'detached' });
      world.model.enqueue({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
      await send(panel, 'Find a cheaper flight to Lisbon');
      await panel.locator('.run-error').waitFor();
      await panel.getByRole('button', { name: 'Conversations' }).click();
      await panel.locator('.conversation-title', { hasText: 'Find a cheaper flight to Lisbon' }).first().waitFor();
      return panel;
    },
  },
  {
    name: 'shortcut-list',
    about: 'the / list in the message box, filtered as typed',
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', withShortcuts(world));
      await panel.getByRole('textbox', { name: 'Message' }).fill('/t');
      await panel.getByRole('listbox', { name: 'Shortcuts' }).waitFor();
      return panel;
    },
  },
  // Every section the menu lists, found by its id (the menu order is the panel's, not this file's).
  ...SETTINGS_SECTIONS.map(({ id: section }): PanelState => ({
    name: `settings-${section}`,
    about: `Settings → ${section}`,
    async open(world) {
      const { panel } = await panelOn(world, 'panel/todo.html', withShortcuts(world));
      if (section === 'shortcuts') await seedScheduleResult(world);
      await panel.getByRole('button', { name: 'Settings', exact: true }).click();
      await panel
        .locator(`.section-menu button`)
        .nth(SETTINGS_SECTIONS.findIndex((entry) => entry.id === section))
        .click();
      await panel.locator(`.settings-section[data-section="${section}"]`).waitFor();
      return panel;
    },
  })),
];
