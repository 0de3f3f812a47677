/**
 * The parts of an element's line that read_page and find share: states in brackets, the current value,
 * the summary the worker keeps per ref, and `describeElement` (one element as one line). Every value
 * that comes from the page goes through `quoted`/`oneLine` (src/shared/untrusted-text.ts), and the
 * states are fixed words, so a page can only fill the slots the grammar gives it.
 */
import type { ElementSummary } from '../runtime/page-state.js';
import { fieldValue, oneLine, quoted } from '../shared/untrusted-text.js';
import { nameOf, textOfSubtree } from './accessible-name.js';
import { isDisabled, roleOf } from './aria.js';
import { codeEditorText } from './code-editor.js';
import { attrOf, formActionOf, formMethodOf, hasAnyAttributes, hasAttrOf, innerTextOf, isEditableOf, parentElementOf, tagOf, textContentOf } from './dom.js';
import { rowContextOf } from './row-context.js';
import { isChipControl } from './chip.js';
import { calendarNameOf, calendarRoleOf, opensDatePicker } from './date-picker.js';
import { refFor } from './refs.js';
import { richTextValue } from './rich-text-markdown.js';
import { cellPlaceSuffix } from './grid-cell.js';
import { isGrabbable } from './grab-cursor.js';
import { clipName } from './name-text.js';
import { isShown } from './visibility.js';

/** Longest name shown in quotes (names are clipped shorter; the bound holds whatever calls this). */
export const MAX_NAME_CHARS = 200;
/** Longest value, link target or placeholder shown on a line; a data: URL can be megabytes. */
export const MAX_ATTRIBUTE_CHARS = 500;
/** Longest field or editor value shown: enough for a wiki page's source or a snippet, whole. */
export const MAX_VALUE_CHARS = 4_000;

/** Roles that a person can click although they are no control: labels standing alone, elements with click handlers. */
export const CLICKABLE_ROLES: ReadonlySet<string> = new Set(['label', 'clickable', 'draggable']);

/**
 * A role for text a person can click that is no control: a label tied to no visible control (a to-do
 * item's text, which takes a double-click to edit), or an element with an inline click handler.
 */
export function clickableRoleOf(element: Element, tag: string): string {
  if (tag === 'LABEL') {
    const control = (element as HTMLLabelElement).control;
    return control && isShown(control) ? '' : 'label';
  }
  if (attrOf(element, 'onclick') !== null || attrOf(element, 'ondblclick') !== null) return 'clickable';
  // An HTML5 draggable (a kanban card) is acted on by `drag`: without a ref it could not be named.
  return attrOf(element, 'draggable') === 'true' ? 'draggable' : '';
}

/**
 * The role read_page lists an element with: its ARIA role, else a click target's (`label "Repeat"`), a
 * calendar's day or arrow, or a card a person drags; '' for a wrapper. find and one element's line ask it,
 * so find searches what read_page lists: Node-RED's `<label for="">Repeat</label>` read as `label "Repeat"`
 * and find, which knew ARIA roles only, found no "Repeat". (The walk decides the same in the same order.)
 */
export function listedRoleOf(element: Element): string {
  const role = roleOf(element);
  if (role) return role;
  const tag = tagOf(element);
  // An element without attributes has no handler, class or style: only a label may be a click target.
  if (!hasAnyAttributes(element)) return tag === 'LABEL' ? clickableRoleOf(element, tag) : '';
  return clickableRoleOf(element, tag) || calendarRoleOf(element) || (isGrabbable(element) ? 'draggable' : '');
}

/** The name read_page gives an element shown with `role`: a click target's is its text. */
export function listedNameOf(element: Element, role: string): string {
  return CLICKABLE_ROLES.has(role) ? clipName(textOfSubtree(element)) : calendarNameOf(element, role, nameOf(element, role));
}

