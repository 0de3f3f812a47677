/**
 * A date picker nobody here wrote (flatpickr, from npm, served offline), whose input is read-only: the
 * scripted model reads the form, tries to type a date and is told to use the calendar, opens it, moves to
 * the next month by its arrow and clicks a day by its name, every ref read from what the extension
 * returned. The test checks flatpickr's own state (its selected date and the input's value).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

/** A booking form whose departure date is a flatpickr field; "today" is fixed so the calendar opens on December 2026. */
const BOOKING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book a trip</title>
<link rel="stylesheet" href="./flatpickr.min.css"></head><body><h1>Book a trip</h1>
<form><label for="departure">Departure</label> <input id="departure" name="departure" placeholder="Choose a day"></form>
<script src="./flatpickr.min.js"></script>
<script>window.picker = flatpickr('#departure', { now: new Date(2026, 11, 1), dateFormat: 'Y-m-d' });
document.body.dataset.ready = 'yes';</script></body></html>`;

/** flatpickr's altInput: the labelled input is hidden and the field a person uses is a copy flatpickr inserts after it. */
const ALT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book a return</title>
<link rel="stylesheet" href="./flatpickr.min.css"></head><body><h1>Book a return</h1>
<form><label for="return">Return</label> <input id="return" name="return" placeholder="Choose a day"></form>
<script src="./flatpickr.min.js"></script>
<script>window.picker = flatpickr('#return', { now: new Date(2026, 11, 1), altInput: true, altFormat: 'F j, Y', dateFormat: 'Y-m-d' });
document.body.dataset.ready = 'yes';</script></body></html>`;

type FlatpickrWindow = Window & { picker: { selectedDates: Date[]; isOpen: boolean } };

