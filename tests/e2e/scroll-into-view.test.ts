/**
 * `scroll` with a ref on an element in a panel that scrolls on its own, in a page that does not: Handsontable
 * (from npm, served offline) rendering every row of a long sheet in its own 200px scrolling holder. The
 * scripted model finds a far row's cell and scrolls to it, twice. It must be told that the sheet's panel
 * scrolled and by how much, not the unchanged page position (Node-RED's edit tray read "page position x=0,
 * y=0 (at the bottom of the page)"); Handsontable's own view says the row is in view now.
 */
import { describe, expect, it } from 'vitest';
import { useAppServer } from '../support/app-server.js';
import { converse, useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stock</title>
<link rel="stylesheet" href="./handsontable/styles/handsontable.min.css"><link rel="stylesheet" href="./handsontable/styles/ht-theme-main.min.css">
<script src="./handsontable/dist/handsontable.full.min.js"></script></head>
<body style="font-family:sans-serif"><h1>Stock</h1><div id="sheet" class="ht-theme-main"></div>
<script>
const data=Array.from({length:60},(_,i)=>['Item '+(i+1),i*3]);
window.hot=new Handsontable(document.getElementById('sheet'),{data,colHeaders:['Item','Count'],rowHeaders:true,renderAllRows:true,height:200,width:400,licenseKey:'non-commercial-and-evaluation'});
</script></body></html>`;

type HotWindow = Window & { hot: { view: { getFirstFullyVisibleRow(): number; getLastFullyVisibleRow(): number } } };

describe('scroll to an element in a panel that scrolls on its own', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules', PAGE);

  it('scrolls the panel, says which moved and by how much, and leaves out the page position that did not change', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('.ht_master td').first().waitFor();
    const visibleRows = () =>
      page.evaluate(() => {
        const { view } = (window as unknown as HotWindow).hot;
        return [view.getFirstFullyVisibleRow(), view.getLastFullyVisibleRow()];
      });
    expect((await visibleRows())[1]).toBeLessThan(39);
    e2e.mock.enqueue(
      callNext({ id: 'found', name: 'find', input: () => ({ query: 'Item 40' }) }),
      callNext({ id: 'to_row', name: 'scroll', input: () => ({ ref: refIn(resultText(e2e.mock, 'found').text, 'gridcell "Item 40"') }) }),
      callNext({ id: 'again', name: 'scroll', input: () => ({ ref: refIn(resultText(e2e.mock, 'found').text, 'gridcell "Item 40"') }) }),
      { text: 'Item 40 is in view.' },
    );
    await converse(e2e, tabId, 'Show me Item 40.', 'Item 40 is in view');

    const scrolled = resultText(e2e.mock, 'to_row');
    expect(scrolled.isError).toBe(false);
    expect(scrolled.text).toMatch(/Scrolled gridcell "Item 40".* into view: the panel around it scrolled down by \d+px\. Then: no other visible change\./);
    expect(scrolled.text).not.toContain('page position');
    expect(scrolled.text).not.toContain('the page scrolled');
    // Asked again, nothing needs to move, and it says so.
    expect(resultText(e2e.mock, 'again').text).toMatch(/gridcell "Item 40".* is already in view; nothing scrolled/);
    // Handsontable's own view: row 40 (index 39) is wholly in view; the page itself did not move.
    const [first, last] = await visibleRows();
    expect(first).toBeLessThanOrEqual(39);
    expect(last).toBeGreaterThanOrEqual(39);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });
});
