/**
 * Editors that are not inputs, from npm and served offline: a Quill 2 rich-text editor inside a frame and
 * a CodeMirror 6 code editor (auto-closing brackets, auto-indent), beside a plain text area with line
 * breaks. Each check reads the editor's own state — Quill's text and its formatting, CodeMirror's
 * document — not the tool's words: a sentence typed in one call, a word selected and made bold with the
 * editor's own Control+B, one word replaced, the text read back, and code typed exactly as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { createToolRunner, type ToolRun, type ToolRunner } from '../support/tool-runner.js';
import { refIn } from '../support/tree-lines.js';

/** Every ES module package CodeMirror needs, mapped to its entry file (the import map a bundler would make). */
function importMap(): string {
  const imports: Record<string, string> = {};
  const add = (name: string) => {
    const manifest = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
      module?: string;
      exports?: { '.'?: { import?: string }; import?: string };
    };
    const entry = manifest.exports?.['.']?.import ?? manifest.exports?.import ?? manifest.module ?? 'index.js';
    imports[name] = `/${name}/${entry.replace(/^\.\//, '')}`;
  };
  for (const scope of ['@codemirror', '@lezer']) for (const name of readdirSync(join('node_modules', scope))) add(`${scope}/${name}`);
  for (const name of ['codemirror', 'style-mod', 'w3c-keyname', 'crelt', '@marijn/find-cluster-break']) add(name);
  return JSON.stringify({ imports });
}

const HOST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>New post</title></head><body>
<h1>New post</h1>
<label>Notes <textarea id="notes" rows="4">First paragraph.

Second *paragraph* here.</textarea></label>
<iframe id="post" title="Post body" src="/editors/quill.html" style="width:640px;height:260px"></iframe>
</body></html>`;

const QUILL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Post body</title>
<link rel="stylesheet" href="/quill/dist/quill.snow.css"></head><body>
<div id="editor"><p>Draft intro.</p></div>
<script src="/quill/dist/quill.js"></script>
<script>window.quill = new Quill('#editor', { theme: 'snow' }); window.quill.root.setAttribute('aria-label', 'Post text');</script>
</body></html>`;

