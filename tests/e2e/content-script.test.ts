/**
 * The content script in a real Chromium, without the extension: the test bundle is injected into
 * fixture pages and driven through the page protocol; every test checks the page's real state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, refOf, run, send } from '../support/content-harness.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { checkTreeLines } from '../support/tree-lines.js';

let server: FixtureServer;
let other: FixtureServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, other, browser] = await Promise.all([startFixtureServer(), startFixtureServer(), launchBrowser()]);
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), other?.close()]);
});

async function open(name: string, query = ''): Promise<void> {
  await page.goto(`${server.url}/page/${name}.html${query}`);
}
type Snap = {
  text: string;
  elements: Record<string, { role: string; name: string; inputType?: string; autocomplete?: string; submits?: boolean; formMethod?: string }>;
  frames: Array<{ ref: string }>;
  documentId: string;
};
const snapshot = (filter: 'all' | 'interactive' = 'all') => run<Snap>(page, { type: 'snapshot', filter, refPrefix: '' });
const errorOf = async (command: Parameters<typeof send>[1]) => {
  const reply = await send(page, command);
  if (reply.ok) throw new Error(`expected ${command.type} to fail`);
  return reply.error;
};

describe('snapshot', () => {
  it('lists roles, accessible names, states, values and placeholders, one node a line', async () => {
    await open('form');
    const { text, elements } = await snapshot();
    expect(text).toContain('- heading "Create your account" [level=1] [ref=');
    expect(text).toMatch(/- textbox "Full name" \[required\] \[ref=e\d+\]/);
    expect(text).toMatch(/- textbox "Email" \[ref=e\d+\]:\n\s+- \/placeholder: you@example.com/);
    expect(text).toMatch(/- textbox "About you" \[ref=e\d+\]/); // aria-label
    expect(text).toMatch(/- combobox "Country" \[ref=e\d+\]: Choose…/);
    expect(text).toContain('- option "Ham" [disabled]');
    expect(text).toMatch(/- radio "Basic" \[checked\] \[ref=e\d+\]/);
    expect(text).toMatch(/- group "Plan":/); // fieldset named by its legend
    expect(text).toMatch(/- textbox "Promo code" \[disabled\] \[ref=e\d+\]: NONE/);
    expect(text).toMatch(/- checkbox "Legacy mode" \[disabled\]/); // disabled through its fieldset
    expect(text).toMatch(/- button "Verify email" \[disabled\] \[ref=e\d+\]/);
    expect(text).toMatch(/- searchbox "Search the docs" \[ref=e\d+\]/);
    // What the worker keeps to judge safety without a round trip.
    const submit = elements[refOf(text, 'button "Create account"')];
    expect(submit).toMatchObject({ role: 'button', name: 'Create account', submits: true, formMethod: 'post' });
    expect(elements[refOf(text, 'textbox "Password"')]).toMatchObject({ inputType: 'password', autocomplete: 'new-password' });
    expect(elements[refOf(text, 'textbox "Card number"')]).toMatchObject({ autocomplete: 'cc-number' });
  });

  it('joins inline text the way it reads and separates blocks', async () => {
    await page.setContent('<p>Hello <b>world</b>, <i>again</i>!</p><div><span>Sub</span><span>mit</span></div><div>one</div><div>two</div>');
    const { text } = await snapshot();
    expect(text).toBe('- paragraph: Hello world, again!\n- text: Submit one two');
  });

  it('a name separates words where the screen does: flex and grid items and block boxes, not inline parts', async () => {
    await page.setContent(
      '<button style="display:flex;gap:8px"><span>GET</span><span>/pets/{id}</span><div>Find a pet by id</div></button>' +
        '<a href="#x" style="display:grid"><span>Docs</span><span>Guides</span></a>' +
        '<button>Save<span style="display:block">draft</span></button>' +
        '<button><span>Sub</span><b>mit</b> <span style="display:inline-block">now</span></button>' +
        '<button><span style="display:contents">Re</span>load</button>',
    );
    const { text } = await snapshot();
    expect(text).toMatch(/- button "GET \/pets\/\{id\} Find a pet by id" \[ref=e\d+\]/);
    expect(text).toMatch(/- link "Docs Guides" \[ref=e\d+\]/);
    expect(text).toMatch(/- button "Save draft" \[ref=e\d+\]/);
    expect(text).toMatch(/- button "Submit now" \[ref=e\d+\]/);
    expect(text).toMatch(/- button "Reload" \[ref=e\d+\]/);
  });

  it('a text node of only non-breaking spaces separates words as it does on screen', async () => {
    await page.setContent('<p><span>from</span>&nbsp;<span>$610</span></p><table><tr><td><b>GUI</b>&nbsp;<i>Oxyd</i></td></tr></table>');
    const { text } = await snapshot();
    expect(text).toContain('- paragraph: from $610');
    expect(text).toContain('- cell "GUI Oxyd"');
  });

  it('a link carries its target on its line, and a list item that only wraps one element is that element, wherever it is listed', async () => {
    await page.setContent(
      '<nav><ul><li><a href="/news">News</a></li><li><a href="https://example.org/a_(b)">A (b)</a></li></ul></nav>' +
        '<ol><li>Dated <a href="#top">Top</a></li><li>Plain words</li><li><div><button>Save</button></div></li></ol>' +
        '<div role="listitem"><a href="/alone">Alone</a></div>',
    );
    const { text } = await snapshot();
    const lines = text.split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^- navigation \[ref=e\d+\]:$/),
      expect.stringMatching(/^ {2}- list \[ref=e\d+\]:$/),
      expect.stringMatching(/^ {4}- link "News" \[ref=e\d+\] \(url: \/news\)$/),
      expect.stringMatching(/^ {4}- link "A \(b\)" \[ref=e\d+\] \(url: https:\/\/example\.org\/a_\(b\)\)$/),
      expect.stringMatching(/^- list \[ref=e\d+\]:$/),
      // An item with words of its own keeps its line, and so does one with nothing in it but words.
      '  - listitem:',
      '    - text: Dated',
      expect.stringMatching(/^ {4}- link "Top" \[ref=e\d+\] \(url: #top\)$/),
      '  - listitem: Plain words',
      expect.stringMatching(/^ {2}- button "Save" \[ref=e\d+\]$/),
      // Also where the list itself is not listed (role=listitem on a div).
      expect.stringMatching(/^- link "Alone" \[ref=e\d+\] \(url: \/alone\)$/),
    ]);
    expect(checkTreeLines(text)).toEqual([]);
  });

  it('the interactive filter is a flat, shorter list of the same refs', async () => {
    await open('form');
    const all = await snapshot('all');
    const interactive = await snapshot('interactive');
    expect(interactive.text.length).toBeLessThan(all.text.length);
    expect(interactive.text).not.toContain('heading');
    expect(interactive.text.split('\n').every((line) => /^(- |\s+- \/)/.test(line))).toBe(true);
    expect(refOf(interactive.text, 'button "Create account"')).toBe(refOf(all.text, 'button "Create account"'));
  });

  it('leaves hidden elements out and shows them once they appear', async () => {
    await open('interactions');
    const before = await snapshot();
    expect(before.text).not.toContain('Laptops');
    await page.hover('#products');
    const after = await snapshot();
    expect(after.text).toMatch(/- link "Laptops" \[ref=e\d+\] \(url: #laptops\)/);
    expect(after.text).toMatch(/- button "Products" \[expanded\]/);
  });

  it('includes open shadow roots but not closed ones', async () => {
    await open('shadow');
    const { text } = await snapshot();
    expect(text).toMatch(/- textbox "Find a product" \[ref=e\d+\]/);
    expect(text).toMatch(/- button "Go" \[ref=e\d+\]/);
    expect(text).not.toContain('Hidden inside closed root');
  });

  it('marks iframes so the worker can stitch each frame in, and snapshots inside a cross-origin frame', async () => {
    await open('frames', `?other=${encodeURIComponent(other.url)}`);
    const { text, frames } = await snapshot();
    expect(frames).toHaveLength(2);
    expect(text).toContain(`- iframe "Same origin frame" [ref=${frames[0]?.ref}]`);
    const cross = page.frames().find((frame) => frame.url().startsWith(other.url));
    expect(cross).toBeDefined();
    const inner = await run<Snap>(cross!, { type: 'snapshot', filter: 'all', refPrefix: 'f7' });
    expect(inner.text).toMatch(/- button "Frame button" \[ref=f7e\d+\]/);
    const local = refOf(inner.text, 'Frame button').replace('f7', '');
    await run(cross!, { type: 'click', ref: local, button: 'left', clickCount: 1, modifiers: [] });
    expect(await cross!.textContent('#count')).toBe('1');
  });

  it('limits depth and reads a subtree by ref', async () => {
    await open('form');
    const full = await snapshot();
    const shallow = await run<Snap & { truncated: boolean }>(page, { type: 'snapshot', filter: 'all', refPrefix: '', maxDepth: 1 });
    expect(shallow.truncated).toBe(true);
    expect(shallow.text).not.toContain('textbox');
    const search = refOf(full.text, '- search [ref=');
    const sub = await run<Snap>(page, { type: 'snapshot', filter: 'all', refPrefix: '', ref: search });
    expect(sub.text.split('\n')[0]).toContain(`search [ref=${search}]`);
    expect(sub.text).toContain('searchbox "Search the docs"');
    expect(sub.text).not.toContain('Full name');
  });

  it('adds nothing to the page: the DOM is identical after snapshot, find and page text', async () => {
    await open('form');
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    await snapshot();
    await run(page, { type: 'find', query: 'email', limit: 5, refPrefix: '' });
    await run(page, { type: 'page_text', mainContent: true });
    const after = await page.evaluate(() => document.documentElement.outerHTML);
    // The test harness's own injected <script> (addScriptTag) is the only difference allowed.
    const withoutScripts = (html: string) => html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
    expect(withoutScripts(after)).toBe(withoutScripts(before));
    expect(after).not.toMatch(/data-(pw|pagewright|ref)|\bref="e\d+"/);
  });
});

describe('refs', () => {
  it('stay the same while the element lives and go stale when it is removed or the page navigates', async () => {
    await open('danger');
    const first = await snapshot();
    const second = await snapshot();
    const del = refOf(first.text, 'Delete account');
    expect(refOf(second.text, 'Delete account')).toBe(del);
    await page.evaluate(() => document.querySelector('#delete')?.remove());
    const removed = await errorOf({ type: 'click', ref: del, button: 'left', clickCount: 1, modifiers: [] });
    expect(removed.code).toBe('STALE_REF');
    expect(removed.suggestion).toMatch(/read_page or find/);

    const save = refOf(first.text, 'Save preferences');
    await open('danger');
    const unknown = await errorOf({ type: 'click', ref: save, button: 'left', clickCount: 1, modifiers: [] });
    expect(unknown.code).toBe('STALE_REF');
    await snapshot(); // the new document hands out e-refs again...
    const old = await errorOf({ type: 'click', ref: save, documentId: first.documentId, button: 'left', clickCount: 1, modifiers: [] });
    expect(old.code).toBe('STALE_REF'); // ...but a ref from the old document is still stale
    expect(await page.textContent('#status')).toBe('active');
  });
});

describe('find', () => {
  it('ranks by accessible name, label, placeholder and role words', async () => {
    await open('form');
    const result = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'Create account', limit: 5, refPrefix: '' });
    expect(result.matches[0]?.line).toMatch(/^- button "Create account" \[ref=e\d+\]$/);
    const byRole = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'email textbox', limit: 5, refPrefix: '' });
    expect(byRole.matches[0]?.line).toContain('textbox "Email"');
    const byPlaceholder = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'a few words', limit: 5, refPrefix: '' });
    expect(byPlaceholder.matches[0]?.line).toContain('textbox "About you"');
    await open('shadow');
    const inShadow = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'find a product', limit: 5, refPrefix: '' });
    expect(inShadow.matches[0]?.line).toContain('textbox "Find a product"');
  });

  it('takes a role word to mean its relatives, and a role word that is a name as a name', async () => {
    await open('form');
    const lines = async (query: string) =>
      (await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query, limit: 5, refPrefix: '' })).matches.map((m) => m.line);
    // The form's search field is a searchbox: asked for as a textbox, it is found.
    expect((await lines('search the docs textbox'))[0]).toContain('searchbox "Search the docs"');
    await page.evaluate(() => {
      const table = document.createElement('table');
      table.innerHTML = '<thead><tr><th>Name</th><th>Made in</th></tr></thead><tbody><tr><td>Lamp</td><td>Oslo</td></tr></tbody>';
      const toggle = document.createElement('div');
      toggle.setAttribute('role', 'switch');
      toggle.setAttribute('aria-checked', 'false');
      toggle.tabIndex = 0;
      toggle.textContent = 'Dark mode';
      const named = document.createElement('button');
      named.textContent = 'Dialog';
      document.body.append(table, toggle, named);
    });
    expect((await lines('Made in columnheader'))[0]).toContain('columnheader "Made in"');
    expect((await lines('dark mode checkbox'))[0]).toContain('switch "Dark mode"');
    // No dialog on the page: "dialog" is the button's name.
    expect((await lines('dialog'))[0]).toContain('button "Dialog"');
  });

  it('shows the words around a match found in text, and takes row, cell and paragraph as role words', async () => {
    await open('plain');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = `The highest offices. ${'The South Island is divided along its length by the Southern Alps. '.repeat(4)}The highest of which is <a href="#">Aoraki</a> at 3,754 metres. ${'More text follows here. '.repeat(10)}`;
      const table = document.createElement('table');
      table.innerHTML = '<tr><th>2019 estimate</th><td>4,933,210</td></tr>';
      document.body.append(p, table);
    });
    const found = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'highest of which', limit: 5, refPrefix: '' });
    expect(found.matches[0]?.line).toMatch(/^- paragraph \[ref=e\d+\] \(text: "….*The highest of which is Aoraki at 3,754 metres\..*…"\)$/);
    const row = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'estimate row', limit: 5, refPrefix: '' });
    expect(row.matches[0]?.line).toMatch(/^- row "2019 estimate 4,933,210" \[ref=e\d+\]$/);
    const cell = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: '4,933,210 cell', limit: 5, refPrefix: '' });
    expect(cell.matches[0]?.line).toContain('cell "4,933,210"');
  });
});

describe('actions', () => {
  it('click fires the full event sequence and changes the page', async () => {
    await open('danger');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      for (const type of ['pointerdown', 'mousedown', 'focus', 'pointerup', 'mouseup', 'click'])
        document.querySelector('#save')?.addEventListener(type, () => seen.push(type));
    });
    const { text } = await snapshot();
    const result = await run<{ summary: string }>(page, { type: 'click', ref: refOf(text, 'Save preferences'), button: 'left', clickCount: 1, modifiers: [] });
    expect(result.summary).toBe('Clicked button "Save preferences".');
    expect(await page.textContent('#status')).toBe('saved');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'pointerdown',
      'mousedown',
      'focus',
      'pointerup',
      'mouseup',
      'click',
    ]);
  });

  it('a covered button gives ELEMENT_COVERED naming the cover; after dismissing it the click lands', async () => {
    await open('overlay');
    const { text } = await snapshot();
    const buy = refOf(text, 'Add to basket');
    const covered = await errorOf({ type: 'click', ref: buy, button: 'left', clickCount: 1, modifiers: [] });
    expect(covered.code).toBe('ELEMENT_COVERED');
    expect(covered.message).toContain('Cookie consent');
    expect(await page.textContent('#basket')).toBe('0');
    await run(page, { type: 'click', ref: refOf(text, 'Accept all'), button: 'left', clickCount: 1, modifiers: [] });
    await run(page, { type: 'click', ref: buy, button: 'left', clickCount: 1, modifiers: [] });
    expect(await page.textContent('#basket')).toBe('1');
  });

  it('disabled and hidden targets are refused with their codes', async () => {
    await open('form');
    const { text } = await snapshot();
    const disabled = await errorOf({ type: 'click', ref: refOf(text, 'Verify email'), button: 'left', clickCount: 1, modifiers: [] });
    expect(disabled.code).toBe('ELEMENT_DISABLED');
    const name = refOf(text, 'Full name');
    await page.evaluate(() => ((document.querySelector('#full-name') as HTMLElement).style.display = 'none'));
    const hidden = await errorOf({ type: 'type', ref: name, text: 'x', clear: true, submit: false });
    expect(hidden.code).toBe('ELEMENT_NOT_VISIBLE');
  });

  it('type sets the value keystroke by keystroke and fires change', async () => {
    await open('form');
    const { text } = await snapshot();
    const result = await run<{ summary: string }>(page, { type: 'type', ref: refOf(text, 'Full name'), text: 'Ada Lovelace', clear: true, submit: false });
    // The value is the effect observer's to report (the tools add it); the act says what it did.
    expect(result.summary).toBe('Typed 12 characters into textbox "Full name".');
    expect(await page.inputValue('#full-name')).toBe('Ada Lovelace');
    expect(await page.textContent('#log')).toBe('name changed to Ada Lovelace');
    const checkbox = await errorOf({ type: 'type', ref: refOf(text, 'Send me the newsletter'), text: 'x', clear: true, submit: false });
    expect(checkbox.code).toBe('NOT_EDITABLE');
  });

  it('a React-style controlled input sees typed values (native setter), which plain assignment would not', async () => {
    await open('react');
    // The fixture really ignores plain assignment: prove it first.
    await page.evaluate(() => {
      const input = document.querySelector('#name') as HTMLInputElement;
      input.value = 'plain';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.textContent('#state')).toBe('');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refOf(text, 'textbox "Name"'), text: 'Grace', clear: true, submit: false });
    expect(await page.textContent('#state')).toBe('Grace');
    expect(await page.inputValue('#name')).toBe('Grace');
    await run(page, { type: 'fill', fields: [{ ref: refOf(text, 'textbox "Name"'), value: 'Hopper' }] });
    expect(await page.textContent('#state')).toBe('Hopper');
  });

  it('types into contenteditable through editing commands', async () => {
    await open('editable');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refOf(text, 'Post body'), text: 'Hello world', clear: true, submit: false });
    expect((await page.textContent('#editor'))?.trim()).toBe('Hello world');
    expect(Number(await page.textContent('#inputs'))).toBeGreaterThan(0);
  });

  it('fill_form fills every kind of field, and the form posts what a person would have sent', async () => {
    await open('form');
    const { text } = await snapshot();
    const result = await run<{ results: Array<{ ok: boolean; message: string }> }>(page, {
      type: 'fill',
      fields: [
        { ref: refOf(text, 'Full name'), value: 'Ada' },
        { ref: refOf(text, 'textbox "Email"'), value: 'ada@example.com' },
        { ref: refOf(text, 'About you'), value: 'Mathematician' },
        { ref: refOf(text, 'combobox "Country"'), value: 'France' },
        { ref: refOf(text, 'Send me the newsletter'), value: 'true' },
        { ref: refOf(text, 'radio "Pro"'), value: 'true' },
        { ref: refOf(text, 'slider "Volume"'), value: '8' },
        { ref: refOf(text, 'Start date'), value: '2026-01-02' },
      ],
    });
    expect(result.results.every((r) => r.ok)).toBe(true);
    expect(await page.inputValue('#country')).toBe('fr');
    expect(await page.isChecked('input[name=newsletter]')).toBe(true);
    expect(await page.isChecked('input[value=pro]')).toBe(true);
    expect(await page.inputValue('#volume')).toBe('8');
    expect(await page.inputValue('#start')).toBe('2026-01-02');
    const bad = await run<{ results: Array<{ ok: boolean; code?: string; message: string }> }>(page, {
      type: 'fill',
      fields: [
        { ref: refOf(text, 'Start date'), value: 'next tuesday' },
        { ref: refOf(text, 'radio "Pro"'), value: 'maybe' },
        { ref: refOf(text, 'combobox "Country"'), value: 'Narnia' },
      ],
    });
    expect(bad.results.map((r) => r.code)).toEqual(['INVALID_VALUE', 'INVALID_VALUE', 'OPTION_NOT_FOUND']);
    // The field's line is all fill_form shows of the error, so it names the options (select_option has them in details).
    expect(bad.results[2]?.message).toContain('Options: Choose…; Germany (value de); France (value fr); Japan (value jp).');
    await Promise.all([
      page.waitForURL(/\/echo$/),
      run(page, { type: 'click', ref: refOf(text, 'Create account'), button: 'left', clickCount: 1, modifiers: [] }),
    ]);
    const received = await page.textContent('#received');
    expect(received).toContain('full_name=Ada');
    expect(received).toContain('country=fr');
    expect(received).toContain('plan=pro');
    expect(received).toContain('newsletter=yes');
    expect(received).toContain('start=2026-01-02');
  });

  it('select_option picks by label or value, handles multi-selects, and lists options when not found', async () => {
    await open('form');
    const { text } = await snapshot();
    const country = refOf(text, 'combobox "Country"');
    await run(page, { type: 'select', ref: country, values: ['jp'] });
    expect(await page.inputValue('#country')).toBe('jp');
    await run(page, { type: 'select', ref: country, values: ['germany'] });
    expect(await page.inputValue('#country')).toBe('de');
    const toppings = refOf(text, 'listbox "Toppings"');
    const multi = await run<{ selected: string[] }>(page, { type: 'select', ref: toppings, values: ['Cheese', 'basil'] });
    expect(multi.selected).toEqual(['Cheese', 'Basil']);
    expect(await page.evaluate(() => [...(document.querySelector('#toppings') as HTMLSelectElement).selectedOptions].map((o) => o.value))).toEqual([
      'cheese',
      'basil',
    ]);
    const missing = await errorOf({ type: 'select', ref: country, values: ['Narnia'] });
    expect(missing.code).toBe('OPTION_NOT_FOUND');
    expect(missing['options']).toEqual(['Choose…', 'Germany (value de)', 'France (value fr)', 'Japan (value jp)']);
    const disabledOption = await errorOf({ type: 'select', ref: toppings, values: ['Ham'] });
    expect(disabledOption.code).toBe('ELEMENT_DISABLED');
  });

  it('press_key dispatches keys with modifiers and does what they do', async () => {
    await open('interactions');
    const { text } = await snapshot();
    const field = refOf(text, 'Shortcut field');
    await run(page, { type: 'press_key', key: 'Control+A', ref: field });
    expect(await page.textContent('#lastkey')).toBe('Control+a'); // a keyboard reports Control+A as the key "a"
    expect(
      await page.evaluate(() => {
        const i = document.querySelector('#keys') as HTMLInputElement;
        return [i.selectionStart, i.selectionEnd];
      }),
    ).toEqual([0, 9]);
    await run(page, { type: 'press_key', key: 'Backspace' });
    expect(await page.inputValue('#keys')).toBe('');
    await run(page, { type: 'press_key', key: 'Tab' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('later');
    await page.click('#open-dialog');
    await run(page, { type: 'press_key', key: 'Escape' });
    expect(await page.textContent('#dialog-state')).toBe('closed by escape');
    const bad = await errorOf({ type: 'press_key', key: 'Hyper+Q' });
    expect(bad.code).toBe('INVALID_INPUT');
  });

  it('Enter in a search field submits its form (navigates)', async () => {
    await open('form');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refOf(text, 'searchbox'), text: 'tides', clear: true, submit: false });
    await Promise.all([page.waitForURL(/q=tides/), run(page, { type: 'press_key', key: 'Enter' })]);
    expect(page.url()).toContain('q=tides');
  });

  it('scroll moves the page by screens or to a ref, and hover opens a hover menu', async () => {
    await open('long-list');
    const down = await run<{ scrollY: number; atBottom: boolean }>(page, { type: 'scroll', direction: 'down', amount: 2 });
    expect(down.scrollY).toBe(await page.evaluate(() => Math.round(scrollY)));
    expect(down.scrollY).toBeGreaterThanOrEqual(2 * (await page.evaluate(() => innerHeight)) - 1);
    const { text } = await run<Snap>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    await run(page, { type: 'scroll', ref: refOf(text, 'Load more') });
    expect(
      await page.evaluate(() => {
        const r = document.querySelector('#more')!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }),
    ).toBe(true);

    await open('interactions');
    const snap = await snapshot();
    await run(page, { type: 'hover', ref: refOf(snap.text, 'Products') });
    expect(await page.isVisible('#menu')).toBe(true);
  });

  it('text_present sees text appear and go away', async () => {
    await open('interactions');
    expect(await run(page, { type: 'text_present', text: 'Details loaded' })).toMatchObject({ textFound: false });
    await page.click('#later');
    await page.waitForSelector('#details:has-text("Details loaded")');
    expect(await run(page, { type: 'text_present', text: 'details LOADED', textGone: 'Loading…' })).toMatchObject({ textFound: true, textGone: true });
  });
});

describe('page text', () => {
  it('extracts the article as Markdown with headings, lists, links and tables, without touching the page', async () => {
    await open('article');
    const before = await page.evaluate(() => document.body.innerHTML);
    const main = await run<{ markdown: string; usedReadability: boolean }>(page, { type: 'page_text', mainContent: true });
    expect(main.usedReadability).toBe(true);
    expect(main.markdown).toMatch(/^# How tides work/);
    expect(main.markdown).toContain('## Spring and neap tides');
    expect(main.markdown).toMatch(/- Spring tides: larger range/);
    expect(main.markdown).toMatch(/\[spring tides\]\([^)]*\/spring\)/);
    expect(main.markdown).toContain('| Place | Range (m) |');
    expect(main.markdown).toContain('| Bay of Fundy | 16 |');
    expect(main.markdown).not.toContain('Privacy');
    const all = await run<{ markdown: string; usedReadability: boolean }>(page, { type: 'page_text', mainContent: false });
    expect(all.markdown).toContain('Privacy');
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
  });
});
