/**
 * The worker half of trusted input: asks the target's frame where to act (scrolled into view, checked
 * visible, enabled and not covered), adds each ancestor iframe's offset, and sends the browser's own
 * pointer and key events through `context.browser.input` (the DevTools Protocol), so pages see
 * `isTrusted: true` with every legacy field. Each function returns what it did, or stops at a dialog.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { DialogInfo, DispatchOutcome, KeyStep, PageInputPort } from '../../runtime/page-input.js';
import { keyDefinition, keyForCharacter, parseKeyCombo, type KeyDefinition, type KeyPress, type Modifier } from '../../shared/keys.js';
import { requireBrowser, sendPageCommand } from './page-call.js';
import { aim, confirmAim, pressReached, targetMoved, type Aimed, type Target } from './pointer-check.js';
import { armKeyGuard, disarmKeyGuard, guardedInsert, guardedKeys, type KeyGuard, type TypingProgress } from './key-check.js';

export type { Target } from './pointer-check.js';

/** What a trusted act did; `dialog` when a dialog opened and the rest was not sent. */
export interface Acted {
  done: string;
  notes: string[];
  dialog?: DialogInfo;
}

/** Whether an act re-checks its target where it lands: always, except in the bench that measures what the re-checks cost. */
export interface Rechecks {
  recheck?: boolean;
}

/** `name`: how the report names what was reached, where the caller knows better than its tag (a point's thing, point-name.ts). */
export interface Named {
  name?: string | undefined;
}

/** Longest text typed key by key; the rest of a longer text is inserted in one piece, as a paste would. */
export const TYPE_BY_KEY_LIMIT = 300;

function port(context: ToolUseContext): PageInputPort {
  const input = requireBrowser(context).input;
  if (!input) throw new Error('trusted input is not available'); // callers check availability first
  return input;
}

/** Locates the target for `purpose` and returns its point in the tab's top-level viewport (no re-checks: focusing only). */
export async function pointOf(context: ToolUseContext, target: Target, purpose: 'click' | 'hover' | 'type' | 'focus'): Promise<Aimed> {
  return aim(context, target, purpose, false);
}

const dialogOf = (outcome: DispatchOutcome): DialogInfo | undefined => (outcome.outcome === 'dialog' ? outcome.dialog : undefined);

/**
 * Moves the pointer to the aimed point, then presses and releases `count` times there, each press
 * confirmed where it lands first (src/tools/page/pointer-check.ts): the move goes with the first check,
 * and each press with the question whether it reached the target. A press that reached something else
 * is released away from it.
 */
async function pressAt(
  context: ToolUseContext,
  aimed: Aimed,
  options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] },
): Promise<DialogInfo | undefined> {
  const input = port(context);
  const { tabId } = aimed.target;
  const at = { x: aimed.topX, y: aimed.topY, button: options.button, modifiers: options.modifiers };
  const move = () => input.mouse(tabId, [{ type: 'move', x: at.x, y: at.y, modifiers: options.modifiers }]);
  for (let count = 1; count <= options.clickCount; count++) {
    // The page may react to the previous click (a menu opening under the pointer): judge every press anew.
    const moved = await confirmAim(context, aimed, 'press', undefined, count === 1 ? move : undefined);
    if (moved) return moved;
    const end = count === options.clickCount;
    const reaching = pressReached(context, aimed, count, end);
    reaching.catch(() => undefined); // a dialog the press opened pauses the page
    const pressed = await input.mouse(tabId, [{ type: 'press', ...at, clickCount: count }]);
    if (dialogOf(pressed)) return dialogOf(pressed);
    let reached = await reaching;
    // Asked again once the browser has answered the press: a press late to arrive is not one stolen.
    if (!reached.landed && reached.on === undefined) reached = await pressReached(context, aimed, count, end);
    if (!reached.landed) {
      // Released at the viewport's corner: a click needs the press and the release on the same element.
      await input.mouse(tabId, [{ type: 'release', ...at, x: 0, y: 0, clickCount: count }]);
      const now = reached.on ?? 'another frame or element';
      throw targetMoved(`The press meant for ${aimed.label} reached ${now}: the page moved it under the pointer at that instant.`, now, true);
    }
    const released = await input.mouse(tabId, [{ type: 'release', ...at, clickCount: count }]);
    if (dialogOf(released)) return dialogOf(released);
  }
  return undefined;
}