const CODE = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Snippet</title>
<script type="importmap">${importMap()}</script></head><body>
<h1>Snippet</h1><div id="code"></div>
<script type="module">
import { basicSetup, EditorView } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
window.view = new EditorView({ doc: 'const answer = 41;', extensions: [basicSetup, javascript()], parent: document.getElementById('code') });
</script></body></html>`;

const e2e = useExtension({ mock: true });
let runner: ToolRunner;
let server: FixtureServer;

beforeAll(async () => {
  runner = await createToolRunner(e2e.ext, e2e.mock);
  const pages: Record<string, () => string> = { '/editors/post.html': () => HOST, '/editors/quill.html': () => QUILL, '/editors/code.html': CODE };
  server = await startFixtureServer('node_modules', (_req, res, pathname) => {
    const page = pages[pathname];
    if (!page) return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
    return true;
  });
});
afterAll(async () => {
  await runner?.close();
  await server?.close();
});

function ok(runs: ToolRun[]): void {
  expect(runs.map((run) => `${run.name}: ${run.isError ? `${run.code} ${run.text}` : 'ok'}`)).toEqual(runs.map((run) => `${run.name}: ok`));
}

type QuillWindow = { quill: { getText(): string; getContents(): { ops: Array<{ insert: string; attributes?: Record<string, unknown> }> } } };
type CodeWindow = { view: { state: { doc: { toString(): string } } } };

async function openPost(): Promise<{ frame: Frame; tabId: number; page: Page }> {
  const { page, tabId } = await e2e.open(`${server.url}/editors/post.html`);
  const frame = page.frames().find((f) => f.url().endsWith('/editors/quill.html')) as Frame;
  await frame.waitForFunction(() => 'quill' in window);
  return { page, frame, tabId };
}

const postText = (tree: string) => refIn(tree, 'textbox "Post text"');

describe('a rich-text editor in a frame (Quill)', () => {
  it('types a sentence in one call, bolds a word selected with select_text by the editor’s own Control+B, replaces a word, keys typed there are typing, and read_page shows the text', async () => {
    const { frame, tabId } = await openPost();
    const sentence = 'The quick brown fox jumps.';
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'type', input: (read) => ((tree = read), { ref: postText(read), text: sentence }) },
      { name: 'tool_search', input: { query: 'select:select_text' } },
      { name: 'select_text', input: () => ({ ref: postText(tree), text: 'brown' }) },
      // No ref: the key goes to what has focus, the editor inside the frame, and is judged there (no prompt).
      { name: 'press_key', input: { key: 'Control+B' } },
      { name: 'type', input: () => ({ ref: postText(tree), replace: 'fox', text: 'cat' }) },
      { name: 'press_key', input: { key: 'End' } },
      { name: 'press_key', input: { key: 'Space' } },
      { name: 'press_key', input: { key: 'o' } },
      { name: 'press_key', input: { key: 'k' } },
      { name: 'read_page', input: {} },
    ]);
    ok(runs);
    expect(runs[1]!.text).toMatch(/^Typed 26 characters into textbox "Post text"/);
    // Selected, then bolded by the editor's own shortcut: each act says what it did to the editor.
    expect(runs[3]!.text).toContain('selected "brown"');
    expect(runs[4]!.text).toMatch(/Then: "brown" is now bold\.$/);
    const contents = await frame.evaluate(() => (window as unknown as QuillWindow).quill.getContents().ops);
    expect(contents).toEqual([{ insert: 'The quick ' }, { insert: 'brown', attributes: { bold: true } }, { insert: ' cat jumps. ok\n' }]);
    // The editor's value as light Markdown: the bold word shows as bold.
    expect(runs.at(-1)!.text).toMatch(/textbox "Post text" \[ref=f\d+e\d+\]: The quick \*\*brown\*\* cat jumps\. ok$/m);
  });

  it('a span found twice or not at all is refused with the reason, and the editor is left as it was', async () => {
    const { frame, tabId } = await openPost();
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'tool_search', input: (read) => ((tree = read), { query: 'select:select_text' }) },
      { name: 'select_text', input: () => ({ ref: postText(tree), text: 'r' }) },
      { name: 'type', input: () => ({ ref: postText(tree), replace: 'outro', text: 'x' }) },
    ]);
    expect(runs[2]!.code).toBe('TEXT_AMBIGUOUS');
    expect(runs[2]!.text).toMatch(/2 times/);
    expect(runs[3]!.code).toBe('TEXT_NOT_FOUND');
    expect(await frame.evaluate(() => (window as unknown as QuillWindow).quill.getText())).toBe('Draft intro.\n');
  });

  it('a text area’s value reads whole with its line breaks, in read_page escaped and in get_page_text as it is; replace changes one word of it', async () => {
    const { page, tabId } = await openPost();
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'get_page_text', input: (read) => ((tree = read), { main_content: false }) },
      { name: 'type', input: () => ({ ref: refIn(tree, 'textbox "Notes"'), replace: 'Second', text: 'Third' }) },
    ]);
    ok(runs);
    expect(runs[0]!.text).toContain('textbox "Notes" [ref=e2]: First paragraph.\\n\\nSecond *paragraph* here.');
    expect(runs[1]!.text).toContain('textbox "Notes" holds:\n\n```text\nFirst paragraph.\n\nSecond *paragraph* here.\n```');
    expect(await page.locator('#notes').inputValue()).toBe('First paragraph.\n\nThird *paragraph* here.');
  });
});

describe('a code editor (CodeMirror 6)', () => {
  it('code typed in one call ends exactly as typed (no closing bracket or indent added), one word is replaced, keys are typing, and get_page_text shows its lines', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/editors/code.html`);
    await page.waitForFunction(() => 'view' in window);
    const code = 'function f() {\n  return 1;\n}';
    let tree = '';
    const runs = await runner.run(tabId, [
      { name: 'read_page', input: {} },
      { name: 'type', input: (read) => ((tree = read), { ref: refIn(read, 'textbox'), text: code }) },
      { name: 'type', input: () => ({ ref: refIn(tree, 'textbox'), replace: 'return 1;', text: 'return 2;' }) },
      { name: 'press_key', input: { key: 'Enter' } },
      { name: 'press_key', input: { key: 'x' } },
      { name: 'get_page_text', input: { main_content: false } },
      { name: 'read_page', input: {} },
    ]);
    ok(runs);
    const doc = () => page.evaluate(() => (window as unknown as CodeWindow).view.state.doc.toString());
    expect(await doc()).toBe('function f() {\n  return 2;\n  x\n}');
    expect(runs[5]!.text).toContain('```text\nfunction f() {\n  return 2;\n  x\n}\n```');
    expect(runs[6]!.text).toContain(': function f() {\\n  return 2;\\n  x\\n}');
  });
});
