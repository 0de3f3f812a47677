/**
 * Real apps nobody here wrote: the TodoMVC builds shipped in the `todomvc` npm package, served offline
 * from node_modules. React checks `event.which === 13` on keydown; the plain-JS build adds on `change`
 * and saves an edit on keypress `keyCode === 13`; Backbone (with jQuery) checks `e.which` on keypress. For each, the
 * scripted model adds two to-dos, edits one (double-click, type, Enter), completes one and clears it —
 * every ref read from what the extension returned — and the test checks the app's own localStorage
 * and DOM. The result lines are checked too: each must say what the act did.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';
import { converse, refIn, resultOf, step } from './input-helpers.js';
import { mockSettings } from './tab-storage-helpers.js';

type Saved = Array<{ title: string; completed: boolean }>;

interface App {
  name: string;
  path: string;
  /** Reads the to-dos the app saved, in its own storage format (runs in the page). */
  readSaved: () => Saved;
}

const APPS: App[] = [
  { name: 'React', path: 'react/index.html', readSaved: () => JSON.parse(localStorage.getItem('react-todos') ?? '[]') as Saved },
  {
    name: 'vanilla JS',
    path: 'vanillajs/index.html',
    readSaved: () => (JSON.parse(localStorage.getItem('todos-vanillajs') ?? '{"todos":[]}') as { todos: Saved }).todos,
  },
  {
    name: 'Backbone',
    path: 'backbone/index.html',
    // Backbone.LocalStorage keeps the ids under the store name and each record under name-id.
    readSaved: () =>
      (localStorage.getItem('todos-backbone') ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => JSON.parse(localStorage.getItem(`todos-backbone-${id}`) ?? '{}') as Saved[number]),
  },
];

/** The ref of the checkbox in the list row whose text contains `item` (rows are listitems of the to-do list). */
function checkboxInRow(tree: string, item: string): string {
  const lines = tree.split('\n');
  const at = lines.findIndex((line) => line.includes(item));
  for (let i = at; i >= 0; i--) {
    const ref = /checkbox.*\[ref=(e\d+)\]/.exec(lines[i] ?? '')?.[1];
    if (ref) return ref;
    if (/- listitem/.test(lines[i] ?? '') && i !== at) break;
  }
  throw new Error(`No checkbox in the row of ${item}:\n${tree}`);
}

/** A ref that names the to-do's text itself (the label a person double-clicks). */
function textRef(tree: string, item: string): string {
  const line = tree.split('\n').find((l) => l.includes(`"${item}"`) && /\[ref=e\d+\]/.test(l) && !/checkbox|textbox/.test(l));
  const ref = line && /\[ref=(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`No ref on the text "${item}":\n${tree}`);
  return ref;
}

describe('to-do apps from npm (todomvc), driven by the scripted model', () => {
  let ext: ExtensionHarness;
  let apps: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  beforeAll(async () => {
    [apps, mock] = await Promise.all([startFixtureServer('node_modules/todomvc/examples'), startMockModelServer()]);
    // "Clear completed" reads as deleting, which asks; the rule lets this task run unattended.
    ext = await launchExtension({ settings: { ...mockSettings(mock.url), rules: { allow: ['click'], ask: [], deny: [] } } });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ext?.close();
    await mock?.close();
    await apps?.close();
  });

  it.each(APPS)('$name: add, edit (double-click, type, Enter), complete and clear', async (app) => {
    const page = await ext.context.newPage();
    opened.push(page);
    await page.goto(`${apps.url}/${app.path}`);
    await page.locator('#new-todo').waitFor();
    const tabId = await ext.tabIdOf(page);
    let editRef = '';
    mock.enqueue(
      step('tu_read', 'read_page', () => ({ filter: 'interactive' })),
      step('tu_add1', 'type', (tree) => ({ ref: refIn(tree, 'textbox "What needs to be done?"'), text: 'buy milk', submit: true })),
      step('tu_add2', 'type', () => ({ ref: refIn(resultOf(mock, 'tu_read').text, 'textbox "What needs to be done?"'), text: 'water plants', submit: true })),
      // The to-do's text is where a person double-clicks; find gives it a ref.
      step('tu_find_item', 'find', () => ({ query: 'buy milk' })),
      step('tu_edit', 'click', (found) => ({ ref: textRef(found, 'buy milk'), click_count: 2 })),
      step('tu_retype', 'type', (clicked) => {
        // The double-click's result says where focus went: the edit field, with its ref.
        editRef = /focus moved to textbox[^[]*\[ref=(e\d+)\]/.exec(clicked)?.[1] ?? 'missing';
        return { ref: editRef, text: 'buy oat milk', submit: true };
      }),
      step('tu_read3', 'read_page', () => ({})),
      step('tu_done', 'click', (tree) => ({ ref: checkboxInRow(tree, 'water plants') })),
      step('tu_find', 'find', () => ({ query: 'Clear completed' })),
      step('tu_clear', 'click', (found) => ({ ref: refIn(found, 'button "Clear completed') })),
      { text: 'To-dos done.' },
    );
    await converse(
      ext,
      opened,
      tabId,
      'Add buy milk and water plants, rename buy milk to buy oat milk, complete water plants and clear it',
      'To-dos done.',
      mock,
    );

    if (process.env['SHOW_RESULTS'])
      for (const request of mock.requests) for (const r of toolResultsOf(request)) console.log(`${r.toolUseId}: ${r.text.replace(/\n/g, ' ⏎ ')}`);
    // The app's own state: what it saved and what it shows.
    // Double-clicking moves the words into an edit field; Enter saves and the field goes (React hides it, the others remove it).
    expect(resultOf(mock, 'tu_edit').text).toContain('text "buy milk" is now in an edit field');
    expect(resultOf(mock, 'tu_retype').text).toMatch(app.name === 'React' ? /the field closed \(hidden now\)/ : /the target left the page/);
    expect(resultOf(mock, 'tu_done').text).toMatch(/^Clicked checkbox in "water plants"/);
    const saved = await page.evaluate(app.readSaved);
    expect(saved.map((todo) => [todo.title, todo.completed])).toEqual([['buy oat milk', false]]);
    expect((await page.locator('#todo-list li').allInnerTexts()).map((text) => text.trim())).toEqual(['buy oat milk']);

    // What the model was told at each step.
    for (const id of ['tu_add1', 'tu_add2', 'tu_edit', 'tu_retype', 'tu_done', 'tu_clear']) {
      expect(resultOf(mock, id).isError, `${id}: ${resultOf(mock, id).text}`).toBe(false);
      expect(resultOf(mock, id).text, id).toContain('[trusted input]');
      expect(resultOf(mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultOf(mock, 'tu_add1').text).toMatch(/"buy milk"/);
    expect(resultOf(mock, 'tu_add2').text).toMatch(/gained 1 item "water plants"|"water plants"/);
    expect(resultOf(mock, 'tu_edit').text).toMatch(/focus moved to textbox[^;]*\(value "buy milk"\)/);
    expect(resultOf(mock, 'tu_retype').text).toMatch(/"buy oat milk"/);
    expect(resultOf(mock, 'tu_done').text).toMatch(/it is now checked/);
    expect(resultOf(mock, 'tu_clear').text).toMatch(/lost 1 item "water plants"/);
  });
});