describe('a read-only date input with a calendar (flatpickr), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let server: FixtureServer;

  beforeAll(async () => {
    server = await startFixtureServer('node_modules/flatpickr/dist', (_req, res, pathname) => {
      const page = pathname === '/' || pathname === '/index.html' ? BOOKING_PAGE : pathname === '/alt.html' ? ALT_PAGE : undefined;
      if (page === undefined) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return true;
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says the field takes its date from a picker, names the days and the arrows, and sets the date through them', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/`);
    await page.locator('body[data-ready="yes"] input.flatpickr-input[readonly]').waitFor();
    const departure = () => refIn(resultText(e2e.mock, 'tu_read').text, 'textbox "Departure"');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_type', name: 'type', input: () => ({ ref: departure(), text: '2027-01-10' }) }),
      callNext({ id: 'tu_open', name: 'click', input: () => ({ ref: departure() }) }),
      callNext({ id: 'tu_calendar', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_next', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_calendar').text, 'button "next month"') }) }),
      callNext({ id: 'tu_january', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_day', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_january').text, 'gridcell "January 10, 2027"') }) }),
      { text: 'The departure is set to 10 January 2027.' },
    );
    await converse(e2e, tabId, 'Set the departure to 10 January 2027', 'The departure is set to 10 January 2027.');

    // flatpickr's own state: the date chosen, the input's value, the calendar closed.
    const state = await page.evaluate(() => {
      const { picker } = window as unknown as FlatpickrWindow;
      const input = document.querySelector<HTMLInputElement>('#departure');
      return { dates: picker.selectedDates.map((d) => [d.getFullYear(), d.getMonth() + 1, d.getDate()]), value: input?.value, open: picker.isOpen };
    });
    expect(state).toEqual({ dates: [[2027, 1, 10]], value: '2027-01-10', open: false });

    // The first read: the field says it is read-only and takes its date from a picker.
    const read = resultText(e2e.mock, 'tu_read').text;
    expect(read).toMatch(/textbox "Departure" \[readonly\] \[picker=date\] \[ref=e\d+\]/);

    // Typing into it fails with the way forward: open the calendar and click the day.
    const typed = resultText(e2e.mock, 'tu_type');
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain('NOT_EDITABLE');
    expect(typed.text).toMatch(/chosen in a date picker/);
    expect(typed.text).toMatch(/Click the field to open its calendar/);

    // The open calendar: arrows with refs, weekdays as words, each day a cell named by flatpickr's own label.
    const calendar = resultText(e2e.mock, 'tu_calendar').text;
    expect(calendar).toMatch(/button "previous month" \[ref=e\d+\]/);
    expect(calendar).toMatch(/button "next month" \[ref=e\d+\]/);
    expect(calendar).toContain('text: Sun Mon Tue Wed Thu Fri Sat');
    expect(calendar).toMatch(/gridcell "December 24, 2026" \[ref=e\d+\]/);
    expect(calendar).not.toContain('January 10, 2027');
    expect(checkTreeLines(calendar)).toEqual([]);

    // After the arrow, January's days (in the interactive list too), and the click on one chose it.
    const january = resultText(e2e.mock, 'tu_january').text;
    expect(january).toMatch(/gridcell "January 10, 2027" \[ref=e\d+\]/);
    // Opening it: the press landed on the field (the calendar slid in under the release: no false "landed on body").
    expect(resultText(e2e.mock, 'tu_open').text).not.toContain('landed on');
    // The arrow's click says the month the calendar shows now, not its days renumbered.
    const next = resultText(e2e.mock, 'tu_next');
    expect(next.isError).toBe(false);
    expect(next.text).toContain('the calendar now shows "January 2027"');
    expect(next.text).not.toMatch(/text "\d+" became/);
    const day = resultText(e2e.mock, 'tu_day');
    expect(day.isError, day.text).toBe(false);
  });

  it('names the field flatpickr draws in place of a labelled input by that label, and says the month each arrow click shows', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/alt.html`);
    await page.locator('body[data-ready="yes"] input.flatpickr-input[type="hidden"]').waitFor({ state: 'attached' });
    const field = () => refIn(resultText(e2e.mock, 'tu_read').text, 'textbox "Return"');
    const next = () => refIn(resultText(e2e.mock, 'tu_calendar').text, 'button "next month"');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_open', name: 'click', input: () => ({ ref: field() }) }),
      callNext({ id: 'tu_calendar', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_next', name: 'click', input: () => ({ ref: next() }) }),
      callNext({ id: 'tu_next2', name: 'click', input: () => ({ ref: next() }) }),
      callNext({ id: 'tu_february', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_day', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_february').text, 'gridcell "February 14, 2027"') }) }),
      { text: 'The return is set to 14 February 2027.' },
    );
    await converse(e2e, tabId, 'Set the return to 14 February 2027', 'The return is set to 14 February 2027.');

    // flatpickr's own state: the date chosen, the hidden input's value, the field shown with the alt format.
    const state = await page.evaluate(() => {
      const { picker } = window as unknown as FlatpickrWindow;
      const shown = document.querySelector<HTMLInputElement>('#return + input');
      return {
        dates: picker.selectedDates.map((d) => [d.getFullYear(), d.getMonth() + 1, d.getDate()]),
        value: document.querySelector<HTMLInputElement>('#return')?.value,
        shown: shown?.value,
      };
    });
    expect(state).toEqual({ dates: [[2027, 2, 14]], value: '2027-02-14', shown: 'February 14, 2027' });

    // The field a person uses carries the page's label (not its placeholder) and says it takes a picked date.
    const read = resultText(e2e.mock, 'tu_read').text;
    expect(read).toMatch(/textbox "Return" \[readonly\] \[picker=date\] \[ref=e\d+\]/);
    expect(read).not.toContain('textbox "Choose a day"');
    expect(resultText(e2e.mock, 'tu_next').text).toContain('the calendar now shows "January 2027"');
    expect(resultText(e2e.mock, 'tu_next2').text).toContain('the calendar now shows "February 2027"');
    const day = resultText(e2e.mock, 'tu_day');
    expect(day.isError, day.text).toBe(false);
  });
});
