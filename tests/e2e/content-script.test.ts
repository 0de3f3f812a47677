/**
 * The content script in a real Chromium, without the extension: the test bundle is injected into
 * fixture pages and driven through the page protocol; every test checks the page's real state.
 * Snapshot, refs, find and page text here; the actions in content-actions.test.ts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/content-harness.js';
import { useContentPage, type Snap } from '../support/content-page.js';
import type { FixtureServer } from '../support/fixture-server.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

const content = useContentPage();
const { open, snapshot, errorOf } = content;
let page: Page;
let other: FixtureServer;
beforeAll(() => {
  ({ page, other } = content);
});

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
    const submit = elements[refIn(text, 'button "Create account"')];
    expect(submit).toMatchObject({ role: 'button', name: 'Create account', submits: true, formMethod: 'post' });
    expect(elements[refIn(text, 'textbox "Password"')]).toMatchObject({ inputType: 'password', autocomplete: 'new-password' });
    expect(elements[refIn(text, 'textbox "Card number"')]).toMatchObject({ autocomplete: 'cc-number' });
  });

  it('joins inline text the way it reads and puts each block on a line of its own', async () => {
    await page.setContent('<p>Hello <b>world</b>, <i>again</i>!</p><div><span>Sub</span><span>mit</span></div><div>one</div><div>two</div>');
    const { text } = await snapshot();
    expect(text).toBe('- paragraph: Hello world, again!\n- text: Submit\n- text: one\n- text: two');
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
    expect(refIn(interactive.text, 'button "Create account"')).toBe(refIn(all.text, 'button "Create account"'));
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
    const local = refIn(inner.text, 'Frame button').replace('f7', '');
    await run(cross!, { type: 'click', ref: local, button: 'left', clickCount: 1, modifiers: [] });
    expect(await cross!.textContent('#count')).toBe('1');
  });

  it('limits depth and reads a subtree by ref', async () => {
    await open('form');
    const full = await snapshot();
    const shallow = await run<Snap & { truncated: boolean }>(page, { type: 'snapshot', filter: 'all', refPrefix: '', maxDepth: 1 });
    expect(shallow.truncated).toBe(true);
    expect(shallow.text).not.toContain('textbox');
    const search = refIn(full.text, '- search [ref=');
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
    // No mark left on any element (the harness's script holds the content script's source, which names its marks).
    expect(withoutScripts(after)).not.toMatch(/data-(pw|pagewright|ref)|\bref="e\d+"/);
  });
});

describe('refs', () => {
  it('stay the same while the element lives and go stale when it is removed or the page navigates', async () => {
    await open('danger');
    const first = await snapshot();
    const second = await snapshot();
    const del = refIn(first.text, 'Delete account');
    expect(refIn(second.text, 'Delete account')).toBe(del);
    await page.evaluate(() => document.querySelector('#delete')?.remove());
    const removed = await errorOf({ type: 'click', ref: del, button: 'left', clickCount: 1, modifiers: [] });
    expect(removed.code).toBe('STALE_REF');
    expect(removed.suggestion).toMatch(/read_page or find/);

    const save = refIn(first.text, 'Save preferences');
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
