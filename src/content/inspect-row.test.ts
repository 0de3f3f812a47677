/**
 * What the safety rules are told about an unnamed checkbox, in headless Chromium through the content
 * script's own command handler: the row it sits in and whether it is ticked, so a prompt can say
 * "Tick “Buy milk”?" rather than "Click a checkbox?".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';
import { refIn } from '../../tests/support/tree-lines.js';

let page: Page;
useUnitPage((opened) => (page = opened));

describe('an unnamed checkbox in a list item', { timeout: 60_000 }, () => {
  it('is described to the judge by its row and its state now', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body><ul>
      <li><input type="checkbox"><label>Buy milk</label></li>
      <li><input type="checkbox" checked><label>Water plants</label></li>
      <li><div role="checkbox" aria-checked="true" tabindex="0"></div><span>Call Sam</span></li></ul></body></html>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    const target = async (row: string) =>
      (await run<{ target?: { row?: string; checked?: boolean; name: string } }>(page, { type: 'inspect', ref: refIn(text, `checkbox in "${row}"`) })).target;
    expect(await target('Buy milk')).toMatchObject({ name: '', row: 'Buy milk', checked: false });
    expect(await target('Water plants')).toMatchObject({ row: 'Water plants', checked: true });
    expect(await target('Call Sam')).toMatchObject({ row: 'Call Sam', checked: true });
  });
});