/** A click (or double, triple, right, middle click) with modifiers, by the browser's pointer, confirmed where it lands. */
export async function trustedClick(
  context: ToolUseContext,
  target: Target,
  options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] } & Rechecks & Named,
): Promise<Acted> {
  const at = await aim(context, target, 'click', options.recheck !== false);
  const dialog = await pressAt(context, at, options);
  const times = options.clickCount === 1 ? '' : options.clickCount === 2 ? ' twice' : ' three times';
  const mods = options.modifiers.length ? ` with ${options.modifiers.join('+')}` : '';
  const which = options.button === 'left' ? 'Clicked' : `${options.button === 'right' ? 'Right' : 'Middle'}-clicked`;
  return { done: `${which} ${options.name || at.label}${times}${mods}`, notes: [], ...(dialog ? { dialog } : {}) };
}

/** The pointer moves over the element; where the move landed is checked as it lands. */
export async function trustedHover(context: ToolUseContext, target: Target, options: Rechecks & Named = {}): Promise<Acted> {
  const at = await aim(context, target, 'hover', options.recheck !== false);
  const dialog = await confirmAim(context, at, 'move', undefined, () => port(context).mouse(target.tabId, [{ type: 'move', x: at.topX, y: at.topY }]));
  return { done: `Hovering over ${options.name || at.label}`, notes: [], ...(dialog ? { dialog } : {}) };
}

/** The key events of one press: modifiers down, the key down (typing its text) and up, modifiers up. */
export function pressSteps(definition: KeyDefinition, modifiers: readonly Modifier[]): KeyStep[] {
  const held: Modifier[] = [];
  const steps: KeyStep[] = [];
  for (const modifier of modifiers) {
    held.push(modifier);
    const key = keyDefinition(modifier) as KeyDefinition;
    steps.push({ type: 'down', key: modifier, code: key.code, keyCode: key.keyCode, modifiers: [...held], location: 1 });
  }
  const all = definition.shift && !modifiers.includes('Shift') ? [...modifiers, 'Shift' as const] : [...modifiers];
  const base = {
    key: definition.key,
    code: definition.code,
    keyCode: definition.keyCode,
    modifiers: all,
    ...(definition.location ? { location: definition.location } : {}),
  };
  steps.push({ type: 'down', ...base, ...(definition.text !== undefined ? { text: definition.text } : {}) });
  steps.push({ type: 'up', ...base });
  for (const modifier of [...modifiers].reverse()) {
    held.pop();
    const key = keyDefinition(modifier) as KeyDefinition;
    steps.push({ type: 'up', key: modifier, code: key.code, keyCode: key.keyCode, modifiers: [...held], location: 1 });
  }
  return steps;
}

/**
 * A key or combination, on `target` (focused first, by script) or on whatever has focus — in `focus`'s
 * frame when a child frame holds it (src/tools/page/focus-frame.ts) — only while focus stays there.
 */
