/**
 * The worker half of judging typing where it lands (the page half: src/content/key-guard.ts). Keys go to
 * whatever holds focus, and the page can move focus while the agent types: into a hidden field of its
 * own, into another origin's frame, onto a destructive form just before the Enter. So every key event and
 * every inserted piece of text goes only while focus is still in the judged element of the judged frame:
 * - after every key event (each modifier's keydown, the key's keydown, its keyup) and every inserted piece,
 *   before anything more is sent, the target frame says the event reached the element, nothing was
 *   aimed elsewhere and focus is still on the element, and every ancestor frame that focus still rests on
 *   the child's iframe (a frame of another process gets the keys otherwise). The check is sent with the
 *   event, not after it: the frame counts the event in as it arrives and answers once the page's handlers
 *   (and the timers they set) have run, so the state judged is the one the event left — one round trip
 *   a key event instead of two;
 * - a key's character goes in its keydown's own browser event. The browser types it into the frame that
 *   received the keydown only: when the keydown's handler moves focus to another frame, no keypress
 *   follows there (Blink's keyboard event manager drops it), and within the frame the guard stops a
 *   keypress or text aimed at any other element before its default action — so an Enter, too, acts only on
 *   the element it was judged for;
 * - focus gone after a key whose keydown and character reached the element is that key's effect (an edit
 *   field Enter saves and removes, a one-box-per-digit code moving on): nothing more of that key is sent,
 *   and the next key, if any, stops with FOCUS_MOVED.
 * The first failed check stops typing and says where focus went and how many characters were typed.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { DialogInfo, DispatchOutcome, KeyStep, PageInputPort } from '../../runtime/page-input.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { requireBrowser, sendPageCommand } from './page-call.js';
import { childOf, type FrameLink } from './pointer-check.js';

/** The guard on one act's typing: where it may go, and what has been sent to it so far. */
export interface KeyGuard {
  tabId: number;
  frameId: number;
  links: readonly FrameLink[];
  token: string;
  label: string;
  /** Key events (keydowns and keyups) sent, keydowns and keyups among them, keydowns that typed a character. */
  sent: { events: number; keydowns: number; keyups: number; typing: number };
  /** Where focus went after a key whose own effect moved it: nothing more may be sent. */
  left?: string;
  /** The guard was disarmed with the last check. */
  ended?: boolean;
}

/** How much of the act was done when focus moved, for the message. */
export interface TypingProgress {
  typed: number;
  total: number;
  /** The key the check stopped before, when it matters to say (`the Enter`). */
  next?: string;
}

