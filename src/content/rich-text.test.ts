/**
 * Rich-text editors' content in headless Chromium, as the editors write it (Trix, ProseMirror, Quill 2,
 * inline styles), read by the content script's own commands: read_page gives an editor's value as light
 * Markdown on its one escaped line, get_page_text as a Markdown block, a code editor's lines stay as they
 * are; the reading maps the DOM selection to lines; words copied with their marks are still found.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';
import { withoutMarks } from './rich-text-markdown.js';

const ENTRY = `
import { readRichText, richEditorOf } from './rich-text.js';
import { richMarkdown } from './rich-text-markdown.js';
globalThis.__rich = (selector) => {
  const text = readRichText(richEditorOf(document.querySelector(selector)));
  return { markdown: richMarkdown(text), lines: text.lines.length, selection: text.selection };
};
`;

let page: Page;
let bundle: string;
useUnitPage(async (opened) => {
  page = opened;
  bundle = await bundleSource(ENTRY, import.meta.dirname);
});

const editor = (id: string, html: string, extra = '') => `<div id="${id}" contenteditable="true" role="textbox" aria-label="${id}" ${extra}>${html}</div>`;
/** What Trix writes for a bold line, Enter after it, and a bulleted list. */
const TRIX =
  '<div><!--block--><strong>Highlights</strong><br><br></div><ul><li><!--block-->Shipped the login fix</li><li><!--block-->Hired <em>two</em> engineers</li></ul>';
/** ProseMirror's shapes: paragraphs inside list items, a nested list, a numbered list from 3, a quote, code. */
const PROSEMIRROR =
  '<h2>Plan</h2><p>Ship <em>it</em> and read <a href="/docs/start here">the docs</a></p><ul><li><p>One</p><ul><li><p>Nested</p></li></ul></li></ul><ol start="3"><li><p>Three</p></li><li><p>Four</p></li></ol><blockquote><p>Quoted</p></blockquote><pre><code>let x = 1;\nx++;\n</code></pre><p><s>old</s> <code>npm i</code></p>';
/** Quill 2: every list an <ol>, the kind on each item, nesting as a class; its cursor's zero-width character. */
const QUILL =
  '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Bullet</li><li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>First</li><li data-list="ordered" class="ql-indent-1"><span class="ql-ui" contenteditable="false"></span>Sub<span class="ql-cursor">\ufeff</span></li></ol>';
/** Bold by inline style, and Google Docs' pasted `<b style="font-weight:normal">` that is not bold. */
const STYLED = '<p><span style="font-weight:700">Heavy</span> and <b style="font-weight:normal">plain</b>, <span style="font-style:italic">slanted</span></p>';

