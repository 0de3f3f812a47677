/**
 * The snapshot's walk, alone, on small pages in headless Chromium: the walk and the label index are
 * bundled with esbuild and run in the page, and the tree they return is checked before any text pass.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';
import { BLOCK_BREAK, type SnapshotChild, type SnapshotNode, type SnapshotTree } from './snapshot-tree.js';

const ENTRY = `
import { withLabelIndex } from './labels.js';
import { walkPage } from './snapshot-walk.js';
globalThis.__walk = (options) =>
  withLabelIndex(() =>
    walkPage({ interactiveOnly: options.interactiveOnly, maxDepth: options.maxDepth ?? Infinity, root: options.root ? document.querySelector(options.root) : undefined }, document.body),
  );
`;

let page: Page;
let bundle: string;
useUnitPage(async (opened) => {
  page = opened;
  bundle = await bundleSource(ENTRY, import.meta.dirname);
});

/** Walks a page made of `html` (after `script`, if any, ran). */
async function walk(html: string, options: { interactiveOnly?: boolean; maxDepth?: number; root?: string; script?: string } = {}): Promise<SnapshotTree> {
  await page.setContent(`<!doctype html><html><body>${html}</body></html>`);
  if (options.script) await page.evaluate(options.script);
  // A fresh copy of the walk for each page, so refs start again at e1.
  await page.addScriptTag({ content: bundle });
  const json = await page.evaluate(
    `JSON.stringify(globalThis.__walk(${JSON.stringify({ interactiveOnly: options.interactiveOnly ?? false, maxDepth: options.maxDepth, root: options.root })}))`,
  );
  return JSON.parse(json as string) as SnapshotTree;
}

/** The tree with each node as `role "name" ref` and its children, to compare shapes; a block's edge as `|`. */
function shape(children: readonly SnapshotChild[]): unknown[] {
  return children.map((child) =>
    child === BLOCK_BREAK
      ? '|'
      : typeof child === 'string'
        ? child
        : { [[child.role, child.name && `"${child.name}"`, child.ref].filter(Boolean).join(' ')]: shape(child.children) },
  );
}

const asNode = (child: SnapshotChild | undefined): SnapshotNode => child as SnapshotNode;

