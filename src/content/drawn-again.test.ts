/**
 * A grid that draws some cells twice (Handsontable's overlays for its headers and frozen panes, laid over
 * the main table with the same aria-rowindex and aria-colindex), read in headless Chromium: each cell once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { takeSnapshot } from './snapshot.js';
import { landsOn } from './target.js';
globalThis.__read = (filter) => takeSnapshot({ filter, refPrefix: '' }).text;
globalThis.__lands = (target, hit) => landsOn(document.querySelector(target), document.querySelector(hit));
`;

const row = (index: number, cells: string) => `<tr role="row" aria-rowindex="${index}">${cells}</tr>`;
const cell = (column: number, text: string) => `<td role="gridcell" aria-colindex="${column}">${text}</td>`;
const header = (column: number, text: string, hidden = false) =>
  `<th role="columnheader" aria-colindex="${column}"${hidden ? ' style="visibility:hidden"' : ''}>${text}</th>`;

/** The main table (its headers hidden under the copy), then the copy of the header and the frozen first row. */
const SHEET = `<div role="treegrid" aria-rowcount="3">
<div class="master"><table role="presentation"><thead role="rowgroup">${row(1, header(1, 'Item', true) + header(2, 'Count', true))}</thead>
<tbody role="rowgroup">${row(2, cell(1, 'Pencils') + cell(2, '12'))}${row(3, cell(1, 'Paper') + cell(2, '4'))}</tbody></table></div>
<div class="clone-top" style="position:absolute;top:0"><table role="presentation"><thead role="rowgroup">${row(1, header(1, 'Item') + header(2, 'Count'))}</thead>
<tbody role="rowgroup">${row(2, cell(1, 'Pencils') + cell(2, '12'))}</tbody></table></div>
<div class="clone-start" style="position:absolute;left:0"><table role="presentation"><tbody role="rowgroup">${row(2, cell(1, 'Pencils'))}${row(3, cell(1, 'Paper'))}</tbody></table></div>
</div>`;

/** Two grids with cells at the same places, and cells that do not say where they stand: nothing is left out. */
const UNRELATED = `<div role="grid"><div role="row" aria-rowindex="1"><div role="gridcell" aria-colindex="1">North</div></div></div>
<div role="grid"><div role="row" aria-rowindex="1"><div role="gridcell" aria-colindex="1">North</div></div></div>
<div role="grid"><div role="row"><div role="gridcell">South</div></div><div role="row"><div role="gridcell">South</div></div></div>`;

let page: Page;
let bundle: string;
useUnitPage(async (opened) => {
  page = opened;
  bundle = await bundleSource(ENTRY, import.meta.dirname);
});

async function read(html: string, filter: string): Promise<string> {
  await page.setContent(`<!doctype html><html><body>${html}</body></html>`);
  await page.addScriptTag({ content: bundle });
  return page.evaluate((f) => (globalThis as unknown as { __read(f: string): string }).__read(f), filter);
}

const lands = (target: string, hit: string) =>
  page.evaluate(([t, h]) => (globalThis as unknown as { __lands(t: string, h: string): boolean }).__lands(t!, h!), [target, hit]);

/** A cell, its copy, a copy with other words, a copy holding a button, one inside a link, and the same place in another grid. */
const divRow = (cells: string) => `<div role="row" aria-rowindex="2">${cells}</div>`;
const COPIES = `<div role="grid" id="g">${divRow('<div role="gridcell" aria-colindex="1" id="cell">Pencils</div>')}
${divRow('<div role="gridcell" aria-colindex="1" id="copy"><b id="inside">Pencils</b></div>')}
${divRow('<div role="gridcell" aria-colindex="1" id="other">Delete all</div>')}
${divRow('<div role="gridcell" aria-colindex="1" id="armed">Pencils<button id="button"></button></div>')}
${divRow('<a href="#x"><div role="gridcell" aria-colindex="1" id="wrapped">Pencils</div></a>')}
<div role="gridcell" id="plain">Pencils</div></div>
<div role="grid">${divRow('<div role="gridcell" aria-colindex="1" id="elsewhere">Pencils</div>')}</div>`;

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('cells a grid draws twice', { timeout: 60_000 }, () => {
  it('lists a frozen row, its cells and the headers once, where the page says the copies stand at the same place', async () => {
    for (const filter of ['all', 'interactive']) {
      const text = await read(SHEET, filter);
      expect(count(text, 'gridcell "Pencils"'), `${filter}:\n${text}`).toBe(1);
      expect(count(text, 'gridcell "12"'), text).toBe(1);
      expect(count(text, 'gridcell "Paper"'), text).toBe(1);
      expect(count(text, 'columnheader "Item"'), text).toBe(1);
      expect(count(text, 'row "Pencils 12"'), text).toBe(1);
    }
  });

  it('leaves in cells of other grids and cells that do not say where they stand', async () => {
    const text = await read(UNRELATED, 'all');
    expect(count(text, 'gridcell "North"'), text).toBe(2);
    expect(count(text, 'gridcell "South"'), text).toBe(2);
  });

  it('a pointer aimed at a cell lands on it through its copy, and only through a copy with the same words and no control of its own', async () => {
    await read(COPIES, 'all');
    expect(await lands('#cell', '#copy')).toBe(true);
    expect(await lands('#cell', '#inside')).toBe(true);
    expect(await lands('#cell', '#other')).toBe(false);
    expect(await lands('#cell', '#button')).toBe(false);
    expect(await lands('#cell', '#wrapped')).toBe(false);
    expect(await lands('#cell', '#elsewhere')).toBe(false);
    expect(await lands('#plain', '#copy')).toBe(false);
  });
});
