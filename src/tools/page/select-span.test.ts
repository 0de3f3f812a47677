/** Selecting a span: a code editor's words (the page answers with where to press) need the browser's own pointer. */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { call, fakeBrowser, ok } from '../../../tests/support/page-tool-fakes.js';
import { selectText } from './select-text.js';
import { typeText } from './type.js';

const EDITOR = 'textbox "Editor content"';
const pointer = { from: { x: 120, y: 40 }, to: { x: 180, y: 40 } };

describe('selecting words in a code editor without the browser’s own pointer', () => {
  it('select_text and type with replace answer EDITOR_NEEDS_POINTER with the way that works, and nothing is typed', async () => {
    const browser = fakeBrowser(({ command }) => {
      if (command.type === 'select_text') return ok({ selected: command['text'], label: EDITOR, pointer });
      if (command.type === 'precheck') return ok({ ok: true });
      throw new Error(`unexpected ${command.type}`);
    });
    const context = createTestContext([], { browser });
    const selected = await call(selectText, { ref: 'e2', text: 'n % 2' }, context).catch((error: unknown) => error);
    expect(selected).toMatchObject({ code: 'EDITOR_NEEDS_POINTER' });
    expect((selected as { suggestion: string }).suggestion).toMatch(/type with clear true and the complete text/);
    const replaced = await call(typeText, { ref: 'e2', replace: 'n % 2', text: 'n & 1' }, context).catch((error: unknown) => error);
    expect(replaced).toMatchObject({ code: 'EDITOR_NEEDS_POINTER' });
    // The words were only looked for: no key, no text, no click reached the page.
    expect(browser.sent.map((sent) => sent.command.type).filter((type) => type !== 'precheck')).toEqual(['select_text', 'select_text']);
  });

  it('a field or rich editor is selected by its page, as before', async () => {
    const browser = fakeBrowser(({ command }) => (command.type === 'select_text' ? ok({ selected: 'brown', label: 'textbox "Post"' }) : ok({})));
    const result = await call(selectText, { ref: 'e3', text: 'brown' }, createTestContext([], { browser }));
    expect(result.data).toMatch(/^Selected "brown" in textbox "Post"/);
  });
});
