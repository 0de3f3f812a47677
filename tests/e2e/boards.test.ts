/**
 * Boards of cards and trees of rows, from npm and served offline, as a real model met them: a jKanban
 * board (dragula underneath: plain divs, a move cursor only under the pointer) and vanilla-jsoneditor in
 * tree mode (values as buttons inside tree items, a context menu). Driven by the scripted model through
 * the extension's run machinery; each check reads what the model was told and the app's own state:
 * jKanban's boards (getBoardElements) and the editor's document (get()).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { createToolRunner, type ToolRun, type ToolRunner } from '../support/tool-runner.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

const KANBAN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sprint board</title>
<link rel="stylesheet" href="/jkanban/dist/jkanban.min.css"><script src="/jkanban/dist/jkanban.min.js"></script></head>
<body style="font-family:sans-serif"><h1>Sprint board</h1><div id="board"></div>
<script>
window.kanban = new jKanban({ element: '#board', gutter: '10px', widthBoard: '250px',
  itemAddOptions: { enabled: true, content: '+ Add card', class: 'add-card', footer: true },
  buttonClick(el, boardId) {
    const form = document.createElement('form');
    form.innerHTML = '<input name="title" aria-label="Card title" placeholder="Card title"><button type="submit">Add</button>';
    kanban.addForm(boardId, form);
    form.addEventListener('submit', (e) => { e.preventDefault(); const t = form.elements.title.value.trim(); if (t) kanban.addElement(boardId, { title: t }); form.remove(); });
    form.elements.title.focus();
  },
  boards: [
    { id: 'todo', title: 'To do', item: [{ title: 'Write report' }, { title: 'Review pull request #42' }, { title: 'Book train tickets' }] },
    { id: 'doing', title: 'Doing', item: [{ title: 'Fix login bug' }] },
    { id: 'done', title: 'Done', item: [{ title: 'Plan sprint' }] },
  ] });
</script></body></html>`;

const JSON_EDITOR = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Service config</title></head>
<body style="font-family:sans-serif"><h1>Service config</h1><div id="editor" style="height:500px;width:800px"></div>
<script type="module">
import { createJSONEditor } from '/vanilla-jsoneditor/standalone.js';
window.editor = createJSONEditor({ target: document.getElementById('editor'), props: { mode: 'tree',
  content: { json: { service: 'billing', timeout: 10, retries: 3, features: ['invoices', 'refunds'], database: { host: 'db.internal', port: 5432, pool: 8 } } } } });
</script></body></html>`;

const PAGES: Record<string, string> = { '/boards/kanban.html': KANBAN, '/boards/jsoneditor.html': JSON_EDITOR };
const e2e = useExtension({
  // Ctrl+Q and typing are asked of a person by default; these tests are about what the acts report.
  mock: { rules: { allow: ['click', 'type', 'press_key', 'drag'], ask: [], deny: [] } },
  fixtures: {
    root: 'node_modules',
    routes: (_req: IncomingMessage, res: ServerResponse, pathname: string) => {
      const page = PAGES[pathname];
      if (!page) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return true;
    },
  },
});
let runner: ToolRunner;
beforeAll(async () => {
  runner = await createToolRunner(e2e.ext, e2e.mock);
});
afterAll(async () => {
  await runner?.close();
});

function ok(runs: ToolRun[]): void {
  expect(runs.map((run) => `${run.name}: ${run.isError ? `${run.code} ${run.text}` : 'ok'}`)).toEqual(runs.map((run) => `${run.name}: ok`));
}

/** The ref given beside `label` in a report line (`"Insert after" [ref=e29]`), where one line names many. */
function refBeside(text: string, label: string): string {
  const ref = new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: \\[disabled\\])? \\[ref=(e\\d+)\\]`).exec(text)?.[1];
  if (!ref) throw new Error(`No ref beside ${label} in: ${text}`);
  return ref;
}

type KanbanWindow = { kanban: { getBoardElements(id: string): NodeListOf<Element> } };
const boardTexts = (id: string) => Array.from((window as unknown as KanbanWindow).kanban.getBoardElements(id), (item) => item.textContent?.trim() ?? '');

describe('a jKanban board', () => {
  it('reads each card as a line a drag can name, says which column each add button is in, and a drag across columns is told as one', async () => {
    const { page, tabId } = await e2e.open('/boards/kanban.html');
    await page.waitForFunction(() => 'kanban' in window);
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'tool_search', input: (read) => ((tree = read), { query: 'select:drag' }) },
      { name: 'drag', input: () => ({ from: refIn(tree, 'draggable "Write report"'), to: refIn(tree, 'draggable "Plan sprint"') }) },
      { name: 'read_page', input: {} },
    ]);
    ok(runs);
    expect(checkTreeLines(tree)).toEqual([]);
    // Each card its own line with a ref, in its column: not one run of text.
    expect(tree).toMatch(/- main \[ref=e\d+\]:\n {2}- draggable "Write report" \[ref=e\d+\]\n {2}- draggable "Review pull request #42" \[ref=e\d+\]\n/);
    for (const column of ['To do', 'Doing', 'Done']) expect(tree).toMatch(new RegExp(`- button "\\+ Add card" in "${column}" \\[ref=e\\d+\\]`));
    expect(runs[2]!.text).toMatch(/Then: item "Write report" moved from list "To do" to list "Done", now (1st|2nd) of 2/);
    expect(await page.evaluate(boardTexts, 'done')).toContain('Write report');
    expect(await page.evaluate(boardTexts, 'todo')).toEqual(['Review pull request #42', 'Book train tickets']);
    // The card keeps its line and ref after the move, wherever the pointer rests.
    expect(runs[3]!.text).toMatch(/- draggable "Write report" \[ref=e\d+\]/);
  });

  it("adds a card through the To do column's own add button", async () => {
    const { page, tabId } = await e2e.open('/boards/kanban.html');
    await page.waitForFunction(() => 'kanban' in window);
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'click', input: (read) => ({ ref: refIn(read, 'button "+ Add card" in "To do"') }) },
      { name: 'type', input: (clicked) => ({ ref: refBeside(clicked, 'textbox "Card title"'), text: 'Call Sam' }) },
      { name: 'press_key', input: { key: 'Enter' } },
    ]);
    ok(runs);
    expect(runs[1]!.text).toMatch(/^Clicked button "\+ Add card" .*textbox "Card title" \[ref=e\d+\]/);
    // The card came into the column's list, with its ref (not "text \"Add\" became \"Call Sam\"").
    expect(runs[3]!.text).toMatch(/main \[ref=e\d+\] gained 1 item "Call Sam" \[ref=e\d+\]/);
    expect(await page.evaluate(boardTexts, 'todo')).toEqual(['Write report', 'Review pull request #42', 'Book train tickets', 'Call Sam']);
    expect(await page.evaluate(boardTexts, 'done')).toEqual(['Plan sprint']);
  });
});

type EditorWindow = { editor: { get(): { json?: Record<string, unknown>; text?: string } } };
const editorJson = () => {
  const content = (window as unknown as EditorWindow).editor.get();
  return content.json ?? JSON.parse(content.text ?? 'null');
};

describe('vanilla-jsoneditor in tree mode', () => {
  it('lists each key and value as tree items whose values are buttons, and a value edited reports what changed', async () => {
    const { page, tabId } = await e2e.open('/boards/jsoneditor.html');
    await page.waitForFunction(() => 'editor' in window);
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'click', input: (read) => ((tree = read), { ref: refIn(read, 'button "10"'), click_count: 2 }) },
      { name: 'type', input: (clicked) => ({ ref: refBeside(clicked, 'textbox "Edit value"'), text: '30', submit: true }) },
    ]);
    ok(runs);
    expect(checkTreeLines(tree)).toEqual([]);
    // Branches list their own items and the values' buttons; no item is named by the whole document.
    expect(tree).toMatch(/- treeitem "timeout : 10" \[ref=e\d+\]:\n\s+- button "10" \[ref=e\d+\]/);
    expect(tree).toMatch(/- treeitem "features : \\\[ 2 items \\\]" \[ref=e\d+\]:/);
    expect(tree).toMatch(/- treeitem "1 : refunds" \[ref=e\d+\]:\n\s+- button "refunds" \[ref=e\d+\]/);
    expect(tree).not.toContain('service : billing timeout');
    expect(await page.evaluate(editorJson)).toMatchObject({ timeout: 30, retries: 3 });
    // The path button the editor rewrites reads otherwise; the key "timeout" did not go anywhere.
    expect(runs[2]!.text).not.toMatch(/text "timeout" is gone|button "retries" \[ref=e\d+\] appeared/);
    expect(runs[2]!.text).toMatch(/button "30" \[ref=e\d+\] appeared/);
  });

  it('adds an item after the last one through the context menu, whose every control the reports name with refs', async () => {
    const { page, tabId } = await e2e.open('/boards/jsoneditor.html');
    await page.waitForFunction(() => 'editor' in window);
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'click', input: (read) => ({ ref: refIn(read, 'button "refunds"') }) },
      { name: 'press_key', input: { key: 'Control+Q' } },
      { name: 'click', input: (menu) => ({ ref: refBeside(menu, '"Insert after"') }) },
      { name: 'click', input: (menu) => ({ ref: refBeside(menu, '"Value"') }) },
      { name: 'type', input: (clicked) => ({ ref: refBeside(clicked, 'textbox "Edit value"'), text: 'exports', submit: true }) },
    ]);
    ok(runs);
    // The menu that opened is named whole, "Insert after" too; the one "Insert after" opens names its "Value".
    expect(runs[2]!.text).toMatch(
      /menu \[ref=e\d+\] appeared with 16 controls: "Edit key" \[disabled\] \[ref=e\d+\], "Edit value" \[ref=e\d+\],.*"Insert after" \[ref=e\d+\]/,
    );
    expect(runs[3]!.text).toMatch(/menu \[ref=e\d+\] appeared with 16 controls: .*"Value" \[ref=e\d+\]/);
    // The new item is named by its own words, and the menu closing is said once, not as its words gone.
    expect(runs[4]!.text).toMatch(/treeitem "2 :" \[ref=e\d+\] appeared; the menu closed; button \[ref=e\d+\] now reads "3 items" \(was "2 items"\)/);
    expect(runs[4]!.text).not.toMatch(/"Edit key" is gone|more lines of text/);
    expect(await page.evaluate(editorJson)).toMatchObject({ features: ['invoices', 'refunds', 'exports'] });
  });

  it('a dropdown button is named by what it shows, not its closed menu', async () => {
    const { page, tabId } = await e2e.open('/boards/jsoneditor.html');
    await page.waitForFunction(() => 'editor' in window);
    const runs = await runner.run(tabId, [
      { name: 'find', input: { query: 'refunds' } },
      { name: 'click', input: (found) => ({ ref: refIn(found, 'button "refunds"') }) },
      { name: 'press_key', input: { key: 'Control+Q' } },
      { name: 'read_page', input: {} },
    ]);
    ok(runs);
    expect(runs[3]!.text).toMatch(/- button "Edit value" \[ref=e\d+\]:\n\s+- button "Edit value" \[ref=e\d+\]/);
    expect(runs[3]!.text).not.toContain('Enforce string');
    expect(await page.evaluate(editorJson)).toMatchObject({ features: ['invoices', 'refunds'] });
  });
});
