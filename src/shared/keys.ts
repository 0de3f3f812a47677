/**
 * Keys by the names models use, for both halves of input: the worker (trusted input through the
 * DevTools Protocol) and the content script (synthetic events when the debugger is not available).
 * One table gives each key what a real keyboard sends with it — `key`, `code`, the legacy `keyCode`
 * (also `which`), and the text it types — because pages check any of these (`event.which === 13` is
 * still common) and a key without them is ignored. US layout, as the DevTools Protocol assumes.
 */

import type { Modifier } from '../runtime/page-input.js';

export type { Modifier };

/** One physical key press as a keyboard reports it. */
export interface KeyDefinition {
  /** `KeyboardEvent.key`: "Enter", "a", "A", "!". */
  key: string;
  /** `KeyboardEvent.code`: the physical key, "Enter", "KeyA", "Digit1". */
  code: string;
  /** The legacy `keyCode`/`which` (Windows virtual key code). */
  keyCode: number;
  /** What the key types, if anything ("\r" for Enter, as browsers send it). */
  text?: string;
  /** True when the character needs Shift on a US keyboard ("A", "!"). */
  shift?: boolean;
  /** 1 for the left modifier keys (DOM `location`). */
  location?: number;
}

/** A parsed key or combination: the key, the modifiers held, and its canonical name ("Control+A"). */
export interface KeyPress extends KeyDefinition {
  modifiers: Modifier[];
  name: string;
}

const named: Record<string, Omit<KeyDefinition, 'key'>> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
  Escape: { code: 'Escape', keyCode: 27 },
  Backspace: { code: 'Backspace', keyCode: 8 },
  Delete: { code: 'Delete', keyCode: 46 },
  Insert: { code: 'Insert', keyCode: 45 },
  ArrowLeft: { code: 'ArrowLeft', keyCode: 37 },
  ArrowUp: { code: 'ArrowUp', keyCode: 38 },
  ArrowRight: { code: 'ArrowRight', keyCode: 39 },
  ArrowDown: { code: 'ArrowDown', keyCode: 40 },
  Home: { code: 'Home', keyCode: 36 },
  End: { code: 'End', keyCode: 35 },
  PageUp: { code: 'PageUp', keyCode: 33 },
  PageDown: { code: 'PageDown', keyCode: 34 },
  ContextMenu: { code: 'ContextMenu', keyCode: 93 },
  ' ': { code: 'Space', keyCode: 32, text: ' ' },
  Shift: { code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { code: 'MetaLeft', keyCode: 91, location: 1 },
};
for (let n = 1; n <= 12; n++) named[`F${n}`] = { code: `F${n}`, keyCode: 111 + n };

/** Punctuation of a US keyboard: the unshifted and shifted character of each key. */
const PUNCTUATION: ReadonlyArray<[string, string, string, number]> = [
  ['Minus', '-', '_', 189],
  ['Equal', '=', '+', 187],
  ['BracketLeft', '[', '{', 219],
  ['BracketRight', ']', '}', 221],
  ['Backslash', '\\', '|', 220],
  ['Semicolon', ';', ':', 186],
  ['Quote', "'", '"', 222],
  ['Comma', ',', '<', 188],
  ['Period', '.', '>', 190],
  ['Slash', '/', '?', 191],
  ['Backquote', '`', '~', 192],
];
const SHIFTED_DIGITS = ')!@#$%^&*(';

const characters = new Map<string, KeyDefinition>();
for (let i = 0; i < 26; i++) {
  const lower = String.fromCharCode(97 + i);
  const upper = lower.toUpperCase();
  characters.set(lower, { key: lower, code: `Key${upper}`, keyCode: 65 + i, text: lower });
  characters.set(upper, { key: upper, code: `Key${upper}`, keyCode: 65 + i, text: upper, shift: true });
}
for (let d = 0; d < 10; d++) {
  characters.set(String(d), { key: String(d), code: `Digit${d}`, keyCode: 48 + d, text: String(d) });
  const shifted = SHIFTED_DIGITS.charAt(d);
  characters.set(shifted, { key: shifted, code: `Digit${d}`, keyCode: 48 + d, text: shifted, shift: true });
}
for (const [code, plain, shifted, keyCode] of PUNCTUATION) {
  characters.set(plain, { key: plain, code, keyCode, text: plain });
  characters.set(shifted, { key: shifted, code, keyCode, text: shifted, shift: true });
}
characters.set(' ', { key: ' ', ...named[' '] } as KeyDefinition);

