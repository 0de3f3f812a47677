/**
 * Dragging like a person, through the real extension, on libraries nobody here wrote (served offline
 * from node_modules): dragula (pointer events, a floating mirror), SortableJS (HTML5 drag and drop by
 * default), a plain HTML5 board whose DataTransfer carries the card, signature_pad on a canvas (points),
 * and a board that slides its Trash zone under the pointer mid-drag. Each check reads the app's own
 * state: dragula's drop events and DOM, Sortable's toArray(), the board's columns, the pad's toData().
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useExtension } from '../support/e2e.js';
import { send } from '../support/panel-driver.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';
import { dragLibraryRoutes } from '../support/drag-libraries.js';

describe('drag on real libraries', () => {
  const e2e = useExtension({
    fixtures: {
      root: 'tests/fixtures',
      routes: dragLibraryRoutes,
    },
    mock: { rules: { allow: ['drag', 'click', 'hover'], ask: [], deny: [] } },
  });
  /**
   * Sends the task with the app's tab in front, as a person's is: a background tab draws no frames, so the
   * browser acks each pointer move slowly (a drag there takes seconds; the test of that is below).
   */
  const inFront = async (page: Page, tabId: number, message: string, done: string) => {
    const panel = await e2e.panel(tabId);
    await page.bringToFront();
    await send(panel, message);
    await panel.getByText(done).waitFor({ timeout: 60_000 });
  };
  const load = callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'drag drop move element' }) });

  it('tool_search finds drag, and a dragula card moves to the other list (pointer events, held button, a mirror under the pointer)', async () => {
    const { page, tabId } = await e2e.open('/drag/dragula.html');
    let tree = '';
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (read) => ((tree = read), { from: refIn(tree, ': Pay invoice'), to: refIn(tree, ': Book flights') }) }),
      { text: 'Moved.' },
    );
    await inFront(page, tabId, 'Move Pay invoice to Done', 'Moved.');
    expect(resultText(e2e.mock, 'tu_search').text).toMatch(/\bdrag\b/);
    expect(await page.locator('#done li').allTextContents()).toContain('Pay invoice');
    expect(await page.locator('#backlog li').allTextContents()).toEqual(['Call the bank']);
    expect(await page.evaluate(() => (window as unknown as { drops: string[][] }).drops)).toEqual([['Pay invoice', 'done']]);
    const line = resultText(e2e.mock, 'tu_drag');
    expect(line.isError).toBe(false);
    expect(line.text).toMatch(
      /^Dragged listitem "Pay invoice" to listitem "Book flights" \[trusted input\]\. Then: listitem "Pay invoice" moved from list "Backlog" to list "Done", now \d(st|nd|rd) of 3/,
    );
  });

  it('a dragula card moves also in a tab behind another one (the person looking elsewhere): the browser slows its input, and the check at the drop waits for it', async () => {
    const { page, tabId } = await e2e.open('/drag/dragula.html');
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (tree) => ({ from: refIn(tree, ': Pay invoice'), to: refIn(tree, ': Book flights') }) }),
      { text: 'Moved behind.' },
    );
    const panel = await e2e.panel(tabId);
    // Another tab of the same window in front: the app's tab is hidden, as when a person switches tabs mid-task.
    const otherUrl = `${e2e.fixtures.url}/drag/sortable.html`;
    const opened = page.context().waitForEvent('page', { predicate: (candidate) => candidate.url() === otherUrl });
    await e2e.ext.evaluateInWorker(
      async ({ tab, url }) => void (await chrome.tabs.create({ windowId: (await chrome.tabs.get(tab)).windowId, url, active: true })),
      { tab: tabId, url: otherUrl },
    );
    e2e.track(await opened);
    expect(await e2e.ext.evaluateInWorker(async (tab) => (await chrome.tabs.get(tab)).active, tabId)).toBe(false);
    await send(panel, 'Move Pay invoice to Done');
    await panel.getByText('Moved behind.').waitFor({ timeout: 90_000 });
    expect(resultText(e2e.mock, 'tu_drag').text).toMatch(/^Dragged listitem "Pay invoice" .* moved from list "Backlog" to list "Done"/);
    expect(await page.locator('#done li').allTextContents()).toContain('Pay invoice');
  });

  it('a SortableJS list reorders by HTML5 drag and drop (the library’s own order changes)', async () => {
    const { page, tabId } = await e2e.open('/drag/sortable.html');
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (tree) => ({ from: refIn(tree, ': Gym'), to: refIn(tree, ': Pay rent') }) }),
      { text: 'Reordered.' },
    );
    await inFront(page, tabId, 'Put Gym first', 'Reordered.');
    expect(await page.evaluate(() => (window as unknown as { sortable: { toArray(): string[] } }).sortable.toArray())).toEqual([
      'gym',
      'rent',
      'dentist',
      'tax',
    ]);
    expect(resultText(e2e.mock, 'tu_drag').text).toMatch(/Then: listitem "Gym" moved within list "Priorities" from 4th to 1st of 4/);
  });

  it('a native HTML5 board gets a trusted dragstart and a drop whose DataTransfer carries the card', async () => {
    const { page, tabId } = await e2e.open('/drag/board.html');
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (tree) => ({ from: refIn(tree, 'draggable "Pay invoice"'), to: refIn(tree, 'region "Doing"') }) }),
      { text: 'Started.' },
    );
    await inFront(page, tabId, 'Start Pay invoice', 'Started.');
    expect(await page.locator('#doing .card').allTextContents()).toEqual(['Pay invoice']);
    expect(await page.evaluate(() => (window as unknown as { log: unknown[] }).log)).toEqual([
      ['dragstart', true],
      ['drop', 'doing', true],
    ]);
    expect(resultText(e2e.mock, 'tu_drag').text).toMatch(
      /^Dragged draggable "Pay invoice" to region "Doing" \[trusted input\]\. Then: item "Pay invoice" moved from region "To do" to region "Doing", now 1st of 1/,
    );
  });

  it('a board that slides its Trash zone under the pointer mid-drag gets TARGET_MOVED, and nothing is dropped', async () => {
    const { page, tabId } = await e2e.open('/drag/board.html?attack=1');
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (tree) => ({ from: refIn(tree, 'draggable "Pay invoice"'), to: refIn(tree, 'region "Doing"') }) }),
      { text: 'Stopped.' },
    );
    await inFront(page, tabId, 'Start Pay invoice', 'Stopped.');
    const line = resultText(e2e.mock, 'tu_drag');
    expect(line.isError).toBe(true);
    expect(line.text).toContain('TARGET_MOVED');
    expect(line.text).toContain('Trash');
    expect(line.text).toContain('Nothing was dropped');
    // The page's own state: the card is where it was, and no drop reached any zone.
    expect(await page.locator('#todo .card').allTextContents()).toEqual(['Pay invoice', 'Renew passport']);
    expect(await page.evaluate(() => (window as unknown as { log: unknown[][] }).log.filter((entry) => entry[0] === 'drop'))).toEqual([]);
  });

  it('points draw on a signature_pad canvas and click a dot on it (the pad’s own strokes)', async () => {
    const { page, tabId } = await e2e.open('/drag/signature.html');
    const box = await page.locator('#pad').boundingBox();
    if (!box) throw new Error('no canvas');
    const at = (dx: number, dy: number) => ({ x: Math.round(box.x + dx), y: Math.round(box.y + dy) });
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_line', name: 'drag', input: () => ({ from: at(40, 100), to: at(360, 120), steps: 20 }) }),
      callNext({ id: 'tu_dot', name: 'click', input: () => at(200, 40) }),
      callNext({ id: 'tu_both', name: 'click', input: () => ({ ...at(10, 10), ref: 'e1' }) }),
      callNext({ id: 'tu_zoom', name: 'screenshot', input: () => ({ region: { ...at(150, 20), width: 100, height: 50 } }) }),
      { text: 'Signed.' },
    );
    await inFront(page, tabId, 'Sign it', 'Signed.');
    const strokes = await page.evaluate(() => (window as unknown as { pad: { toData(): Array<{ points: Array<{ x: number; y: number }> }> } }).pad.toData());
    expect(strokes).toHaveLength(2);
    const line = strokes[0]!.points;
    expect(line.length).toBeGreaterThan(5);
    expect(line[0]!.x).toBeLessThan(60);
    expect(line.at(-1)!.x).toBeGreaterThan(340);
    expect(strokes[1]!.points[0]).toMatchObject({ x: expect.closeTo(200, 0), y: expect.closeTo(40, 0) });
    expect(resultText(e2e.mock, 'tu_line').text).toMatch(/^Dragged canvas at \(\d+, \d+\) to canvas at \(\d+, \d+\) \[trusted input\]/);
    expect(resultText(e2e.mock, 'tu_dot').text).toMatch(/^Clicked canvas at \(\d+, \d+\) \[trusted input\]/);
    expect(resultText(e2e.mock, 'tu_both').text).toContain('INVALID_INPUT');
    // The zoomed region states its scale, so a point in it can be turned back into a page point.
    expect(resultText(e2e.mock, 'tu_zoom').text).toMatch(/400×200, .*shows the page from \(\d+, \d+\), 100×50 CSS pixels, at 4 image pixels per CSS pixel/);
  });
});
