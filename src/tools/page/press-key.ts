/** `press_key`: a key or shortcut on the focused element (or on a ref, focused first). */
import { z } from 'zod';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { judgeKeyCall } from '../safety/judge-keys.js';
import { keyEffect, parseKeyCombo, type KeyPress } from '../../shared/keys.js';
import { performAction } from './act.js';
import { describeRef, knownElement, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { trustedKey } from './trusted.js';
import { focusedFrame } from './focus-frame.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  key: z
    .string()
    .min(1)
    .max(40)
    .describe(
      'A key or combination: "Enter", "Escape", "Tab", "Shift+Tab", "ArrowDown", "PageDown", "Backspace", "Space", "Control+A", or one character like "a".',
    ),
  ref: refField('Focus this element before pressing (default: whatever has focus).').optional(),
  tab_id: tabIdField(),
});

/** The parsed key of a valid input (validateInput has checked it). */
function pressOf(key: string): KeyPress {
  const parsed = parseKeyCombo(key);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.press;
}

/** Presses a key. */
export const pressKey = buildTool<typeof inputSchema, string>({
  name: 'press_key',
  aliases: ['send_keys', 'key_press', 'browser_press_key'],
  isEnabled: pageToolEnabled,
  searchHint: 'keyboard shortcut enter escape tab arrow',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Presses one key or a combination (Control, Shift, Alt, Meta joined by "+", e.g. "Control+A") on the focused element, or on ref after focusing it, with the browser’s own (trusted) keyboard events. The page then does what the key does: Enter submits a field’s form, saves an edit or activates a button; Tab moves focus; Escape closes what listens for it; arrows move in lists or scroll.',
    'Returns one line: the key and where it went, then what followed — items a list gained, a page load, a dialog, where focus went, the field’s value; in a rich-text editor the selection, the caret and formatting ("selected …", "the caret is at the end of …", "… is now bold", "a new empty line after …") — or "no visible change" (then the key did nothing there). For text use type.',
  ].join('\n'),
  description: (input, context) => {
    const parsed = parseKeyCombo(input.key);
    const name = parsed.ok ? parsed.press.name : input.key;
    if (!input.ref) return `Press ${name}`;
    const effect = parsed.ok ? keyEffect(parsed.press, knownElement(context, input, input.ref)) : { kind: 'other' as const };
    const does =
      effect.kind === 'submit'
        ? ` (submits its form: ${effect.method}${effect.action ? ` ${effect.action}` : ''})`
        : effect.kind === 'activate'
          ? ' (activates it)'
          : '';
    return `Press ${name} on ${describeRef(context, input, input.ref)}${does}`;
  },
  validateInput: (input, context): ValidationResult => {
    const parsed = parseKeyCombo(input.key);
    if (!parsed.ok) return { ok: false, code: 'INVALID_INPUT', message: parsed.message, suggestion: parsed.suggestion, details: { key: input.key } };
    return validateKnownRefs(context, input, [input.ref]);
  },
  permissionSubject: (input, context) => tabOrigin(input, context),
  // Enter and Space are judged as the click or submit they cause, on the ref or on the focused element.
  checkPermissions: (input, context) => judgeKeyCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const press = pressOf(input.key);
    // No ref: the key goes to the focused element of the frame holding focus, and is watched and guarded there.
    const focus = input.ref ? undefined : await focusedFrame(context, tabId);
    const { frameId, local } = input.ref ? splitRef(input.ref) : { frameId: focus?.frameId ?? 0, local: undefined };
    const what = `Pressed ${press.name}${input.ref ? ` on ${describeRef(context, input, input.ref)}` : ''}`;
    const { line, reads } = await performAction(context, { tabId, frameId, ref: local, what }, async (path) => {
      const documentId = context.snapshots.knownDocument(tabId, frameId);
      if (path.trusted) return trustedKey(context, tabId, press, local ? { tabId, frameId, ref: local, documentId } : undefined, { focus });
      const result = await sendPageCommand(
        context,
        tabId,
        { type: 'press_key', key: input.key, ...(local ? { ref: local, ...(documentId ? { documentId } : {}) } : {}) },
        frameId,
      );
      return { done: result.summary };
    });
    return { data: line, reads };
  },
});
