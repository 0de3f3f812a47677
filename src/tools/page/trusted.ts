/**
 * The worker half of trusted input: asks the target's frame where to act (scrolled into view, checked
 * visible, enabled and not covered), adds each ancestor iframe's offset, and sends the browser's own
 * pointer and key events through `context.browser.input` (the DevTools Protocol), so pages see
 * `isTrusted: true` with every legacy field. Each function returns what it did, or stops at a dialog.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { DialogInfo, DispatchOutcome, KeyStep, MouseStep, PageInputPort } from '../../runtime/page-input.js';
import { keyDefinition, keyForCharacter, type KeyDefinition, type KeyPress, type Modifier } from '../../shared/keys.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { requireBrowser, sendPageCommand } from './page-call.js';

/** Where an action acts: a frame of a tab, a local ref in it, and the document the ref came from. */
export interface Target {
  tabId: number;
  frameId: number;
  ref: string;
  documentId: string | undefined;
}

/** What a trusted act did; `dialog` when a dialog opened and the rest was not sent. */
export interface Acted {
  done: string;
  notes: string[];
  dialog?: DialogInfo;
}

/** Longest text typed key by key; the rest of a longer text is inserted in one piece, as a paste would. */
export const TYPE_BY_KEY_LIMIT = 300;

function port(context: ToolUseContext): PageInputPort {
  const input = requireBrowser(context).input;
  if (!input) throw new Error('trusted input is not available'); // callers check availability first
  return input;
}

/** Locates the target for `purpose` and returns its point in the tab's top-level viewport. */
export async function pointOf(
  context: ToolUseContext,
  target: Target,
  purpose: 'click' | 'hover' | 'type' | 'focus',
): Promise<PageResultOf<'locate'> & { topX: number; topY: number }> {
  const located = await sendPageCommand(
    context,
    target.tabId,
    { type: 'locate', ref: target.ref, ...(target.documentId ? { documentId: target.documentId } : {}), purpose },
    target.frameId,
  );
  let point = { x: located.x, y: located.y };
  if (target.frameId !== 0) {
    const frames = await requireBrowser(context).listFrames(target.tabId);
    for (let child = target.frameId; child !== 0;) {
      const info = frames.find((frame) => frame.frameId === child);
      const parent = info?.parentFrameId;
      if (!info || parent === undefined || parent < 0) break;
      const nth = frames.filter((frame) => frame.parentFrameId === parent && frame.url === info.url).findIndex((frame) => frame.frameId === child);
      point = await sendPageCommand(
        context,
        target.tabId,
        { type: 'frame_offset', frameId: child, url: info.url, nth: Math.max(0, nth), x: point.x, y: point.y },
        parent,
      );
      child = parent;
    }
  }
  return { ...located, topX: point.x, topY: point.y };
}

const dialogOf = (outcome: DispatchOutcome): DialogInfo | undefined => (outcome.outcome === 'dialog' ? outcome.dialog : undefined);

/** A click (or double, triple, right, middle click) with modifiers, by the browser's pointer. */
export async function trustedClick(
  context: ToolUseContext,
  target: Target,
  options: { button: 'left' | 'right' | 'middle'; clickCount: number; modifiers: readonly Modifier[] },
): Promise<Acted> {
  const at = await pointOf(context, target, 'click');
  const steps: MouseStep[] = [{ type: 'move', x: at.topX, y: at.topY, modifiers: options.modifiers }];
  for (let count = 1; count <= options.clickCount; count++) {
    steps.push({ type: 'press', x: at.topX, y: at.topY, button: options.button, clickCount: count, modifiers: options.modifiers });
    steps.push({ type: 'release', x: at.topX, y: at.topY, button: options.button, clickCount: count, modifiers: options.modifiers });
  }
  const outcome = await port(context).mouse(target.tabId, steps);
  const times = options.clickCount === 1 ? '' : options.clickCount === 2 ? ' twice' : ' three times';
  const mods = options.modifiers.length ? ` with ${options.modifiers.join('+')}` : '';
  const which = options.button === 'left' ? 'Clicked' : `${options.button === 'right' ? 'Right' : 'Middle'}-clicked`;
  const dialog = dialogOf(outcome);
  return { done: `${which} ${at.label}${times}${mods}`, notes: [], ...(dialog ? { dialog } : {}) };
}