/** FOCUS_MOVED: the page moved focus away from the judged element during the act; the rest was not sent. */
export function focusMoved(label: string, now: string, progress: TypingProgress | undefined, strayed = false): ToolError {
  const done = progress
    ? `${progress.typed} of ${progress.total} character${progress.total === 1 ? ' was' : 's were'} typed into ${label}${progress.next ? `, ${progress.next} was not sent` : ''}`
    : `no key was sent to ${label}`;
  // A key event that never arrived went where focus was when the browser sent it: the page won the
  // instant between the last check and that send (the README's known limits), so the message cannot say it went nowhere.
  const after = strayed ? `; the last key event sent did not reach it and may have gone to ${now}` : ', and nothing went anywhere else';
  return new ToolError('FOCUS_MOVED', `Focus moved from ${label} to ${now} while typing: ${done}${after}.`, {
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
  const guard: KeyGuard = {
    tabId: where.tabId,
    frameId: where.frameId,
    links: where.links,
    token: armed.token,
    label: armed.label,
    sent: { events: 0, keydowns: 0, keyups: 0, typing: 0 },
  };
  if (!armed.focused) throw focusMoved(armed.label, armed.now ?? 'another element', undefined);
  await ancestorsLost(context, guard).then((lost) => {
    if (lost) throw focusMoved(guard.label, lost, undefined);
  });
  return guard;
}

/** Where focus went, if an ancestor frame's focus no longer rests on the child's iframe. */
async function ancestorsLost(context: ToolUseContext, guard: KeyGuard): Promise<string | undefined> {
  if (guard.links.length === 0) return undefined;
  const answers = await Promise.all(
    guard.links.map((link) => sendPageCommand(context, guard.tabId, { type: 'frame_focus', ...childOf(link) }, link.parentFrameId)),
  );
  const lost = answers.find((answer) => !answer.holds);
  return lost ? (lost.now ?? 'another frame') : undefined;
}

const isNavigated = (error: unknown) => error instanceof ToolError && error.code === 'NAVIGATED';

/** A read of what reached the element: after the sent key events have arrived (`wait`), and with `end` disarming. */
function landed(context: ToolUseContext, guard: KeyGuard, options: { wait: boolean; end: boolean }): Promise<PageResultOf<'keys_landed'>> {
  return sendPageCommand(
    context,
    guard.tabId,
    { type: 'keys_landed', token: guard.token, ...(options.wait ? { expect: guard.sent.events } : {}), end: options.end },
    guard.frameId,
  );
}

/**
 * Judges what the target frame said after a send (see the file comment): throws FOCUS_MOVED when
 * something was aimed elsewhere or did not arrive, marks the guard `left` when focus went as the key's
 * own effect, then asks the ancestors. `again` re-reads once, after the browser has answered the send (an
 * event late to arrive is not one that went elsewhere).
 */
async function judge(
  context: ToolUseContext,
  guard: KeyGuard,
  first: PageResultOf<'keys_landed'>,
  progress: TypingProgress | undefined,
  again: () => Promise<PageResultOf<'keys_landed'>>,
): Promise<void> {
  const arrived = (r: PageResultOf<'keys_landed'>) => r.keydowns >= guard.sent.keydowns && r.keyups >= guard.sent.keyups;
  const reply = first.blocked === 0 && first.focused && !arrived(first) ? await again() : first;
  if (reply.blocked > 0) throw focusMoved(guard.label, reply.now ?? reply.blockedOn ?? 'another frame', progress);
  if (!arrived(reply)) throw focusMoved(guard.label, reply.now ?? 'another frame', progress, true);
  if (!reply.focused) {
    // A character the keydown should have typed that never reached the element: its own handler moved
    // focus before it (to another frame, where the browser drops it) — a redirection, not an effect.
    if (reply.keypresses < guard.sent.typing && !reply.removed) throw focusMoved(guard.label, reply.now ?? 'another frame', progress);
    guard.left = reply.now ?? 'another element';
    return;
  }
  const lost = await ancestorsLost(context, guard);
  if (lost) guard.left = lost;
}

/** Sends one key event and its check together; the dialog it opened, if any. `end` (the act's last key event) disarms the guard with the check. */
async function sendKeyEvent(
  context: ToolUseContext,
  guard: KeyGuard,
  step: KeyStep,
  progress: TypingProgress | undefined,
  options: { lastPress: boolean; end: boolean },
): Promise<DialogInfo | undefined> {
  const { end } = options;
  guard.sent.events++;
  if (step.type === 'up') guard.sent.keyups++;
  else guard.sent.keydowns++;
  const sending = input(context).keys(guard.tabId, [step]);
  const read = () => landed(context, guard, { wait: true, end });
  const checking = read();
  checking.catch(() => undefined); // a dialog pauses the page: the check answers late or not at all
  const dialog = dialogOf(await sending);
  if (dialog) return dialog;
  // The last key's own effect took the document away (an Enter that submitted): nothing more goes. The
  // check meets the old document going (NAVIGATED) or, when the load committed first, the new one.
  const tookDocument = () => {
    guard.left = 'another page';
    guard.ended = true;
    return undefined;
  };
  let reply: PageResultOf<'keys_landed'>;
  try {
    reply = await checking;
  } catch (error) {
    if (options.lastPress && isNavigated(error)) return tookDocument();
    throw error;
  }
  if (options.lastPress && reply.replaced) return tookDocument();
  // A keydown the page did not prevent typed its character: its keypress must have reached the element.
  if (step.type === 'down' && step.text !== undefined && !reply.prevented) guard.sent.typing++;
  guard.ended = end && reply.arrived >= guard.sent.events;
  await judge(context, guard, reply, progress, read);
  return undefined;
}

/** Throws FOCUS_MOVED when a key's own effect has moved focus: nothing more may be sent. */
function stillThere(guard: KeyGuard, progress: TypingProgress | undefined): void {
  if (guard.left !== undefined) throw focusMoved(guard.label, guard.left, progress);
}

/** Disarms the guard without judging (the act ended another way: a dialog, an error), unless its last check did. */
export async function disarmKeyGuard(context: ToolUseContext, guard: KeyGuard): Promise<void> {
  if (guard.ended) return;
  guard.ended = true;
  await landed(context, guard, { wait: false, end: true }).catch(() => undefined);
}

/**
 * Sends one key press (`steps` as pressSteps builds them) under the guard, each key event checked as it
 * lands before the next goes. `last`: nothing follows it in this act, so its check also disarms the guard.
 * A press after one whose effect moved focus stops with FOCUS_MOVED before anything is sent.
 */
export async function guardedKeys(
  context: ToolUseContext,
  guard: KeyGuard,
  steps: readonly KeyStep[],
  progress: TypingProgress | undefined,
  last = false,
): Promise<DialogInfo | undefined> {
  stillThere(guard, progress);
  for (const [index, step] of steps.entries()) {
    const dialog = await sendKeyEvent(context, guard, step, progress, { lastPress: last, end: last && index === steps.length - 1 });
    if (dialog) return dialog;
    // Focus went as this key's effect: its releases would reach whatever holds focus now.
    if (guard.left !== undefined) return undefined;
  }
  return undefined;
}

/** Inserts a piece of text under the guard, checked after it lands. */
export async function guardedInsert(
  context: ToolUseContext,
  guard: KeyGuard,
  text: string,
  progress: TypingProgress | undefined,
): Promise<DialogInfo | undefined> {
  stillThere(guard, progress);
  const dialog = dialogOf(await input(context).insertText(guard.tabId, text));
  if (dialog) return dialog;
  const read = () => landed(context, guard, { wait: false, end: false });
  await judge(context, guard, await read(), progress, read);
  return undefined;
}
