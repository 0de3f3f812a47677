/**
 * The worker half of judging typing where it lands (the page half: src/content/key-guard.ts). Keys go to
 * whatever holds focus, and the page can move focus while the agent types: into a hidden field of its
 * own, into another origin's frame, onto a destructive form just before the Enter. So every key and
 * every inserted piece of text goes only while focus is still in the judged element of the judged frame:
 * - before each key the target frame says focus is still on the element, and every ancestor frame that
 *   focus still rests on the child's iframe (a frame of another process gets the keys otherwise);
 * - a key is sent as its keydown alone first; only when that keydown reached the element and focus is
 *   still there afterwards (the page may move it in its keydown handler) does the character follow —
 *   an Enter, too, goes only to the element it was judged for;
 * - inside the target frame the guard stops, before their default action, keys aimed at any other
 *   element (a second line of defence for the instant between a check and a key).
 * The first failed check stops typing and says where focus went and how many characters were typed.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { DialogInfo, DispatchOutcome, KeyStep, PageInputPort } from '../../runtime/page-input.js';
import { requireBrowser, sendPageCommand } from './page-call.js';
import { childOf, type FrameLink } from './pointer-check.js';

/** The guard on one act's typing: where it may go, and what has reached it so far. */
export interface KeyGuard {
  tabId: number;
  frameId: number;
  links: readonly FrameLink[];
  token: string;
  label: string;
  /** Keydowns that reached the element so far. */
  keydowns: number;
}

/** How much of the act was done when focus moved, for the message. */
export interface TypingProgress {
  typed: number;
  total: number;
  /** The key the check stopped before, when it matters to say (`the Enter`). */
  next?: string;
}

/** FOCUS_MOVED: the page moved focus away from the judged element during the act; the rest was not sent. */
export function focusMoved(label: string, now: string, progress: TypingProgress | undefined): ToolError {
  const done = progress
    ? `${progress.typed} of ${progress.total} character${progress.total === 1 ? ' was' : 's were'} typed into ${label}${progress.next ? `, ${progress.next} was not sent` : ''}`
    : `no key was sent to ${label}`;
  return new ToolError('FOCUS_MOVED', `Focus moved from ${label} to ${now} while typing: ${done}, and nothing went anywhere else.`, {
    suggestion:
      'The page moved the keyboard focus away from the field, which is how a page redirects typing (into a hidden field, another site’s frame, or a form the Enter would submit). Call read_page to see the page as it is now; if it happens again, tell the person instead of retrying.',
    details: { now, ...(progress ? { typed: progress.typed, total: progress.total } : {}) },
  });
}

function input(context: ToolUseContext): PageInputPort {
  const port = requireBrowser(context).input;
  if (!port) throw new Error('trusted input is not available'); // callers check availability first
  return port;
}

const dialogOf = (outcome: DispatchOutcome): DialogInfo | undefined => (outcome.outcome === 'dialog' ? outcome.dialog : undefined);

/** Arms the guard on the ref's element (no ref: the focused element of frame 0) and checks it holds focus now. */
export async function armKeyGuard(
  context: ToolUseContext,
  where: { tabId: number; frameId: number; ref?: string; documentId?: string | undefined; links: readonly FrameLink[] },
): Promise<KeyGuard> {
  const armed = await sendPageCommand(
    context,
    where.tabId,
    { type: 'guard_keys', ...(where.ref ? { ref: where.ref } : {}), ...(where.documentId ? { documentId: where.documentId } : {}) },
    where.frameId,
  );
  const guard: KeyGuard = { tabId: where.tabId, frameId: where.frameId, links: where.links, token: armed.token, label: armed.label, keydowns: 0 };
  if (!armed.focused) throw focusMoved(armed.label, armed.now ?? 'another element', undefined);
  await ancestorsHoldFocus(context, guard, undefined);
  return guard;
}

async function ancestorsHoldFocus(context: ToolUseContext, guard: KeyGuard, progress: TypingProgress | undefined): Promise<void> {
  if (guard.links.length === 0) return;
  const answers = await Promise.all(
    guard.links.map((link) => sendPageCommand(context, guard.tabId, { type: 'frame_focus', ...childOf(link) }, link.parentFrameId)),
  );
  const lost = answers.find((answer) => !answer.holds);
  if (lost) throw focusMoved(guard.label, lost.now ?? 'another frame', progress);
}