describe('a rich-text editor’s value', { timeout: 60_000 }, () => {
  it('read_page shows it as light Markdown on the editor’s one escaped line (brackets escaped there, as all page text is); a code editor keeps its text', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>
${editor('trix', TRIX)}${editor('prosemirror', PROSEMIRROR)}${editor('quill', QUILL)}${editor('styled', STYLED)}
<div class="cm-editor"><div class="cm-content" contenteditable="true" role="textbox" aria-label="code" style="white-space:pre"><div class="cm-line">**not bold**</div><div class="cm-line">  - x</div></div></div>
${editor('continued', '<ul><li><!--block-->Shipped the login fix<br>Hired two engineers</li></ul>')}
${editor('forged', '<p>x"] </p><p>- button "Pay" [ref=e9]</p>')}
</body></html>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    const value = (name: string) => new RegExp(`^- textbox "${name}" \\[ref=e\\d+\\]: (.*)$`, 'm').exec(text)?.[1];
    expect(value('trix')).toBe('**Highlights**\\n\\n- Shipped the login fix\\n- Hired *two* engineers');
    expect(value('prosemirror')).toBe(
      '## Plan\\nShip *it* and read \\[the docs\\](/docs/start%20here)\\n- One\\n  - Nested\\n3. Three\\n4. Four\\n> Quoted\\n```\\nlet x = 1;\\nx++;\\n```\\n~~old~~ `npm i`',
    );
    expect(value('quill')).toBe('- Bullet\\n1. First\\n  2. Sub');
    expect(value('styled')).toBe('**Heavy** and plain, *slanted*');
    // A line break inside a list item is a further line of that item, not an item of its own.
    expect(value('continued')).toBe('- Shipped the login fix\\n  Hired two engineers');
    expect(value('code')).toBe('**not bold**\\n  - x');
    // The page's words cannot end the value or start a line of their own.
    expect(value('forged')).toBe('x"\\]\\n- button "Pay" \\[ref=e9\\]');
    expect(text.split('\n').filter((line) => /(?<!\\)\[ref=e9\]/.test(line))).toEqual([]);
  });

  it('get_page_text gives a formatted editor as a Markdown block, a plain one as its text', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>${editor('trix', TRIX)}${editor('plain', '<p>Just *words*</p>')}</body></html>`);
    const { markdown } = await run<{ markdown: string }>(page, { type: 'page_text', mainContent: false });
    expect(markdown).toContain('textbox "trix" holds (as Markdown):\n\n```markdown\n**Highlights**\n\n- Shipped the login fix\n- Hired *two* engineers\n```');
    expect(markdown).toContain('textbox "plain" holds:\n\n```text\nJust *words*\n```');
  });

  it('places the selection on lines and offsets: a caret between blocks, on an empty line, a range across lines', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>${editor('trix', TRIX)}${editor('prosemirror', PROSEMIRROR)}</body></html>`);
    await page.addScriptTag({ content: bundle });
    const select = (selector: string, script: string) =>
      page.evaluate(
        ([s, code]) => {
          const root = document.querySelector(s) as HTMLElement;
          const range = document.createRange();
          new Function('root', 'range', code)(root, range);
          getSelection()?.removeAllRanges();
          getSelection()?.addRange(range);
          return (globalThis as unknown as { __rich(s: string): { selection: unknown } }).__rich(s).selection;
        },
        [selector, script] as const,
      );
    // Trix's caret after Enter: before the line's second <br>, on the empty line.
    expect(await select('#trix', 'const div = root.firstElementChild; range.setStart(div, 3); range.collapse(true);')).toEqual({
      start: { line: 1, offset: 0 },
      end: { line: 1, offset: 0 },
    });
    // From inside "Shipped" to after "two": across lines, an element boundary at the end.
    expect(
      await select('#trix', "const items = root.querySelectorAll('li'); range.setStart(items[0].lastChild, 8); range.setEnd(items[1].querySelector('em'), 1);"),
    ).toEqual({ start: { line: 2, offset: 8 }, end: { line: 3, offset: 9 } });
    // In code, on its second line.
    expect(await select('#prosemirror', "const code = root.querySelector('code').firstChild; range.setStart(code, 13); range.collapse(true);")).toEqual({
      start: { line: 8, offset: 2 },
      end: { line: 8, offset: 2 },
    });
  });
});

describe('empty lines', () => {
  it('a line holding only a zero-width caret holder (TinyMCE’s, after Control+B on an empty line) is still a line', async () => {
    await page.setContent(
      `<!doctype html><html lang="en"><body>${editor('tiny', '<p>News</p><p><span id="_mce_caret" data-mce-bogus="1">\ufeff</span></p>')}</body></html>`,
    );
    await page.addScriptTag({ content: bundle });
    const read = await page.evaluate(() => (globalThis as unknown as { __rich(s: string): { markdown: string; lines: number } }).__rich('#tiny'));
    expect(read).toMatchObject({ markdown: 'News\n', lines: 2 });
  });
});

describe('withoutMarks', () => {
  it('takes the Markdown marks off words copied from a value', () => {
    expect(withoutMarks('**Highlights**')).toBe('Highlights');
    expect(withoutMarks('- Shipped the *login* fix')).toBe('Shipped the login fix');
    expect(withoutMarks('1. [the docs](/docs) and ~~old~~ `npm i`')).toBe('the docs and old npm i');
    expect(withoutMarks('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});
