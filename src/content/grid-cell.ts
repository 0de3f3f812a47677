/**
 * A data grid's cells as a person sees them: each in a column (named by its header) and a row, and the
 * editor a spreadsheet shows over the cell it edits. Handsontable keeps one text area per kind of editor,
 * hidden (transparent, a pixel high) until a cell is double-clicked, then shown over that cell, and it keeps
 * focus on it throughout: read as it was, a model saw `textbox [ref=e23]` beside `textbox [ref=e24]:
 * Scissors` (an editor closed long ago) and could not tell which cell either was. AG Grid edits inside the
 * cell itself. The column comes from the page's own `aria-colindex`, else from the cell's position under a
 * header row of as many cells. Names come out as page text: callers quote them.
 */
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { attrOf, checkVisibilityOf, closestOf, matchesOf, querySelectorAllOf, querySelectorOf, rectOf } from './dom.js';
import { isCalendarGrid } from './date-picker.js';
import { rowWordsOf } from './row-context.js';
import { quoted } from '../shared/untrusted-text.js';

const GRIDS = '[role=grid], [role=treegrid]';
const TABLES = `${GRIDS}, table, [role=table]`;
const ROWS = 'tr, [role=row]';
const CELLS = 'td, th, [role=gridcell], [role=cell], [role=columnheader], [role=rowheader]';
const CONTEXT_CHARS = 60;

/** A person sees it: not hidden, not transparent (Handsontable's closed editor is `opacity: 0`), more than a sliver. */
const SHOWN_OPAQUE: CheckVisibilityOptions = Object.assign(Object.create(null) as CheckVisibilityOptions, { visibilityProperty: true, opacityProperty: true });

/**
 * A grid a person edits or picks cells in (AG Grid, Handsontable, Tabulator…), not a date picker's month:
 * role grid or treegrid, with column headers, and not a calendar.
 */
export function isDataGrid(grid: Element): boolean {
  const role = roleOf(grid);
  if (role !== 'grid' && role !== 'treegrid') return false;
  return querySelectorOf(grid, '[role=columnheader], th') !== null && !isCalendarGrid(grid);
}

/** The cells of `row` that are its own (a grid nested in a cell keeps its cells). */
function cellsOf(row: Element): Element[] {
  return [...querySelectorAllOf(row, CELLS)].filter((cell) => closestOf(cell, ROWS) === row);
}

/** The name of the column `cell` is in: its header's by `aria-colindex`, else by its position under a header row of as many cells; or ''. */
export function columnNameOf(cell: Element): string {
  const grid = closestOf(cell, TABLES);
  if (!grid) return '';
  const index = attrOf(cell, 'aria-colindex');
  if (index !== null && /^\d+$/.test(index)) {
    for (const header of querySelectorAllOf(grid, `[aria-colindex="${index}"]`)) {
      if (roleOf(header) !== 'columnheader' || closestOf(header, TABLES) !== grid) continue;
      const name = nameOf(header, 'columnheader');
      if (name) return name;
    }
  }
  const row = closestOf(cell, ROWS);
  if (!row) return '';
  const cells = cellsOf(row);
  const at = cells.indexOf(cell);
  for (const headerRow of querySelectorAllOf(grid, ROWS)) {
    if (headerRow === row || closestOf(headerRow, TABLES) !== grid) continue;
    const headers = cellsOf(headerRow);
    if (headers.length !== cells.length || !headers.some((header) => roleOf(header) === 'columnheader')) continue;
    const header = headers[at];
    return header && roleOf(header) === 'columnheader' ? nameOf(header, 'columnheader') : '';
  }
  return '';
}

/** `column "Quantity", row "Notebooks 5 3.2"` for a cell (each part only when known), quoted, or ''. */
export function cellPlaceWords(cell: Element, withRow = true): string {
  const column = columnNameOf(cell);
  const row = withRow ? closestOf(cell, ROWS) : null;
  const rowWords = row ? rowWordsOf(row) : '';
  return [column ? `column ${quoted(column, CONTEXT_CHARS)}` : '', rowWords ? `row ${quoted(rowWords, CONTEXT_CHARS + 20)}` : ''].filter(Boolean).join(', ');
}

/** ` (column "Name", row "9 Nadia Khan …")` for a cell of a data grid, or '' (a table's cell, a calendar's day). */
export function cellPlaceSuffix(cell: Element): string {
  const grid = closestOf(cell, GRIDS);
  const place = grid && isDataGrid(grid) ? cellPlaceWords(cell) : '';
  return place ? ` (${place})` : '';
}

