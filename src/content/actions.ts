/**
 * Actions as a person makes them: bring the target into view, check it is visible, enabled and not
 * covered (naming what covers it), then dispatch the whole event sequence a real pointer or keyboard
 * would cause. Values are set through the native value setter followed by input/change events, so
 * framework-controlled inputs (React's value tracker, Vue's v-model) see the change.
 */
import { ToolError } from '../runtime/errors.js';
import { isDisabled, isFocusable, nameOf, roleOf } from './aria.js';
import { flashHighlight } from './highlight.js';
import { isShown } from './snapshot.js';

export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';
type Point = { x: number; y: number };

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);
const VALUE_INPUT_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'range', 'color']);

/** How messages name an element: `button "Submit"` (no ref: in a frame the model knows it with a prefix). */
export function label(element: Element): string {
  const role = roleOf(element) || element.tagName.toLowerCase();
  const name = roleOf(element) ? nameOf(element, role) : (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  return name ? `${role} ${JSON.stringify(name)}` : role;
}

function containsComposed(ancestor: Element, node: Node | null): boolean {
  for (let current = node; current; ) {
    if (current === ancestor) return true;
    current = current.parentNode ?? ((current as ShadowRoot).host as Node | undefined) ?? null;
    if (current instanceof ShadowRoot) current = current.host;
  }
  return false;
}

/** The innermost element at a point, looking through open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let element = document.elementFromPoint(x, y);
  while (element?.shadowRoot) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

function describeCover(cover: Element): string {
  // Name the outermost meaningful part of the cover: an overlay's own role/name beats a span inside it.
  let best: Element = cover;
  for (let current: Element | null = cover; current && current !== document.body; current = current.parentElement) {
    const style = getComputedStyle(current);
    if (style.position === 'fixed' || style.position === 'absolute' || roleOf(current) === 'dialog') best = current;
  }
  const role = roleOf(best);
  const name = role ? nameOf(best, role) : (best.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const id = best.id ? `#${best.id}` : '';
  const cls = typeof best.className === 'string' && best.className.trim() ? `.${best.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
  return `${best.tagName.toLowerCase()}${id}${cls}${role ? ` (${role})` : ''}${name ? ` "${name}"` : ''}`;
}

/**
 * Scrolls into view and checks the element can be acted on like a person would. Returns the point a
 * pointer would use. `checkCovered` is off for scroll-only actions.
 */
export function prepareTarget(element: Element, options: { checkCovered: boolean; needEnabled: boolean }): Point {
  const rectBefore = element.getBoundingClientRect();
  const inView = rectBefore.top >= 0 && rectBefore.left >= 0 && rectBefore.bottom <= innerHeight && rectBefore.right <= innerWidth;
  if (!inView) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const rects = element.getClientRects();
  const rect = rects[0] ?? element.getBoundingClientRect();
  if (!isShown(element) || rect.width === 0 || rect.height === 0) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', `${label(element)} is not visible on the page.`, {
      suggestion: 'It may be hidden, collapsed or in a closed menu. Open the section that contains it (click its toggle), or call read_page to find a visible alternative.',
    });
  }
  if (options.needEnabled && isDisabled(element)) {
    throw new ToolError('ELEMENT_DISABLED', `${label(element)} is disabled.`, {
      suggestion: 'Something else must happen first (often: fill the required fields or tick a checkbox). Call read_page to see what the form still needs.',
    });
  }
  const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
  if (options.checkCovered) {
    const hit = deepElementFromPoint(x, y);
    const labelOfTarget = hit?.closest('label');
    const isOwnLabel = labelOfTarget !== null && labelOfTarget !== undefined && (labelOfTarget as HTMLLabelElement).control === element;
    if (hit && !containsComposed(element, hit) && !isOwnLabel) {
      const cover = describeCover(hit);
      throw new ToolError('ELEMENT_COVERED', `${label(element)} is covered by ${cover}, which would receive the click.`, {
        suggestion: 'Close or dismiss the covering element first (e.g. a cookie banner or dialog: find its close/accept button), then try again.',
        details: { coveredBy: cover },
      });
    }
  }
  return { x, y };
}

interface EventOptions {
  modifiers: readonly Modifier[];
  button?: 'left' | 'right' | 'middle';
  detail?: number;
}

