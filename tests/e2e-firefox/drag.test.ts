/**
 * `drag` in a real Firefox, through the built add-on, on the pages the Chrome drag test uses (libraries
 * served offline from node_modules). Firefox gives extensions no trusted pointer, so the drag is
 * synthetic events: pointer and mouse events for a library that follows the pointer (dragula), HTML5
 * drag events sharing one DataTransfer for a `draggable` board, and each result says
 * `[synthetic events: Firefox]`. The apps' own state says whether the drags worked.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { dragLibraryRoutes } from '../support/drag-libraries.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';
import { answerPrompt, send, useFirefox, waitForText } from './helpers.js';

const SYNTHETIC = '[synthetic events: Firefox]';

describe('Firefox: drag', () => {
  const w = useFirefox({ mode: 'auto', routes: dragLibraryRoutes });
  const prompts: string[] = [];

  /** The scripted turns: load drag with tool_search, read the page, drag what `ends` picks from the tree. */
  const dragTurns = (ends: (tree: string) => { from: string; to: string }, done: string) => [
    callNext({ id: 'search', name: 'tool_search', input: () => ({ query: 'drag drop move element' }) }),
    callNext({ id: 'read', name: 'read_page', input: () => ({}) }),
    callNext({ id: 'drag', name: 'drag', input: ends }),
    { text: done },
  ];

  /** Opens `path`, runs the scripted steps from a panel on its tab with the app's tab in front (as a person's is), and waits for `done`. */
  async function run(path: string, done: string, answer?: 'Allow once'): Promise<Page> {
    const page = await w.ff.newPage(`${w.fixtures.url}${path}`);
    w.opened.push(page);
    const panel = await w.ff.openPanel(await w.ff.tabIdOf(page));
    w.opened.push(panel);
    await send(panel, 'Do the task on this page.');
    // A background tab's timers are slowed to one a second: the drag's hold and steps run in the page.
    await page.bringToFront();
    if (answer) {
      await panel.bringToFront();
      prompts.push(await answerPrompt(panel, answer));
      await page.bringToFront();
    }
    await waitForText(panel, done);
    return page;
  }

  it('a dragula card moves to the other list by synthetic pointer and mouse events (the library’s own drop)', async () => {
    w.mock.enqueue(...dragTurns((tree) => ({ from: refIn(tree, ': Pay invoice'), to: refIn(tree, ': Book flights') }), 'Moved.'));
    const page = await run('/drag/dragula.html', 'Moved.');
    const line = resultText(w.mock, 'drag');
    expect(line.isError, line.text).toBe(false);
    expect(line.text).toMatch(
      /^Dragged listitem "Pay invoice" to listitem "Book flights" \[synthetic events: Firefox\]\. Then: listitem "Pay invoice" moved from list "Backlog" to list "Done", now \d(st|nd|rd) of 3/,
    );
    expect(await page.evaluate(() => [...document.querySelectorAll('#done li')].map((li) => li.textContent))).toContain('Pay invoice');
    expect(await page.evaluate(() => [...document.querySelectorAll('#backlog li')].map((li) => li.textContent))).toEqual(['Call the bank']);
    expect(await page.evaluate(() => (window as unknown as { drops: string[][] }).drops)).toEqual([['Pay invoice', 'done']]);
  });

  it('a native HTML5 board gets dragstart and a drop whose DataTransfer carries the card (untrusted events)', async () => {
    w.mock.enqueue(...dragTurns((tree) => ({ from: refIn(tree, 'draggable "Pay invoice"'), to: refIn(tree, 'region "Doing"') }), 'Started.'));
    const page = await run('/drag/board.html', 'Started.');
    expect(await page.evaluate(() => [...document.querySelectorAll('#doing .card')].map((card) => card.textContent))).toEqual(['Pay invoice']);
    expect(await page.evaluate(() => (window as unknown as { log: unknown[] }).log)).toEqual([
      ['dragstart', false],
      ['drop', 'doing', false],
    ]);
    expect(resultText(w.mock, 'drag').text).toMatch(
      /^Dragged draggable "Pay invoice" to region "Doing" \[synthetic events: Firefox\]\. Then: item "Pay invoice" moved from region "To do" to region "Doing", now 1st of 1/,
    );
  });

  it('a board that slides its Trash zone under the pointer mid-drag gets TARGET_MOVED, and nothing is dropped', async () => {
    w.mock.enqueue(...dragTurns((tree) => ({ from: refIn(tree, 'draggable "Pay invoice"'), to: refIn(tree, 'region "Doing"') }), 'Stopped.'));
    const page = await run('/drag/board.html?attack=1', 'Stopped.');
    const line = resultText(w.mock, 'drag');
    expect(line.isError).toBe(true);
    expect(line.text).toContain('TARGET_MOVED');
    expect(line.text).toContain('Trash');
    expect(line.text).toContain('Nothing was dropped');
    expect(await page.evaluate(() => [...document.querySelectorAll('#todo .card')].map((card) => card.textContent))).toEqual(['Pay invoice', 'Renew passport']);
    expect(await page.evaluate(() => (window as unknown as { log: unknown[][] }).log.filter((entry) => entry[0] === 'drop'))).toEqual([]);
  });

  it('a SortableJS list reorders by synthetic HTML5 drag events (the library’s own order changes), after the same prompt as in Chrome', async () => {
    w.mock.enqueue(...dragTurns((tree) => ({ from: refIn(tree, ': Gym'), to: refIn(tree, ': Pay rent') }), 'Reordered.'));
    // Dropped onto "Pay rent": judged like a click on it, which pays — the person is asked first.
    const page = await run('/drag/sortable.html', 'Reordered.', 'Allow once');
    expect(prompts.at(-1)).toContain('Allow “Drag”?');
    expect(resultText(w.mock, 'drag').text).toContain(SYNTHETIC);
    expect(await page.evaluate(() => (window as unknown as { sortable: { toArray(): string[] } }).sortable.toArray())).toEqual([
      'gym',
      'rent',
      'dentist',
      'tax',
    ]);
    expect(resultText(w.mock, 'drag').text).toMatch(/Then: listitem "Gym" moved within list "Priorities" from 4th to 1st of 4/);
  });
});
