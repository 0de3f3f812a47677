/**
 * Date pickers in read_page and type, on the DOM shapes calendar libraries render (no aria-labels on the
 * days, a select and a number field for the month and year, two months side by side), in headless
 * Chromium through the content script's own command handler. flatpickr itself is in the e2e
 * (tests/e2e/date-pickers.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run, send } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

/** read_page's text of a page made of `html`, in the page's language `lang`. */
async function read(html: string, filter: 'all' | 'interactive' = 'all', lang = 'en'): Promise<string> {
  await page.setContent(`<!doctype html><html lang="${lang}"><body>${html}</body></html>`);
  return (await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter })).text;
}

/** A month of days without labels, the way jQuery UI and many hand-made calendars draw one. */
const month = (title: string, days: number, cls = 'ui-datepicker') =>
  `<div class="${cls}"><div class="${cls}-header"><a class="${cls}-prev"><span>‹</span></a><div class="${cls}-title">${title}</div>` +
  `<a class="${cls}-next"><span>›</span></a></div><table><tr>${Array.from({ length: days }, (_, i) => `<td><a href="#">${i + 1}</a></td>`).join('')}</tr></table></div>`;

describe('date pickers', { timeout: 60_000 }, () => {
  it('names a day shown only by its number with its calendar month and year, and gives the arrows refs', async () => {
    const text = await read(month('January 2027', 12));
    expect(text).toMatch(/link "10 January 2027" \[ref=e\d+\]/);
    expect(text).toMatch(/button "previous month" \[ref=e\d+\]/);
    expect(text).toMatch(/button "next month" \[ref=e\d+\]/);
  });

  it('names each month of a two-month range picker by its own heading', async () => {
    const text = await read(`<div class="litepicker">${month('January 2027', 3, 'month-item')}${month('February 2027', 3, 'month-item')}</div>`);
    expect(text).toContain('link "2 January 2027"');
    expect(text).toContain('link "2 February 2027"');
  });

  it('reads a month from a select and a year from a number field, days classed as days, weekdays as words', async () => {
    const days = Array.from({ length: 5 }, (_, i) => `<span class="cal-day${i === 2 ? ' selected' : ''}" tabindex="-1">${i + 1}</span>`).join('');
    const text = await read(
      `<div class="my-calendar"><select aria-label="Month"><option>February</option><option selected>March</option></select>` +
        `<input type="number" aria-label="Year" value="2027"><div><span class="weekday">Mo</span><span class="weekday">Tu</span></div><div>${days}</div></div>`,
    );
    expect(text).toContain('text: Mo Tu');
    expect(text).toMatch(/gridcell "3 March 2027" \[selected\] \[ref=e\d+\]/);
    // The interactive list has the days too: they are what a person clicks.
    expect(await read(`<div class="my-calendar"><div class="month">June 2027</div><span class="day">4</span></div>`, 'interactive')).toMatch(
      /gridcell "4 June 2027" \[ref=e\d+\]/,
    );
  });

  it('find finds a day and a month arrow by the role and name read_page gives them', async () => {
    await read(`<div class="flatpickr-calendar"><span class="flatpickr-prev-month">‹</span><span class="flatpickr-next-month">›</span>
      <span class="flatpickr-day" aria-label="March 14, 2027" tabindex="-1">14</span><span class="flatpickr-day" aria-label="March 15, 2027">15</span></div>`);
    const find = async (query: string) => (await run<{ matches: Array<{ line: string }> }>(page, { type: 'find', query, limit: 3, refPrefix: '' })).matches;
    // A model that asked for "March 14, 2027 gridcell" after read_page had shown `gridcell "March 14, 2027"` was told there was none.
    expect((await find('March 14, 2027 gridcell'))[0]?.line).toMatch(/^- gridcell "March 14, 2027" \[ref=e\d+\]$/);
    expect((await find('next month button'))[0]?.line).toMatch(/^- button "next month" \[ref=e\d+\]$/);
  });

  it('names the days of a calendar in a shadow root although the document around it holds none', async () => {
    // A read asks each tree scope once whether it holds a calendar: the shadow root is a scope of its own.
    await page.setContent('<!doctype html><html lang="en"><body><nav><a href="?p=1">1</a></nav><div id="host"></div></body></html>');
    await page.evaluate(
      (html) => {
        const host = document.getElementById('host');
        if (host) host.attachShadow({ mode: 'open' }).innerHTML = html;
      },
      month('March 2027', 6),
    );
    const text = (await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' })).text;
    expect(text).toContain('link "5 March 2027"');
    expect(text).toContain('link "1"');
    expect(text).toMatch(/button "next month" \[ref=e\d+\]/);
  });

  it("reads a calendar in the page's language", async () => {
    expect(await read(month('Januar 2027', 10), 'all', 'de')).toContain('link "10 Januar 2027"');
  });

  it('leaves numbers outside calendars alone, and a "next" wrapper with content stays what it holds', async () => {
    const text = await read(
      '<nav class="pagination"><a href="?p=1">1</a><a href="?p=2">2</a><span class="next-day">3</span></nav>' +
        '<div role="dialog"><div class="next-steps"><button>Continue</button></div></div>',
    );
    expect(text).toContain('link "1"');
    expect(text).not.toContain('gridcell');
    expect(text).not.toContain('next month');
    expect(text).toMatch(/button "Continue" \[ref=e\d+\]/);
  });

  it('says a read-only field is read-only, and one that takes a date from a picker says that too', async () => {
    const text = await read(
      '<label>Notes <input readonly value="fixed"></label><label>From <input readonly class="flatpickr-input"></label>' +
        '<label>To <input readonly value="2027-01-10"></label><label>Free <input></label>',
    );
    expect(text).toMatch(/textbox "Notes" \[readonly\] \[ref=e\d+\]: fixed/);
    expect(text).toMatch(/textbox "From" \[readonly\] \[picker=date\] \[ref=e\d+\]/);
    expect(text).toMatch(/textbox "To" \[readonly\] \[picker=date\] \[ref=e\d+\]/);
    expect(text).toMatch(/textbox "Free" \[ref=e\d+\]/);
  });

  it('refuses typing into a read-only date field with the way a person sets it, and a plain read-only field as before', async () => {
    const text = await read('<label>From <input readonly class="datepicker"></label><label>Code <input readonly value="X1"></label>');
    const ref = (name: string) => /\[ref=(e\d+)\]/.exec(text.split('\n').find((line) => line.includes(name)) ?? '')?.[1] ?? '';
    const date = await send(page, { type: 'type', ref: ref('"From"'), text: '2027-01-10', clear: false, submit: false });
    expect(date).toMatchObject({ ok: false, error: { code: 'NOT_EDITABLE', picker: 'date' } });
    if (date.ok) return;
    expect(date.error.message).toContain('chosen in a date picker');
    expect(date.error.suggestion).toMatch(/Click the field to open its calendar.*click the day/);
    const check = await send(page, { type: 'precheck', ref: ref('"From"'), purpose: 'type' });
    expect(check).toMatchObject({ ok: false, error: { code: 'NOT_EDITABLE', picker: 'date' } });
    const fill = await run<{ results: Array<{ ok: boolean; message: string }> }>(page, { type: 'fill', fields: [{ ref: ref('"From"'), value: '2027-01-10' }] });
    expect(fill.results[0]).toMatchObject({ ok: false });
    expect(fill.results[0]?.message).toContain('open its calendar');
    const plain = await send(page, { type: 'type', ref: ref('"Code"'), text: 'Y', clear: false, submit: false });
    expect(plain).toMatchObject({ ok: false, error: { code: 'NOT_EDITABLE' } });
    if (!plain.ok) expect(plain.error.message).not.toContain('picker');
    expect(await page.inputValue('input.datepicker')).toBe('');
  });

  it('a press that opens a calendar over its field landed on the field; a press on a cover did not', async () => {
    // The calendar slides in over the field as it is pressed (flatpickr's opening animation): the release
    // is on the calendar, so the browser fires the click on their common ancestor, the body.
    const field = async (cover: 'on press' | 'before') => {
      const text = await read(
        '<label>Date <input readonly class="datepicker" style="position:absolute;top:40px;left:10px;width:200px"></label>' +
          `<div id="calendar" class="calendar" style="position:absolute;top:30px;left:0;width:300px;height:100px;background:#fff;display:${cover === 'before' ? 'block' : 'none'}">Calendar</div>` +
          `<script>document.querySelector('input').addEventListener('pointerdown', () => { document.getElementById('calendar').style.display = 'block'; });</script>`,
      );
      const ref = /textbox "Date".*\[ref=(e\d+)\]/.exec(text)?.[1] ?? '';
      const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref, refPrefix: '' });
      await page.mouse.click(100, 50);
      return run<{ landedElsewhere?: string }>(page, { type: 'observe_end', token, quietMs: 50, maxMs: 1_000 });
    };
    expect((await field('on press')).landedElsewhere).toBeUndefined();
    expect((await field('before')).landedElsewhere).toMatch(/^div/);
  });

  it('a click on a month arrow says the month the calendar shows now, not its days renumbered', async () => {
    // The arrow redraws the month's days and its heading (a month select and a year field, as flatpickr's).
    const days = (count: number) => Array.from({ length: count }, (_, i) => `<span class="cal-day">${i + 1}</span>`).join('');
    const text = await read(
      '<div class="calendar"><div class="cal-months"><span class="cal-prev">‹</span><div class="cal-month">' +
        '<select><option>December</option><option>January</option></select> <input type="number" value="2026"></div>' +
        `<span class="cal-next">›</span></div><div class="cal-days">${days(31)}</div></div>` +
        `<script>let shown = 0; document.querySelector('.cal-next').addEventListener('click', () => { if (shown === 1) return; shown = 1;
          document.querySelector('select').selectedIndex = 1; document.querySelector('input').value = '2027';
          document.querySelector('.cal-days').innerHTML = ${JSON.stringify(days(28))}; });</script>`,
    );
    const arrow = /button "next month" \[ref=(e\d+)\]/.exec(text)?.[1] ?? '';
    const click = async () => {
      const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref: arrow, refPrefix: '' });
      await page.locator('.cal-next').click();
      return run<{ changes: string[] }>(page, { type: 'observe_end', token, quietMs: 50, maxMs: 1_000 });
    };
    const moved = await click();
    expect(moved.changes[0]).toBe('the calendar now shows "January 2027"');
    expect(moved.changes.join('\n')).not.toMatch(/text "\d+"/);
    // At the last month the arrow does nothing: said as such.
    expect((await click()).changes[0]).toBe('the calendar still shows "January 2027"');
  });

  it('a field drawn in place of a hidden picker input takes its label; a label right before a field names it', async () => {
    // flatpickr's altInput: the original input is hidden and the field a person uses is inserted after it.
    const text = await read(
      '<label for="departure">Departure</label> <input id="departure" type="hidden" class="flatpickr-input">' +
        '<input class="form-control input" placeholder="Choose a day" readonly>' +
        '<label>Return</label> <input placeholder="Pick a date">' +
        '<label>Notes <input id="n" placeholder="Anything"></label><label for="x">Other</label><input placeholder="Unlabelled">',
    );
    expect(text).toMatch(/textbox "Departure" \[readonly\] \[picker=date\] \[ref=e\d+\]/);
    expect(text).toMatch(/textbox "Return" \[ref=e\d+\]/);
    expect(text).toMatch(/textbox "Notes" \[ref=e\d+\]/);
    // A label for another element labels nothing here: the placeholder is the last resort.
    expect(text).toMatch(/textbox "Unlabelled" \[ref=e\d+\]/);
  });
});