/** The summary the worker keeps per ref to judge later calls without a round trip. */
export function summarize(element: Element, role: string, name: string, row = ''): ElementSummary {
  const tag = tagOf(element);
  const summary: ElementSummary = { role, name, tag: tag.toLowerCase() };
  if (row) summary.row = row;
  if (isChipControl(element, role)) summary.chip = true;
  if (tag === 'INPUT') summary.inputType = (element as HTMLInputElement).type;
  const autocomplete = attrOf(element, 'autocomplete');
  if (autocomplete) summary.autocomplete = autocomplete;
  if (tag === 'A' || tag === 'AREA') {
    // The attribute, not the resolved URL: resolving every link costs more than the whole walk step.
    const href = attrOf(element, 'href');
    if (href !== null) summary.href = href;
  }
  if (tag === 'BUTTON' || tag === 'INPUT') {
    const control = element as HTMLButtonElement | HTMLInputElement;
    const form = control.form;
    if (form) {
      const submits = tag === 'BUTTON' ? (control as HTMLButtonElement).type === 'submit' : control.type === 'submit' || control.type === 'image';
      summary.submits = submits;
      // A submitter may override its form's method and action. The form's own through its prototype:
      // `<input name="action">` inside it makes `form.action` that input.
      summary.formMethod = (submits && attrOf(control, 'formmethod') ? control.formMethod : formMethodOf(form)) || 'get';
      summary.formAction = submits && hasAttrOf(control, 'formaction') ? control.formAction : formActionOf(form);
    }
  }
  return summary;
}

/** A heading's level: `aria-level` when it is 1–9, else the tag's (h1–h6), else 2 (ARIA's default). */
export function headingLevel(element: Element, tag: string): number {
  const level = attrOf(element, 'aria-level')?.trim();
  if (level && /^[1-9]$/.test(level)) return Number(level);
  const fromTag = /^H([1-6])$/.exec(tag)?.[1];
  return fromTag ? Number(fromTag) : 2;
}

/** Roles of fields that take typed text, whose `readonly` matters. */
const TYPED_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** The states shown in brackets, in a fixed order. */
export function statesOf(element: Element, role: string): string {
  let states = '';
  const tag = tagOf(element);
  // Most listed elements carry no attributes worth reading: skip the aria-* lookups for them.
  if (
    !hasAnyAttributes(element) &&
    tag !== 'INPUT' &&
    tag !== 'BUTTON' &&
    tag !== 'SELECT' &&
    tag !== 'TEXTAREA' &&
    tag !== 'OPTION' &&
    tag !== 'SUMMARY' &&
    role !== 'heading'
  )
    return '';
  if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
    if (tag === 'INPUT') {
      const input = element as HTMLInputElement;
      if (input.indeterminate) states += ' [checked=mixed]';
      else if (input.checked) states += ' [checked]';
    } else {
      const checked = attrOf(element, 'aria-checked');
      if (checked === 'true') states += ' [checked]';
      else if (checked === 'mixed') states += ' [checked=mixed]';
    }
  }
  if (isDisabled(element)) states += ' [disabled]';
  // A read-only field says so, and a date field that only a picker sets says that too: typing into it fails.
  if ((tag === 'INPUT' || tag === 'TEXTAREA') && (element as HTMLInputElement).readOnly && TYPED_ROLES.has(role))
    states += opensDatePicker(element) ? ' [readonly] [picker=date]' : ' [readonly]';
  if (tag === 'SUMMARY') {
    const details = parentElementOf(element);
    if (details instanceof HTMLDetailsElement && details.open) states += ' [expanded]';
  } else if (attrOf(element, 'aria-expanded') === 'true') states += ' [expanded]';
  if (role === 'heading') states += ` [level=${headingLevel(element, tag)}]`;
  if (tag === 'OPTION' ? (element as HTMLOptionElement).selected : attrOf(element, 'aria-selected') === 'true') states += ' [selected]';
  if (attrOf(element, 'aria-pressed') === 'true') states += ' [pressed]';
  // A header that sorts says so, and which way: a grid's headers looked like labels, so sorting looked impossible.
  if (role === 'columnheader' || role === 'rowheader') {
    const sort = attrOf(element, 'aria-sort');
    if (sort === 'ascending' || sort === 'descending') states += ` [sorted=${sort}]`;
    else if (sort !== null) states += ' [sortable]';
  }
  if ((tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') && (element as HTMLInputElement).required) states += ' [required]';
  return states;
}

/** The current value shown after `: `, raw (passwords masked: a snapshot must not leak them). */
export function valueOf(element: Element, role: string): string | undefined {
  const tag = tagOf(element);
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    if (role === 'checkbox' || role === 'radio' || role === 'button') return undefined;
    if (input.type === 'password') return input.value ? '••••••' : undefined;
    return input.value || undefined;
  }
  if (role === 'textbox') {
    // A rich-text editor's content as light Markdown (bold, lists, headings); a code editor's drawn lines as shown.
    const text =
      codeEditorText(element) ??
      (isEditableOf(element) ? (richTextValue(element, MAX_VALUE_CHARS * 2)?.markdown ?? innerTextOf(element as HTMLElement)) : undefined);
    if (text !== undefined) return text.slice(0, MAX_VALUE_CHARS * 2) || undefined;
  }
  if (tag === 'TEXTAREA') return (element as HTMLTextAreaElement).value || undefined;
  if (tag === 'SELECT' && role === 'combobox') return (element as HTMLSelectElement).selectedOptions[0]?.label || undefined;
  if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') {
    // <progress> and <meter> give their value as a number: a line shows it as text.
    const value: unknown = attrOf(element, 'aria-valuenow') ?? (element as HTMLInputElement).value;
    return value === undefined || value === null ? undefined : String(value);
  }
  return undefined;
}