/**
 * Checks focus is still where the keys may go and, with `afterKeydown`, that the keydown just sent
 * reached the element; returns whether the page prevented that keydown's default, and `left` when the key's own
 * effect took focus from the element (it was the last key, or its keydown removed the element). `end` disarms.
 */
export async function checkFocus(
  context: ToolUseContext,
  guard: KeyGuard,
  progress: TypingProgress | undefined,
  options: { afterKeydown?: boolean; end?: boolean } = {},
): Promise<{ prevented: boolean; left?: boolean }> {
  const [own, ancestors] = await Promise.allSettled([
    sendPageCommand(context, guard.tabId, { type: 'keys_landed', token: guard.token, end: options.end === true }, guard.frameId),
    ancestorsHoldFocus(context, guard, progress),
  ]);
  // The judged frame's own answer decides first: a frame the key removed is NAVIGATED (its document is
  // gone), which its parent, answering sooner, would otherwise report as focus moved to the page.
  if (own.status === 'rejected') throw own.reason;
  const landed = own.value;
  const expected = guard.keydowns + (options.afterKeydown ? 1 : 0);
  const allLanded = landed.blocked === 0 && landed.keydowns >= expected;
  // Focus gone after the last key, or after a keydown whose own handler removed the element (an edit
  // field that Enter saves), is that key's effect, not a redirection: every key reached the element and
  // nothing more is sent anywhere.
  if (allLanded && !landed.focused && (options.end === true || (options.afterKeydown === true && landed.removed === true))) {
    guard.keydowns = landed.keydowns;
    return { prevented: landed.prevented, left: true };
  }
  if (ancestors.status === 'rejected') throw ancestors.reason;
  if (!landed.focused || !allLanded) {
    throw focusMoved(guard.label, landed.now ?? landed.blockedOn ?? 'another frame', progress);
  }
  guard.keydowns = landed.keydowns;
  return { prevented: landed.prevented };
}

/** Disarms the guard without judging (the act ended another way: a dialog, an error). */
export async function disarmKeyGuard(context: ToolUseContext, guard: KeyGuard): Promise<void> {
  await sendPageCommand(context, guard.tabId, { type: 'keys_landed', token: guard.token, end: true }, guard.frameId).catch(() => undefined);
}

/**
 * Sends one key press (`steps` as pressSteps builds them) under the guard: checked before, its keydown
 * alone, checked again, then its character (unless the page prevented the keydown, as for a person's
 * key) and the releases. `first` skips the check before (the guard was just armed or checked).
 */
export async function guardedKeys(
  context: ToolUseContext,
  guard: KeyGuard,
  steps: readonly KeyStep[],
  progress: TypingProgress | undefined,
  first = false,
): Promise<DialogInfo | undefined> {
  const port = input(context);
  if (!first) await checkFocus(context, guard, progress);
  const main = steps.findIndex((step) => step.type === 'down' && step.text !== undefined);
  const downs = main < 0 ? steps.findLastIndex((step) => step.type === 'down') : main;
  const before = steps.slice(0, downs);
  const keydown = steps[downs];
  if (!keydown) return dialogOf(await port.keys(guard.tabId, steps));
  const { text, ...rawDown } = keydown;
  const dialog = dialogOf(await port.keys(guard.tabId, [...before, rawDown]));
  if (dialog) return dialog;
  const { prevented, left } = await checkFocus(context, guard, progress, { afterKeydown: true });
  // The key removed its element: its character and releases would reach whatever holds focus now.
  if (left) return undefined;
  const rest = steps.slice(downs + 1);
  const char: KeyStep[] = text !== undefined && !prevented ? [{ ...rawDown, type: 'char', text }] : [];
  return dialogOf(await port.keys(guard.tabId, [...char, ...rest]));
}

/** Inserts a piece of text under the guard (checked before it). */
export async function guardedInsert(
  context: ToolUseContext,
  guard: KeyGuard,
  text: string,
  progress: TypingProgress | undefined,
): Promise<DialogInfo | undefined> {
  await checkFocus(context, guard, progress);
  return dialogOf(await input(context).insertText(guard.tabId, text));
}
