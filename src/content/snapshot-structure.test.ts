/**
 * Boards of cards and trees of rows in read_page and find, in headless Chromium through the content
 * script's own command handler: each card a line with a ref whether or not the pointer rests on it, a
 * tree's branches listing their controls, and repeated controls told apart by where they are.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { checkTreeLines } from '../../tests/support/tree-lines.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

/** A board as dragula apps draw it: plain divs, the grab cursor only under the pointer, a header, the cards, an add button. */
const BOARD = `<style>.item:hover { cursor: move } .item { padding: 8px }</style><h1>Board</h1>
<div class="board"><header><div class="title">To do</div></header><main><div class="item">Write report</div><div class="item">Book tickets</div></main>
<footer><button>+ Add card</button></footer></div>
<div class="board"><header><div class="title">Done</div></header><main><div class="item">Plan sprint</div></main><footer><button>+ Add card</button></footer></div>`;

async function read(html: string): Promise<string[]> {
  await page.setContent(`<!doctype html><html lang="en"><body>${html}</body></html>`);
  const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
  const lines = text.split('\n');
  expect(checkTreeLines(text)).toEqual([]);
  return lines.map((line) => line.replace(/ \[ref=e\d+\]/g, ' [ref]'));
}

describe('boards and trees in read_page', { timeout: 60_000 }, () => {
  it('shows each card as a draggable line with a ref, also when the cursor shows only under the pointer, and each block of text as a line', async () => {
    const lines = await read(`${BOARD}<div><div>first note</div><div>second note</div></div>`);
    expect(lines).toContain('  - draggable "Write report" [ref]');
    expect(lines).toContain('  - draggable "Book tickets" [ref]');
    expect(lines).toContain('  - draggable "Plan sprint" [ref]');
    expect(lines).toContain('- text: first note');
    expect(lines).toContain('- text: second note');
    // The pointer resting on a card changes nothing: the rule, not the moment, makes it draggable.
    await page.hover('text=Plan sprint');
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    expect(text.match(/draggable "/g)).toHaveLength(3);
  });

  it('tells repeated controls apart by where they are: the title above them in their column, their container', async () => {
    const lines = await read(
      `${BOARD}<div role="toolbar"><button>Sort</button></div><div role="menu"><div><button>Sort</button></div><div>Convert to:</div></div>`,
    );
    expect(lines).toContain('  - button "+ Add card" in "To do" [ref]');
    expect(lines).toContain('  - button "+ Add card" in "Done" [ref]');
    expect(lines).toContain('  - button "Sort" in toolbar [ref]');
    // Text after a control does not name its place ("Convert to:" heads what follows it).
    expect(lines).toContain('  - button "Sort" in menu [ref]');
  });

  it('leaves a repeated cell as it is: its row line above it and its column already say where it is', async () => {
    const lines = await read(
      `<div role="grid" aria-label="Staff"><div role="row"><span role="columnheader">Name</span><span role="columnheader">Team</span></div>` +
        `<div role="row"><span role="gridcell" tabindex="-1">Ada</span><span role="gridcell" tabindex="-1">Sales</span></div>` +
        `<div role="row"><span role="gridcell" tabindex="-1">Ben</span><span role="gridcell" tabindex="-1">Sales</span></div></div>`,
    );
    expect(lines.filter((line) => line.includes('gridcell "Sales"'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('gridcell "Sales" in'))).toEqual([]);
  });

  it("lists a tree item's controls and nested items with refs, each named by its own text, not its branch's", async () => {
    const lines = await read(
      `<div role="tree" aria-label="Config"><div role="treeitem"><button title="Expand"></button><span>features</span> : [
        <div role="treeitem"><span>0</span> : <div role="button" tabindex="-1">invoices</div></div>
        <div role="treeitem"><span>1</span> : <div role="button" tabindex="-1">refunds</div></div> ]</div></div>`,
    );
    expect(lines).toEqual([
      '- tree "Config" [ref]:',
      '  - treeitem "features : \\[ \\]" [ref]:',
      '    - button "Expand" [ref]',
      '    - treeitem "0 : invoices" [ref]:',
      '      - button "invoices" [ref]',
      '    - treeitem "1 : refunds" [ref]:',
      '      - button "refunds" [ref]',
    ]);
    // An item being edited is named by its edit box's text, not the box's label.
    const editing = await read('<div role="tree"><div role="treeitem"><span>2</span> : <div contenteditable="true" aria-label="Edit value"></div></div></div>');
    expect(editing.slice(1)).toEqual(['  - treeitem "2 :" [ref]:', '    - textbox "Edit value" [ref]']);
  });

  it("lists a heading's link and a dropdown button's parts; a closed menu's items are not in a name", async () => {
    const lines = await read(
      `<h2><a href="/news">News</a></h2><div role="button" tabindex="0"><button>Edit value</button><button class="open"></button>` +
        `<div style="display:none"><button>Edit value</button><button>Enforce string</button></div></div>`,
    );
    expect(lines).toEqual([
      '- heading "News" [level=2] [ref]:',
      '  - link "News" [ref] (url: /news)',
      '- button "Edit value" [ref]:',
      '  - button "Edit value" [ref]',
      '  - button in "Edit value" [ref]',
    ]);
  });
});

describe('boards and trees in find', { timeout: 60_000 }, () => {
  it('names a card a person drags as draggable, and finds the controls inside a tree item', async () => {
    await page.setContent(
      `<!doctype html><html lang="en"><body>${BOARD}<div role="tree"><div role="treeitem">timeout : <button>10</button></div></div></body></html>`,
    );
    const cards = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'Write report', limit: 5, refPrefix: '' });
    expect(cards.matches[0]?.line).toMatch(/^- draggable "Write report" \[ref=e\d+\]$/);
    const value = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: '10 button', limit: 5, refPrefix: '' });
    expect(value.matches[0]?.line).toMatch(/^- button "10" \[ref=e\d+\]$/);
  });
});
