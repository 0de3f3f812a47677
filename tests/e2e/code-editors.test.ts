/**
 * A code editor whose text is not in the accessibility tree: Monaco (VS Code's editor, from npm, its AMD
 * build served offline), which draws its lines apart from the hidden element that takes its keys. The
 * scripted model reads the page and finds a line of the code in what it read, finds a word shown only
 * in the editor's lines, clicks into the editor by its textbox's ref and types a line there; the test
 * checks Monaco's own model (its value), so auto-closing brackets that rewrote the typed text would fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

const CODE = 'function isEven(n) {\n  return n % 2 === 0;\n}';

/** A module long enough that the middle of the editor, where a click on its textbox goes, is on a line of code. */
const MODULE = [
  '// Parity helpers',
  'export function isEven(n) {',
  '  return n % 2 === 0;',
  '}',
  '',
  'export function isOdd(n) {',
  '  return !isEven(n);',
  '}',
  '',
  'export function countEven(list) {',
  '  return list.filter(isEven).length;',
  '}',
].join('\n');

/** Monaco on `code`; `editContext: false` draws the older shape (a textarea takes its keys), as browsers without EditContext get. */
const editorPage = (code: string, editContext = true) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Snippet</title></head><body>
<h1>Snippet</h1><div id="code" style="width:640px;height:240px"></div>
<script src="/monaco-editor/min/vs/loader.js"></script>
<script>
require.config({ paths: { vs: '/monaco-editor/min/vs' } });
require(['vs/editor/editor.main'], function () {
  window.editor = monaco.editor.create(document.getElementById('code'), { value: ${JSON.stringify(code)}, language: 'javascript', minimap: { enabled: false }, editContext: ${editContext} });
  document.body.dataset.ready = 'yes';
});
</script></body></html>`;

type MonacoWindow = Window & { monaco: { editor: { getModels(): Array<{ getValue(): string }> } } };

describe('a code editor drawn apart from its focus target (Monaco), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let server: FixtureServer;

  beforeAll(async () => {
    server = await startFixtureServer('node_modules', (_req, res, pathname) => {
      const code = pathname === '/snippet.html' ? CODE : pathname.startsWith('/module') ? MODULE : undefined;
      if (code === undefined) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(editorPage(code, pathname !== '/module-textarea.html'));
      return true;
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows its lines in read_page and get_page_text, finds a word in them, clicks into it by ref and types a line at the caret exactly as written', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/snippet.html`);
    await page.locator('body[data-ready="yes"] .view-lines .view-line').first().waitFor();
    // The model reads the page and picks the textbox whose content shows the function's first line.
    const editorRef = () => {
      const read = resultText(e2e.mock, 'tu_read').text;
      const line = read.split('\n').find((l) => l.includes('function isEven(n) {'));
      if (!line) throw new Error(`no line of the code in read_page:\n${read}`);
      return refIn(line, 'textbox');
    };
    const typed = '\nconst four = isEven(4) ? "even" : "odd";';
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_text', name: 'get_page_text', input: () => ({ main_content: false }) }),
      callNext({ id: 'tu_find', name: 'find', input: () => ({ query: 'isEven' }) }),
      callNext({ id: 'tu_click', name: 'click', input: () => ({ ref: editorRef() }) }),
      callNext({ id: 'tu_type', name: 'type', input: () => ({ ref: editorRef(), text: typed, clear: false }) }),
      { text: 'The line is added.' },
    );
    await converse(e2e, tabId, 'Add a line that calls isEven with 4', 'The line is added.');

    // Monaco's own model: the code as it was plus the line, brackets and quotes not doubled by auto-closing.
    const value = await page.evaluate(() => (window as unknown as MonacoWindow).monaco.editor.getModels()[0]?.getValue());
    expect(value).toBe(`${CODE}${typed}`);

    const read = resultText(e2e.mock, 'tu_read').text;
    expect(read).toMatch(/textbox "Editor content" \[ref=e\d+\]: function isEven\(n\) \{\\n {2}return n % 2 === 0;\\n\}/);
    expect(checkTreeLines(read)).toEqual([]);
    const found = resultText(e2e.mock, 'tu_find').text;
    expect(found).toMatch(/textbox "Editor content" \[ref=e\d+\]/);
    expect(found).toContain('function isEven(n)');
    for (const id of ['tu_click', 'tu_type']) {
      const result = resultText(e2e.mock, id);
      expect(result.isError, result.text).toBe(false);
    }
    expect(resultText(e2e.mock, 'tu_type').text).toMatch(/^Typed 41 characters into textbox "Editor content"/);
    // Read before the edit: the editor draws an edit on its next frame, so a read at once may lag Monaco's model by that frame.
    expect(resultText(e2e.mock, 'tu_text').text).toContain(`\`\`\`text\n${CODE}\n\`\`\``);
  });

  it.each([
    ['an EditContext', '/module.html', '.native-edit-context'],
    ['a textarea', '/module-textarea.html', 'textarea.inputarea'],
  ])(
    'taking keys on %s, replaces one span of its code as a person would (press, Shift-press, type), and a click on its code is a click on it',
    async (_shape, path, input) => {
      const { page, tabId } = await e2e.open(`${server.url}${path}`);
      await page.locator('body[data-ready="yes"] .view-lines .view-line').first().waitFor();
      await page.locator(`.monaco-editor ${input}`).waitFor({ state: 'attached' });
      const editorRef = () => refIn(resultText(e2e.mock, 'tu_read').text, 'textbox "Editor content"');
      e2e.mock.enqueue(
        callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
        callNext({ id: 'tu_click', name: 'click', input: () => ({ ref: editorRef() }) }),
        callNext({ id: 'tu_replace', name: 'type', input: () => ({ ref: editorRef(), replace: 'n % 2 === 0', text: '(n & 1) === 0' }) }),
        callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'select:select_text' }) }),
        callNext({ id: 'tu_select', name: 'select_text', input: () => ({ ref: editorRef(), text: 'list.filter(isEven)' }) }),
        callNext({ id: 'tu_over', name: 'type', input: () => ({ ref: editorRef(), at_selection: true, text: 'list.filter((n) => isEven(n))' }) }),
        callNext({ id: 'tu_missing', name: 'type', input: () => ({ ref: editorRef(), replace: 'isPrime', text: 'isEven' }) }),
        { text: 'Done.' },
      );
      await converse(e2e, tabId, 'Make isEven use a bit test', 'Done.');

      // Monaco's own model: exactly the two spans changed, nothing typed where the words were not.
      const value = await page.evaluate(() => (window as unknown as MonacoWindow).monaco.editor.getModels()[0]?.getValue());
      expect(value).toBe(MODULE.replace('n % 2 === 0', '(n & 1) === 0').replace('list.filter(isEven)', 'list.filter((n) => isEven(n))'));
      for (const id of ['tu_click', 'tu_replace', 'tu_select', 'tu_over']) {
        const result = resultText(e2e.mock, id);
        expect(result.isError, `${id}: ${result.text}`).toBe(false);
        // The press lands on a line the editor then redraws: still a press on the editor.
        expect(result.text, id).not.toContain('landed on');
      }
      expect(resultText(e2e.mock, 'tu_select').text).toContain('Selected "list.filter(isEven)"');
      const missing = resultText(e2e.mock, 'tu_missing');
      expect(missing.isError).toBe(true);
      expect(missing.text).toContain('TEXT_NOT_FOUND');
      expect(missing.text).toMatch(/draws only the lines in view/);
    },
  );
});