function mouseInit(point: Point, options: EventOptions, buttonsDown: boolean): PointerEventInit {
  const button = options.button === 'right' ? 2 : options.button === 'middle' ? 1 : 0;
  const buttons = buttonsDown ? (button === 2 ? 2 : button === 1 ? 4 : 1) : 0;
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    clientX: point.x,
    clientY: point.y,
    screenX: point.x + screenX,
    screenY: point.y + screenY,
    button,
    buttons,
    detail: options.detail ?? 0,
    ctrlKey: options.modifiers.includes('Control'),
    shiftKey: options.modifiers.includes('Shift'),
    altKey: options.modifiers.includes('Alt'),
    metaKey: options.modifiers.includes('Meta'),
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
  };
}

function pointer(target: Element, type: string, init: PointerEventInit): boolean {
  return target.dispatchEvent(new PointerEvent(type, init));
}
function mouse(target: Element, type: string, init: MouseEventInit): boolean {
  return target.dispatchEvent(new MouseEvent(type, init));
}

/** The pointer arriving over an element: over/enter/move, pointer then mouse. */
export function dispatchHover(target: Element, point: Point, modifiers: readonly Modifier[] = []): void {
  const init = mouseInit(point, { modifiers }, false);
  pointer(target, 'pointerover', init);
  pointer(target, 'pointerenter', { ...init, bubbles: false });
  mouse(target, 'mouseover', init);
  mouse(target, 'mouseenter', { ...init, bubbles: false });
  pointer(target, 'pointermove', init);
  mouse(target, 'mousemove', init);
}

function focusTarget(element: Element): void {
  let focusable: Element | null = element;
  while (focusable && !isFocusable(focusable)) focusable = focusable.parentElement;
  if (focusable instanceof HTMLElement || focusable instanceof SVGElement) focusable.focus({ preventScroll: true });
}

/** A full click: hover, then per click pointerdown/mousedown/focus/pointerup/mouseup/click, then dblclick. */
export function dispatchClick(target: Element, point: Point, options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] }): void {
  dispatchHover(target, point, options.modifiers);
  for (let detail = 1; detail <= options.clickCount; detail++) {
    const down = mouseInit(point, { ...options, detail }, true);
    const up = mouseInit(point, { ...options, detail }, false);
    pointer(target, 'pointerdown', down);
    const mousedownAllowed = mouse(target, 'mousedown', down);
    if (mousedownAllowed && detail === 1) focusTarget(target);
    pointer(target, 'pointerup', up);
    mouse(target, 'mouseup', up);
    if (options.button === 'left') mouse(target, 'click', up);
    else if (options.button === 'middle') pointer(target, 'auxclick', up);
    else mouse(target, 'contextmenu', up);
  }
  if (options.clickCount >= 2 && options.button === 'left') mouse(target, 'dblclick', mouseInit(point, { ...options, detail: 2 }, false));
}

// ---------- values ----------

/**
 * Sets a value the way the browser's own editing does: through the prototype's native setter, so a
 * framework's instance-level value tracker (React) still holds the old value and sees the change when
 * the input event arrives. Must stay: assigning `element.value` directly is invisible to React.
 */
export function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

function fireInput(element: Element, inputType: string, data: string | null): void {
  element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data }));
}
function fireChange(element: Element): void {
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** True for inputs and textareas a person can type into. */
export function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type);
}

function isContentEditable(element: Element): element is HTMLElement {
  return element instanceof HTMLElement && element.isContentEditable;
}

function notEditable(element: Element): ToolError {
  const role = roleOf(element);
  const hint =
    role === 'checkbox' || role === 'radio' ? 'Use click to tick it, or fill_form with "true"/"false".'
    : role === 'combobox' || role === 'listbox' ? 'Use select_option for dropdowns.'
    : 'Find the text field itself (read_page with filter "interactive" lists textboxes).';
  return new ToolError('NOT_EDITABLE', `${label(element)} does not accept typed text.`, { suggestion: hint });
}

function keyboardInit(key: string, modifiers: readonly Modifier[]): KeyboardEventInit {
  return {
    key,
    code: keyCode(key),
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    ctrlKey: modifiers.includes('Control'),
    shiftKey: modifiers.includes('Shift'),
    altKey: modifiers.includes('Alt'),
    metaKey: modifiers.includes('Meta'),
  };
}

