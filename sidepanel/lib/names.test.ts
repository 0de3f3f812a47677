import { describe, expect, it } from 'vitest';
import { describedElement, elementPhrase, quote, REF_PATTERN, toolLabel, withoutRoles } from './names.js';

describe('names for a person', () => {
  it('gives every tool one naming style', () => {
    expect(toolLabel('read_page')).toBe('Read page');
    expect(toolLabel('get_page_text')).toBe('Page text');
    expect(toolLabel('open_tab')).toBe('Open tab');
    expect(toolLabel('mcp__notes__delete_notes')).toBe('delete notes (notes)');
    expect(toolLabel('brand_new_tool')).toBe('Brand new tool');
  });

  it('quotes without nesting quotes', () => {
    expect(quote('Delete account')).toBe('“Delete account”');
    expect(quote('Say "hi" and “bye”')).toBe('“Say ‘hi’ and ‘bye’”');
  });

  it('reads the element out of tool output, escapes undone, and says it by name', () => {
    expect(describedElement('Click button "Delete \\"old\\" account"')).toEqual({ role: 'button', name: 'Delete "old" account' });
    expect(elementPhrase(describedElement('Click button "Delete \\"old\\" account"'))).toBe('“Delete ‘old’ account”');
    expect(elementPhrase(describedElement('Click checkbox in "water plants"'))).toBe('the checkbox in “water plants”');
    expect(elementPhrase(describedElement(' textbox “Search”'))).toBe('“Search”');
    // Never the ref: an element the run had not read is "an element".
    expect(elementPhrase(describedElement('Click e12'))).toBe('an element');
    // Invisible characters a page hid stay visible as escapes.
    expect(elementPhrase(describedElement('Click button "Pay\\u202e"'))).toBe('“Pay\\u202e”');
  });

  it('knows a ref when it sees one, and leaves role words out of judged effects', () => {
    expect(REF_PATTERN.test('list [ref=e4]')).toBe(true);
    expect(REF_PATTERN.test('f1e3')).toBe(true);
    expect(REF_PATTERN.test('the 3 items')).toBe(false);
    expect(withoutRoles('presses Enter in textbox “Name”')).toBe('presses Enter in “Name”');
  });
});
