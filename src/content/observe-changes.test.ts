/**
 * listChanges on real MutationObserver records in headless Chromium (bundled with esbuild and run in the
 * page): what a list gained is what it still holds once the act is over.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { listChanges } from './observe-changes.js';
import { itemText } from './observe-util.js';
import { finishObservation, startObservation } from './observe.js';
globalThis.__manyChanges = async (count) => {
  const { token } = startObservation(undefined, '');
  for (let i = 0; i < count; i++) {
    const box = document.createElement('section');
    box.innerHTML = '<button type="button">Action ' + i + '</button>';
    document.body.append(box);
  }
  return (await finishObservation(token, 20, 2000)).changes;
};
globalThis.__manyLists = async (count) => {
  const lists = Array.from({ length: count }, (_, i) => {
    const list = document.createElement('ul');
    list.id = 'list' + i;
    document.body.append(list);
    return list;
  });
  const { token } = startObservation(undefined, '');
  lists.forEach((list, i) => (list.innerHTML = '<li>Task ' + i + '</li>'));
  return (await finishObservation(token, 20, 2000)).changes;
};
globalThis.__itemText = (id) => itemText(document.getElementById(id));
globalThis.__changes = async (steps, skipId) => {
  const records = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(document.body, { childList: true, subtree: true });
  for (const [item, list] of steps) document.getElementById(list).append(document.getElementById(item));
  await new Promise((resolve) => setTimeout(resolve, 0));
  records.push(...observer.takeRecords());
  observer.disconnect();
  const changes = [];
  listChanges(records, (element) => 'list ' + element.id, (element) => element.id, changes, { skip: (element) => element.id === skipId });
  return changes;
};
`;
const BOARD = `<ul id="todo"><li id="a">Write notes</li><li id="b">Fix login</li></ul>
<ul id="doing"><li id="c">Migrate</li></ul><ul id="done"><li id="d">Set up CI</li></ul>
<div id="chips"><div id="chip">Bug<button type="button" aria-label="Remove item: Bug">Remove item</button></div>
<div id="glyph"><a href="javascript:void(0)" title="Remove">×</a>Docs</div><div id="row">Buy milk<button>Delete</button></div></div>
<ul id="editor"><li id="lines">Shipped the login fix<br>Hired <em>two</em> engineers<br></li></ul>`;

let page: Page;
useUnitPage(async (opened) => {
  page = opened;
  await page.setContent(`<!doctype html><html><body>${BOARD}</body></html>`);
  await page.addScriptTag({ content: await bundleSource(ENTRY, import.meta.dirname) });
});

const changesOf = (steps: Array<[string, string]>, skip = '') =>
  page.evaluate(([s, k]) => (globalThis as unknown as { __changes(s: unknown, k: string): Promise<string[]> }).__changes(s, k), [steps, skip] as const);

describe('itemText', () => {
  const textOf = (id: string) => page.evaluate((i) => (globalThis as unknown as { __itemText(i: string): string }).__itemText(i), id);

  it("reads a chip as its value, not with its remove button's words run into it", async () => {
    expect(await textOf('chip')).toBe('Bug');
    expect(await textOf('glyph')).toBe('Docs');
    // A button that says what it does in its own words is part of the row, apart from its neighbours.
    expect(await textOf('row')).toBe('Buy milk Delete');
  });

  it('parts the lines of an item at its line breaks (an editor’s list item of two lines)', async () => {
    expect(await textOf('lines')).toBe('Shipped the login fix Hired two engineers');
  });
});

describe('listChanges', () => {
  it('does not count a list an item only passed through (a card dragged across the middle column)', async () => {
    const changes = await changesOf([
      ['b', 'doing'],
      ['b', 'done'],
    ]);
    expect(changes).toEqual(['list done gained 1 item "Fix login" [ref=b]']);
    expect(await page.locator('#doing li').allTextContents()).toEqual(['Migrate']);
  });

  it('leaves out a container whose changes the act reports itself (a combobox it picked in)', async () => {
    expect(await changesOf([['a', 'doing']], 'doing')).toEqual([]);
    expect(await changesOf([['a', 'todo']])).toEqual(['list todo gained 1 item "Write notes" [ref=a]']);
  });
});

describe('an act with many changes', () => {
  it('says how many it did not list, of the changed text and of all its changes', async () => {
    const many = (count: number) => page.evaluate((n) => (globalThis as unknown as { __manyChanges(n: number): Promise<string[]> }).__manyChanges(n), count);
    // Three controls named with their refs and a count of the rest (their words are theirs, not new text).
    expect((await many(11)).slice(3)).toEqual(['and 8 more controls appeared (read_page lists them)']);
    // Ten lists that each gained an item: eight said, and the two others counted.
    const lists = await page.evaluate(() => (globalThis as unknown as { __manyLists(n: number): Promise<string[]> }).__manyLists(10));
    expect(lists).toHaveLength(9);
    expect(lists.slice(0, 8).every((change) => /^list \[ref=e\d+\] gained 1 item "Task \d" \[ref=e\d+\]$/.test(change))).toBe(true);
    expect(lists[8]).toBe('and 2 more changes not listed (read_page shows the page now)');
  });
});
