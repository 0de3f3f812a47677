/**
 * Synthetic keyboard input, the fallback when the browser's own input (the DevTools Protocol, see
 * src/background/cdp-input.ts) is not available. Each event carries every field a real keyboard
 * gives — `key`, `code`, and the legacy `keyCode`, `which` and `charCode` that handlers such as
 * `event.which === 13` still read — with `keypress` for Enter and printable keys and `beforeinput`/
 * `input` with the right `inputType`. Synthetic events do nothing by themselves, so each key's default
 * action is carried out here too. Pages can still tell them apart (`isTrusted: false`).
 */
import { ToolError } from '../runtime/errors.js';
import { keyDefinition, parseKeyCombo, type KeyDefinition, type Modifier } from '../shared/keys.js';
import { isDisabled, isFocusable, roleOf } from './aria.js';
import { deepActiveElement } from './observe-util.js';
import { fireChange, fireInput, isContentEditable, isTextField, selectContents, setNativeValue } from './fields.js';
import { flashHighlight } from './highlight.js';
import { isShown } from './snapshot.js';
import { focusTarget, label, prepareTarget } from './target.js';

/** The init of one keyboard event with the legacy codes a real keyboard gives it. */
export function keyboardInit(definition: KeyDefinition, modifiers: readonly Modifier[], type: 'keydown' | 'keypress' | 'keyup'): KeyboardEventInit {
  // keydown/keyup carry the key's code and no char; keypress carries the character's code in all three.
  const charCode = type === 'keypress' ? (definition.text ?? definition.key).charCodeAt(0) : 0;
  const keyCode = type === 'keypress' ? charCode : definition.keyCode;
  return {
    key: definition.key,
    code: definition.code,
    keyCode,
    which: keyCode,
    charCode,
    location: definition.location ?? 0,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    ctrlKey: modifiers.includes('Control'),
    shiftKey: modifiers.includes('Shift') || definition.shift === true,
    altKey: modifiers.includes('Alt'),
    metaKey: modifiers.includes('Meta'),
  };
}

/** Inserts text at the caret of a text field (respecting maxlength, as typing would). */
export function insertIntoField(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
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
export function typeCharacter(field: HTMLInputElement | HTMLTextAreaElement, char: string): void {
  const definition = char === '\n' ? (keyDefinition('Enter') as KeyDefinition) : (keyDefinition(char) ?? { key: char, code: '', keyCode: 0, text: char });
  const allowed = field.dispatchEvent(new KeyboardEvent('keydown', keyboardInit(definition, [], 'keydown')));
  if (allowed && field.dispatchEvent(new KeyboardEvent('keypress', keyboardInit(definition, [], 'keypress')))) {
    // A newline in a one-line field is the Enter key: it submits the form instead of typing.
    if (char === '\n' && field instanceof HTMLInputElement) submitFormOf(field);
    else {
      const inputType = char === '\n' ? 'insertLineBreak' : 'insertText';
      const before = field.dispatchEvent(
        new InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data: char === '\n' ? null : char }),
      );
      if (before) insertIntoField(field, char);
    }
  }
  field.dispatchEvent(new KeyboardEvent('keyup', keyboardInit(definition, [], 'keyup')));
}

/** Implicit submission: Enter in a field submits its form through the default button, as browsers do. */
export function submitFormOf(element: Element): boolean {
  const form = (element as HTMLInputElement).form ?? element.closest('form');
  if (!form) return false;
  const submitter = form.querySelector<HTMLElement>('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
  if (submitter && !isDisabled(submitter)) submitter.click();
  else form.requestSubmit();
  return true;
}

function focusables(): HTMLElement[] {
  return [
    ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable=""], [contenteditable="true"]'),
  ].filter(
    (element) => element.tabIndex >= 0 && !isDisabled(element) && isShown(element) && !(element instanceof HTMLInputElement && element.type === 'hidden'),
  );
}

function deleteInField(target: HTMLInputElement | HTMLTextAreaElement, key: 'Backspace' | 'Delete'): void {
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
}

