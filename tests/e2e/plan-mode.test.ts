/**
 * Plan mode through the built extension in Chromium with the scripted model: an act before a plan is
 * PLAN_REQUIRED; update_plan shows the plan card; approved, three acts on the site run without a
 * prompt (and the activity log says the plan allowed them); a destructive click and a navigation to
 * another site still ask; a denied plan reaches the model with the person's reason.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { toolResultsOf, type RecordedRequest } from '../support/mock-model-server.js';
import { resultText, systemOf } from '../support/model-results.js';
import { driveTask, send, type Decide } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';
import { startTrustSites, type TrustSites } from '../support/trust-sites.js';

const e2e = useExtension({ mock: { permissionMode: 'plan' } });
let sites: TrustSites;
const last = (request: RecordedRequest) => toolResultsOf(request).at(-1)?.text ?? '';
/** A conversation's activity log as the worker stored it (its IndexedDB store, by the conversation index). */
const storedActivity = (conversationId: string) =>
  e2e.ext.evaluateInWorker(
    (id) =>
      new Promise<Array<Record<string, unknown>>>((done, fail) => {
        const open = indexedDB.open('pagewright');
        open.onsuccess = () => {
          const all = open.result.transaction('activity').objectStore('activity').index('byConversation').getAll(id);
          all.onsuccess = () => done((all.result as Array<Record<string, unknown>>).sort((a, b) => Number(a['at']) - Number(b['at'])));
          all.onerror = () => fail(all.error);
        };
        open.onerror = () => fail(open.error);
      }),
    conversationId,
  );

const SHOP = `<!doctype html><meta charset="utf-8"><title>Basket</title><h1>Basket</h1>
<ul id="basket"></ul>
<button onclick="add('apples')">Add apples</button>
<button onclick="add('pears')">Add pears</button>
<button onclick="add('plums')">Add plums</button>
<form method="post" action="/account/delete"><button>Delete account</button></form>
<script>function add(what) { const li = document.createElement('li'); li.textContent = what; document.getElementById('basket').append(li); }</script>`;

/** The person: approves the plan, denies what the panel marks dangerous and anything outside the plan. */
const person: Decide = (prompt) => (prompt.tool === 'update_plan' ? 'Approve plan' : 'Deny');

beforeAll(async () => {
  sites = await startTrustSites();
});
afterAll(async () => {
  await sites?.close();
});
beforeEach(async () => {
  sites.reset();
  await e2e.ext.setSettings(e2e.settings);
});