/** The pointer moves over the element. */
export async function trustedHover(context: ToolUseContext, target: Target): Promise<Acted> {
  const at = await pointOf(context, target, 'hover');
  const dialog = dialogOf(await port(context).mouse(target.tabId, [{ type: 'move', x: at.topX, y: at.topY }]));
  return { done: `Hovering over ${at.label}`, notes: [], ...(dialog ? { dialog } : {}) };
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

/** A key or combination, on `target` (focused first, by script) or on whatever has focus. */
export async function trustedKey(context: ToolUseContext, tabId: number, press: KeyPress, target: Target | undefined): Promise<Acted> {
  let where = 'the focused element';
  if (target) where = (await pointOf(context, target, 'focus')).label;
  const dialog = dialogOf(await port(context).keys(tabId, pressSteps(press, press.modifiers)));
  return { done: `Pressed ${press.name} on ${where}`, notes: [], ...(dialog ? { dialog } : {}) };
}

/**
 * Types like a person: clicks into the field, selects what it holds (clear) or goes to its end, deletes
 * the selection, then presses a key per character (Enter for a newline), inserting characters no key
 * types (é, emoji) as an input method does. `stopped` is asked after each Enter: a submit may have
 * loaded another page or opened a dialog, and the rest must not be typed into whatever comes next.
 */
export async function trustedType(
  context: ToolUseContext,
  target: Target,
  text: string,
  options: { clear: boolean; submit: boolean; stopped: () => boolean },
): Promise<Acted> {
  const input = port(context);
  const at = await pointOf(context, target, 'type');
  const notes: string[] = [];
  const total = [...text].length;
  let typed = 0;
  const result = (dialog?: DialogInfo): Acted => ({
    done: `Typed ${typed === total ? total : `${typed} of ${total}`} character${total === 1 ? '' : 's'} into ${at.label}`,
    notes,
    ...(dialog ? { dialog } : {}),
  });
  const click = await input.mouse(target.tabId, [
    { type: 'move', x: at.topX, y: at.topY },
    { type: 'press', x: at.topX, y: at.topY, button: 'left', clickCount: 1 },
    { type: 'release', x: at.topX, y: at.topY, button: 'left', clickCount: 1 },
  ]);
  if (dialogOf(click)) return result(dialogOf(click));
  const caret = await sendPageCommand(
    context,
    target.tabId,
    { type: 'caret', ref: target.ref, ...(target.documentId ? { documentId: target.documentId } : {}), mode: options.clear ? 'all' : 'end' },
    target.frameId,
  );
  const send = async (steps: KeyStep[]) => dialogOf(await input.keys(target.tabId, steps));
  const enter = keyDefinition('Enter') as KeyDefinition;
  if (!caret.placed && !options.clear) {
    const dialog = await send(pressSteps(keyDefinition('End') as KeyDefinition, []));
    if (dialog) return result(dialog);
  }
  if (options.clear && caret.value !== '') {
    const dialog = await send(pressSteps(keyDefinition('Backspace') as KeyDefinition, []));
    if (dialog) return result(dialog);
  }
  const characters = [...text];
  const bulk = characters.length > TYPE_BY_KEY_LIMIT && !text.includes('\n') ? characters.length - 1 : 0;
  if (bulk > 0) {
    const dialog = dialogOf(await input.insertText(target.tabId, characters.slice(0, bulk).join('')));
    typed = bulk;
    notes.push(`the first ${bulk} characters were inserted in one piece, as a paste`);
    if (dialog) return result(dialog);
  }
  for (const char of characters.slice(bulk)) {
    if (char === '\r') {
      typed++; // "\r\n" is one newline
      continue;
    }
    const definition = keyForCharacter(char);
    const dialog = definition ? await send(pressSteps(definition, [])) : dialogOf(await input.insertText(target.tabId, char));
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
    const dialog = await send(pressSteps(enter, []));
    notes.push('pressed Enter');
    if (dialog) return result(dialog);
  }
  return result();
}