/** What a key does by default when the page does not prevent it (synthetic events do nothing by themselves). */
function defaultKeyAction(target: Element, key: string, modifiers: readonly Modifier[]): string | undefined {
  const ctrl = modifiers.includes('Control') || modifiers.includes('Meta');
  if (ctrl && key.toLowerCase() === 'a') {
    if (isTextField(target)) target.select();
    else if (isContentEditable(target)) selectContents(target);
    else document.execCommand('selectAll');
    return undefined;
  }
  if (key === 'Tab') {
    const list = focusables();
    const index = list.indexOf(target as HTMLElement);
    list[(index + (modifiers.includes('Shift') ? -1 : 1) + list.length) % list.length]?.focus();
    return undefined;
  }
  if (isTextField(target) && !target.readOnly) {
    if (key === 'Enter') {
      if (target instanceof HTMLTextAreaElement) insertIntoField(target, '\n');
      else return submitFormOf(target) ? 'submitted its form' : undefined;
    } else if (key === 'Backspace' || key === 'Delete') deleteInField(target, key);
    else if (key.length === 1 && !ctrl) insertIntoField(target, key);
    return undefined;
  }
  if (target instanceof HTMLSelectElement && (key === 'ArrowDown' || key === 'ArrowUp')) {
    const next = target.selectedIndex + (key === 'ArrowDown' ? 1 : -1);
    if (next >= 0 && next < target.options.length) {
      target.selectedIndex = next;
      fireInput(target, 'insertReplacementText', null);
      fireChange(target);
    }
    return undefined;
  }
  if (
    (key === 'Enter' || key === ' ') &&
    (target instanceof HTMLButtonElement ||
      target instanceof HTMLAnchorElement ||
      target.tagName === 'SUMMARY' ||
      roleOf(target) === 'button' ||
      roleOf(target) === 'link')
  ) {
    if (key === 'Enter' || !(target instanceof HTMLAnchorElement)) (target as HTMLElement).click();
    return undefined;
  }
  if (key === ' ' && target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
    target.click();
    return undefined;
  }
  if (isContentEditable(target)) {
    if (key === 'Enter') document.execCommand('insertParagraph');
    else if (key === 'Backspace') document.execCommand('delete');
    else if (key === 'Delete') document.execCommand('forwardDelete');
    else if (key.length === 1 && !ctrl) document.execCommand('insertText', false, key);
    return undefined;
  }
  const page = document.scrollingElement ?? document.documentElement;
  const scrolls: Record<string, number> = {
    PageDown: innerHeight * 0.9,
    PageUp: -innerHeight * 0.9,
    ArrowDown: 40,
    ArrowUp: -40,
    ' ': innerHeight * 0.9,
    End: page.scrollHeight,
    Home: -page.scrollHeight,
  };
  const dy = scrolls[key];
  if (dy !== undefined) page.scrollBy({ top: modifiers.includes('Shift') && key === ' ' ? -dy : dy, behavior: 'instant' });
  return undefined;
}

/** `press_key` with synthetic events: a key (with modifiers) on the focused element, or on `element` after focusing it. */
export function pressKey(combo: string, element: Element | undefined): string {
  const parsed = parseKeyCombo(combo);
  if (!parsed.ok) throw new ToolError('INVALID_INPUT', parsed.message, { suggestion: parsed.suggestion });
  const { press } = parsed;
  if (element) {
    prepareTarget(element, { checkCovered: false, needEnabled: true });
    flashHighlight(element);
    focusTarget(element);
  }
  const target = element && isFocusable(element) ? element : deepActiveElement();
  const allowed = target.dispatchEvent(new KeyboardEvent('keydown', keyboardInit(press, press.modifiers, 'keydown')));
  let did: string | undefined;
  if (allowed) {
    // Browsers send keypress only for keys that type a character, and for Enter.
    const pressAllowed =
      press.text === undefined ? true : target.dispatchEvent(new KeyboardEvent('keypress', keyboardInit(press, press.modifiers, 'keypress')));
    if (pressAllowed) did = defaultKeyAction(target, press.key, press.modifiers);
  }
  target.dispatchEvent(new KeyboardEvent('keyup', keyboardInit(press, press.modifiers, 'keyup')));
  const where = target === document.body || target === document.documentElement ? 'the page' : label(target);
  return `Pressed ${press.name} on ${where}${did ? `; ${did}` : ''}.`;
}
