/**
 * Cells a grid draws twice. Handsontable lays copies of parts of its table over the main one, for its
 * headers and its frozen rows and columns (`ht_clone_top`, `ht_clone_inline_start`, the corner), with the
 * same `aria-rowindex` on their rows and `aria-colindex` on their cells: a read listed a frozen row's cells
 * in the main table and again in the copy. A cell is the one already listed when its grid, its row's
 * `aria-rowindex` and its `aria-colindex` are the same: the page itself says they stand at one place.
 * A heuristic, on the page's own indexes only: cells without both are never compared. The copy lies over the
 * cell that is listed, so a pointer at that cell lands on the copy: `isCopyOfCell` says when that is the same cell.
 */
import { attrOf, closestOf, querySelectorAllOf, textContentOf } from './dom.js';

const GRID_SELECTOR = '[role=grid], [role=treegrid], [role=table]';
const CELL_ROLES: ReadonlySet<string> = new Set(['gridcell', 'columnheader', 'rowheader', 'cell']);

/** Where a cell stands, by the page's own indexes, with its grid; undefined when the page does not say. */
function placeOf(cell: Element): { grid: Element; key: string } | undefined {
  const column = attrOf(cell, 'aria-colindex');
  const rowElement = column === null ? null : closestOf(cell, '[role=row]');
  const row = rowElement ? attrOf(rowElement, 'aria-rowindex') : null;
  const grid = row === null || !rowElement ? null : closestOf(rowElement, GRID_SELECTOR);
  return grid ? { grid, key: `${row}:${column}` } : undefined;
}

/** The cells listed so far in one read, per grid. */
export class DrawnCells {
  private readonly listed = new Map<Element, Set<string>>();

  /** Whether `element` (a cell) is a copy of a cell already listed. */
  drawnAgain(element: Element, role: string): boolean {
    if (!CELL_ROLES.has(role)) return false;
    const place = placeOf(element);
    return place !== undefined && this.listed.get(place.grid)?.has(place.key) === true;
  }

  /** Whether every cell of `row` that says where it stands is a copy of one listed (a frozen row's copy). */
  rowDrawnAgain(row: Element): boolean {
    const cells = querySelectorAllOf(row, '[aria-colindex]');
    if (cells.length === 0) return false;
    for (const cell of cells) if (!this.drawnAgain(cell, 'cell')) return false;
    return true;
  }

  /** Notes a listed cell. */
  add(element: Element, role: string): void {
    if (!CELL_ROLES.has(role)) return;
    const place = placeOf(element);
    if (!place) return;
    let keys = this.listed.get(place.grid);
    if (!keys) this.listed.set(place.grid, (keys = new Set()));
    keys.add(place.key);
  }
}

/** What a pointer can act on apart from the cell it is in. */
const CONTROLS = 'a[href], button, input, select, textarea, [contenteditable], [role=button], [role=link], [role=checkbox], [role=menuitem]';

/**
 * Whether `hit`, where a pointer aimed at the cell `element` lands, is that cell drawn again over it: a cell at the
 * same place in the same grid, with the same words, and no control of its own under the point (Handsontable selects
 * a frozen cell through its copy, as a person's click does). A heuristic: a copy with other words, or a control at
 * the point (in the copy or around it), is still a cover.
 */
export function isCopyOfCell(element: Element, hit: Element): boolean {
  const place = attrOf(element, 'aria-colindex') === null ? undefined : placeOf(element);
  const copy = place ? closestOf(hit, '[aria-colindex]') : null;
  const other = copy && copy !== element ? placeOf(copy) : undefined;
  if (!place || !copy || !other || other.grid !== place.grid || other.key !== place.key) return false;
  if (textContentOf(copy) !== textContentOf(element)) return false;
  // Nothing a person could act on may be at the point, in the copy or around it: a cell is pressed, not a control.
  return closestOf(hit, CONTROLS) === null;
}
