/**
 * Field values as the browser's own editing sets them, so frameworks (React's value tracker, Vue's
 * v-model) see each change, and the kinds of field a person can type into.
 */
import { ToolError } from '../runtime/errors.js';
import { roleOf } from './aria.js';
import { opensDatePicker } from './date-picker.js';
import { label } from './target.js';
import { isCodeEditorInput } from './code-editor.js';
import { frameIndexOf } from './frame-element.js';
import { cellPlaceWords } from './grid-cell.js';
import { closestOf } from './dom.js';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);

/**
 * Sets a value the way the browser's own editing does: through the prototype's native setter, so a
 * framework's instance-level value tracker (React) still holds the old value and sees the change when
 * the input event arrives. Must stay: assigning `element.value` directly is invisible to React.
 */
export function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const prototype =
    element instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : element instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

/** Fires `input` with an inputType, as editing does. */
export function fireInput(element: Element, inputType: string, data: string | null): void {
  element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data }));
}
/** Fires `change`. */
export function fireChange(element: Element): void {
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** True for inputs and textareas a person can type into. */
export function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type);
}

/** True for a contenteditable element. */
export function isContentEditable(element: Element): element is HTMLElement {
  return element instanceof HTMLElement && element.isContentEditable;
}

/** What typing into the element would edit: a one-line field, a text area, an editable area, or nothing. */
export function editableKind(element: Element): 'field' | 'textarea' | 'editable' | undefined {
  // A code editor's focus target (Monaco's) edits the editor: typed in one piece, so its auto-brackets cannot rewrite it.
  if (isCodeEditorInput(element)) return 'editable';
  if (isTextField(element)) return element instanceof HTMLTextAreaElement ? 'textarea' : 'field';
  return isContentEditable(element) ? 'editable' : undefined;
}

/**
 * NOT_EDITABLE, with a hint for what the element takes instead. For a frame, its place in `window.frames` goes
 * along (`frameIndex`), so the worker can name the field inside it (src/tools/page/frame-fields.ts).
 */
export function notEditable(element: Element): ToolError {
  if (element instanceof HTMLIFrameElement || element instanceof HTMLFrameElement) {
    const index = frameIndexOf(element);
    return new ToolError('NOT_EDITABLE', `${label(element)} is a frame: what takes typed text is inside it.`, {
      suggestion: 'Read it (read_page with its ref) and use the ref of the textbox inside.',
      ...(index !== null ? { details: { frameIndex: index } } : {}),
    });
  }
  const role = roleOf(element);
  if (role === 'gridcell' || role === 'cell') return cellNotEditable(element);
  const hint =
    role === 'checkbox' || role === 'radio'
      ? 'Use click to tick it, or fill_form with "true"/"false".'
      : role === 'combobox' || role === 'listbox'
        ? 'Use select_option for dropdowns.'
        : 'Find the text field itself (read_page with filter "interactive" lists textboxes).';
  return new ToolError('NOT_EDITABLE', `${label(element)} does not accept typed text.`, { suggestion: hint });
}

/**
 * NOT_EDITABLE for a grid's cell, saying how a person edits one: a spreadsheet's cell (AG Grid,
 * Handsontable) takes no typing until its editor opens, and "find the text field itself" sent a model
 * looking for a field that exists only once the cell is double-clicked.
 */
function cellNotEditable(cell: Element): ToolError {
  const place = cellPlaceWords(cell);
  const readOnly = closestOf(cell, '[aria-readonly="true"]') !== null;
  return new ToolError(
    'NOT_EDITABLE',
    `${label(cell)}${place ? ` (${place})` : ''} is a grid's cell, not a text field${readOnly ? ', and the grid marks it read-only' : ''}.`,
    {
      suggestion: readOnly
        ? 'Its value is set by the page; look for another control that changes it.'
        : 'Open its editor as a person does: double-click it (click with click_count 2), or click it and press Enter; the result names the editor’s textbox. Then type into that textbox with submit: true (Enter saves the cell).',
    },
  );
}

/**
 * NOT_EDITABLE for a read-only field. A date field that only takes a date from its picker says how a
 * person sets it (open the picker, click the day) instead of "set by the page", which left a model with
 * no way forward.
 */
export function readOnlyError(element: Element): ToolError {
  if (opensDatePicker(element)) {
    return new ToolError('NOT_EDITABLE', `${label(element)} is read-only: its date is chosen in a date picker, not typed.`, {
      suggestion:
        'Click the field to open its calendar, then read_page and click the day by its name (e.g. "10 January 2027"); the calendar\'s "previous month"/"next month" buttons change the month.',
      details: { picker: 'date' },
    });
  }
  return new ToolError('NOT_EDITABLE', `${label(element)} is read-only.`, {
    suggestion: 'Its value is set by the page; look for another control that changes it.',
  });
}

/** Selects the whole content of an element. */
export function selectContents(element: HTMLElement): void {
  const selection = getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
