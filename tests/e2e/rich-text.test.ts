/**
 * Rich-text editors in the page itself, from npm and served offline: Trix (Basecamp's, behind a hidden
 * input the form posts) and Quill 2. The scripted model does what a real model did on Trix — a bold line
 * and a bulleted list by the editor's own toolbar and keys — and every act's line must say what it did to
 * the editor (the selection, the caret, "… is now bold", a new empty line, a list item), never "no visible
 * change" when it worked; a read gives the editor's content as light Markdown. Each step is checked on
 * the editor's own state: Trix's document and the HTML it wrote into its input, Quill's contents.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { driveTask } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

/** The page the real model met (/work/apps/pages/trix.html), its files from node_modules. */
const TRIX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>New post</title>
<link rel="stylesheet" href="/trix/dist/trix.css"><script src="/trix/dist/trix.umd.min.js"></script></head>
<body style="font-family:sans-serif;max-width:800px"><h1>New post</h1>
<form id="post" onsubmit="event.preventDefault();document.getElementById('saved').textContent='Saved: '+document.getElementById('body').value">
<label>Title <input name="title"></label>
<input id="body" type="hidden" name="content"><trix-editor input="body" aria-label="Post body"></trix-editor>
<button type="submit">Publish</button></form><p id="saved"></p></body></html>`;

const QUILL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title>
<link rel="stylesheet" href="/quill/dist/quill.snow.css"></head><body><h1>Notes</h1>
<div id="editor"><p>Agenda</p></div>
<script src="/quill/dist/quill.js"></script>
<script>window.quill = new Quill('#editor', { theme: 'snow', modules: { toolbar: [['bold', 'italic'], [{ list: 'ordered' }, { list: 'bullet' }]] } });
window.quill.root.setAttribute('aria-label', 'Notes text');</script></body></html>`;

/** Trix's own state: its document's text and the HTML it keeps in the form's input. */
const trixState = (page: Page) =>
  page.evaluate(() => {
    const editor = document.querySelector('trix-editor') as HTMLElement & { editor: { getDocument(): { toString(): string } } };
    return { text: editor.editor.getDocument().toString(), html: (document.getElementById('body') as HTMLInputElement).value };
  });

type QuillWindow = { quill: { getContents(): { ops: Array<{ insert: string; attributes?: Record<string, unknown> }> } } };
const quillOps = (page: Page) => page.evaluate(() => (window as unknown as QuillWindow).quill.getContents().ops);

