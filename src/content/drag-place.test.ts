/**
 * Where a dragged card ended up, in words (drag-place.ts), in headless Chromium through the content
 * script's command handler: the page moves the card itself between start and end, as a drag library does.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

/** Two columns titled by plain divs in a header (jKanban's markup), nothing named by ARIA or a heading. */
const BOARD = `<div id="board"><div class="col"><header><div>To do</div></header><main id="todo"><div class="item">Write report</div><div class="item">Review</div></main></div>
<div class="col"><header><div>Done</div></header><main id="done"><div class="item">Plan sprint</div></main></div>
<div class="col"><header><div>Done</div></header><main id="done2"></main></div></div>`;

/** Follows the card `text`, lets `move` run in the page, and returns the place said. */
async function placeAfter(text: string, move: string): Promise<string> {
  await page.setContent(`<!doctype html><html lang="en"><body>${BOARD}</body></html>`);
  const found = await run<{ matches: Array<{ ref: string }> }>(page, { type: 'find', query: text, limit: 1, refPrefix: '' });
  const { token } = await run<{ token: string }>(page, { type: 'drag_place_start', ref: found.matches[0]!.ref });
  await page.evaluate(move);
  const { place } = await run<{ place: string }>(page, { type: 'drag_place_end', token });
  return place;
}

describe('where a dragged card went', { timeout: 60_000 }, () => {
  it('names the columns a card moved between by their titles, and a move within one as such', async () => {
    expect(await placeAfter('Write report', `document.getElementById('done').append(document.querySelector('#todo .item'))`)).toBe(
      'item "Write report" moved from list "To do" to list "Done", now 2nd of 2',
    );
    expect(await placeAfter('Write report', `document.getElementById('todo').append(document.querySelector('#todo .item'))`)).toBe(
      'item "Write report" moved within its list from 1st to 2nd of 2',
    );
  });

  it('never tells a move between two lists that read alike as a move within one', async () => {
    const place = await placeAfter('Plan sprint', `document.getElementById('done2').append(document.querySelector('#done .item'))`);
    expect(place).toBe('item "Plan sprint" moved from list "Done" to another list, now 1st of 1 there');
  });
});
