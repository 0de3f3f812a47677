/**
 * A code editor drawn apart from its focus target, on the DOM shape Monaco renders without EditContext
 * (older versions, browsers without it): a 1px `textarea.inputarea` holding only the text around the caret,
 * and the lines absolutely placed in `.view-lines` (hidden from assistive technology), reused out of DOM
 * order after a scroll. In headless Chromium through the content script's own command handler; Monaco
 * itself (its EditContext shape) is in the e2e (tests/e2e/code-editors.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run, send } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';
import { refIn } from '../../tests/support/tree-lines.js';

let page: Page;
useUnitPage((opened) => (page = opened));

const line = (top: number, html: string) => `<div class="view-line" style="position:absolute;top:${top}px;width:100%;height:19px">${html}</div>`;

/** Monaco's shape: the second line is first in the DOM, as after a scroll. */
const MONACO = `<h1>Query</h1><div class="monaco-editor" role="code" style="position:relative;width:500px;height:120px">
<div class="overflow-guard" style="position:absolute;inset:0;overflow:hidden">
<textarea class="inputarea" role="textbox" aria-label="Editor content" aria-multiline="true" style="position:absolute;top:0;left:60px;width:1px;height:1px;opacity:0">ELECT</textarea>
<div class="margin" aria-hidden="true" style="position:absolute;left:0;width:60px;height:120px"></div>
<div class="monaco-scrollable-element editor-scrollable" role="presentation" style="position:absolute;left:60px;width:440px;height:120px">
<div class="lines-content"><div class="view-lines" role="presentation" aria-hidden="true" style="position:absolute;width:440px;height:120px">
${line(19, '<span><span>&nbsp;&nbsp;FROM&nbsp;orders</span></span>')}${line(0, '<span><span>SELECT</span><span>&nbsp;total</span></span>')}${line(38, '<span><span>WHERE&nbsp;paid;</span></span>')}
</div></div></div></div></div>`;

describe('a code editor whose lines are drawn apart from its focus target', { timeout: 60_000 }, () => {
  it('reads as its textbox holding its lines in order, in read_page, get_page_text and find, and takes typed text in one piece', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>${MONACO}</body></html>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    expect(text).toMatch(/textbox "Editor content" \[ref=e\d+\]: SELECT total\\n {2}FROM orders\\nWHERE paid;$/m);
    expect(text).not.toContain('ELECT\n');

    const { markdown } = await run<{ markdown: string }>(page, { type: 'page_text', mainContent: false });
    expect(markdown).toContain('textbox "Editor content" holds:\n\n```text\nSELECT total\n  FROM orders\nWHERE paid;\n```');

    const found = await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query: 'orders', limit: 5, refPrefix: '' });
    expect(found.matches[0]?.line).toMatch(/^- textbox "Editor content" \[ref=e\d+\].*\(text: "SELECT total FROM orders WHERE paid;"\)/);

    // The 1px textarea is no place to press: the pointer goes to the editor's text area, uncovered by its own lines.
    const ref = refIn(text, 'textbox "Editor content"');
    const located = await run<{ x: number; y: number; editable: string }>(page, { type: 'locate', ref, purpose: 'type' });
    const area = await page.locator('.editor-scrollable').boundingBox();
    expect(located.editable).toBe('editable');
    expect(located.x).toBeCloseTo(area!.x + area!.width / 2, 0);
    expect(located.y).toBeCloseTo(area!.y + area!.height / 2, 0);
    // Its selection lives in the editor: the caret is placed by keys, and the value is the editor's text.
    expect(await run(page, { type: 'caret', ref, mode: 'all' })).toMatchObject({ placed: false, value: 'SELECT total\n  FROM orders\nWHERE paid;' });
    // A press there is a press on the editor: no "the click landed on div, not on the target".
    const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref, refPrefix: '' });
    await page.mouse.click(located.x, located.y);
    expect(await run(page, { type: 'observe_end', token, quietMs: 50, maxMs: 1_000 })).not.toHaveProperty('landedElsewhere');
  });

  it('a textbox outside any editor keeps its own value and box', async () => {
    await page.setContent(
      `<!doctype html><html lang="en"><body><textarea class="inputarea" aria-label="Notes" style="width:1px;height:1px">kept</textarea></body></html>`,
    );
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    expect(text).toMatch(/textbox "Notes" \[ref=e\d+\]: kept$/m);
    expect((await send(page, { type: 'locate', ref: refIn(text, 'textbox "Notes"'), purpose: 'click' })).ok).toBe(true);
  });

  it('finds words to select in its drawn lines and says where a person presses (it selects them itself), and a press on a line it redraws is on it', async () => {
    // The editor redraws the line a press lands on (Monaco's cursor and bracket decorations), detaching the span pressed.
    await page.setContent(
      `<!doctype html><html lang="en"><body>${MONACO}<script>document.querySelector('.view-lines').addEventListener('pointerdown', (event) => {
        const line = event.target.closest('.view-line'); if (line) line.innerHTML = line.innerHTML; });</script></body></html>`,
    );
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    const ref = refIn(text, 'textbox "Editor content"');
    const found = await run<{ pointer: { from: { x: number; y: number }; to: { x: number; y: number } } }>(page, {
      type: 'select_text',
      ref,
      text: 'FROM orders',
    });
    // The left edge of "F" and the right edge of the last "s", in the middle of their line.
    const edges = await page.evaluate(() => {
      const node = [...document.querySelectorAll('.view-line')].find((line) => line.textContent?.includes('FROM'))!.querySelector('span span')!
        .firstChild as Text;
      const range = document.createRange();
      range.setStart(node, 2);
      range.setEnd(node, 3);
      const first = range.getBoundingClientRect();
      range.setStart(node, node.data.length - 1);
      range.setEnd(node, node.data.length);
      return { left: first.left, right: range.getBoundingClientRect().right, middle: first.top + first.height / 2 };
    });
    expect(found.pointer.from).toEqual({ x: edges.left, y: edges.middle });
    expect(found.pointer.to).toEqual({ x: edges.right, y: edges.middle });
    // Across lines too; words not drawn, or drawn twice, are refused with the way forward.
    expect(await run(page, { type: 'select_text', ref, text: 'total\n  FROM' })).toHaveProperty('pointer');
    const missing = await send(page, { type: 'select_text', ref, text: 'GROUP BY' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'TEXT_NOT_FOUND' } });
    if (!missing.ok) expect(missing.error.suggestion).toMatch(/Scroll the editor/);
    expect(await send(page, { type: 'select_text', ref, text: 'E' })).toMatchObject({ ok: false, error: { code: 'TEXT_AMBIGUOUS' } });
    // Its textarea says what it holds selected (here: nothing, "ELECT" with the caret at its start).
    expect(await run(page, { type: 'editor_selection', ref })).toEqual({ selected: '' });

    const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref, refPrefix: '' });
    await page.mouse.click(found.pointer.from.x + 2, found.pointer.from.y);
    expect(await run(page, { type: 'observe_end', token, quietMs: 50, maxMs: 1_000 })).not.toHaveProperty('landedElsewhere');
  });
});
