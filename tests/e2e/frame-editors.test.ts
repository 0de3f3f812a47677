/**
 * Editors whose editable area is a frame's whole document, driven by the scripted model through the built
 * extension: TinyMCE 8 from npm, self-hosted (a `srcdoc` iframe whose contenteditable body is the editor, as
 * CKEditor 4's about:blank one is), checked on TinyMCE's own content. A real model met its body as
 * paragraphs with no ref, `type` on the iframe refused, find finding nothing and a point on the frame
 * "unreachable", and pressed one key per call (63 calls). Here: the editor is a textbox with a ref, found by
 * its text, typed and selected in, clicked at a point. And a frame of another site whose body is editable:
 * typing this page's data there is data leaving for that site, and asks.
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { resultText } from '../support/model-results.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { driveTask } from '../support/panel-driver.js';
import { createToolRunner, type ToolRun, type ToolRunner } from '../support/tool-runner.js';
import { refIn } from '../support/tree-lines.js';

const NEWSLETTER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Newsletter</title>
<script src="/tinymce/tinymce.min.js"></script></head>
<body><h1>Newsletter draft</h1><textarea id="body"><p>Hello everyone,</p><p>Here is the news for December.</p></textarea>
<script>tinymce.init({ selector: '#body', license_key: 'gpl', height: 400, menubar: false, plugins: 'lists', toolbar: 'undo redo | bold italic | bullist numlist' });</script>
</body></html>`;

const CODE = 'RC-4821-7730';
const ACCOUNT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title></head>
<body><h1>Account</h1><p>Your one-time code: ${CODE}</p><iframe title="Notes" src="{{NOTES}}/notes.html" style="width:500px;height:160px"></iframe></body></html>`;
// Another site's editor: its body is the editable area, and its script sends home every change.
const NOTES = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title></head>
<body contenteditable="true" aria-label="Notes" oninput="fetch('/log?v=' + encodeURIComponent(document.body.innerText))"><p>Shopping list</p></body></html>`;

const e2e = useExtension({ mock: true });
let runner: ToolRunner;
let server: FixtureServer;
let notes: FixtureServer;
const logged: string[] = [];

/** A route answering `pages` by path, and recording what the notes page sends home. */
const routes =
  (pages: Record<string, () => string>) =>
  (req: { url?: string }, res: { writeHead(status: number, headers?: Record<string, string>): { end(body?: string): void } }, pathname: string) => {
    if (pathname === '/log') {
      logged.push(new URL(req.url ?? '/', 'http://x').searchParams.get('v') ?? '');
      res.writeHead(204).end();
      return true;
    }
    const page = pages[pathname];
    if (!page) return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
    return true;
  };

beforeAll(async () => {
  runner = await createToolRunner(e2e.ext, e2e.mock);
  notes = await startFixtureServer('node_modules', routes({ '/notes.html': () => NOTES }));
  server = await startFixtureServer(
    'node_modules',
    routes({ '/newsletter.html': () => NEWSLETTER, '/account.html': () => ACCOUNT.replace('{{NOTES}}', notes.url) }),
  );
});
afterAll(async () => {
  await runner?.close();
  await server?.close();
  await notes?.close();
});

function ok(runs: ToolRun[]): void {
  expect(runs.map((run) => `${run.name}: ${run.isError ? `${run.code} ${run.text}` : 'ok'}`)).toEqual(runs.map((run) => `${run.name}: ok`));
}

type TinyWindow = { tinymce: { activeEditor: { initialized: boolean; getContent(): string; hasFocus(): boolean; selection: { getNode(): Element } } } };

async function openNewsletter(): Promise<{ page: Page; tabId: number }> {
  const opened = await e2e.open(`${server.url}/newsletter.html`);
  await opened.page.waitForFunction(() => (window as unknown as Partial<TinyWindow>).tinymce?.activeEditor?.initialized === true);
  return opened;
}

const content = (page: Page) => page.evaluate(() => (window as unknown as TinyWindow).tinymce.activeEditor.getContent());
const editorRef = (text: string) => refIn(text, 'textbox "Rich Text Area"');

