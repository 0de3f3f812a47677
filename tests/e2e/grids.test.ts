/**
 * A virtual data grid nobody here wrote (Tabulator, from npm, served offline): 600 rows, about 40 in the
 * DOM at a time. The scripted model reads it, scrolls inside it to the end, sorts by a header and filters
 * by a header's box, every ref read from what the extension returned; the test checks Tabulator's own
 * state (its visible rows, sorters, filtered data), and that each read said how much of the grid is there.
 */
import { describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { useAppServer } from '../support/app-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';

/** Tabulator's own files and a page that makes a grid of 600 products, 400 px high. */
const GRID_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title>
<link rel="stylesheet" href="./css/tabulator.min.css"></head><body><h1>Products</h1><div id="grid"></div>
<script src="./js/tabulator.min.js"></script>
<script>
const makers = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'];
const countries = ['Germany', 'Japan', 'Brazil', 'Canada', 'Kenya', 'India'];
const data = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, name: 'Product ' + (i + 1), maker: makers[i % 5], madeIn: countries[i % 6], price: ((i * 37) % 900) / 10 + 1 }));
window.table = new Tabulator('#grid', { data, height: '400px', layout: 'fitColumns', columns: [
  { title: 'Id', field: 'id', sorter: 'number', width: 70 }, { title: 'Name', field: 'name' }, { title: 'Maker', field: 'maker' },
  { title: 'Made in', field: 'madeIn', headerFilter: 'input' }, { title: 'Price', field: 'price', sorter: 'number' } ] });
