/**
 * select_option on a custom combobox, on a fake page (the synthetic path: no debugger here): the steps a
 * person takes in order — open, filter by typing only when the option is not shown, click the option of
 * that name — each sent as the click and type commands `click` and `type` send; a link option is never
 * clicked; a name that never shows is OPTION_NOT_FOUND naming what did show.
 */
import { describe, expect, it } from 'vitest';
import type { SentCommand } from '../../../tests/support/fake-browser.js';
import { call, fakeBrowser, ok } from '../../../tests/support/page-tool-fakes.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { selectOption } from './select-option.js';

const PARTS = { kind: 'combobox', widget: 'e2', opener: 'e3', multiple: false, values: ['Choose'], mirrored: false };
const none = { seen: [], count: 0 };

/** A page whose widget shows `opened` after the click and `filtered` after typing. */
function page(
  opened: Record<string, unknown>,
  filtered: Record<string, unknown>,
  parts: Record<string, unknown> = PARTS,
  now: Record<string, unknown> = { values: ['Kenya'], open: false },
) {
  let typed = false;
  const browser = fakeBrowser((sent: SentCommand) => {
    const { type } = sent.command;
    if (type === 'combobox_parts') return ok(parts);
    if (type === 'combobox_option') return ok(typed ? filtered : opened);
    if (type === 'type') typed = true;
    if (type === 'click' || type === 'type') return ok({ documentId: 'doc', url: 'https://shop.test/account', summary: `${type} done` });
    if (type === 'combobox_value') return ok(now);
    return ok({});
  });
  const context = createTestContext([], { browser });
  context.snapshots.update(1, 'https://shop.test/account', { e1: { role: 'combobox', name: 'Country' } });
  const steps = () =>
    browser.sent.map(({ command }) => [command.type, command['ref'], command['text'] ?? command['name']].filter((part) => part !== undefined).join(' '));
  return { context, steps };
}

describe('select_option on a custom combobox', () => {
  it('opens it, clicks the option shown by that name, and says what the widget shows now', async () => {
    const { context, steps } = page({ option: 'e9', textBox: 'e4', seen: ['Germany', 'Kenya'], count: 2 }, none);
    const result = await call(selectOption, { ref: 'e1', values: ['Kenya'] }, context);
    expect(steps()).toEqual(['combobox_parts e1', 'click e3', 'combobox_option e2 Kenya', 'click e9', 'combobox_value e2']);
    expect(result.data).toContain('Chose "Kenya" in combobox "Country": it now shows "Kenya" (it showed "Choose")');
    expect(result.data).not.toContain('stayed open');
  });

  it('says so when the list stays open after the pick, and names in a multi-select only what was added', async () => {
    const multiple = { ...PARTS, multiple: true, values: ['Priya Raman'] };
    const { context } = page({ option: 'e9', seen: ['Jonas Berg'], count: 1 }, none, multiple, { values: ['Priya Raman', 'Jonas Berg'], open: true });
    const result = await call(selectOption, { ref: 'e1', values: ['Jonas Berg'] }, context);
    expect(result.data).toContain('Chose "Jonas Berg" in combobox "Country": added "Jonas Berg"; it now shows "Priya Raman", "Jonas Berg"');
    expect(result.data).toContain('its list stayed open after the pick: press Escape or click outside it to close it');
  });

  it('types the name into its text box when the option is not shown yet, then clicks it', async () => {
    const { context, steps } = page({ textBox: 'e4', seen: ['Germany'], count: 40 }, { option: 'e9', textBox: 'e4', seen: ['Kenya'], count: 1 });
    await call(selectOption, { ref: 'e1', values: ['Kenya'] }, context);
    expect(steps()).toEqual([
      'combobox_parts e1',
      'click e3',
      'combobox_option e2 Kenya',
      'type e4 Kenya',
      'combobox_option e2 Kenya',
      'click e9',
      'combobox_value e2',
    ]);
  });

  it('says which options showed when none has the name, and clicks nothing more', async () => {
    const { context, steps } = page({ textBox: 'e4', seen: ['Germany', 'Japan'], count: 2 }, none);
    await expect(call(selectOption, { ref: 'e1', values: ['Atlantis'] }, context)).rejects.toMatchObject({
      code: 'OPTION_NOT_FOUND',
      message:
        'No option named "Atlantis" appeared in the combobox: after typing "Atlantis" into it, it showed no options; opened, before typing, it showed 2 options ("Germany", "Japan").',
      details: { options: ['Germany', 'Japan'], optionCount: 2 },
    });
    expect(steps().filter((step) => step.startsWith('click'))).toEqual(['click e3']);
  });

  it('is WIDGET_DID_NOT_OPEN when the click showed no options and there is no text box', async () => {
    const { context } = page(none, none);
    await expect(call(selectOption, { ref: 'e1', values: ['Kenya'] }, context)).rejects.toMatchObject({ code: 'WIDGET_DID_NOT_OPEN' });
  });

  it('never clicks an option that is a link or submits a form (click judges where they go)', async () => {
    for (const [leaves, code] of [
      ['link', 'OPTION_IS_A_LINK'],
      ['submit', 'OPTION_SUBMITS'],
    ]) {
      const { context, steps } = page({ option: 'e9', leaves, seen: ['Kenya'], count: 1 }, none);
      await expect(call(selectOption, { ref: 'e1', values: ['Kenya'] }, context)).rejects.toMatchObject({
        code,
        suggestion: expect.stringContaining('ref=e9'),
      });
      expect(steps()).not.toContain('click e9');
    }
  });

  it('refuses several values for a single combobox before it opens anything', async () => {
    const { context, steps } = page(none, none);
    await expect(call(selectOption, { ref: 'e1', values: ['Kenya', 'Japan'] }, context)).rejects.toMatchObject({ code: 'TOO_MANY_VALUES' });
    expect(steps()).toEqual(['combobox_parts e1']);
  });
});