describe('TinyMCE: the editor is its frame’s body', () => {
  it('reads as a textbox with a ref, is found by its text, and makes a sentence bold and a bulleted list below it in a handful of calls', async () => {
    const { page, tabId } = await openNewsletter();
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'read_page', input: (read) => ((tree = read), { filter: 'interactive' }) },
      { name: 'find', input: { query: 'Here is the news for December.' } },
      // The iframe's own ref is refused before anything runs, naming the editor's.
      { name: 'type', input: () => ({ ref: refIn(tree, 'iframe'), text: 'x' }) },
      { name: 'tool_search', input: { query: 'select:select_text' } },
      { name: 'select_text', input: () => ({ ref: editorRef(tree), text: 'Here is the news for December.' }) },
      { name: 'click', input: () => ({ ref: refIn(tree, 'button "Bold"') }) },
      // With no ref the keys go to what has focus: the editor's body inside the frame.
      { name: 'press_key', input: { key: 'End' } },
      { name: 'press_key', input: { key: 'Enter' } },
      { name: 'click', input: () => ({ ref: refIn(tree, 'button "Bold"') }) },
      { name: 'click', input: () => ({ ref: refIn(tree, 'button "Bullet list"') }) },
      { name: 'type', input: () => ({ ref: editorRef(tree), text: 'Party on the 18th\nOffice closed 24–26', clear: false }) },
      { name: 'read_page', input: () => ({ ref: refIn(tree, 'iframe') }) },
    ]);
    const [read, interactive, found, onFrame] = runs;
    ok([read!, interactive!, found!, ...runs.slice(4)]);
    const editor = editorRef(read!.text);
    expect(editor).toMatch(/^f\d+e1$/);
    expect(read!.text).toMatch(
      /- iframe \[ref=e\d+\]:\n {4}- textbox "Rich Text Area" \[ref=f\d+e1\]:\n {6}- paragraph: Hello everyone,\n {6}- paragraph: Here is the news for December\.\n/,
    );
    expect(editorRef(interactive!.text)).toBe(editor);
    expect(found!.text.split('\n')[1]).toMatch(new RegExp(`^- textbox "Rich Text Area" \\[ref=${editor}\\]`));
    expect(onFrame!.code).toBe('NOT_EDITABLE');
    expect(JSON.parse(onFrame!.text).error.suggestion).toBe(`Use the text field inside the frame: its textbox [ref=${editor}].`);
    expect(runs[5]!.text).toMatch(/^Selected "Here is the news for December\." in textbox "Rich Text Area"/);
    expect(runs[11]!.text).toMatch(/^Typed 37 characters into textbox "Rich Text Area"/);
    expect(await content(page)).toBe(
      '<p>Hello everyone,</p>\n<p><strong>Here is the news for December.</strong></p>\n<ul>\n<li>Party on the 18th</li>\n<li>Office closed 24&ndash;26</li>\n</ul>',
    );
    // The editor's structure reads under its textbox: the list a person sees.
    expect(runs.at(-1)!.text).toMatch(/ {2}- list \[ref=f\d+e\d+\]:\n {6}- listitem: Party on the 18th\n {6}- listitem: Office closed 24–26$/);
  });

  // select_text left the frame unfocused (its body, where focus rests when nothing has it, read as focused), so the
  // Control+B after it went to the page around the frame, and was judged there as a page shortcut that asks.
  it('select_text gives the editor the focus: a formatting key with no ref goes to it, unasked, and bolds the words', async () => {
    const { page, tabId } = await openNewsletter();
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: { filter: 'interactive' } },
      { name: 'tool_search', input: (read) => ((tree = read), { query: 'select:select_text' }) },
      { name: 'select_text', input: () => ({ ref: editorRef(tree), text: 'Hello everyone,' }) },
      { name: 'press_key', input: { key: 'Control+B' } },
    ]);
    ok(runs);
    expect(await content(page)).toBe('<p><strong>Hello everyone,</strong></p>\n<p>Here is the news for December.</p>');
  });

  it('a point on the editor is followed into its frame: the click lands in the paragraph there', async () => {
    const { page, tabId } = await openNewsletter();
    const frame = page.frames().find((f) => f.parentFrame() !== null) as Frame;
    // Where the page shows the paragraph (Playwright gives a frame's boxes in the page's viewport).
    const paragraph = (await frame.locator('p', { hasText: 'Hello everyone,' }).boundingBox())!;
    const x = Math.round(paragraph.x + 20);
    const y = Math.round(paragraph.y + paragraph.height / 2);
    const [click] = await runner.run(tabId, [{ name: 'click', input: { x, y } }]);
    ok([click!]);
    expect(click!.text).toMatch(new RegExp(`^Clicked paragraph "Hello everyone," at \\(${x}, ${y}\\) \\[trusted input\\]`));
    const caret = await page.evaluate(() => {
      const editor = (window as unknown as TinyWindow).tinymce.activeEditor;
      return { focused: editor.hasFocus(), node: editor.selection.getNode().textContent };
    });
    expect(caret).toEqual({ focused: true, node: 'Hello everyone,' });
  });
});

describe('a frame of another site whose body is editable', () => {
  it('is a textbox too, and typing this page’s code into it asks, marked, naming the data and that site; denied, nothing reaches it', async () => {
    logged.length = 0;
    const { page, tabId } = await e2e.open(`${server.url}/account.html`);
    const frame = () => page.frames().find((f) => f.url().startsWith(notes.url)) as Frame;
    await expect.poll(() => frame()?.evaluate(() => document.body.isContentEditable)).toBe(true);
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'read_page', input: {} }] },
      (request) => ({
        toolCalls: [
          { id: 'type', name: 'type', input: { ref: refIn(toolResultsOf(request).at(-1)?.text ?? '', 'textbox "Notes"'), text: CODE, clear: false } },
        ],
      }),
      { text: 'Finished notes.' },
    );
    const panel = await e2e.panel(tabId);
    const prompts = await driveTask(panel, 'Note my code.', { decide: () => 'Deny', finished: 'Finished notes.' });
    expect(resultText(e2e.mock, 'read').text).toMatch(/- iframe "Notes" \[ref=e\d+\]:\n {2}- textbox "Notes" \[ref=f\d+e1\]:\n {4}- paragraph: Shopping list/);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ tool: 'type', flagged: true, answer: 'Deny' });
    expect(prompts[0]!.text).toContain(CODE);
    expect(prompts[0]!.text).toContain(new URL(notes.url).host);
    expect(await frame().evaluate(() => document.body.innerText.trim())).toBe('Shopping list');
    expect(logged.some((value) => value.includes('4821'))).toBe(false);
  });
});