function keyCode(key: string): string {
  if (key.length === 1) {
    if (/[a-z]/i.test(key)) return `Key${key.toUpperCase()}`;
    if (/[0-9]/.test(key)) return `Digit${key}`;
    if (key === ' ') return 'Space';
    return '';
  }
  return key;
}

/** Inserts text at the caret of a text field (respecting maxlength, as typing would). */
function insertIntoField(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const value = field.value;
  let start = value.length;
  let end = value.length;
  try {
    start = field.selectionStart ?? value.length;
    end = field.selectionEnd ?? value.length;
  } catch {
    // email/number inputs have no selection API: typing appends.
  }
  const room = field.maxLength > 0 ? Math.max(0, field.maxLength - (value.length - (end - start))) : Infinity;
  const inserted = text.slice(0, room);
  if (!inserted) return;
  setNativeValue(field, value.slice(0, start) + inserted + value.slice(end));
  try {
    field.setSelectionRange(start + inserted.length, start + inserted.length);
  } catch {
    // see above
  }
  fireInput(field, inserted === '\n' ? 'insertLineBreak' : 'insertText', inserted);
}

/** One typed character: keydown, keypress, beforeinput, the value change, input, keyup. */
function typeCharacter(field: HTMLInputElement | HTMLTextAreaElement, char: string): void {
  const key = char === '\n' ? 'Enter' : char;
  const init = keyboardInit(key, []);
  const allowed = field.dispatchEvent(new KeyboardEvent('keydown', init));
  if (allowed && field.dispatchEvent(new KeyboardEvent('keypress', init))) {
    const before = field.dispatchEvent(new InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType: 'insertText', data: char }));
    if (before) insertIntoField(field, char);
  }
  field.dispatchEvent(new KeyboardEvent('keyup', init));
}

function clearField(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (!field.value) return;
  setNativeValue(field, '');
  fireInput(field, 'deleteContentBackward', null);
}

