/**
 * What an act's report says of controls and menus, in headless Chromium through the content script's own
 * command handler: the page changes itself between observe_start and observe_end, as an app does after a
 * click. A control redrawn with new words is said to read so (not to have appeared), a menu that opened is
 * said with its controls, and whatever a report leaves unnamed is counted.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

/** The report's change clauses after `change` ran in a page made of `html`. */
async function changesAfter(html: string, change: string): Promise<string[]> {
  await page.setContent(`<!doctype html><html lang="en"><body>${html}</body></html>`);
  const { token } = await run<{ token: string }>(page, { type: 'observe_start', refPrefix: '' });
  await page.evaluate(change);
  const { changes } = await run<{ changes: string[] }>(page, { type: 'observe_end', token, quietMs: 50, maxMs: 2_000 });
  return changes;
}

/** A path bar above a tree whose button's words follow the selection (vanilla-jsoneditor's). */
const EDITOR = `<nav><button id="path">timeout</button></nav><div role="tree"><div role="treeitem">timeout : <span id="value">10</span></div>
<div role="treeitem">retries : 3</div></div><div id="popup"></div>`;

describe("an act's report", { timeout: 60_000 }, () => {
  it('says a control that now reads otherwise by its ref, not as a new one, and leaves the words it still shows alone', async () => {
    const changes = await changesAfter(EDITOR, `document.getElementById('path').textContent = 'retries'; document.getElementById('value').textContent = '30'`);
    expect(changes).toEqual([
      expect.stringMatching(/^button \[ref=e\d+\] now reads "retries" \(was "timeout"\)$/),
      'text "timeout : 10" became "timeout : 30"',
    ]);
  });

  it('says a menu that opened with all its controls up to a bound, and how many more it has', async () => {
    const buttons = Array.from({ length: 24 }, (_, i) => `<button${i === 1 ? ' disabled' : ''}>Item ${i + 1}</button>`).join('');
    const changes = await changesAfter(
      EDITOR,
      `document.getElementById('popup').innerHTML = '<div><input readonly><div role="menu"><span>Insert:</span>${buttons}</div></div>'`,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^menu \[ref=e\d+\] appeared with 24 controls: "Item 1" \[ref=e\d+\], "Item 2" \[disabled\] \[ref=e\d+\], /);
    expect(changes[0]).toMatch(/"Item 20" \[ref=e\d+\], and 4 more$/);
  });

  it('says a menu that closed once, not as each of its words gone', async () => {
    const buttons = Array.from({ length: 12 }, (_, i) => `<button>Item ${i + 1}</button>`).join('');
    const changes = await changesAfter(
      `${EDITOR}<div id="open"><div role="menu"><span>Insert:</span>${buttons}</div></div>`,
      `document.getElementById('open').remove()`,
    );
    expect(changes).toEqual(['the menu closed']);
  });

  it('counts the lines of text it does not name', async () => {
    const lines = Array.from({ length: 9 }, (_, i) => `<p>Line ${i + 1}</p>`).join('');
    const changes = await changesAfter(EDITOR, `document.getElementById('popup').innerHTML = '${lines}'`);
    expect(changes).toEqual(['new text "Line 1"', 'new text "Line 2"', 'new text "Line 3"', 'and 6 more lines of text changed']);
  });
});

describe('a card added to a board column', { timeout: 60_000 }, () => {
  it('is said as an item the column gained, with its ref, not as words that replaced the add form', async () => {
    const changes = await changesAfter(
      `<style>.card:hover { cursor: move }</style><div id="col"><div class="card">Plan sprint</div><form><input><button>Add</button></form></div>`,
      `document.querySelector('form').remove(); const card = document.createElement('div'); card.className = 'card'; card.textContent = 'Call Sam'; document.getElementById('col').append(card)`,
    );
    expect(changes).toEqual([expect.stringMatching(/^div \[ref=e\d+\] gained 1 item "Call Sam" \[ref=e\d+\] and lost 1 item "Add"$/)]);
  });
});
