/**
 * The content script's actions in a real Chromium, without the extension (as content-script.test.ts):
 * each action's events, and the page's real state after it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/content-harness.js';
import { useContentPage, type Snap } from '../support/content-page.js';
import { refIn } from '../support/tree-lines.js';

const content = useContentPage();
const { open, snapshot, errorOf } = content;
let page: Page;
beforeAll(() => {
  page = content.page;
});

describe('actions', () => {
  it('click fires the full event sequence and changes the page', async () => {
    await open('danger');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      for (const type of ['pointerdown', 'mousedown', 'focus', 'pointerup', 'mouseup', 'click'])
        document.querySelector('#save')?.addEventListener(type, () => seen.push(type));
    });
    const { text } = await snapshot();
    const result = await run<{ summary: string }>(page, { type: 'click', ref: refIn(text, 'Save preferences'), button: 'left', clickCount: 1, modifiers: [] });
    expect(result.summary).toBe('Clicked button "Save preferences".');
    expect(await page.textContent('#status')).toBe('saved');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'pointerdown',
      'mousedown',
      'focus',
      'pointerup',
      'mouseup',
      'click',
    ]);
  });

  it('a covered button gives ELEMENT_COVERED naming the cover; after dismissing it the click lands', async () => {
    await open('overlay');
    const { text } = await snapshot();
    const buy = refIn(text, 'Add to basket');
    const covered = await errorOf({ type: 'click', ref: buy, button: 'left', clickCount: 1, modifiers: [] });
    expect(covered.code).toBe('ELEMENT_COVERED');
    expect(covered.message).toContain('Cookie consent');
    expect(await page.textContent('#basket')).toBe('0');
    await run(page, { type: 'click', ref: refIn(text, 'Accept all'), button: 'left', clickCount: 1, modifiers: [] });
    await run(page, { type: 'click', ref: buy, button: 'left', clickCount: 1, modifiers: [] });
    expect(await page.textContent('#basket')).toBe('1');
  });

  it('disabled and hidden targets are refused with their codes', async () => {
    await open('form');
    const { text } = await snapshot();
    const disabled = await errorOf({ type: 'click', ref: refIn(text, 'Verify email'), button: 'left', clickCount: 1, modifiers: [] });
    expect(disabled.code).toBe('ELEMENT_DISABLED');
    const name = refIn(text, 'Full name');
    await page.evaluate(() => ((document.querySelector('#full-name') as HTMLElement).style.display = 'none'));
    const hidden = await errorOf({ type: 'type', ref: name, text: 'x', clear: true, submit: false });
    expect(hidden.code).toBe('ELEMENT_NOT_VISIBLE');
  });

  it('type sets the value keystroke by keystroke and fires change', async () => {
    await open('form');
    const { text } = await snapshot();
    const result = await run<{ summary: string }>(page, { type: 'type', ref: refIn(text, 'Full name'), text: 'Ada Lovelace', clear: true, submit: false });
    // The value is the effect observer's to report (the tools add it); the act says what it did.
    expect(result.summary).toBe('Typed 12 characters into textbox "Full name".');
    expect(await page.inputValue('#full-name')).toBe('Ada Lovelace');
    expect(await page.textContent('#log')).toBe('name changed to Ada Lovelace');
    const checkbox = await errorOf({ type: 'type', ref: refIn(text, 'Send me the newsletter'), text: 'x', clear: true, submit: false });
    expect(checkbox.code).toBe('NOT_EDITABLE');
  });

  it('a React-style controlled input sees typed values (native setter), which plain assignment would not', async () => {
    await open('react');
    // The fixture really ignores plain assignment: prove it first.
    await page.evaluate(() => {
      const input = document.querySelector('#name') as HTMLInputElement;
      input.value = 'plain';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.textContent('#state')).toBe('');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refIn(text, 'textbox "Name"'), text: 'Grace', clear: true, submit: false });
    expect(await page.textContent('#state')).toBe('Grace');
    expect(await page.inputValue('#name')).toBe('Grace');
    await run(page, { type: 'fill', fields: [{ ref: refIn(text, 'textbox "Name"'), value: 'Hopper' }] });
    expect(await page.textContent('#state')).toBe('Hopper');
  });

  it('types into contenteditable through editing commands', async () => {
    await open('editable');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refIn(text, 'Post body'), text: 'Hello world', clear: true, submit: false });
    expect((await page.textContent('#editor'))?.trim()).toBe('Hello world');
    expect(Number(await page.textContent('#inputs'))).toBeGreaterThan(0);
  });

  it('fill_form fills every kind of field, and the form posts what a person would have sent', async () => {
    await open('form');
    const { text } = await snapshot();
    const result = await run<{ results: Array<{ ok: boolean; message: string }> }>(page, {
      type: 'fill',
      fields: [
        { ref: refIn(text, 'Full name'), value: 'Ada' },
        { ref: refIn(text, 'textbox "Email"'), value: 'ada@example.com' },
        { ref: refIn(text, 'About you'), value: 'Mathematician' },
        { ref: refIn(text, 'combobox "Country"'), value: 'France' },
        { ref: refIn(text, 'Send me the newsletter'), value: 'true' },
        { ref: refIn(text, 'radio "Pro"'), value: 'true' },
        { ref: refIn(text, 'slider "Volume"'), value: '8' },
        { ref: refIn(text, 'Start date'), value: '2026-01-02' },
      ],
    });
    expect(result.results.every((r) => r.ok)).toBe(true);
    expect(await page.inputValue('#country')).toBe('fr');
    expect(await page.isChecked('input[name=newsletter]')).toBe(true);
    expect(await page.isChecked('input[value=pro]')).toBe(true);
    expect(await page.inputValue('#volume')).toBe('8');
    expect(await page.inputValue('#start')).toBe('2026-01-02');
    const bad = await run<{ results: Array<{ ok: boolean; code?: string; message: string }> }>(page, {
      type: 'fill',
      fields: [
        { ref: refIn(text, 'Start date'), value: 'next tuesday' },
        { ref: refIn(text, 'radio "Pro"'), value: 'maybe' },
        { ref: refIn(text, 'combobox "Country"'), value: 'Narnia' },
      ],
    });
    expect(bad.results.map((r) => r.code)).toEqual(['INVALID_VALUE', 'INVALID_VALUE', 'OPTION_NOT_FOUND']);
    // The field's line is all fill_form shows of the error, so it names the options (select_option has them in details).
    expect(bad.results[2]?.message).toContain('Options: Choose…; Germany (value de); France (value fr); Japan (value jp).');
    await Promise.all([
      page.waitForURL(/\/echo$/),
      run(page, { type: 'click', ref: refIn(text, 'Create account'), button: 'left', clickCount: 1, modifiers: [] }),
    ]);
    const received = await page.textContent('#received');
    expect(received).toContain('full_name=Ada');
    expect(received).toContain('country=fr');
    expect(received).toContain('plan=pro');
    expect(received).toContain('newsletter=yes');
    expect(received).toContain('start=2026-01-02');
  });

  it('select_option picks by label or value, handles multi-selects, and lists options when not found', async () => {
    await open('form');
    const { text } = await snapshot();
    const country = refIn(text, 'combobox "Country"');
    await run(page, { type: 'select', ref: country, values: ['jp'] });
    expect(await page.inputValue('#country')).toBe('jp');
    await run(page, { type: 'select', ref: country, values: ['germany'] });
    expect(await page.inputValue('#country')).toBe('de');
    const toppings = refIn(text, 'listbox "Toppings"');
    const multi = await run<{ selected: string[] }>(page, { type: 'select', ref: toppings, values: ['Cheese', 'basil'] });
    expect(multi.selected).toEqual(['Cheese', 'Basil']);
    expect(await page.evaluate(() => [...(document.querySelector('#toppings') as HTMLSelectElement).selectedOptions].map((o) => o.value))).toEqual([
      'cheese',
      'basil',
    ]);
    const missing = await errorOf({ type: 'select', ref: country, values: ['Narnia'] });
    expect(missing.code).toBe('OPTION_NOT_FOUND');
    expect(missing['options']).toEqual(['Choose…', 'Germany (value de)', 'France (value fr)', 'Japan (value jp)']);
    const disabledOption = await errorOf({ type: 'select', ref: toppings, values: ['Ham'] });
    expect(disabledOption.code).toBe('ELEMENT_DISABLED');
  });

  it('press_key dispatches keys with modifiers and does what they do', async () => {
    await open('interactions');
    const { text } = await snapshot();
    const field = refIn(text, 'Shortcut field');
    await run(page, { type: 'press_key', key: 'Control+A', ref: field });
    expect(await page.textContent('#lastkey')).toBe('Control+a'); // a keyboard reports Control+A as the key "a"
    expect(
      await page.evaluate(() => {
        const i = document.querySelector('#keys') as HTMLInputElement;
        return [i.selectionStart, i.selectionEnd];
      }),
    ).toEqual([0, 9]);
    await run(page, { type: 'press_key', key: 'Backspace' });
    expect(await page.inputValue('#keys')).toBe('');
    await run(page, { type: 'press_key', key: 'Tab' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('later');
    await page.click('#open-dialog');
    await run(page, { type: 'press_key', key: 'Escape' });
    expect(await page.textContent('#dialog-state')).toBe('closed by escape');
    const bad = await errorOf({ type: 'press_key', key: 'Hyper+Q' });
    expect(bad.code).toBe('INVALID_INPUT');
  });

  it('Enter in a search field submits its form (navigates)', async () => {
    await open('form');
    const { text } = await snapshot();
    await run(page, { type: 'type', ref: refIn(text, 'searchbox'), text: 'tides', clear: true, submit: false });
    await Promise.all([page.waitForURL(/q=tides/), run(page, { type: 'press_key', key: 'Enter' })]);
    expect(page.url()).toContain('q=tides');
  });

  it('scroll moves the page by screens or to a ref, and hover opens a hover menu', async () => {
    await open('long-list');
    const down = await run<{ scrollY: number; atBottom: boolean }>(page, { type: 'scroll', direction: 'down', amount: 2 });
    expect(down.scrollY).toBe(await page.evaluate(() => Math.round(scrollY)));
    expect(down.scrollY).toBeGreaterThanOrEqual(2 * (await page.evaluate(() => innerHeight)) - 1);
    const { text } = await run<Snap>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    await run(page, { type: 'scroll', ref: refIn(text, 'Load more') });
    expect(
      await page.evaluate(() => {
        const r = document.querySelector('#more')!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }),
    ).toBe(true);

    await open('interactions');
    const snap = await snapshot();
    await run(page, { type: 'hover', ref: refIn(snap.text, 'Products') });
    expect(await page.isVisible('#menu')).toBe(true);
  });

  it('text_present sees text appear and go away', async () => {
    await open('interactions');
    expect(await run(page, { type: 'text_present', text: 'Details loaded' })).toMatchObject({ textFound: false });
    await page.click('#later');
    await page.waitForSelector('#details:has-text("Details loaded")');
    expect(await run(page, { type: 'text_present', text: 'details LOADED', textGone: 'Loading…' })).toMatchObject({ textFound: true, textGone: true });
  });
});