window.table.on('tableBuilt', () => { document.body.dataset.built = 'yes'; });
</script></body></html>`;

type TabulatorWindow = Window & {
  table: {
    getSorters(): Array<{ field: string; dir: string }>;
    getData(which: 'active'): unknown[];
    getRows(which: 'display'): Array<{ getElement(): HTMLElement; getData(): Record<'id' | 'name' | 'maker' | 'madeIn' | 'price', unknown> }>;
    getDataCount(which?: 'active'): number;
  };
};

/** Tabulator's own account of where it stands: the positions (1-based) of the rows it rendered and of those in view, and each row's cells in order. */
function tabulatorRows(): { rendered: [number, number]; inView: [number, number]; texts: string[] } {
  const { table } = window as unknown as TabulatorWindow;
  const rows = table.getRows('display');
  const holder = document.querySelector('.tabulator-tableholder') as HTMLElement;
  const box = holder.getBoundingClientRect();
  const positions: number[] = [];
  const visible: number[] = [];
  rows.forEach((row, i) => {
    const element = row.getElement();
    if (!element.isConnected || !element.parentElement) return;
    positions.push(i + 1);
    const rect = element.getBoundingClientRect();
    if (rect.bottom > box.top + 1 && rect.top < box.bottom - 1) visible.push(i + 1);
  });
  const span = (list: number[]): [number, number] => [Math.min(...list), Math.max(...list)];
  const text = (data: Record<string, unknown>) => [data.id, data.name, data.maker, data.madeIn, data.price].join(' ');
  return { rendered: span(positions), inView: span(visible), texts: rows.map((row) => text(row.getData())) };
}

describe('a virtual grid (Tabulator), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules/tabulator-tables/dist', GRID_PAGE);

  it('says how much of the grid is rendered, scrolls inside it to the end, sorts and filters by its headers', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('body[data-built="yes"] .tabulator-row').first().waitFor();
    const grid = () => refIn(resultText(e2e.mock, 'tu_read').text, '- grid');
    e2e.mock.enqueue(
      // A model looking for what it can act on reads the controls first: the grid and its sorting headers are among them.
      callNext({ id: 'tu_controls', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_end', name: 'scroll', input: () => ({ ref: grid(), to: 'bottom' }) }),
      callNext({ id: 'tu_sort', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_controls').text, 'columnheader "Price"') }) }),
      callNext({ id: 'tu_filter', name: 'type', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'searchbox in "Made in"'), text: 'Kenya' }) }),
      callNext({ id: 'tu_whole', name: 'read_page', input: () => ({ ref: grid() }) }),
      { text: 'The grid is sorted by price and shows the products made in Kenya.' },
    );
    await converse(e2e, tabId, 'Sort the products by price and show only those made in Kenya', 'The grid is sorted by price');

    // Tabulator's own state: the sorter and the filter are set.
    const state = await page.evaluate(() => {
      const { table } = window as unknown as TabulatorWindow;
      return { sorters: table.getSorters().map((s) => `${s.field} ${s.dir}`), active: table.getData('active').length };
    });
    expect(state).toEqual({ sorters: ['price asc'], active: 100 });
    // Filtered, the grid's line counts the rows Tabulator holds now, not the 600 it held before.
    const active = await page.evaluate(() => (window as unknown as TabulatorWindow).table.getDataCount('active'));
    expect(resultText(e2e.mock, 'tu_whole').text).toMatch(new RegExp(`grid \\[ref=e\\d+\\] \\(about rows \\d+–\\d+ of ${active} rendered`));

    // The read of the controls: the grid's line says how much of it is there, its sorting headers have refs.
    const controls = resultText(e2e.mock, 'tu_controls').text;
    expect(controls).toMatch(/grid \[ref=e\d+\] \(about rows 1–\d+ of 600 rendered; scroll with this ref and a direction to render others\)/);
    expect(controls).toMatch(/columnheader "Price" \[sortable\] \[ref=e\d+\]/);
    expect(controls).toMatch(/columnheader "Id" \[sortable\] \[ref=e\d+\]/);
    // Its cells are there too, each with its column (they are clicked to select or edit), as many rows as a full read shows.
    expect(controls).toMatch(/- gridcell "Product 1" \[ref=e\d+\] \(column "Name"\)/);
    expect(controls).toMatch(/more rows not shown here: read_page with ref=e\d+ reads them all/);
    expect(controls.match(/- row "/g)?.length).toBeLessThanOrEqual(26);

    // The whole-page read: how much is there, the headers that sort, the filter box by its column, the rows cut.
    const read = resultText(e2e.mock, 'tu_read').text;
    expect(read).toMatch(/grid \[ref=e\d+\] \(about rows 1–\d+ of 600 rendered; scroll with this ref and a direction to render others\)/);
    expect(read).toMatch(/columnheader "Price" \[sortable\] \[ref=e\d+\]/);
    expect(read).toMatch(/more rows not shown here: read_page with ref=e\d+ reads them all/);
    expect(read.match(/- row "/g)?.length).toBeLessThanOrEqual(26); // 25 data rows and the header row

    // The scroll went inside the grid, to its end, and said which rows are in view.
    const end = resultText(e2e.mock, 'tu_end');
    expect(end.isError, end.text).toBe(false);
    // Positions are estimates (Tabulator's own spacers are): the rows' own words say where it is.
    expect(end.text).toMatch(/Scrolled grid down by \d+px: about rows \d+–600 of 600 in view, from "\d+ Product \d+ [^"]*" to "600 Product 600 Hooli India/);
    expect(end.text).not.toContain('page position');

    // The click on the header says which way the grid sorts now, so no read is needed to check it.
    expect(resultText(e2e.mock, 'tu_sort').text).toMatch(/Clicked columnheader "Price" \[trusted input\]\. Then: it is now sorted ascending/);

    // A read of the grid by its ref shows all its rendered rows, and no cut.
    const whole = resultText(e2e.mock, 'tu_whole').text;
    expect(whole).not.toContain('more rows not shown here');
    expect(whole).toContain('columnheader "Price" [sorted=ascending]');
    const shown = await page.evaluate(() => document.querySelectorAll('.tabulator-row').length);
    expect(whole.match(/- row "/g)?.length).toBe(shown + 1);
  });
});

describe('deep in a virtual grid (Tabulator): positions match its own', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules/tabulator-tables/dist', GRID_PAGE);

  it('scrolled to row 450 of 600, the read, the scroll and a sort there name the rows Tabulator has there', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('body[data-built="yes"] .tabulator-row').first().waitFor();
    const grid = () => refIn(resultText(e2e.mock, 'deep_read').text, '- grid');
    // Row 450 starts 449 rows down: that many row heights, in screens of the grid's body.
    const screens = await page.evaluate(() => {
      const holder = document.querySelector('.tabulator-tableholder') as HTMLElement;
      return (449 * (document.querySelector('.tabulator-row') as HTMLElement).offsetHeight) / holder.clientHeight;
    });
    e2e.mock.enqueue(
      callNext({ id: 'deep_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'deep_down', name: 'scroll', input: () => ({ ref: grid(), direction: 'down', amount: 20 }) }),
      callNext({ id: 'deep_more', name: 'scroll', input: () => ({ ref: grid(), direction: 'down', amount: Math.round((screens - 20) * 100) / 100 }) }),
      callNext({ id: 'deep_grid', name: 'read_page', input: () => ({ ref: grid() }) }),
      { text: 'Row 450 is read.' },
    );
    await converse(e2e, tabId, 'What is in row 450?', 'Row 450 is read.');
    const atDepth = await page.evaluate(tabulatorRows);
    expect(atDepth.inView[0]).toBeGreaterThan(440);

    // The scroll says which rows are in view, by Tabulator's own positions.
    const more = resultText(e2e.mock, 'deep_more').text;
    expect(more).toContain(`rows ${atDepth.inView[0]}–${atDepth.inView[1]} of 600 in view, from "${atDepth.texts[atDepth.inView[0] - 1]}"`);
    expect(more).not.toMatch(/gained \d+ items/);

    // The read of the grid: its line's positions are Tabulator's, and its row 450 is Tabulator's row 450.
    const read = resultText(e2e.mock, 'deep_grid').text;
    const [, first, last] = /grid \[ref=e\d+\] \(about rows (\d+)–(\d+) of 600 rendered/.exec(read) ?? [];
    expect([Number(first), Number(last)]).toEqual(atDepth.rendered);
    const rowLines = read.split('\n').filter((line) => /- row "\d/.test(line));
    expect(rowLines[450 - Number(first)]).toContain(`row "${atDepth.texts[449]}"`);

    // A sort there (in a new task, which reads again: refs are the task's) says where the grid stands now,
    // by Tabulator's positions, and by which column, not row by row.
    e2e.mock.enqueue(
      callNext({ id: 'deep_again', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'deep_sort', name: 'click', input: (previous) => ({ ref: refIn(previous, 'columnheader "Price"') }) }),
      callNext({ id: 'deep_sorted', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      { text: 'Sorted.' },
    );
    await converse(e2e, tabId, 'Sort by price', 'Sorted.');
    const sorted = await page.evaluate(tabulatorRows);
    // Re-rendered in place, Tabulator's bottom spacer is a screen short: the total it holds is still its own count.
    const count = await page.evaluate(() => (window as unknown as TabulatorWindow).table.getDataCount('active'));
    expect(count).toBe(600);
    const sort = resultText(e2e.mock, 'deep_sort').text;
    expect(sort).toContain(`now has about rows ${sorted.rendered[0]}–${sorted.rendered[1]} of ${count} rendered`);
    expect(resultText(e2e.mock, 'deep_sorted').text).toMatch(
      new RegExp(`grid \\[ref=e\\d+\\] \\(about rows ${sorted.rendered[0]}–${sorted.rendered[1]} of ${count} rendered`),
    );
    expect(sort).toContain(`, from "${sorted.texts[sorted.rendered[0] - 1]}" [ref=`);
    expect(sort).toContain('sorted by "Price" ascending');
    expect(sort).not.toMatch(/gained \d+ items|text ".*" is gone/);
  });
});
