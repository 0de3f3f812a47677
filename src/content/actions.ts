/**
 * Synthetic actions as a person makes them: bring the target into view, check it is visible, enabled
 * and not covered (naming what covers it), then dispatch the whole event sequence a real pointer or
 * keyboard would cause. Values are set through the native value setter followed by input/change
 * events, so framework-controlled inputs (React's value tracker, Vue's v-model) see the change. This is
 * the fallback when the browser's own input (the DevTools Protocol) is not available.
 */
import { deepActiveElement, holdsFocus } from './observe-util.js';
import { ToolError } from '../runtime/errors.js';
import { keyDefinition, type KeyDefinition, type Modifier } from '../shared/keys.js';
import type { PageResultOf } from '../shared/protocol/page.js';
import { roleOf } from './aria.js';
import { fireChange, fireInput, isContentEditable, isTextField, notEditable, readOnlyError, selectContents, setNativeValue } from './fields.js';
import { flashHighlight } from './highlight.js';
import { keyboardInit, submitFormOf, typeCharacter } from './keyboard.js';
import { deepElementFromPoint, focusTarget, label, prepareTarget, type Point } from './target.js';
import { notASelect } from './precheck.js';
import { mirroredSelect, mirrorOf } from './combobox.js';

export type { Modifier };
export { isTextField };

const VALUE_INPUT_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'range', 'color']);

interface EventOptions {
  modifiers: readonly Modifier[];
  button?: 'left' | 'right' | 'middle';
  detail?: number;
}

export function mouseInit(point: Point, options: EventOptions, buttonsDown: boolean): PointerEventInit {
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

/** A full click: hover, then per click pointerdown/mousedown/focus/pointerup/mouseup/click, then dblclick. */
export function dispatchClick(
  target: Element,
  point: Point,
  options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] },
): void {
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

function clearField(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (!field.value) return;
  setNativeValue(field, '');
  fireInput(field, 'deleteContentBackward', null);
}

/** Types into a contenteditable through the editing commands, so its own input events fire. */
function typeIntoEditable(element: HTMLElement, text: string, clear: boolean): void {
  if (!holdsFocus(element)) element.focus({ preventScroll: true });
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

/** `type`: text into a field or contenteditable, as keystrokes. */
export function typeText(element: Element, text: string, options: { clear: boolean; submit: boolean; atSelection?: boolean }): string {
  if (!isTextField(element) && !isContentEditable(element)) throw notEditable(element);
  const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
  if (isTextField(element) && element.readOnly) throw readOnlyError(element);
  flashHighlight(element);
  // At the selection (select_text chose the words): a click would move the caret off them.
  if (!options.atSelection) dispatchClick(element, point, { button: 'left', clickCount: 1, modifiers: [] });
  if (isTextField(element)) {
    if (deepActiveElement() !== element) element.focus({ preventScroll: true });
    if (options.atSelection) {
      // typeCharacter inserts over the field's own selection
    } else if (options.clear) clearField(element);
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
    typeIntoEditable(element as HTMLElement, text, options.clear && !options.atSelection);
  }
  if (options.submit) {
    const enter = keyDefinition('Enter') as KeyDefinition;
    if (
      element.dispatchEvent(new KeyboardEvent('keydown', keyboardInit(enter, [], 'keydown'))) &&
      element.dispatchEvent(new KeyboardEvent('keypress', keyboardInit(enter, [], 'keypress')))
    ) {
      submitFormOf(element);
    }
    element.dispatchEvent(new KeyboardEvent('keyup', keyboardInit(enter, [], 'keyup')));
  }
  // What the keys did (the value, a submit, nothing) is the effect observer's to say, not a guess here.
  const newline = element instanceof HTMLInputElement && text.includes('\n') ? '; the newline was pressed as Enter (the field has one line)' : '';
  const count = [...text].length;
  return `Typed ${count} character${count === 1 ? '' : 's'} into ${label(element)}${newline}${options.submit ? '; pressed Enter' : ''}.`;
}

// ---------- selects ----------

function optionList(select: HTMLSelectElement): string[] {
  return [...select.options]
    .slice(0, 50)
    .map((option) => (option.value && option.value !== option.label.trim() ? `${option.label.trim()} (value ${option.value})` : option.label.trim()));
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
export function selectOptions(element: Element, values: readonly string[]): Pick<PageResultOf<'select'>, 'summary' | 'selected'> {
  if (!(element instanceof HTMLSelectElement)) {
    throw notASelect(element);
  }
  // fill_form reaches here with the hidden select a widget mirrors (select_option routes to the widget).
  const mirror = mirrorOf(element);
  if (mirror) throw mirroredSelect(element, mirror);
  const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
  if (!element.multiple && values.length > 1) {
    throw new ToolError('TOO_MANY_VALUES', `${label(element)} allows only one choice, but ${values.length} were given.`, {
      suggestion: 'Pass exactly one value.',
    });
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
      throw new ToolError('ELEMENT_DISABLED', `The option "${option.label.trim()}" of ${label(element)} is disabled.`, {
        suggestion: 'Choose another option.',
      });
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
      throw new ToolError('INVALID_VALUE', `${label(element)} takes "true" or "false", not ${JSON.stringify(value)}.`, {
        suggestion: 'Use "true" to tick it and "false" to untick it.',
      });
    }
    const checked = element instanceof HTMLInputElement ? element.checked : element.getAttribute('aria-checked') === 'true';
    if (checked === want) {
      prepareTarget(element, { checkCovered: false, needEnabled: true });
      return `${label(element)} was already ${want ? 'checked' : 'unchecked'}.`;
    }
    if (!want && role === 'radio') {
      throw new ToolError('INVALID_VALUE', `${label(element)} is a radio button; it cannot be unticked directly.`, {
        suggestion: 'Tick another radio button of the same group instead.',
      });
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
      const formats: Record<string, string> = {
        date: 'YYYY-MM-DD',
        'datetime-local': 'YYYY-MM-DDTHH:MM',
        month: 'YYYY-MM',
        week: 'YYYY-Www',
        time: 'HH:MM',
        color: '#rrggbb',
        range: 'a number',
      };
      throw new ToolError('INVALID_VALUE', `${label(element)} did not accept ${JSON.stringify(value)}.`, {
        suggestion: `Use the format ${formats[element.type] ?? 'the field expects'}.`,
      });
    }
    fireInput(element, 'insertReplacementText', value);
    fireChange(element);
    return `Set ${label(element)} to ${JSON.stringify(element.value)}.`;
  }
  if (isTextField(element)) {
    const point = prepareTarget(element, { checkCovered: true, needEnabled: true });
    if (element.readOnly) throw readOnlyError(element);
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
  return {
    target,
    summary:
      moved === 0
        ? `Scrolled ${where} ${direction}, but it was already at the ${sign < 0 ? 'start' : 'end'}.`
        : `Scrolled ${where} ${direction} by ${moved}px.`,
  };
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