// A browser under load takes seconds per page.
describe('the snapshot walk', { timeout: 60_000 }, () => {
  it('keeps text as the raw pieces of the page, a block element marks its edges, and a line break or label adds a word break', async () => {
    const tree = await walk('<p>Hello  <b>big</b>\n world</p><div>one<div>two</div>three</div><span>a<br>b</span>');
    expect(shape(tree.children)).toEqual([{ paragraph: ['Hello  ', 'big', '\n world'] }, '|', 'one', '|', 'two', '|', 'three', '|', 'a', ' ', 'b']);
  });

  it('keeps nodes that will say nothing (the text pass drops them), and names from content wait for it', async () => {
    const tree = await walk('<p></p><table><tr><td><b>Ada</b> Lovelace</td></tr></table>');
    expect(shape(tree.children)).toEqual([{ paragraph: [] }, { 'table e1': [{ rowgroup: [{ row: [{ cell: ['Ada', ' Lovelace'] }] }] }] }]);
    const row = asNode(asNode(asNode(tree.children[1]).children[0]).children[0]);
    expect(row.nameFromContent).toBe(true);
    expect(row.name).toBe('');
  });

  it('leaves out what a person cannot see: display none, aria-hidden, visibility hidden (but not its visible children)', async () => {
    const tree = await walk(
      '<div style="display:none">gone <button>Hidden</button></div><div aria-hidden="true"><button>Also hidden</button></div>' +
        '<div style="visibility:hidden">invisible <span style="visibility:visible">shown</span></div><button>Seen</button>',
    );
    expect(shape(tree.children)).toEqual(['|', 'shown', '|', { 'button "Seen" e1': [] }]);
  });

  it('walks the flat tree: a shadow root instead of the light children, slots filled with what is assigned to them', async () => {
    const tree = await walk('<div id="host"><span slot="a">slotted</span><span>light</span></div>', {
      script: `document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p>before <slot name="a"></slot> mid <slot></slot></p><button>In shadow</button>';`,
    });
    expect(shape(tree.children)).toEqual(['|', { paragraph: ['before ', 'slotted', ' mid ', 'light'] }, { 'button "In shadow" e1': [] }, '|']);
  });

  it("leaves out the text of a label that names a control (it is the control's name), not the control", async () => {
    const tree = await walk('<label>Email <input type="email"></label><label>Standalone</label>');
    expect(shape(tree.children)).toEqual([{ 'textbox "Email" e1': [] }, { 'label "Standalone" e2': [] }]);
  });

  it('hands out refs in reading order, a container before what it holds, and lists every node with a ref in the order it finished them', async () => {
    const tree = await walk('<nav><ul><li><a href="/a">A</a></li><li><button>B</button></li></ul></nav>');
    expect(shape(tree.children)).toEqual([
      { 'navigation e1': [{ 'list e2': [{ listitem: [{ 'link "A" e3': [] }] }, { listitem: [{ 'button "B" e4': [] }] }] }] },
    ]);
    // Every node with a ref is kept for the tools, containers too: a ref printed is a ref a tool takes.
    expect(tree.listed.map((node) => node.ref)).toEqual(['e3', 'e4', 'e2', 'e1']);
    expect(tree.listed[0]!.summary).toMatchObject({ role: 'link', name: 'A', tag: 'a', href: '/a' });
    expect(tree.listed[3]!.summary).toMatchObject({ role: 'navigation', tag: 'nav' });
  });

  it('gives a ref to a header that sorts and to a cell that takes a click, and none to plain ones', async () => {
    const tree = await walk(
      '<table><tr><th aria-sort="ascending">Name</th><th>Made in</th></tr><tr><td style="cursor: pointer">Lamp</td><td>Oslo</td></tr></table>',
    );
    const refs = tree.listed.map((node) => `${node.role} ${node.ref}`);
    expect(refs).toContain('columnheader e2');
    expect(refs).toContain('cell e3');
    expect(tree.listed.filter((node) => node.role === 'columnheader' || node.role === 'cell')).toHaveLength(2);
  });

  it('gives a ref to a plain card a person drags (a grab cursor, as SortableJS and dragula boards style them), not to what is inside it', async () => {
    const tree = await walk(
      '<style>.card { cursor: grab } .note { cursor: move }</style><h2>To do</h2><div class="list"><div class="card">Fix <b class="tag">login</b></div>' +
        '<div class="card">Update</div></div><div class="list"><div class="note">Design</div><div class="other">Not dragged</div></div>',
    );
    expect(tree.listed.map((node) => `${node.role} ${node.ref}`)).toEqual(['heading e1', 'draggable e2', 'draggable e3', 'draggable e4']);
  });

  it('in interactive mode lists only controls, flat, with no text; a control holding controls is followed by them', async () => {
    const tree = await walk(
      '<p>Intro <a href="/x">X</a></p><div role="menu"><div role="menuitem" tabindex="0">M</div></div><div role="tab">T <button>Close</button></div>',
      {
        interactiveOnly: true,
      },
    );
    expect(shape(tree.children)).toEqual([{ 'link "X" e1': [] }, { 'menuitem "M" e2': [] }, { 'tab "T Close" e3': [] }, { 'button "Close" e4': [] }]);
    const combo = await walk('<div role="combobox" aria-label="City"><div role="option">Rome</div></div>', { interactiveOnly: true });
    expect(shape(combo.children)).toEqual([{ 'combobox "City" e1': [] }, { 'option "Rome" e2': [] }]);
    expect(combo.listed.map((node) => node.ref)).toEqual(['e2', 'e1']);
  });

  it("reads a node's own lines: an empty field's placeholder, a select's options up to the cap", async () => {
    const options = Array.from({ length: 35 }, (_, i) => `<option${i === 2 ? ' selected' : ''}>Opt ${i}</option>`).join('');
    const tree = await walk(
      `<input aria-label="Find" placeholder="Search…"><input aria-label="Full" value="x" placeholder="unused"><select aria-label="Pick">${options}</select>`,
    );
    const [empty, full, select] = tree.children.map(asNode);
    expect(empty!.placeholder).toBe('Search…');
    expect(full!.placeholder).toBeUndefined();
    expect(full!.value).toBe('x');
    expect(select!.value).toBe('Opt 2');
    expect(select!.options).toHaveLength(30);
    expect(select!.options![2]).toEqual({ label: 'Opt 2', selected: true, disabled: false });
    expect(select!.moreOptions).toBe(5);
  });

  it('reads values as text, also the numbers of a progress bar and a meter', async () => {
    const tree = await walk(
      '<progress value="3" max="10"></progress><meter value="0.5"></meter><input type="range" value="30"><div role="slider" aria-label="Bare"></div>',
    );
    expect(tree.children.map((child) => asNode(child).value)).toEqual(['3', '0.5', '30', undefined]);
  });

  it('counts nodes below maxDepth but leaves them out, and from a root walks only its subtree', async () => {
    const tree = await walk('<main><section aria-label="S"><p>deep</p></section></main><button>Out</button>', { maxDepth: 2 });
    expect(shape(tree.children)).toEqual([{ 'main e1': [{ 'region "S" e2': [] }] }, { 'button "Out" e3': [] }]);
    expect(tree.truncated).toBe(true);
    expect(tree.nodeCount).toBe(4);
    const part = await walk('<main><p>inside</p></main><button>Out</button>', { root: 'main' });
    expect(shape(part.children)).toEqual([{ 'main e1': [{ paragraph: ['inside'] }] }]);
  });

  it('stops descending at the nesting limit instead of overflowing the stack, and says so', async () => {
    const tree = await walk('<div id="deep"></div><button>After</button>', {
      script: `let at = document.getElementById('deep'); for (let i = 0; i < 2000; i++) { const child = document.createElement('div'); at.append(child); at = child; } at.textContent = 'bottom';`,
    });
    expect(tree.tooDeep).toBe(true);
    expect(JSON.stringify(tree.children)).not.toContain('bottom');
    expect(shape(tree.children).at(-1)).toEqual({ 'button "After" e1': [] });
  });

  // TinyMCE's editing frame is a contenteditable body: walked as its paragraphs only, no read gave it a ref to type into.
  it('reads a document edited as a whole (a contenteditable body, or designMode) as a textbox with a ref, its structure under it', async () => {
    // A page that is not edited reads as before.
    expect(shape((await walk('<p>Hello,</p>')).children)).toEqual([{ paragraph: ['Hello,'] }]);
    const body = await walk('<p>Hello,</p><ul><li>Party</li></ul>', {
      script: `document.body.setAttribute('contenteditable', 'true'); document.body.setAttribute('aria-label', 'Rich Text Area');`,
    });
    expect(shape(body.children)).toEqual([{ 'textbox "Rich Text Area" e1': [{ paragraph: ['Hello,'] }, { 'list e2': [{ listitem: ['Party'] }] }] }]);
    // Its text is in the lines under it, not repeated as a value; the interactive list names it too.
    expect(asNode(body.children[0]).value).toBeUndefined();
    expect(body.listed.map((node) => node.summary)).toContainEqual({ role: 'textbox', name: 'Rich Text Area', tag: 'body' });
    const listed = await walk('<p>Hello,</p><a href="/x">Help</a>', {
      interactiveOnly: true,
      script: `document.designMode = 'on'; document.title = 'Message';`,
    });
    expect(shape(listed.children)).toEqual([{ 'textbox "Message" e1': [] }, { 'link "Help" e2': [] }]);
    await page.evaluate(() => (document.designMode = 'off'));
  });

  it("names an edited document's textbox by its frame's label where the parent is of its origin (CKEditor 4 labels the iframe)", async () => {
    await page.setContent(
      `<!doctype html><body><iframe title="Rich Text Editor, editor1" srcdoc="<body contenteditable='true'><p>Hi</p></body>"></iframe></body>`,
    );
    const frame = page.frames()[1]!;
    await frame.waitForFunction(() => document.body?.isContentEditable === true);
    await frame.addScriptTag({ content: bundle });
    const tree = JSON.parse((await frame.evaluate(`JSON.stringify(globalThis.__walk({ interactiveOnly: false }))`)) as string) as SnapshotTree;
    expect(shape(tree.children)).toEqual([{ 'textbox "Rich Text Editor, editor1" e1': [{ paragraph: ['Hi'] }] }]);
  });
});