/** Whether a person sees `field`: shown, not transparent, bigger than a sliver (a closed editor is 1px high). */
export function isShownOpaque(field: Element): boolean {
  if (!checkVisibilityOf(field, SHOWN_OPAQUE)) return false;
  const box = rectOf(field);
  return box.width > 2 && box.height > 2;
}

/** What edits a cell: a text field, or a picker (AG Grid's select editor is a combobox in the cell). */
const EDITOR = 'input, textarea, select, [contenteditable=""], [contenteditable=true], [role=combobox]';

/** Whether `field` is an editor inside a data grid (a cell's, or a header's filter box), and that grid. */
export function inDataGrid(field: Element): Element | undefined {
  if (!matchesOf(field, EDITOR)) return undefined;
  const grid = closestOf(field, GRIDS);
  return grid && isDataGrid(grid) ? grid : undefined;
}

/**
 * The cell a grid's editor edits: the cell it is in (AG Grid edits inside the cell), else the data cell
 * under its middle (Handsontable shows its text area over the cell), or undefined for a field that edits
 * no cell (a header's filter box is in a column header, not a cell).
 */
export function editedCellOf(field: Element): Element | undefined {
  const grid = inDataGrid(field);
  if (!grid) return undefined;
  const around = closestOf(field, '[role=gridcell], td');
  if (around) return grid.contains(around) ? around : undefined;
  if (closestOf(field, '[role=columnheader], [role=rowheader], th')) return undefined;
  const box = rectOf(field);
  if (box.width <= 0 || box.height <= 0) return undefined;
  for (const hit of document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)) {
    if (field.contains(hit) || hit.contains(field)) continue;
    const cell = closestOf(hit, '[role=gridcell], td');
    if (cell && grid.contains(cell)) return cell;
  }
  return undefined;
}

/** What the act did to a grid's editor, as the observation saw it before and after. */
export interface EditorBefore {
  focus: Element;
  /** Whether a person saw the focused element before the act (Handsontable's editor keeps focus while closed). */
  focusShown: boolean;
}

/**
 * `an editor opened on gridcell "5" [ref=e7] (column "Quantity", row …): textbox [ref=e23] (value "5")`
 * when the act showed a grid's editor (focus moved into one, or the focused one, transparent before, now
 * shows over a cell), else ''. A double-click that opened Handsontable's editor said "no visible change":
 * its text area had focus before and after, and only its opacity changed.
 */
export function editorOpenedWords(focused: Element, before: EditorBefore, name: (element: Element) => string, refOf: (element: Element) => string): string {
  const typed = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement;
  if ((typed && focused.type === 'password') || (focused === before.focus && before.focusShown)) return '';
  const cell = editedCellOf(focused);
  if (!cell || !isShownOpaque(focused)) return '';
  const place = cellPlaceWords(cell);
  const how = typed
    ? `type into ${name(focused)} (value ${quoted(focused.value, 80)}), then Enter or Tab saves it`
    : `choose with select_option in ${name(focused)}, which saves it`;
  // The cell by its ref and place: its name now is the editor's (AG Grid's editor sits in the cell, labelled "Input Editor").
  return `an editor opened on the cell [ref=${refOf(cell)}]${place ? ` at ${place}` : ''}: ${how}`;
}

/** The editor's value and cell as Enter was pressed in it (the cell's words then: saving changes the row's). */
export interface EnterInEditor {
  value: string;
  cell: Element;
  place: string;
}

/** What Enter in a grid's editor is about to save, or undefined for a field that edits no cell. */
export function enterInEditor(field: Element): EnterInEditor | undefined {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.type === 'password') return undefined;
  const cell = editedCellOf(field);
  return cell ? { value: field.value, cell, place: cellPlaceWords(cell) } : undefined;
}

/**
 * After Enter in a grid's editor: the value it saved, and that the editor closed or went on to another
 * cell. Handsontable's one text area, after Enter, belongs to the next cell and holds its value: "its value
 * is now "1"" was the next row's quantity, not what was typed.
 */
export function editorAfterEnterWords(field: Element, enter: EnterInEditor): string {
  const saved = `Enter saved ${quoted(enter.value, 80)}${enter.place ? ` in the cell at ${enter.place}` : ''}`;
  if (!field.isConnected || !isShownOpaque(field)) return `${saved}; the editor closed`;
  const cell = editedCellOf(field);
  if (!cell || cell === enter.cell) return saved;
  const place = cellPlaceWords(cell);
  return `${saved}; the editor moved on to the cell${place ? ` at ${place}` : ''}`;
}