/** Names people and models use for keys, lower-cased, mapped to the DOM key name. */
const SYNONYMS: Readonly<Record<string, string>> = {
  return: 'Enter',
  enter: 'Enter',
  '\r': 'Enter',
  '\n': 'Enter',
  '\r\n': 'Enter',
  newline: 'Enter',
  esc: 'Escape',
  escape: 'Escape',
  tab: 'Tab',
  '\t': 'Tab',
  backspace: 'Backspace',
  bksp: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  uparrow: 'ArrowUp',
  downarrow: 'ArrowDown',
  leftarrow: 'ArrowLeft',
  rightarrow: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  pgup: 'PageUp',
  pgdn: 'PageDown',
  pgdown: 'PageDown',
  space: ' ',
  spacebar: ' ',
  contextmenu: 'ContextMenu',
  menu: 'ContextMenu',
  shift: 'Shift',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
};

/** Modifier names, lower-cased, as they may appear before a "+". */
const MODIFIERS: Readonly<Record<string, Modifier>> = {
  control: 'Control',
  ctrl: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  opt: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  win: 'Meta',
  super: 'Meta',
};
const MODIFIER_ORDER: readonly Modifier[] = ['Control', 'Alt', 'Shift', 'Meta'];

/** The key names listed when a name is not understood. */
export const KEY_NAMES_HELP =
  'Enter, Escape, Tab, Backspace, Delete, Insert, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Home, End, PageUp, PageDown, F1–F12, Space, ContextMenu, ' +
  'or one character ("a", "A", "7", "/"); combinations join modifiers (Control, Shift, Alt, Meta) with "+": "Control+A", "Shift+Tab", "Meta+Enter". ' +
  'Also understood: Return, Esc, Del, Up, Down, Left, Right, PgUp, PgDn, Ctrl, Cmd, Option.';

/** What `parseKeyCombo` gives back: the key press, or why the name is not a key. */
export type ParsedKey = { ok: true; press: KeyPress } | { ok: false; message: string; suggestion: string };

/** The definition of a key by its DOM name ("Enter", "a", "F5", " "), if the table has it. */
export function keyDefinition(domKey: string): KeyDefinition | undefined {
  if (Object.hasOwn(named, domKey)) return { key: domKey, ...named[domKey] } as KeyDefinition;
  return characters.get(domKey);
}

/** The key a single typed character comes from on a US keyboard; undefined for "é", "€", emoji. */
export function keyForCharacter(char: string): KeyDefinition | undefined {
  if (char === '\n' || char === '\r') return keyDefinition('Enter');
  if (char === '\t') return keyDefinition('Tab');
  return characters.get(char);
}

function resolveKeyName(part: string): string | undefined {
  if (part.length === 1) return characters.has(part) || part === ' ' ? part : part === '\t' ? 'Tab' : part === '\r' || part === '\n' ? 'Enter' : part;
  const lower = part.trim().toLowerCase();
  if (Object.hasOwn(SYNONYMS, lower)) return SYNONYMS[lower];
  if (/^f([1-9]|1[0-2])$/.test(lower)) return lower.toUpperCase();
  return undefined;
}

function splitCombo(combo: string): string[] {
  if (combo.length <= 1 || combo === '\r\n') return [combo];
  // "Control++" is Control with the plus key; "Control+-" and "Ctrl-A" style also appear.
  if (combo.endsWith('++')) return [...combo.slice(0, -2).split('+'), '+'];
  if (combo.includes('+')) return combo.split('+');
  const dash = /^((?:(?:ctrl|control|shift|alt|option|meta|cmd|command)-)+)(.+)$/i.exec(combo);
  if (dash?.[1] && dash[2]) return [...dash[1].slice(0, -1).split('-'), dash[2]];
  return [combo];
}

const invalid = (message: string): ParsedKey => ({ ok: false, message, suggestion: `Use a key name: ${KEY_NAMES_HELP} To type text, use the type tool.` });

/**
 * Parses a key or combination as a model writes it ("Enter", "Return", "\r", "ctrl+a", "Shift+Tab",
 * "Meta+Enter") into the key press a keyboard would send. Anything else is an error that lists the
 * names that work, so the model can correct itself instead of a silent no-op.
 */