/**
 * The text an editor textbox holds, as shown: a code editor drawn apart from its focus target (Monaco) by its
 * drawn lines, an editable element (a rich editor, a whole edited document) by its lines and blocks; undefined
 * for anything else. Its value on a line, and the text find matches in it.
 */
export function editorTextOf(element: Element): string | undefined {
  return codeEditorText(element) ?? (isEditableOf(element) ? innerTextOf(element as HTMLElement) : undefined);
}

/** `: value` for a line, one escaped bounded line keeping the value's line breaks as `\n`, or '' when the element has none. */
export function valueSuffix(value: string | undefined): string {
  return value === undefined ? '' : `: ${fieldValue(value, MAX_VALUE_CHARS)}`;
}

/** A link's target, the attribute as written, or undefined (not a link, or no target). */
export function linkUrlOf(element: Element, role: string): string | undefined {
  return (role === 'link' && attrOf(element, 'href')) || undefined;
}

/**
 * A link's target as the end of its line: ` (url: /home)`, one escaped line (a raw attribute may hold
 * line breaks and brackets, and a page must not forge tree lines through it), or '' for none.
 */
export function urlSuffix(url: string | undefined): string {
  return url ? ` (url: ${oneLine(url, MAX_ATTRIBUTE_CHARS)})` : '';
}

/**
 * `role "name"` for a line. An unnamed control in a list row or table row says which row it belongs
 * to (`checkbox in "draft report"`): without it a list of to-dos reads as a column of bare checkboxes.
 */
export function roleAndName(role: string, name: string, row: string): string {
  if (name) return `${role} ${quoted(name, MAX_NAME_CHARS)}`;
  return row ? `${role} in ${quoted(row, MAX_NAME_CHARS)}` : role;
}

/** The row an unnamed control is in (what `roleAndName` and the summary say), or ''. */
export const rowOf = (element: Element, role: string, name: string): string => (name ? '' : rowContextOf(element, role));

/**
 * One line for one element (used by find and by action summaries): `button "Submit" [ref=e12]`.
 * Elements without a role read as `generic`; every described element gets a ref.
 */
export function describeElement(element: Element, refPrefix = ''): { line: string; ref: string; role: string; name: string; summary: ElementSummary } {
  // Named as read_page names it: a plain card a person drags reads `draggable "Write report"`, a label alone `label "Repeat"`.
  const role = listedRoleOf(element) || 'generic';
  const name = role === 'generic' ? textContentOf(element).replace(/\s+/g, ' ').trim().slice(0, 80) : listedNameOf(element, role);
  const ref = refFor(element);
  const row = rowOf(element, role, name);
  let line = roleAndName(role, name, row);
  line += statesOf(element, role);
  line += ` [ref=${refPrefix}${ref}]`;
  // A data grid's cell found alone says where it is: its column and its row.
  if (role === 'gridcell') line += cellPlaceSuffix(element);
  line += valueSuffix(valueOf(element, role));
  line += urlSuffix(linkUrlOf(element, role));
  return { line, ref, role, name, summary: summarize(element, role, name, row) };
}
