/**
 * Real apps nobody here wrote: the TodoMVC builds shipped in the `todomvc` npm package, served offline
 * from node_modules. React checks `event.which === 13` on keydown; the plain-JS build adds on `change`
 * and saves an edit on keypress `keyCode === 13`; Backbone (with jQuery) checks `e.which` on keypress. For each, the
 * scripted model adds two to-dos, edits one (double-click, type, Enter), completes one and clears it —
 * every ref read from what the extension returned — and the test checks the app's own localStorage
 * and DOM. The result lines are checked too: each must say what the act did.
 */
import { describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';

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
  // "Clear completed" reads as deleting, which asks; the rule lets this task run unattended.
  const e2e = useExtension({ fixtures: 'node_modules/todomvc/examples', mock: { rules: { allow: ['click'], ask: [], deny: [] } } });

  it.each(APPS)('$name: add, edit (double-click, type, Enter), complete and clear', async (app) => {
    const { page, tabId } = await e2e.open(`/${app.path}`);
    await page.locator('#new-todo').waitFor();
    let editRef = '';
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_add1', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "What needs to be done?"'), text: 'buy milk', submit: true }) }),
      callNext({
        id: 'tu_add2',
        name: 'type',
        input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'textbox "What needs to be done?"'), text: 'water plants', submit: true }),
      }),
      // The to-do's text is where a person double-clicks; find gives it a ref.
      callNext({ id: 'tu_find_item', name: 'find', input: () => ({ query: 'buy milk' }) }),
      callNext({ id: 'tu_edit', name: 'click', input: (found) => ({ ref: textRef(found, 'buy milk'), click_count: 2 }) }),
      callNext({
        id: 'tu_retype',
        name: 'type',
        input: (clicked) => {
          // The double-click's result says where focus went: the edit field, with its ref.
          editRef = /focus moved to textbox[^[]*\[ref=(e\d+)\]/.exec(clicked)?.[1] ?? 'missing';
          return { ref: editRef, text: 'buy oat milk', submit: true };
        },
      }),
      callNext({ id: 'tu_read3', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_done', name: 'click', input: (tree) => ({ ref: checkboxInRow(tree, 'water plants') }) }),
      callNext({ id: 'tu_find', name: 'find', input: () => ({ query: 'Clear completed' }) }),
      callNext({ id: 'tu_clear', name: 'click', input: (found) => ({ ref: refIn(found, 'button "Clear completed') }) }),
      { text: 'To-dos done.' },
    );
    await converse(e2e, tabId, 'Add buy milk and water plants, rename buy milk to buy oat milk, complete water plants and clear it', 'To-dos done.');

    if (process.env['SHOW_RESULTS'])
      for (const request of e2e.mock.requests) for (const r of toolResultsOf(request)) console.log(`${r.toolUseId}: ${r.text.replace(/\n/g, ' ⏎ ')}`);
    // The app's own state: what it saved and what it shows.
    // Double-clicking moves the words into an edit field; Enter saves and the field goes (React hides it, the others remove it).
    expect(resultText(e2e.mock, 'tu_edit').text).toContain('text "buy milk" is now in an edit field');
    expect(resultText(e2e.mock, 'tu_retype').text).toMatch(app.name === 'React' ? /the field closed \(hidden now\)/ : /the target left the page/);
    expect(resultText(e2e.mock, 'tu_done').text).toMatch(/^Clicked checkbox in "water plants"/);
    const saved = await page.evaluate(app.readSaved);
    expect(saved.map((todo) => [todo.title, todo.completed])).toEqual([['buy oat milk', false]]);
    expect((await page.locator('#todo-list li').allInnerTexts()).map((text) => text.trim())).toEqual(['buy oat milk']);

    // What the model was told at each step.
    for (const id of ['tu_add1', 'tu_add2', 'tu_edit', 'tu_retype', 'tu_done', 'tu_clear']) {
      expect(resultText(e2e.mock, id).isError, `${id}: ${resultText(e2e.mock, id).text}`).toBe(false);
      expect(resultText(e2e.mock, id).text, id).toContain('[trusted input]');
      expect(resultText(e2e.mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultText(e2e.mock, 'tu_add1').text).toMatch(/"buy milk"/);
    expect(resultText(e2e.mock, 'tu_add2').text).toMatch(/gained 1 item "water plants"|"water plants"/);
    expect(resultText(e2e.mock, 'tu_edit').text).toMatch(/focus moved to textbox[^;]*\(value "buy milk"\)/);
    expect(resultText(e2e.mock, 'tu_retype').text).toMatch(/"buy oat milk"/);
    expect(resultText(e2e.mock, 'tu_done').text).toMatch(/it is now checked/);
    expect(resultText(e2e.mock, 'tu_clear').text).toMatch(/lost 1 item "water plants"/);
  });
});
