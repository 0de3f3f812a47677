/**
 * extentOf and the summary of a big change (big-change.ts) on lists built in headless Chromium: a virtual
 * list that writes each item's index (data-index, as TanStack Virtual and react-virtuoso do) is placed by
 * those indexes, not by its spacers' heights; a grid re-rendered whole is said as what it holds now.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { extentOf, extentWords } from './extent.js';
import { listChanges } from './observe-changes.js';
globalThis.__extent = (selector, role) => extentWords(extentOf(document.querySelector(selector), role));
globalThis.__spaced = (above, below, scrollTop) => {
  const list = document.querySelector('#spaced');
  list.style.padding = above + 'px 0 ' + below + 'px';
  list.scrollTop = scrollTop;
  return extentWords(extentOf(list, 'list'));
};
globalThis.__rerender = async (from) => {
  const records = [];
  const body = document.querySelector('#grid tbody');
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(document.body, { childList: true, subtree: true });
  body.replaceChildren(...Array.from({ length: 10 }, (_, i) => {
    const row = document.createElement('tr');
    row.setAttribute('aria-rowindex', String(from + i));
    row.innerHTML = '<td>Item ' + (from + i) + '</td>';
    return row;
  }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  records.push(...observer.takeRecords());
  observer.disconnect();
  const changes = [];
  listChanges(records, (element) => (element.getAttribute('role') ?? element.tagName.toLowerCase()) + ' ' + element.id, () => 'r', changes);
  return changes;
};
`;

/** A list of 1,000 items, 20px each, rendering items 301–320 at their place (spacers 6,000px above it, an estimate too big by 200px). */
const LIST = `<ul id="list" role="list" style="height:200px;overflow:auto;margin:0;padding:6200px 0 13600px;list-style:none">
${Array.from({ length: 20 }, (_, i) => `<li data-index="${300 + i}" style="height:20px">Item ${301 + i}</li>`).join('')}</ul>`;
const GRID = `<div style="height:100px;overflow:auto"><table id="grid" role="grid" aria-rowcount="500"><thead><tr><th aria-sort="descending">Item</th></tr></thead>
<tbody>${Array.from({ length: 10 }, (_, i) => `<tr aria-rowindex="${i + 2}"><td>Item ${i + 2}</td></tr>`).join('')}</tbody></table></div>`;

/** A paged grid (AG Grid's markup, in short): a header row and the 20 rows of page 1 of 120 rows, all rendered, and its pager beside it. */
const PAGED = `<div><div id="paged" role="grid" aria-rowcount="121" style="height:200px;overflow:auto">
<div role="row" aria-rowindex="1" style="height:20px"><div role="columnheader">Name</div></div>
<div role="rowgroup">${Array.from({ length: 20 }, (_, i) => `<div role="row" aria-rowindex="${i + 2}" style="height:20px"><div role="gridcell">Person ${i + 1}</div></div>`).join('')}</div></div>
<div id="pager"><span>1 to 20 of 120</span><div role="button" aria-label="Next Page">›</div><span>Page 1 of 6</span></div></div>`;

/** A list of 20px items with no index of their own, in a 200px box: its spacers (padding) say where it is. */
const SPACED = `<ul id="spaced" role="list" style="height:200px;overflow:auto;margin:0;list-style:none">
${Array.from({ length: 20 }, () => `<li style="height:20px">Row</li>`).join('')}</ul>`;

let page: Page;
useUnitPage(async (opened) => {
  page = opened;
  await page.setContent(`<!doctype html><html><body>${LIST}${GRID}${SPACED}${PAGED}</body></html>`);
  await page.addScriptTag({ content: await bundleSource(ENTRY, import.meta.dirname) });
});

describe('extentOf', () => {
  it('places a virtual list by the indexes its items carry, and says only the whole is estimated', async () => {
    await page.evaluate(() => (document.querySelector('#list')!.scrollTop = 6200));
    const words = await page.evaluate(() => (globalThis as unknown as { __extent(s: string, r: string): string }).__extent('#list', 'list'));
    // The spacer alone says 311–330 (6,200px of 20px rows); the items say 301–320.
    expect(words).toBe(' (items 301–320 of about 1000 rendered; scroll with this ref and a direction to render others)');
  });
});

describe('a paged grid', () => {
  const words = () => page.evaluate(() => (globalThis as unknown as { __extent(s: string, r: string): string }).__extent('#paged', 'grid'));

  it('counts its data rows without its header row, and says its other rows are on other pages, not reached by scrolling', async () => {
    expect(await words()).toBe(
      " (rows 1–20 of 120 rendered; it looks paged, with page controls beside it: this page's rows are all rendered, and its page controls show the others)",
    );
  });

  it('without page controls shown, still says scrolling renders no others when every row it scrolls through is there', async () => {
    await page.evaluate(() => ((document.querySelector('#pager') as HTMLElement).style.display = 'none'));
    expect(await words()).toBe(
      ' (rows 1–20 of 120 rendered; scrolling it renders no others, as all it scrolls through is rendered: look for page controls or a more button near it)',
    );
    await page.evaluate(() => ((document.querySelector('#pager') as HTMLElement).style.display = ''));
  });
});

describe('an estimated total', () => {
  const spaced = (above: number, below: number, scrollTop: number) =>
    page.evaluate(([a, b, t]) => (globalThis as unknown as { __spaced(a: number, b: number, t: number): string }).__spaced(a, b, t), [
      above,
      below,
      scrollTop,
    ] as const);

  it('stays the same while a re-render in place leaves the spacers a screen short, and follows a change bigger than a screen', async () => {
    // 1,000 rows measured from the top: 20 rendered, 980 × 20px below.
    expect(await spaced(0, 19_600, 0)).toBe(' (about items 1–20 of 1000 rendered; scroll with this ref and a direction to render others)');
    // Re-rendered in place at row 301 with the bottom spacer a screen (10 rows) short, as Tabulator's after a sort: still 1,000.
    expect(await spaced(6000, 13_400, 6000)).toBe(' (about items 301–320 of 1000 rendered; scroll with this ref and a direction to render others)');
    // Filtered to 300 rows, further down: more than a screen of rows fewer is a new whole.
    expect(await spaced(4000, 1600, 4000)).toBe(' (about items 201–220 of 300 rendered; scroll with this ref and a direction to render others)');
    // Measured again from the top (a first render, a filter), the estimate is taken as it is.
    expect(await spaced(0, 1_420, 0)).toBe(' (about items 1–20 of 91 rendered; scroll with this ref and a direction to render others)');
  });
});

describe('a big change', () => {
  it('says which rows a grid re-rendered whole holds now and how it is sorted, not each row that came and went', async () => {
    const changes = await page.evaluate(() => (globalThis as unknown as { __rerender(from: number): Promise<string[]> }).__rerender(200));
    expect(changes).toEqual([
      'grid grid now has rows 200–209 of 500 rendered (10), from "Item 200" [ref=r] to "Item 209" [ref=r]; 10 came, 10 went; sorted by "Item" descending',
    ]);
  });
});
