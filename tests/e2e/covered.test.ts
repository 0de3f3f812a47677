/**
 * ELEMENT_COVERED in a real Chromium, told apart by what covers the target: part of the same control (a
 * custom select's face, a drop zone's label, a web component's own host), shown only on hover (row actions a
 * stylesheet reveals), or a real overlay (a fixed banner). Each names the cover with a ref that resolves to
 * it, and nothing is clicked.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/content-harness.js';
import { useContentPage } from '../support/content-page.js';
import { refIn } from '../support/tree-lines.js';

const content = useContentPage();
const { open, snapshot, errorOf } = content;
let page: Page;
beforeAll(() => {
  page = content.page;
});

const click = (ref: string) => ({ type: 'click' as const, ref, button: 'left' as const, clickCount: 1, modifiers: [] });

/** What a ref names, as a snapshot rooted at it prints it: the ref resolves to the cover itself. */
async function textOfRef(ref: string): Promise<string> {
  return (await run<{ text: string }>(page, { type: 'snapshot', filter: 'all', ref, refPrefix: '' })).text;
}

describe('ELEMENT_COVERED says what the cover is, with its ref', () => {
  it('a custom select’s face, a drop zone’s label and a web component’s host are part of the same control', async () => {
    await open('covers');
    const { text } = await snapshot('all');
    for (const [target, cover] of [
      ['Size choice', 'Medium'],
      ['Receipt zone', 'Drop your receipt here'],
      ['Dark mode', 'x-toggle'],
    ] as const) {
      const error = await errorOf(click(refIn(text, target)));
      expect(error.code, target).toBe('ELEMENT_COVERED');
      expect(error['cover'], `${target}: ${error.message}`).toBe('part of the same control');
      expect(error.message, target).toContain(cover);
      const ref = String(error['coverRef']);
      expect(ref).toMatch(/^e\d+$/);
      expect(error.message).toContain(`[ref=${ref}]`);
      expect(error.suggestion).toContain(`Act on ${ref}`);
      expect(await textOfRef(ref), target).toContain(cover === 'x-toggle' ? 'Dark mode' : cover);
    }
    expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
  });

  it('a row action a stylesheet shows only on hover says to hover the row first, with the row’s ref', async () => {
    await open('covers');
    const { text } = await snapshot('all');
    const error = await errorOf(click(refIn(text, 'button "Delete"')));
    expect(error.code).toBe('ELEMENT_COVERED');
    expect(error['cover']).toBe('shown on hover or focus');
    expect(error.message).toMatch(/shows only while the pointer is over row "Invoice 7.*" \[ref=e\d+\]/);
    expect(error.suggestion).toMatch(/^Hover over e\d+ first/);
    // The ref is the row's: hovering it is what reveals the action.
    const rowRef = String(error['coverRef']);
    const hovered = await run<{ summary: string }>(page, { type: 'hover', ref: rowRef });
    expect(hovered.summary).toContain('Invoice 7');
    expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
  });

  it('a real overlay keeps the dismiss advice, and names the overlay with its ref', async () => {
    await open('covers');
    const { text } = await snapshot('all');
    const error = await errorOf(click(refIn(text, 'button "Checkout"')));
    expect(error.code).toBe('ELEMENT_COVERED');
    expect(error['cover']).toBe('overlay');
    expect(error.message).toMatch(/covered by div#banner \(region\) "Newsletter offer" \[ref=e\d+\], which would receive the click/);
    expect(error.suggestion).toMatch(/^Close or dismiss the covering element first/);
    expect(await textOfRef(String(error['coverRef']))).toContain('Sign up for our newsletter');
    expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
  });
});
