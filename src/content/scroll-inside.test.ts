/**
 * scrollInside on a virtual grid nobody here wrote (Tabulator, from node_modules), in headless Chromium:
 * the scroll module is bundled with esbuild and run in the page, and Tabulator's own scroll position and
 * rendered rows are the judges.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { scrollInside } from './scroll-inside.js';
globalThis.__scroll = (how) => scrollInside(document.querySelector('#grid'), how);
`;
const GRID = `
const data = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, name: 'Person ' + (i + 1) }));
window.table = new Tabulator('#grid', { data, height: '400px', columns: [{ title: 'Id', field: 'id' }, { title: 'Name', field: 'name' }] });
window.table.on('tableBuilt', () => { document.body.dataset.built = 'yes'; });
`;

let page: Page;
useUnitPage(async (opened) => {
  page = opened;
  await page.setContent('<!doctype html><html><body><div id="grid"></div></body></html>');
  await page.addStyleTag({ path: 'node_modules/tabulator-tables/dist/css/tabulator.min.css' });
  await page.addScriptTag({ path: 'node_modules/tabulator-tables/dist/js/tabulator.min.js' });
  await page.addScriptTag({ content: GRID });
  await page.locator('body[data-built="yes"] .tabulator-row').first().waitFor();
  await page.addScriptTag({ content: await bundleSource(ENTRY, import.meta.dirname) });
});

type Scrolled = { summary: string; scrollY: number };
const scroll = (how: object) => page.evaluate((h) => (globalThis as unknown as { __scroll(h: object): Promise<Scrolled> }).__scroll(h), how);
const holderTop = () => page.evaluate(() => document.querySelector('.tabulator-tableholder')!.scrollTop);
const screen = () => page.evaluate(() => document.querySelector('.tabulator-tableholder')!.clientHeight);

describe('scrollInside on Tabulator', () => {
  it('goes up by the screens asked for, though the rows the grid inserts above pull the browser back', async () => {
    const height = await screen();
    await scroll({ direction: 'down', amount: 20 });
    const deep = await holderTop();
    expect(deep).toBe(20 * height);
    const up = await scroll({ direction: 'up', amount: 0.4 });
    expect(await holderTop()).toBe(deep - Math.round(0.4 * height));
    expect(up.scrollY).toBe(await holderTop());
    await scroll({ direction: 'up', amount: 1 });
    expect(await holderTop()).toBe(deep - Math.round(0.4 * height) - height);
  });

  it('says which rows are rendered beyond the view, so a row just out of view is read, not scrolled to', async () => {
    const { summary } = await scroll({ direction: 'down', amount: 3 });
    const rows = await page.locator('.tabulator-row').count();
    const match =
      /rows (\d+)–(\d+) of \d+ in view, from "\d+ Person \d+" to "\d+ Person \d+" \(rows (\d+)–(\d+) are rendered: read_page with this ref lists them\)/.exec(
        summary,
      );
    expect(match, summary).not.toBeNull();
    const [inFirst, inLast, first, last] = match!.slice(1).map(Number) as [number, number, number, number];
    expect(first).toBeLessThan(inFirst);
    expect(last).toBeGreaterThan(inLast);
    expect(last - first + 1).toBe(rows);
  });

  it('deep in the grid, names the rows in view by the positions Tabulator gives them (a jump there was 8–15 rows off)', async () => {
    await scroll({ to: 'top' });
    const height = await page.evaluate(() => (document.querySelector('.tabulator-row') as HTMLElement).offsetHeight);
    const { summary } = await scroll({ direction: 'down', amount: (449 * height) / (await screen()) });
    const own = await page.evaluate(() => {
      const { table } = window as unknown as { table: { getRows(which: 'display'): Array<{ getElement(): HTMLElement }> } };
      const box = document.querySelector('.tabulator-tableholder')!.getBoundingClientRect();
      const shown = table
        .getRows('display')
        .map((row, i) => ({ rect: row.getElement().getBoundingClientRect(), at: i + 1, connected: row.getElement().isConnected }))
        .filter(({ rect, connected }) => connected && rect.bottom > box.top + 1 && rect.top < box.bottom - 1);
      return [shown[0]!.at, shown[shown.length - 1]!.at];
    });
    expect(own[0]).toBe(450);
    expect(summary).toContain(`about rows ${own[0]}–${own[1]} of 600 in view, from "450 Person 450"`);
  });
});