describe('plan mode', () => {
  it('needs a plan before an act, then runs acts on the plan’s site unasked; destructive acts and other sites still ask', async () => {
    const { page, tabId } = await e2e.open(sites.site.page('basket', SHOP));
    const refs: Record<string, string> = {};
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => {
        for (const name of ['Add apples', 'Add pears', 'Add plums', 'Delete account']) refs[name] = refIn(last(request), `button "${name}"`);
        return { toolCalls: [{ id: 'early', name: 'click', input: { ref: refs['Add apples'] } }] };
      },
      { toolCalls: [{ id: 'plan', name: 'update_plan', input: { steps: ['Add apples, pears and plums to the basket'], sites: [sites.site.origin] } }] },
      () => ({ toolCalls: [{ id: 'a1', name: 'click', input: { ref: refs['Add apples'] } }] }),
      () => ({ toolCalls: [{ id: 'a2', name: 'click', input: { ref: refs['Add pears'] } }] }),
      () => ({ toolCalls: [{ id: 'a3', name: 'click', input: { ref: refs['Add plums'] } }] }),
      () => ({ toolCalls: [{ id: 'delete', name: 'click', input: { ref: refs['Delete account'] } }] }),
      { toolCalls: [{ id: 'away', name: 'navigate', input: { url: `${sites.evil.origin}/elsewhere` } }] },
      { text: 'Finished basket.' },
    );
    const panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Put apples, pears and plums in my basket.', { decide: person, finished: 'Finished basket.' });

    // The act before the plan was refused with what to do, and nothing was clicked.
    expect(JSON.parse(resultText(e2e.mock, 'early').text).error).toMatchObject({ code: 'PLAN_REQUIRED', suggestion: expect.stringContaining('update_plan') });
    // One plan card, then only the destructive click and the other site asked; the three acts did not.
    expect(prompts.map((prompt) => [prompt.tool, prompt.answer])).toEqual([
      ['update_plan', 'Approve plan'],
      ['click', 'Deny'],
      ['navigate', 'Deny'],
    ]);
    const [card, destructive, away] = prompts;
    expect(card?.text).toContain('Approve this plan?');
    expect(card?.text).toContain('Add apples, pears and plums to the basket');
    expect(card?.text).toContain(new URL(sites.site.origin).host);
    expect(card?.text).toMatch(/It still asks you first before:.*cannot be undone.*another.*not listed above/);
    expect(card?.text).not.toMatch(/update_plan|\be\d+\b/);
    expect(destructive?.flagged).toBe(true);
    expect(away?.text).toContain(new URL(sites.evil.origin).host);
    for (const id of ['a1', 'a2', 'a3']) expect(resultText(e2e.mock, id).isError).toBe(false);
    expect(await page.locator('#basket li').allTextContents()).toEqual(['apples', 'pears', 'plums']);
    expect(sites.site.requests.filter((request) => request.url.startsWith('/account/delete'))).toEqual([]);
    expect(sites.evil.requests).toEqual([]);
    // The model was told about plan mode, and offered update_plan.
    expect(systemOf(e2e.mock.requests[0]!)).toContain('# Plan mode');

    await panel.getByRole('button', { name: 'Activity' }).click();
    const cards = panel.locator('.activity-card');
    // The approval itself, then the three acts that ran (denied calls changed nothing and are not logged).
    await expect.poll(() => cards.count()).toBe(4);
    const [approval, ...acts] = (await cards.allTextContents()).map((text) => text.replace(/\s+/g, ' '));
    expect(approval).toContain('Plan approved: 1 step');
    expect(approval).toContain(new URL(sites.site.origin).host);
    expect(approval).toContain('You approved it');
    expect(approval).not.toMatch(/update_plan|\be\d+\b/);
    expect(acts.every((line) => /Clicked/.test(line) && /Allowed by plan/.test(line))).toBe(true);
    // As the worker stored it: the plan's steps and sites, in this conversation.
    const conversationId = await panel.locator('.app[data-conversation-id]').getAttribute('data-conversation-id');
    const stored = await storedActivity(conversationId!);
    expect(stored[0]).toMatchObject({
      tool: 'update_plan',
      status: 'done',
      plan: { decision: 'approved', steps: ['Add apples, pears and plums to the basket'], sites: [sites.site.origin] },
    });
  });

  it('a denied plan reaches the model with the person’s reason, and acts stay refused', async () => {
    const { tabId } = await e2e.open(sites.site.page('basket-deny', SHOP));
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'plan', name: 'update_plan', input: { steps: ['Empty the basket'], sites: [sites.site.origin] } }] },
      { toolCalls: [{ id: 'after', name: 'navigate', input: { url: '/other' } }] },
      { text: 'Finished deny.' },
    );
    const panel = await e2e.panel(tabId);
    await send(panel, 'Tidy my basket.');
    const dialog = panel.locator('[role="dialog"].plan-card');
    await dialog.waitFor();
    await dialog.getByText('Tell the agent why (if you deny)').click();
    await dialog.getByLabel('Reason, sent to the agent with Deny').fill('Keep the pears, please');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await panel.getByText('Finished deny.', { exact: true }).waitFor();
    const denied = resultText(e2e.mock, 'plan');
    expect(denied.isError).toBe(true);
    expect(JSON.parse(denied.text).error).toMatchObject({ code: 'PERMISSION_DENIED', message: expect.stringContaining('Keep the pears, please') });
    expect(JSON.parse(resultText(e2e.mock, 'after').text).error).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect(sites.site.requests.filter((request) => request.url.startsWith('/other'))).toEqual([]);

    // The denial is in the activity log, with the reason; nothing else ran.
    await panel.getByRole('button', { name: 'Activity' }).click();
    const card = panel.locator('.activity-card');
    await expect.poll(() => card.count()).toBe(1);
    expect((await card.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Plan denied: 1 step.*You denied it: nothing in it ran\. Your reason: Keep the pears, please/,
    );
    const conversationId = await panel.locator('.app[data-conversation-id]').getAttribute('data-conversation-id');
    expect(await storedActivity(conversationId!)).toEqual([
      expect.objectContaining({
        status: 'denied',
        plan: { decision: 'denied', steps: ['Empty the basket'], sites: [sites.site.origin], reason: 'Keep the pears, please' },
      }),
    ]);
  });
});