function selectContents(element: HTMLElement): void {
  const selection = getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Types into a contenteditable through the editing commands, so its own input events fire. */
function typeIntoEditable(element: HTMLElement, text: string, clear: boolean): void {
  element.focus({ preventScroll: true });
  if (clear) {
    selectContents(element);
    if (!document.execCommand('delete')) element.textContent = '';
  } else {
    const selection = getSelection();
    if (selection && !element.contains(selection.anchorNode)) {
      selectContents(element);
      selection.collapseToEnd();
    }
  }
  if (!document.execCommand('insertText', false, text)) {
    element.append(document.createTextNode(text));
    fireInput(element, 'insertText', text);
  }
}

function submitFormOf(element: Element): boolean {
  const form = (element as HTMLInputElement).form ?? element.closest('form');
  if (!form) return false;
  // Enter in a field submits through the default button when there is one, as the browser does.
  const submitter = form.querySelector<HTMLElement>('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
  if (submitter && !isDisabled(submitter)) submitter.click();
  else form.requestSubmit();
  return true;
}

/** `type`: text into a field or contenteditable, as keystrokes. */
export function typeText(element: Element, text: string, options: { clear: boolean; submit: boolean }): string {
  if (!isTextField(element) && !isContentEditable(element)) throw notEditable(element);
  const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
  if (isTextField(element) && element.readOnly) {
    throw new ToolError('NOT_EDITABLE', `${label(element)} is read-only.`, { suggestion: 'Its value is set by the page; look for another control that changes it.' });
  }
  flashHighlight(element);
  dispatchClick(element, point, { button: 'left', clickCount: 1, modifiers: [] });
  if (isTextField(element)) {
    element.focus({ preventScroll: true });
    if (options.clear) clearField(element);
    else {
      try {
        element.setSelectionRange(element.value.length, element.value.length);
      } catch {
        // no selection API on this input type
      }
    }
    for (const char of text) typeCharacter(element, char);
    fireChange(element);
  } else {
    typeIntoEditable(element as HTMLElement, text, options.clear);
  }
  let submitted = false;
  if (options.submit) {
    const init = keyboardInit('Enter', []);
    if (element.dispatchEvent(new KeyboardEvent('keydown', init))) submitted = submitFormOf(element);
    element.dispatchEvent(new KeyboardEvent('keyup', init));
  }
  const shown = isTextField(element) && element.type === 'password' ? '(password hidden)' : JSON.stringify(isTextField(element) ? element.value : element.textContent ?? '');
  return `Typed ${[...text].length} characters into ${label(element)}; its value is now ${shown}${options.submit ? (submitted ? '; submitted its form' : '; pressed Enter (no form to submit)') : ''}.`;
}

// ---------- selects ----------

function optionList(select: HTMLSelectElement): string[] {
  return [...select.options].slice(0, 50).map((option) => (option.value && option.value !== option.label.trim() ? `${option.label.trim()} (value ${option.value})` : option.label.trim()));
}

function matchOption(select: HTMLSelectElement, wanted: string): HTMLOptionElement | undefined {
  const options = [...select.options];
  const lower = wanted.trim().toLowerCase();
  return (
    options.find((option) => option.value === wanted) ??
    options.find((option) => option.label.trim() === wanted.trim()) ??
    options.find((option) => option.label.trim().toLowerCase() === lower) ??
    options.find((option) => option.value.toLowerCase() === lower)
  );
}

/** `select_option`: picks options of a native select by label or value. */
export function selectOptions(element: Element, values: readonly string[]): { summary: string; selected: string[] } {
  if (!(element instanceof HTMLSelectElement)) {
    throw new ToolError('NOT_A_SELECT', `${label(element)} is not a dropdown (<select>).`, {
      suggestion: 'For a custom dropdown, click it to open the list, then click the option (find can locate it by its text).',
    });
  }
  const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
  if (!element.multiple && values.length > 1) {
    throw new ToolError('TOO_MANY_VALUES', `${label(element)} allows only one choice, but ${values.length} were given.`, { suggestion: 'Pass exactly one value.' });
  }
  const chosen: HTMLOptionElement[] = [];
  for (const value of values) {
    const option = matchOption(element, value);
    if (!option) {
      throw new ToolError('OPTION_NOT_FOUND', `${label(element)} has no option "${value}".`, {
        suggestion: 'Use one of the listed options, by its label or value.',
        details: { options: optionList(element), optionCount: element.options.length },
      });
    }
    if (option.disabled) {
      throw new ToolError('ELEMENT_DISABLED', `The option "${option.label.trim()}" of ${label(element)} is disabled.`, { suggestion: 'Choose another option.' });
    }
    chosen.push(option);
  }
  flashHighlight(element);
  dispatchHover(element, point);
  focusTarget(element);
  if (element.multiple) for (const option of element.options) option.selected = chosen.includes(option);
  else if (chosen[0]) setNativeValue(element, chosen[0].value);
  fireInput(element, 'insertReplacementText', null);
  fireChange(element);
  const selected = [...element.selectedOptions].map((option) => option.label.trim());
  return { summary: `Selected ${selected.map((s) => JSON.stringify(s)).join(', ') || 'nothing'} in ${label(element)}.`, selected };
}

// ---------- forms ----------

function parseBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on', 'checked', '1'].includes(v)) return true;
  if (['false', 'no', 'off', 'unchecked', '0', ''].includes(v)) return false;
  return undefined;
}

/** Fills one field of `fill_form`; returns a one-line result or throws a ToolError. */
export function fillField(element: Element, value: string): string {
  const role = roleOf(element);
  if (role === 'checkbox' || role === 'radio' || role === 'switch') {
    const want = parseBoolean(value);
    if (want === undefined) {
      throw new ToolError('INVALID_VALUE', `${label(element)} takes "true" or "false", not ${JSON.stringify(value)}.`, { suggestion: 'Use "true" to tick it and "false" to untick it.' });
    }
    const checked = element instanceof HTMLInputElement ? element.checked : element.getAttribute('aria-checked') === 'true';
    if (checked === want) {
      prepareTarget(element, { checkCovered: false, needEnabled: true });
      return `${label(element)} was already ${want ? 'checked' : 'unchecked'}.`;
    }
    if (!want && role === 'radio') {
      throw new ToolError('INVALID_VALUE', `${label(element)} is a radio button; it cannot be unticked directly.`, { suggestion: 'Tick another radio button of the same group instead.' });
    }
    const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
    flashHighlight(element);
    dispatchClick(element, point, { button: 'left', clickCount: 1, modifiers: [] });
    return `${want ? 'Checked' : 'Unchecked'} ${label(element)}.`;
  }
  if (element instanceof HTMLSelectElement) return selectOptions(element, element.multiple ? value.split(',').map((v) => v.trim()) : [value]).summary;
  if (element instanceof HTMLInputElement && VALUE_INPUT_TYPES.has(element.type)) {
    prepareTarget(element, { checkCovered: true, needEnabled: true });
    flashHighlight(element);
    element.focus({ preventScroll: true });
    const previous = element.value;
    setNativeValue(element, value);
    if (value && !element.value) {
      setNativeValue(element, previous); // a rejected value must not wipe what was there
      const formats: Record<string, string> = { date: 'YYYY-MM-DD', 'datetime-local': 'YYYY-MM-DDTHH:MM', month: 'YYYY-MM', week: 'YYYY-Www', time: 'HH:MM', color: '#rrggbb', range: 'a number' };
      throw new ToolError('INVALID_VALUE', `${label(element)} did not accept ${JSON.stringify(value)}.`, { suggestion: `Use the format ${formats[element.type] ?? 'the field expects'}.` });
    }
    fireInput(element, 'insertReplacementText', value);
    fireChange(element);
    return `Set ${label(element)} to ${JSON.stringify(element.value)}.`;
  }
  if (isTextField(element)) {
    const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
    if (element.readOnly) throw new ToolError('NOT_EDITABLE', `${label(element)} is read-only.`, { suggestion: 'Its value is set by the page.' });
    flashHighlight(element);
    dispatchClick(element, point, { button: 'left', clickCount: 1, modifiers: [] });
    setNativeValue(element, element.maxLength > 0 ? value.slice(0, element.maxLength) : value);
    fireInput(element, 'insertReplacementText', value);
    fireChange(element);
    const shown = element.type === 'password' ? '(password hidden)' : JSON.stringify(element.value);
    return `Filled ${label(element)} with ${shown}.`;
  }
  if (isContentEditable(element)) {
    prepareTarget(element, { checkCovered: true, needEnabled: true });
    flashHighlight(element);
    typeIntoEditable(element, value, true);
    return `Filled ${label(element)}.`;
  }
  throw notEditable(element);
}

// ---------- keys ----------

const MODIFIER_NAMES: Record<string, Modifier> = { control: 'Control', ctrl: 'Control', shift: 'Shift', alt: 'Alt', option: 'Alt', meta: 'Meta', cmd: 'Meta', command: 'Meta' };
const NAMED_KEYS = new Map(
  ['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Insert', 'ContextMenu', ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`)].map((k) => [k.toLowerCase(), k]),
);
NAMED_KEYS.set('esc', 'Escape');
NAMED_KEYS.set('return', 'Enter');
NAMED_KEYS.set('space', ' ');
NAMED_KEYS.set('up', 'ArrowUp');
NAMED_KEYS.set('down', 'ArrowDown');
NAMED_KEYS.set('left', 'ArrowLeft');
NAMED_KEYS.set('right', 'ArrowRight');

/** Parses `Control+Shift+A` into modifiers and a key. Exported for unit tests. */
export function parseKeyCombo(combo: string): { key: string; modifiers: Modifier[] } {
  const parts = combo.endsWith('++') ? [...combo.slice(0, -2).split('+'), '+'] : combo.split('+');
  const keyPart = parts.pop() ?? '';
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const modifier = MODIFIER_NAMES[part.trim().toLowerCase()];
    if (!modifier) throw new ToolError('INVALID_KEY', `"${part}" in "${combo}" is not a modifier.`, { suggestion: 'Modifiers are Control, Shift, Alt and Meta, e.g. "Control+A" or "Shift+Tab".' });
    modifiers.push(modifier);
  }
  if (keyPart.length === 1) return { key: keyPart, modifiers };
  const named = NAMED_KEYS.get(keyPart.trim().toLowerCase());
  if (!named) {
    throw new ToolError('INVALID_KEY', `"${keyPart}" is not a key name.`, { suggestion: 'Use a single character or a key name such as Enter, Escape, Tab, Backspace, ArrowDown, PageDown, Home, F5.' });
  }
  return { key: named, modifiers };
}

function deepActiveElement(): Element {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active ?? document.body;
}

function focusables(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable=""], [contenteditable="true"]')].filter(
    (element) => element.tabIndex >= 0 && !isDisabled(element) && isShown(element) && !(element instanceof HTMLInputElement && element.type === 'hidden'),
  );
}

/** What a key does by default when the page does not prevent it (synthetic events do nothing by themselves). */
function defaultKeyAction(target: Element, key: string, modifiers: readonly Modifier[]): void {
  const ctrl = modifiers.includes('Control') || modifiers.includes('Meta');
  if (ctrl && key.toLowerCase() === 'a') {
    if (isTextField(target)) target.select();
    else if (isContentEditable(target)) selectContents(target);
    else document.execCommand('selectAll');
    return;
  }
  if (key === 'Tab') {
    const list = focusables();
    const index = list.indexOf(target as HTMLElement);
    const next = list[(index + (modifiers.includes('Shift') ? -1 : 1) + list.length) % list.length];
    next?.focus();
    return;
  }
  if (isTextField(target) && !target.readOnly) {
    if (key === 'Enter') {
      if (target instanceof HTMLTextAreaElement) insertIntoField(target, '\n');
      else submitFormOf(target);
    } else if (key === 'Backspace' || key === 'Delete') {
      let start = target.value.length;
      let end = start;
      try {
        start = target.selectionStart ?? start;
        end = target.selectionEnd ?? end;
      } catch {
        // no selection API: delete from the end
      }
      if (start === end) {
        if (key === 'Backspace') start = Math.max(0, start - 1);
        else end = Math.min(target.value.length, end + 1);
      }
      setNativeValue(target, target.value.slice(0, start) + target.value.slice(end));
      fireInput(target, key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward', null);
    } else if (key.length === 1 && !ctrl) insertIntoField(target, key);
    return;
  }
  if (target instanceof HTMLSelectElement && (key === 'ArrowDown' || key === 'ArrowUp')) {
    const next = target.selectedIndex + (key === 'ArrowDown' ? 1 : -1);
    if (next >= 0 && next < target.options.length) {
      target.selectedIndex = next;
      fireInput(target, 'insertReplacementText', null);
      fireChange(target);
    }
    return;
  }
  if ((key === 'Enter' || key === ' ') && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target.tagName === 'SUMMARY' || roleOf(target) === 'button' || roleOf(target) === 'link')) {
    if (key === 'Enter' || !(target instanceof HTMLAnchorElement)) (target as HTMLElement).click();
    return;
  }
  if (key === ' ' && target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
    target.click();
    return;
  }
  if (isContentEditable(target)) {
    if (key === 'Enter') document.execCommand('insertParagraph');
    else if (key === 'Backspace') document.execCommand('delete');
    else if (key === 'Delete') document.execCommand('forwardDelete');
    else if (key.length === 1 && !ctrl) document.execCommand('insertText', false, key);
    return;
  }
  const page = document.scrollingElement ?? document.documentElement;
  const scrolls: Record<string, number> = { PageDown: innerHeight * 0.9, PageUp: -innerHeight * 0.9, ArrowDown: 40, ArrowUp: -40, ' ': innerHeight * 0.9, End: page.scrollHeight, Home: -page.scrollHeight };
  const dy = scrolls[key];
  if (dy !== undefined) page.scrollBy({ top: modifiers.includes('Shift') && key === ' ' ? -dy : dy, behavior: 'instant' });
}

/** `press_key`: a key (with modifiers) on the focused element, or on `element` after focusing it. */
export function pressKey(combo: string, element: Element | undefined): string {
  const { key, modifiers } = parseKeyCombo(combo);
  if (element) {
    prepareTarget(element, { checkCovered: false, needEnabled: true });
    flashHighlight(element);
    focusTarget(element);
  }
  const target = element && isFocusable(element) ? element : deepActiveElement();
  const init = keyboardInit(key, modifiers);
  const allowed = target.dispatchEvent(new KeyboardEvent('keydown', init));
  if (allowed) {
    const printable = key.length === 1 && !init.ctrlKey && !init.metaKey;
    const pressAllowed = !printable && key !== 'Enter' ? true : target.dispatchEvent(new KeyboardEvent('keypress', init));
    if (pressAllowed) defaultKeyAction(target, key, modifiers);
  }
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  const where = target === document.body || target === document.documentElement ? 'the page' : label(target);
  return `Pressed ${combo} on ${where}.`;
}

// ---------- scroll and hover ----------

function scrollableAncestor(start: Element | null, vertical: boolean): Element | null {
  for (let element = start; element && element !== document.body && element !== document.documentElement; element = element.parentElement) {
    const style = getComputedStyle(element);
    const overflow = vertical ? style.overflowY : style.overflowX;
    const canScroll = vertical ? element.scrollHeight > element.clientHeight : element.scrollWidth > element.clientWidth;
    if (canScroll && (overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay')) return element;
  }
  return null;
}

/** `scroll`: the page (or the scrollable area under the middle of the screen) by screens. */
export function scrollBy(direction: 'up' | 'down' | 'left' | 'right', amount: number): { target: Element; summary: string } {
  const vertical = direction === 'up' || direction === 'down';
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const page = document.scrollingElement ?? document.documentElement;
  const pageCanScroll = vertical ? page.scrollHeight > innerHeight : page.scrollWidth > innerWidth;
  // Pages whose body does not scroll usually scroll an inner panel: use the one under the middle.
  const target = pageCanScroll ? page : (scrollableAncestor(deepElementFromPoint(innerWidth / 2, innerHeight / 2), vertical) ?? page);
  const screen = vertical ? (target === page ? innerHeight : target.clientHeight) : target === page ? innerWidth : target.clientWidth;
  const delta = sign * amount * screen;
  const before = vertical ? target.scrollTop : target.scrollLeft;
  target.scrollBy({ top: vertical ? delta : 0, left: vertical ? 0 : delta, behavior: 'instant' });
  const after = vertical ? target.scrollTop : target.scrollLeft;
  const moved = Math.round(Math.abs(after - before));
  const where = target === page ? 'the page' : label(target);
  return { target, summary: moved === 0 ? `Scrolled ${where} ${direction}, but it was already at the ${sign < 0 ? 'start' : 'end'}.` : `Scrolled ${where} ${direction} by ${moved}px.` };
}

/** Scrolls an element into the middle of the view. */
export function scrollToElement(element: Element): string {
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  if (!isShown(element)) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', `${label(element)} is not visible, so it cannot be scrolled into view.`, { suggestion: 'Open the section that contains it first.' });
  }
  flashHighlight(element);
  return `Scrolled ${label(element)} into view.`;
}

/** `hover`: the pointer moves over the element (menus and tooltips open on this). */
export function hoverElement(element: Element): string {
  const point = prepareTarget(element, { checkCovered: true, needEnabled: false });
  flashHighlight(element);
  dispatchHover(element, point);
  return `Hovering over ${label(element)}.`;
}

/** `click`: the full click sequence after the checks. */
export function clickElement(element: Element, options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] }): string {
  const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
  const before = label(element);
  flashHighlight(element);
  dispatchClick(element, point, options);
  const times = options.clickCount === 1 ? '' : options.clickCount === 2 ? ' twice' : ' three times';
  const mods = options.modifiers.length ? ` with ${options.modifiers.join('+')}` : '';
  const which = options.button === 'left' ? 'Clicked' : `${options.button === 'right' ? 'Right' : 'Middle'}-clicked`;
  return `${which} ${before}${times}${mods}.`;
}

/** `wait_for`'s check: is the text on the page (visible text, case-insensitive)? */
export function pageHasText(text: string): boolean {
  const needle = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const haystack = (document.body?.innerText ?? document.documentElement.textContent ?? '').replace(/\s+/g, ' ').toLowerCase();
  if (haystack.includes(needle)) return true;
  // innerText does not reach into shadow roots; look there too.
  for (const host of document.querySelectorAll('*')) {
    const shadow = host.shadowRoot;
    if (shadow && (shadow.textContent ?? '').replace(/\s+/g, ' ').toLowerCase().includes(needle)) return true;
  }
  return false;
}