export async function trustedKey(
  context: ToolUseContext,
  tabId: number,
  press: KeyPress,
  target: Target | undefined,
  options: Rechecks & { focus?: { frameId: number; links: Aimed['links'] } | undefined } = {},
): Promise<Acted> {
  let where = 'the focused element';
  let links: Aimed['links'] = target ? [] : (options.focus?.links ?? []);
  if (target) {
    const at = await pointOf(context, target, 'focus');
    where = at.label;
    links = at.links;
  }
  const steps = pressSteps(press, press.modifiers);
  if (options.recheck === false) {
    const dialog = dialogOf(await port(context).keys(tabId, steps));
    return { done: `Pressed ${press.name} on ${where}`, notes: [], ...(dialog ? { dialog } : {}) };
  }
  // Without a ref the key was judged on the element focused in the frame holding focus: it goes there or nowhere.
  const guard = await armKeyGuard(context, {
    tabId,
    frameId: target?.frameId ?? options.focus?.frameId ?? 0,
    ...(target ? { ref: target.ref, documentId: target.documentId } : {}),
    links,
  });
  const dialog = await guardedKeys(context, guard, steps, undefined, true);
  if (!dialog) await disarmKeyGuard(context, guard);
  return { done: `Pressed ${press.name} on ${where}`, notes: [], ...(dialog ? { dialog } : {}) };
}

/** The key events of a combination written as press_key takes it ("Control+A"). */
function comboSteps(combo: string): KeyStep[] {
  const parsed = parseKeyCombo(combo);
  if (!parsed.ok) throw new Error(`not a key: ${combo}`); // only the constant combinations above
  return pressSteps(parsed.press, parsed.press.modifiers);
}

/** How typing sends its keys and text: through the key guard, or (bench only) straight to the browser. */
interface KeySender {
  /** `last`: nothing is typed after this key. */
  keys(steps: KeyStep[], progress: TypingProgress, last?: boolean): Promise<DialogInfo | undefined>;
  insert(text: string, progress: TypingProgress): Promise<DialogInfo | undefined>;
  end(): Promise<void>;
}

function keySender(context: ToolUseContext, tabId: number, guard: KeyGuard | undefined): KeySender {
  const input = port(context);
  if (!guard) {
    return {
      keys: async (steps) => dialogOf(await input.keys(tabId, steps)),
      insert: async (text) => dialogOf(await input.insertText(tabId, text)),
      end: async () => undefined,
    };
  }
  return {
    keys: (steps, progress, last = false) => guardedKeys(context, guard, steps, progress, last),
    insert: (text, progress) => guardedInsert(context, guard, text, progress),
    // Every key was judged as it landed, the last one's own reaction too: what is left is disarming.
    end: () => disarmKeyGuard(context, guard),
  };
}

/**
 * Types like a person: clicks into the field (the press confirmed where it lands), selects what it
 * holds (clear) or goes to its end — or, `atSelection`, keeps the caret and selection where they are
 * (select_text chose the words; a click would move it) — deletes the selection, then presses a key per
 * character (Enter for a newline), inserting characters no key types (é, emoji) as an input method does.
 * Into an editable area (a rich or code editor) the text goes in one piece, as a paste or an input
 * method's commit does: such editors rewrite keys typed one by one (a closing bracket added after "{",
 * a new line indented), so "function f() {" typed key by key would not end as typed. Every key and piece
 * goes only while focus is still in the field (src/tools/page/key-check.ts). `stopped` is asked after
 * each Enter: a submit may have loaded another page or opened a dialog, and the rest must not be typed
 * into whatever comes next.
 */