export function parseKeyCombo(combo: string): ParsedKey {
  if (combo.length === 0) return invalid('The key is empty.');
  const parts = splitCombo(combo);
  const keyPart = parts.pop() ?? '';
  const modifiers = new Set<Modifier>();
  for (const part of parts) {
    const lower = part.trim().toLowerCase();
    const modifier = Object.hasOwn(MODIFIERS, lower) ? MODIFIERS[lower] : undefined;
    if (!modifier) return invalid(`"${part}" in "${combo}" is not a modifier (Control, Shift, Alt or Meta).`);
    modifiers.add(modifier);
  }
  const domKey = resolveKeyName(keyPart);
  if (domKey === undefined || (domKey.length > 1 && !Object.hasOwn(named, domKey))) {
    const several = [...keyPart.trim()].length > 1 && !/\s/.test(keyPart.trim());
    return invalid(several ? `"${keyPart}" is not a key name (it looks like text: press_key presses one key).` : `"${keyPart}" is not a key name.`);
  }
  // A letter with Control/Alt/Meta but not Shift is the lower-case key, as a keyboard reports it.
  let chosen = domKey;
  if (/^[A-Z]$/.test(domKey) && modifiers.size > 0 && !modifiers.has('Shift')) chosen = domKey.toLowerCase();
  else if (/^[a-z]$/.test(domKey) && modifiers.has('Shift')) chosen = domKey.toUpperCase();
  const definition = keyDefinition(chosen) ?? { key: chosen, code: '', keyCode: 0, text: chosen };
  if (definition.shift && !modifiers.has('Shift') && modifiers.size > 0) modifiers.add('Shift');
  const ordered = MODIFIER_ORDER.filter((m) => modifiers.has(m));
  // Text is typed only without Control/Alt/Meta (Control+A selects, it does not type "a").
  const types = !ordered.some((m) => m !== 'Shift');
  // Shortcuts are written with capitals ("Control+A") though the keyboard reports the key as "a".
  const shown = ordered.length > 0 && /^[a-z]$/.test(chosen) ? chosen.toUpperCase() : displayName(chosen);
  const press: KeyPress = { ...definition, modifiers: ordered, name: [...ordered, shown].join('+') };
  if (!types) delete press.text;
  return { ok: true, press };
}

/** How a key is named in results: "Space" for " ", "A" for a shifted letter. */
export function displayName(domKey: string): string {
  return domKey === ' ' ? 'Space' : domKey;
}

/** The DevTools Protocol modifier bit mask (Alt=1, Control=2, Meta=4, Shift=8). */
export function modifierBits(modifiers: readonly Modifier[]): number {
  return (
    (modifiers.includes('Alt') ? 1 : 0) | (modifiers.includes('Control') ? 2 : 0) | (modifiers.includes('Meta') ? 4 : 0) | (modifiers.includes('Shift') ? 8 : 0)
  );
}

/** What the page reported about the element a key goes to (see ElementSummary). */
export interface KeyTarget {
  role: string;
  tag?: string;
  inputType?: string;
  formMethod?: string;
  formAction?: string;
  /** True for a button or input that submits its form. */
  submits?: boolean;
}

/** What a key press will do by default, judged before it is pressed (for permission and descriptions). */
export type KeyEffect = { kind: 'submit'; method: string; action: string | undefined } | { kind: 'activate' } | { kind: 'newline' } | { kind: 'other' };

const SINGLE_LINE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/**
 * The default action of a key on an element: Enter in a single-line field of a form submits it,
 * Enter or Space on a button or link activates it (Space: not links), Enter in a text area is a new
 * line. A permission check can judge the submit or the activation as the click it causes.
 */
export function keyEffect(press: Pick<KeyPress, 'key' | 'modifiers'>, target: KeyTarget | undefined): KeyEffect {
  if (!target || press.modifiers.some((m) => m !== 'Shift')) return { kind: 'other' };
  if (press.key === 'Enter') {
    if (target.tag === 'textarea' || (target.role === 'textbox' && target.tag !== 'input')) return { kind: 'newline' };
    if (target.tag === 'input' && SINGLE_LINE_ROLES.has(target.role) && target.formMethod) {
      return { kind: 'submit', method: target.formMethod.toUpperCase(), action: target.formAction };
    }
  }
  if ((press.key === 'Enter' || press.key === ' ') && ['button', 'link', 'checkbox', 'radio', 'switch', 'menuitem', 'tab', 'option'].includes(target.role)) {
    if (press.key === ' ' && target.role === 'link') return { kind: 'other' };
    if (press.key === 'Enter' && ['checkbox', 'radio', 'switch'].includes(target.role)) return { kind: 'other' };
    if (target.role === 'button' && target.submits && target.formMethod)
      return { kind: 'submit', method: target.formMethod.toUpperCase(), action: target.formAction };
    return { kind: 'activate' };
  }
  return { kind: 'other' };
}
