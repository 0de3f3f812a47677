import { describe, expect, it } from 'vitest';
import { movedWords, seenWhole } from './scroll-into-view.js';

const box = (top: number, left: number, bottom: number, right: number) => ({ top, left, bottom, right });

describe('seenWhole', () => {
  const view = box(100, 0, 400, 600); // a panel's inside, below a toolbar

  it('is true for an element inside the view, to a pixel of rounding', () => {
    expect(seenWhole(box(120, 10, 150, 200), view)).toBe(true);
    expect(seenWhole(box(99.5, 10, 130, 200), view)).toBe(true);
  });

  it('is false for an element cut at any edge or outside the view (in the page, but below the panel)', () => {
    expect(seenWhole(box(380, 10, 420, 200), view)).toBe(false);
    expect(seenWhole(box(80, 10, 120, 200), view)).toBe(false);
    expect(seenWhole(box(120, 580, 150, 640), view)).toBe(false);
    expect(seenWhole(box(500, 10, 530, 200), view)).toBe(false);
  });

  it('is true for an element larger than the view that fills it, and false when it fills only part', () => {
    expect(seenWhole(box(0, 0, 900, 600), view)).toBe(true);
    expect(seenWhole(box(300, 0, 900, 600), view)).toBe(false);
  });
});

describe('movedWords', () => {
  it('says which way and how far, in whole pixels, and nothing when nothing moved', () => {
    expect(movedWords({ x: 0, y: 0 }, { x: 0, y: 58.4 })).toBe('down by 58px');
    expect(movedWords({ x: 40, y: 300 }, { x: 20, y: 100 })).toBe('up by 200px and left by 20px');
    expect(movedWords({ x: 3, y: 7 }, { x: 3.2, y: 7.3 })).toBe('');
  });
});
