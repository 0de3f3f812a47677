/** The clauses a drag's line begins with (drag-report.ts), and when a line joins a drag's two ends (drop-effects.ts). */
import { describe, expect, it } from 'vitest';
import { joins } from '../../content/drop-effects.js';
import { dragClauses } from './drag-report.js';

const stayed = { moved: false, stayed: true, item: 'item "Inject"', place: 'item "Inject" is still 1st of 2 in list "Nodes": the page did not move it' };
const appeared = 'draggable "Inject" [ref=e9] appeared at (430, 130)';

describe('what a drag is told to have done', () => {
  it('a palette item that stayed while a node appeared where it fell is a copy dropped, and that is an effect', () => {
    expect(dragClauses(stayed, { connections: [], appeared, elements: {} })).toEqual({
      clauses: [`a copy was dropped: ${appeared}, and item "Inject" stayed where it was`],
      effect: true,
    });
  });

  it('an item that stayed with nothing new is still the page not moving it, and no effect', () => {
    expect(dragClauses(stayed, { connections: [], elements: {} })).toEqual({ clauses: [stayed.place], effect: false });
  });

  it('an item that moved is the move, not a copy, even where the page drew it anew', () => {
    const moved = { moved: true, stayed: false, item: 'item "A"', place: 'item "A" moved from list "To do" to list "Done", now 1st of 1' };
    expect(dragClauses(moved, { connections: [], appeared: 'item "A" [ref=e3] appeared at (5, 5)', elements: {} })).toEqual({
      clauses: [moved.place],
      effect: true,
    });
  });

  it('a connection drawn from a point is told, and is an effect', () => {
    const connection = 'a connection was drawn from draggable "Timer" to draggable "Log"';
    expect(dragClauses(undefined, { connections: [connection], elements: {} })).toEqual({ clauses: [connection], effect: true });
    expect(dragClauses(undefined, undefined)).toEqual({ clauses: [], effect: false });
  });
});

describe('a line joins the drag’s ends', () => {
  const from = { x: 100, y: 100 };
  const to = { x: 300, y: 200 };
  /** A line from (ax, ay) to (bx, by). */
  const line = (ax: number, ay: number, bx: number, by: number): Parameters<typeof joins>[0] => [
    { x: ax, y: ay },
    { x: bx, y: by },
  ];
  it('either way round, within the slack', () => {
    expect(joins(line(105, 98, 290, 210), from, to)).toBe(true);
    expect(joins(line(300, 200, 100, 100), from, to)).toBe(true);
  });
  it('not when one end is elsewhere (a wire let go on the canvas, an old wire from the same port)', () => {
    expect(joins(line(100, 100, 500, 200), from, to)).toBe(false);
    expect(joins(line(100, 140, 300, 200), from, to)).toBe(false);
  });
});