export async function trustedType(
  context: ToolUseContext,
  target: Target,
  text: string,
  options: { clear: boolean; submit: boolean; stopped: () => boolean; atSelection?: boolean } & Rechecks,
): Promise<Acted> {
  const recheck = options.recheck !== false;
  const keep = options.atSelection === true;
  const at = await aim(context, target, 'type', recheck && !keep);
  const notes: string[] = [];
  const total = [...text].length;
  let typed = 0;
  const result = (dialog?: DialogInfo): Acted => ({
    done: `Typed ${typed === total ? total : `${typed} of ${total}`} character${total === 1 ? '' : 's'} into ${at.label}`,
    notes,
    ...(dialog ? { dialog } : {}),
  });
  if (!keep) {
    const clicked = await pressAt(context, at, { button: 'left', clickCount: 1, modifiers: [] });
    if (clicked) return result(clicked);
  }
  const mode = keep ? 'keep' : options.clear ? 'all' : 'end';
  const caret = await sendPageCommand(
    context,
    target.tabId,
    { type: 'caret', ref: target.ref, ...(target.documentId ? { documentId: target.documentId } : {}), mode },
    target.frameId,
  );
  const guard = recheck
    ? await armKeyGuard(context, { tabId: target.tabId, frameId: target.frameId, ref: target.ref, documentId: target.documentId, links: at.links })
    : undefined;
  const sender = keySender(context, target.tabId, guard);
  const progress = () => ({ typed, total });
  try {
    const enter = keyDefinition('Enter') as KeyDefinition;
    // No selection API (an email input; a code editor, whose selection lives in the editor): keys place it.
    // Control+End is the end of an editor's whole text, where End is the end of its line.
    const editor = at.editable === 'editable';
    if (!caret.placed && mode === 'end') {
      const dialog = await sender.keys(comboSteps(editor ? 'Control+End' : 'End'), progress());
      if (dialog) return result(dialog);
    }
    if (!caret.placed && mode === 'all' && editor && caret.value !== '') {
      const dialog = await sender.keys(comboSteps('Control+A'), progress());
      if (dialog) return result(dialog);
    }
    // Words a code editor has selected are deleted first, as a person's Backspace would: text typed over them
    // that starts with a bracket or quote would wrap them instead (Monaco's auto-surround: "(x)" not "x").
    if ((mode === 'all' && caret.value !== '') || (keep && caret.selected)) {
      const dialog = await sender.keys(pressSteps(keyDefinition('Backspace') as KeyDefinition, []), progress());
      if (dialog) return result(dialog);
    }
    const characters = [...text];
    if (at.editable === 'editable' && characters.length > 0) {
      const dialog = await sender.insert(text.replace(/\r\n?/g, '\n'), progress());
      typed = total;
      if (dialog) return result(dialog);
      notes.push('the text was inserted in one piece, as a paste (an editor rewrites keys typed one by one)');
      characters.length = 0;
    }
    const bulk = characters.length > TYPE_BY_KEY_LIMIT && !text.includes('\n') ? characters.length - 1 : 0;
    if (bulk > 0) {
      const dialog = await sender.insert(characters.slice(0, bulk).join(''), progress());
      typed = bulk;
      notes.push(`the first ${bulk} characters were inserted in one piece, as a paste`);
      if (dialog) return result(dialog);
    }
    const keyed = characters.slice(bulk);
    for (const [index, char] of keyed.entries()) {
      if (char === '\r') {
        typed++; // "\r\n" is one newline
        continue;
      }
      const definition = keyForCharacter(char);
      const now = char === '\n' ? { ...progress(), next: 'the Enter' } : progress();
      const last = index === keyed.length - 1 && !options.submit;
      const dialog = definition ? await sender.keys(pressSteps(definition, []), now, last) : await sender.insert(char, now);
      typed++;
      if (dialog) return result(dialog);
      if (char === '\n') {
        if (at.editable === 'field' && !notes.some((n) => n.includes('as Enter'))) notes.push('the newline was pressed as Enter (the field has one line)');
        if (options.stopped()) {
          if (typed < characters.length) notes.push(`stopped typing after the Enter: the page changed (${characters.length - typed} characters not typed)`);
          return result();
        }
      }
    }
    if (options.submit) {
      const dialog = await sender.keys(pressSteps(enter, []), { ...progress(), next: 'the Enter' }, true);
      notes.push('pressed Enter');
      if (dialog) return result(dialog);
      if (options.stopped()) return result(); // the Enter loaded another page: there is no field left to check
    }
    await sender.end();
    return result();
  } catch (error) {
    if (guard) await disarmKeyGuard(context, guard);
    throw error;
  }
}
