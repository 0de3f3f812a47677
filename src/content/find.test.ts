/**
 * find, alone, in headless Chromium on small pages: it must find what read_page lists, by the same role
 * and the same words. The form rows are Node-RED 4.1's inject editor as it draws them (a label tied to
 * nothing, an unnamed select beside it, a unit select after a spinner), where a real model's find
 * "Repeat" and "every combobox" found nothing although read_page listed both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { findElements } from './find.js';
import { takeSnapshot } from './snapshot.js';
globalThis.__find = (query) => findElements(query, 20, '').matches.map((match) => match.line);
globalThis.__read = (filter) => takeSnapshot({ filter, refPrefix: '' }).text;
`;

const INJECT_ROWS = `
<div class="form-row"><label for=""><i class="fa fa-repeat"></i> <span>Repeat</span></label>
  <select id="inject-time-type-select"><option value="none">none</option><option value="interval" selected>interval</option></select></div>
<div class="form-row"><span>every</span>
  <span class="ui-spinner"><input id="count" value="5" role="spinbutton" aria-valuenow="5"></span>
  <select style="width:100px"><option value="s">seconds</option><option value="m">minutes</option></select></div>
<div class="red-ui-palette-node" draggable="true"><div class="red-ui-palette-label">inject</div></div>`;

let page: Page;
let bundle: string;
useUnitPage(async (opened) => {
  page = opened;
  bundle = await bundleSource(ENTRY, import.meta.dirname);
});

async function open(html: string): Promise<void> {
  await page.setContent(`<!doctype html><html><body>${html}</body></html>`);
  await page.addScriptTag({ content: bundle });
}

const find = (query: string) => page.evaluate((q) => (globalThis as unknown as { __find(q: string): string[] }).__find(q), query);
const read = (filter: string) => page.evaluate((f) => (globalThis as unknown as { __read(f: string): string }).__read(f), filter);

describe('find', { timeout: 60_000 }, () => {
  it('finds a label tied to no control and an unnamed control by the words read_page names it with', async () => {
    await open(INJECT_ROWS);
    const listed = await read('interactive');
    expect(listed).toContain('- label "Repeat" [ref=e');
    expect(listed).toMatch(/- combobox in "Repeat" \[ref=e\d+\]: interval/);
    expect(listed).toMatch(/- combobox in "every" \[ref=e\d+\]: seconds/);

    const repeat = await find('Repeat');
    expect(repeat[0]).toMatch(/^- label "Repeat" \[ref=e\d+\]$/);
    expect(repeat[1]).toMatch(/^- combobox in "Repeat" \[ref=e\d+\]: interval$/);
    // The same element has the same ref in both answers.
    expect(listed).toContain(/\[ref=e\d+\]/.exec(repeat[1] ?? '')?.[0]);

    expect(await find('every combobox')).toEqual([expect.stringMatching(/^- combobox in "every" \[ref=e\d+\]: seconds$/)]);
    expect((await find('every spinbutton'))[0]).toMatch(/^- spinbutton in "every" \[ref=e\d+\]: 5$/);
  });

  it('names a card a person drags as read_page does, once (not again as the words inside it)', async () => {
    await open(INJECT_ROWS);
    expect(await find('inject')).toEqual([expect.stringMatching(/^- draggable "inject" \[ref=e\d+\]$/)]);
  });
});