describe('rich-text editors in the page (Trix, Quill), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let server: FixtureServer;

  beforeAll(async () => {
    const pages: Record<string, string> = { '/trix.html': TRIX, '/quill.html': QUILL };
    server = await startFixtureServer('node_modules', (_req, res, pathname) => {
      const page = pages[pathname];
      if (page === undefined) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return true;
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** What the model was told by call `id`: no error, and never "no visible change" (each of these acts did something). */
  const said = (id: string) => {
    const result = resultText(e2e.mock, id);
    expect(result.isError, `${id}: ${result.text}`).toBe(false);
    expect(result.text, id).not.toMatch(/no (other )?visible change/);
    return result.text;
  };

  const openTrix = async () => {
    const opened = await e2e.open(`${server.url}/trix.html`);
    await opened.page.waitForFunction(() => (document.querySelector('trix-editor') as unknown as { editor?: unknown } | null)?.editor !== undefined);
    return opened;
  };

  it('Trix: a bold line and a bulleted list by its toolbar and keys, each act saying what it did; the read shows Markdown; Publish posts it', async () => {
    const { page, tabId } = await openTrix();
    const read = () => resultText(e2e.mock, 'rt_read').text;
    const body = () => refIn(read(), 'textbox "Post body"');
    const button = (name: string) => () => ({ ref: refIn(read(), `button "${name}"`) });
    e2e.mock.enqueue(
      callNext({ id: 'rt_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'rt_title', name: 'type', input: () => ({ ref: refIn(read(), 'textbox "Title"'), text: 'Weekly update' }) }),
      callNext({ id: 'rt_line', name: 'type', input: () => ({ ref: body(), text: 'Highlights' }) }),
      callNext({ id: 'rt_search', name: 'tool_search', input: () => ({ query: 'select:select_text' }) }),
      callNext({ id: 'rt_select', name: 'select_text', input: () => ({ ref: body(), text: 'Highlights' }) }),
      callNext({ id: 'rt_bold', name: 'click', input: button('Bold') }),
      callNext({ id: 'rt_end', name: 'press_key', input: () => ({ key: 'End' }) }),
      callNext({ id: 'rt_enter', name: 'press_key', input: () => ({ key: 'Enter' }) }),
      callNext({ id: 'rt_bullets', name: 'click', input: button('Bullets') }),
      callNext({ id: 'rt_first', name: 'type', input: () => ({ ref: body(), text: 'Shipped the login fix', clear: false }) }),
      callNext({ id: 'rt_enter2', name: 'press_key', input: () => ({ key: 'Enter' }) }),
      callNext({ id: 'rt_second', name: 'type', input: () => ({ ref: body(), text: 'Hired two engineers', clear: false }) }),
      callNext({ id: 'rt_check', name: 'read_page', input: () => ({ ref: body() }) }),
      callNext({ id: 'rt_text', name: 'get_page_text', input: () => ({ main_content: false }) }),
      callNext({ id: 'rt_publish', name: 'click', input: button('Publish') }),
      { text: 'Published the weekly update.' },
    );
    const panel = await e2e.panel(tabId);
    await driveTask(panel, 'Write the weekly update and publish it', { decide: () => 'Allow once', finished: 'Published the weekly update.' });

    expect(said('rt_select')).toContain('selected "Highlights"');
    expect(said('rt_bold')).toMatch(/Clicked button "Bold" \[trusted input\]\. Then: "Highlights" is now bold\.$/);
    expect(said('rt_end')).toContain('Then: the caret is at the end of the text.');
    expect(said('rt_enter')).toContain('Then: a new empty line after "Highlights", the caret on it.');
    // The editor's list is said as what became of the line, not as a list element that appeared.
    expect(said('rt_bullets')).toMatch(/Then: the empty line after "Highlights" is now a bulleted list item\.$/);
    expect(said('rt_first')).toContain('its value is now "**Highlights**\\n- Shipped the login fix"');
    expect(said('rt_enter2')).toContain('a new empty bulleted list item after "Shipped the login fix", the caret on it');
    expect(said('rt_check')).toMatch(/textbox "Post body" \[ref=e\d+\]: \*\*Highlights\*\*\\n- Shipped the login fix\\n- Hired two engineers$/m);
    // The page's title once (its <h1> says it), the title field's value, the editor as Markdown.
    const text = said('rt_text');
    expect(text.match(/^# New post$/gm)).toHaveLength(1);
    expect(text).toContain('Title `Weekly update` Bold');
    expect(text).toContain('textbox "Post body" holds (as Markdown):\n\n```markdown\n**Highlights**\n- Shipped the login fix\n- Hired two engineers\n```');
    // The saved body reads whole: the line it wrote is within the bound for a line of new text.
    const saved = '<div><strong>Highlights</strong></div><ul><li>Shipped the login fix</li><li>Hired two engineers</li></ul>';
    expect(said('rt_publish')).toContain(`new text "Saved: ${saved}"`);

    expect(await trixState(page)).toEqual({ text: 'Highlights\nShipped the login fix\nHired two engineers\n', html: saved });
    expect(await page.locator('input[name=title]').inputValue()).toBe('Weekly update');
  });

  it('Trix: a format button with nothing selected says no text changed and that it is on for what is typed next; the next keys come out italic', async () => {
    const { page, tabId } = await openTrix();
    const read = () => resultText(e2e.mock, 'rt_read').text;
    e2e.mock.enqueue(
      callNext({ id: 'rt_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'rt_line', name: 'type', input: () => ({ ref: refIn(read(), 'textbox "Post body"'), text: 'Plain ' }) }),
      callNext({ id: 'rt_italic', name: 'click', input: () => ({ ref: refIn(read(), 'button "Italic"') }) }),
      callNext({ id: 'rt_o', name: 'press_key', input: () => ({ key: 'o' }) }),
      callNext({ id: 'rt_k', name: 'press_key', input: () => ({ key: 'k' }) }),
      callNext({ id: 'rt_space', name: 'press_key', input: () => ({ key: 'Space' }) }),
      callNext({ id: 'rt_after', name: 'read_page', input: () => ({ ref: refIn(read(), 'textbox "Post body"') }) }),
      { text: 'Typed in italic.' },
    );
    await converse(e2e, tabId, 'Type a word in italic', 'Typed in italic.');

    expect(resultText(e2e.mock, 'rt_italic').text).toMatch(
      /Clicked button "Italic" \[trusted input\]\. Then: no text was selected, so no text changed: "Italic" is now on for what is typed next at the caret\.$/,
    );
    // A space at a line's end is no visible text, yet the key did type it.
    expect(resultText(e2e.mock, 'rt_space').text).toContain('Then: a space was added after "Plain ok".');
    expect(resultText(e2e.mock, 'rt_after').text).toMatch(/textbox "Post body" \[ref=e\d+\]: Plain \*ok\*$/m);
    expect(await trixState(page)).toEqual({ text: 'Plain ok \n', html: '<div>Plain&nbsp;<em>ok&nbsp;</em></div>' });
  });

  it('Quill: Shift+Home, Control+B, a list from its toolbar, End (twice) and Enter are each said; words copied with their Markdown marks are found', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/quill.html`);
    await page.waitForFunction(() => 'quill' in window);
    const read = () => resultText(e2e.mock, 'ql_read').text;
    const notes = () => refIn(read(), 'textbox "Notes text"');
    e2e.mock.enqueue(
      callNext({ id: 'ql_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'ql_line', name: 'type', input: () => ({ ref: notes(), text: 'Agenda\nReview the budget', clear: true }) }),
      // Quill 2 leaves its caret a character short of the end after text of two lines goes in at once: End first.
      callNext({ id: 'ql_end0', name: 'press_key', input: () => ({ key: 'End' }) }),
      callNext({ id: 'ql_home', name: 'press_key', input: () => ({ key: 'Shift+Home' }) }),
      callNext({ id: 'ql_bold', name: 'press_key', input: () => ({ key: 'Control+B' }) }),
      callNext({ id: 'ql_list', name: 'click', input: () => ({ ref: refIn(read(), 'button "list: bullet"') }) }),
      callNext({ id: 'ql_end', name: 'press_key', input: () => ({ key: 'End' }) }),
      // A key taken with nowhere to move the caret: where it still is, not "no visible change".
      callNext({ id: 'ql_end2', name: 'press_key', input: () => ({ key: 'End' }) }),
      callNext({ id: 'ql_enter', name: 'press_key', input: () => ({ key: 'Enter' }) }),
      callNext({ id: 'ql_search', name: 'tool_search', input: () => ({ query: 'select:select_text' }) }),
      // Copied from the read as it shows the line: its marks are not the editor's text.
      callNext({ id: 'ql_select', name: 'select_text', input: () => ({ ref: notes(), text: '- **Review the budget**' }) }),
      callNext({ id: 'ql_after', name: 'read_page', input: () => ({ ref: notes() }) }),
      { text: 'The agenda is set.' },
    );
    await converse(e2e, tabId, 'Make the agenda item a bold bullet', 'The agenda is set.');

    expect(said('ql_end0')).toContain('Then: the caret is at the end of the text.');
    expect(said('ql_home')).toContain('Then: selected "Review the budget".');
    expect(said('ql_bold')).toContain('Then: "Review the budget" is now bold.');
    expect(said('ql_list')).toContain('"Review the budget" is now a bulleted list item');
    expect(said('ql_end')).toContain('the caret is at the end of the text');
    expect(said('ql_end2')).toMatch(/Then: the caret is still at the end of the text\.$/);
    expect(said('ql_enter')).toContain('a new empty bulleted list item after "Review the budget", the caret on it');
    expect(said('ql_select')).toMatch(/^Selected "Review the budget"/);
    expect(said('ql_after')).toMatch(/textbox "Notes text" \[ref=e\d+\]: Agenda\\n- \*\*Review the budget\*\*\\n-$/m);
    expect(await quillOps(page)).toEqual([
      { insert: 'Agenda\n' },
      { insert: 'Review the budget', attributes: { bold: true } },
      { insert: '\n\n', attributes: { list: 'bullet' } },
    ]);
  });
});
