/**
 * Handsontable (from npm, served offline), the trial's order sheet: the scripted model reads the sheet,
 * tries to type into a cell (told how a person edits one), opens a cell's editor by double-clicking it,
 * saves a quantity with Enter, and fills the spare row; every ref read from what the extension returned.
 * The test checks Handsontable's own data (`hot.getData()`) and what each result told the model:
 * Handsontable keeps one text area per kind of editor, focused and transparent between edits, shown over
 * the cell being edited.
 */
import { describe, expect, it } from 'vitest';
import { useAppServer } from '../support/app-server.js';
import { converse, useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order sheet</title>
<link rel="stylesheet" href="./handsontable/styles/handsontable.min.css"><link rel="stylesheet" href="./handsontable/styles/ht-theme-main.min.css">
<script src="./handsontable/dist/handsontable.full.min.js"></script></head>
<body style="font-family:sans-serif"><h1>Order sheet</h1><div id="sheet" class="ht-theme-main"></div>
<script>
window.hot=new Handsontable(document.getElementById('sheet'),{data:[['Pencils',12,0.5],['Notebooks',5,3.2],['Stapler',1,8.9],['Paper (ream)',4,4.75],['Markers',10,1.1]],colHeaders:['Item','Quantity','Unit price'],rowHeaders:true,columns:[{type:'text'},{type:'numeric'},{type:'numeric',numericFormat:{pattern:'0.00'}}],minSpareRows:1,height:300,width:600,licenseKey:'non-commercial-and-evaluation'});
</script></body></html>`;

type HotWindow = Window & { hot: { getData(): unknown[][] } };

/** The ref of the textbox an "an editor opened" clause names. */
const editorIn = (text: string): string => /type into textbox[^[]*\[ref=(e\d+)\]/.exec(text)?.[1] ?? 'e0';

describe('a spreadsheet (Handsontable), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules', PAGE);

  it('reads its headers first, says how to edit a cell, names the editor a double-click opens, and saves what was typed', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('.ht_master td').first().waitFor();
    const read = () => resultText(e2e.mock, 'hot_read').text;
    // The spare row's cells: the row read with no words, under the header row.
    const spare = (column: number) => {
      const lines = read().split('\n');
      const at = lines.findIndex((line) => /- row:$/.test(line));
      return /\[ref=(e\d+)\]/.exec(lines[at + 1 + column] ?? '')?.[1] ?? 'e0';
    };
    e2e.mock.enqueue(
      callNext({ id: 'hot_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'hot_type_cell', name: 'type', input: () => ({ ref: refIn(read(), 'gridcell "5"'), text: '8', submit: true }) }),
      callNext({ id: 'hot_open', name: 'click', input: () => ({ ref: refIn(read(), 'gridcell "5"'), click_count: 2 }) }),
      callNext({ id: 'hot_save', name: 'type', input: (previous) => ({ ref: editorIn(previous), text: '8', submit: true }) }),
      callNext({ id: 'hot_item', name: 'click', input: () => ({ ref: spare(0), click_count: 2 }) }),
      callNext({ id: 'hot_item_type', name: 'type', input: (previous) => ({ ref: editorIn(previous), text: 'Scissors' }) }),
      callNext({ id: 'hot_tab1', name: 'press_key', input: () => ({ key: 'Tab' }) }),
      callNext({ id: 'hot_qty', name: 'click', input: () => ({ ref: spare(1), click_count: 2 }) }),
      callNext({ id: 'hot_qty_type', name: 'type', input: (previous) => ({ ref: editorIn(previous), text: '3' }) }),
      callNext({ id: 'hot_tab2', name: 'press_key', input: () => ({ key: 'Tab' }) }),
      // The quantity's editor still has focus, transparent: the double-click shows it over the price's cell.
      callNext({ id: 'hot_price', name: 'click', input: () => ({ ref: spare(2), click_count: 2 }) }),
      callNext({ id: 'hot_controls', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'hot_price_type', name: 'type', input: () => ({ ref: editorIn(resultText(e2e.mock, 'hot_price').text), text: '2.40', submit: true }) }),
      { text: 'Notebooks are 8 now, and Scissors are added.' },
    );
    await converse(e2e, tabId, 'Change the quantity of Notebooks to 8, and add a row for Scissors: quantity 3, unit price 2.40.', 'Notebooks are 8 now');
    // Handsontable's own data: the quantity saved, the new row filled, a spare row after it.
    const data = await page.evaluate(() => (window as unknown as HotWindow).hot.getData());
    expect(data.slice(0, 7)).toEqual([
      ['Pencils', 12, 0.5],
      ['Notebooks', 8, 3.2],
      ['Stapler', 1, 8.9],
      ['Paper (ream)', 4, 4.75],
      ['Markers', 10, 1.1],
      ['Scissors', 3, 2.4],
      [null, null, null],
    ]);

    // The read: the column headers (with refs) before the rows, as the sheet shows them.
    const whole = read();
    expect(checkTreeLines(whole)).toEqual([]);
    const lines = whole.split('\n');
    const header = lines.findIndex((line) => /columnheader "Item" \[ref=e\d+\]/.test(line));
    expect(header).toBeGreaterThan(0);
    expect(header).toBeLessThan(lines.findIndex((line) => line.includes('row "Pencils 12 0.5"')));

    // Typing into a cell says how a person edits one.
    const typed = resultText(e2e.mock, 'hot_type_cell');
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain('gridcell \\"5\\" (column \\"Quantity\\", row \\"Notebooks 5 3.2\\") is a grid\'s cell, not a text field');
    expect(typed.text).toContain('double-click it (click with click_count 2)');

    // The double-click names the editor it opened by its cell; Enter says what it saved, not the next cell's value.
    expect(resultText(e2e.mock, 'hot_open').text).toMatch(
      /an editor opened on the cell \[ref=e7\] at column "Quantity", row "Notebooks 5 3\.2": type into textbox \[ref=e\d+\] \(value "5"\)/,
    );
    const saved = resultText(e2e.mock, 'hot_save').text;
    expect(saved).toContain('Enter saved "8" in the cell at column "Quantity", row "Notebooks 5 3.2"; the editor closed');
    expect(saved).toContain('"Notebooks 5 3.2" became "Notebooks 8 3.2"');
    expect(saved).not.toContain('its value is now');

    // The same text area, focused and transparent since the quantity's Tab, shown over the price's cell: said as an editor opened.
    expect(resultText(e2e.mock, 'hot_price').text).toMatch(
      /an editor opened on the cell \[ref=e\d+\] at column "Unit price", row "Scissors 3": type into textbox/,
    );
    expect(resultText(e2e.mock, 'hot_price').text).not.toContain('no visible change');
    expect(resultText(e2e.mock, 'hot_price_type').text).toContain('Enter saved "2.40" in the cell at column "Unit price", row "Scissors 3"; the editor closed');

    // The controls: the cells with their columns, and only the editor a person sees, named by the cell it edits
    // (the item's editor, closed with "Scissors" still in it, is not listed).
    const controls = resultText(e2e.mock, 'hot_controls').text;
    expect(checkTreeLines(controls)).toEqual([]);
    expect(controls).toMatch(/- gridcell "Notebooks" \[ref=e\d+\] \(column "Item"\)/);
    expect(controls).toMatch(/- columnheader "Quantity" \[ref=e\d+\]/);
    expect(controls.match(/- textbox/g)).toHaveLength(1);
    expect(controls).toMatch(/- textbox \[ref=e\d+\] \(editing the cell in column "Unit price", row "Scissors 3"\)$/m);
  });
});

const FROZEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frozen sheet</title>
<link rel="stylesheet" href="./handsontable/styles/handsontable.min.css"><link rel="stylesheet" href="./handsontable/styles/ht-theme-main.min.css">
<script src="./handsontable/dist/handsontable.full.min.js"></script></head>
<body style="font-family:sans-serif"><h1>Frozen sheet</h1><div id="sheet" class="ht-theme-main"></div>
<script>
window.hot=new Handsontable(document.getElementById('sheet'),{data:[['Pencils',12,0.5],['Notebooks',5,3.2],['Stapler',1,8.9]],colHeaders:['Item','Quantity','Unit price'],rowHeaders:true,fixedRowsTop:1,fixedColumnsStart:1,height:300,width:600,licenseKey:'non-commercial-and-evaluation'});
</script></body></html>`;

type SelectWindow = Window & { hot: { getSelectedLast(): number[] | undefined } };

// Handsontable draws its frozen row and column again in copies laid over the main table (same aria-rowindex
// and aria-colindex): a read listed their cells twice.
describe('a spreadsheet with a frozen row and column (Handsontable)', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules', FROZEN);

  it('lists each frozen cell once, and a click on one selects that cell', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('.ht_master td').first().waitFor();
    const read = () => resultText(e2e.mock, 'frozen_read').text;
    e2e.mock.enqueue(
      callNext({ id: 'frozen_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'frozen_controls', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'frozen_click', name: 'click', input: () => ({ ref: refIn(read(), 'gridcell "12"') }) }),
      { text: 'Selected the quantity of Pencils.' },
    );
    await converse(e2e, tabId, 'Select the quantity of Pencils.', 'Selected the quantity');
    for (const id of ['frozen_read', 'frozen_controls']) {
      const text = resultText(e2e.mock, id).text;
      expect(checkTreeLines(text)).toEqual([]);
      for (const name of ['gridcell "Pencils"', 'gridcell "12"', 'gridcell "Notebooks"', 'columnheader "Item"', 'columnheader "Quantity"'])
        expect(text.split(name).length - 1, `${name} in ${id}:\n${text}`).toBe(1);
    }
    // The cell listed is the main table's, under its frozen copy: the click lands on the copy, the same cell.
    const clicked = resultText(e2e.mock, 'frozen_click');
    expect(clicked.isError, clicked.text).toBe(false);
    expect(clicked.text).toMatch(/^Clicked gridcell "12"/);
    // Handsontable's own selection: row 0, column 1.
    expect((await page.evaluate(() => (window as unknown as SelectWindow).hot.getSelectedLast()))?.slice(0, 2)).toEqual([0, 1]);
  });
});
