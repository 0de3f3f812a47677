/**
 * Every page action goes through here: choose the input path (trusted through the debugger, or
 * synthetic events with the reason), watch the tab (navigations, new tabs, dialogs), arm the page's
 * observer, act, let the page settle — a few hundred ms of DOM quiet, and the requests the act set off
 * answered (src/background/act-requests.ts), longer while a navigation loads, always bounded — and
 * return the one line that says what followed (act-report.ts). A dialog never hangs the action: it is
 * reported and left for handle_dialog, the model or the person to answer.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { isToolErrorLike, messageOf, ToolError } from '../../runtime/errors.js';
import type { ActRequests, DialogInfo, PageWatch } from '../../runtime/page-input.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { actReportLine, type InputPath } from './act-report.js';
import { originOf } from '../../runtime/permission-rules.js';
import { framePrefix, requireBrowser, sendPageCommand } from './page-call.js';

/** DOM quiet that counts as settled. */
export const QUIET_MS = 300;
/** Longest wait for quiet (pages with tickers or animations never go quiet). */
export const MAX_SETTLE_MS = 3_000;
/** Longest wait for a navigation the action started to load. */
export const NAVIGATION_MS = 10_000;

/** What an act reports back to `performAction`. */
export interface ActResult {
  done: string;
  notes?: string[];
  dialog?: DialogInfo;
  /** How the act reached the page when it did not use the input path (e.g. "values set by script"); '' says nothing. */
  via?: string;
  /** `done` itself says what changed (a combobox's pick): nothing else seen is "no other visible change". */
  saysChange?: boolean;
  /** The act pressed on another element than its target by design (a drag presses on what it carries, its target is where it drops). */
  pressedElsewhere?: boolean;
}

/** An observation left open by a dialog, finished by handle_dialog once the dialog is answered. */
interface PendingObservation {
  frameId: number;
  token: string;
}
// Per tab: a dialog pauses one page at a time. (Worker memory, like the documents in page-call.ts.)
const pendingObservations = new Map<number, PendingObservation>();

/** The input path for this tab and run: trusted when the debugger attaches, else synthetic with why. */
export async function inputPath(context: ToolUseContext, tabId: number): Promise<InputPath> {
  const input = requireBrowser(context).input;
  if (!input) return { trusted: false, reason: 'trusted input is not available in this browser context' };
  return input.acquire(tabId, context.agentId);
}

/** Waits for `work`, but gives up when a dialog opens or a navigation starts (the page cannot answer then). */
async function unlessInterrupted<T>(context: ToolUseContext, tabId: number, watch: PageWatch | undefined, work: Promise<T>): Promise<T | 'interrupted'> {
  const input = requireBrowser(context).input;
  if (!input || !watch) return work;
  work.catch(() => undefined); // a late failure after we stopped waiting is not an unhandled rejection
  let timer: ReturnType<typeof setInterval> | undefined;
  const interrupted = new Promise<'interrupted'>((resolve) => {
    timer = setInterval(() => {
      if (input.openDialog(tabId) || watch.events().navigationStarted) resolve('interrupted');
    }, 50);
  });
  try {
    return await Promise.race([work, interrupted]);
  } finally {
    clearInterval(timer);
  }
}

/**
 * Waits for the page to settle and reads what it saw: DOM quiet, and, where the browser reports the act's
 * requests, those answered and the page quiet again after them — all within MAX_SETTLE_MS. A request
 * still open then is left open: the report says what the page shows by then.
 */
async function observeSettled(
  context: ToolUseContext,
  where: { tabId: number; frameId: number; token: string },
  requests: ActRequests | undefined,
  stopped: () => boolean,
): Promise<PageResultOf<'observe_end'>> {
  const { tabId, frameId, token } = where;
  if (!requests) return sendPageCommand(context, tabId, { type: 'observe_end', token, quietMs: QUIET_MS, maxMs: MAX_SETTLE_MS }, frameId);
  const deadline = Date.now() + MAX_SETTLE_MS;
  for (let left = MAX_SETTLE_MS; left > 0 && !stopped(); left = deadline - Date.now()) {
    const { observing } = await sendPageCommand(context, tabId, { type: 'observe_wait', token, quietMs: QUIET_MS, maxMs: left }, frameId);
    // Quiet, and no request of the act open or just answered (its answer may not be drawn yet): settled.
    if (!observing || (requests.open() === 0 && requests.sinceLastEnded() >= QUIET_MS)) break;
    await requests.idle(deadline - Date.now(), context.abortController.signal);
  }
  return sendPageCommand(context, tabId, { type: 'observe_end', token, quietMs: 0, maxMs: 0 }, frameId);
}

/** Reads what the page saw, after it settles; undefined when the page went away or paused. */
async function settle(
  context: ToolUseContext,
  tabId: number,
  frameId: number,
  token: string,
  watch: PageWatch | undefined,
  requests?: ActRequests,
): Promise<PageResultOf<'observe_end'> | undefined> {
  const signal = context.abortController.signal;
  let observed: PageResultOf<'observe_end'> | undefined;
  if (!watch?.events().navigationStarted && !requireBrowser(context).input?.openDialog(tabId)) {
    let interrupted = false;
    try {
      const reply = await unlessInterrupted(
        context,
        tabId,
        watch,
        observeSettled(context, { tabId, frameId, token }, requests, () => interrupted || signal.aborted),
      );
      interrupted = reply === 'interrupted';
      if (reply !== 'interrupted') observed = reply;
    } catch (error) {
      // The document went away under the observer: a navigation, which the watch reports.
      if (!isToolErrorLike(error) || !['NAVIGATED', 'DIALOG_OPEN'].includes(error.code)) throw error;
      if (error.code === 'NAVIGATED' && frameId !== 0 && !watch?.events().navigationStarted) {
        // A frame removed or reloaded mid-act: what reached it is unknown, so this is not a success.
        throw new ToolError(
          'NAVIGATED',
          'The frame that held the target went away during the act (it was removed or navigated): the input may have reached it only in part.',
          {
            suggestion: 'Call read_page to see the page as it is now, then act on its current refs.',
            details: { tabId, frameId },
          },
        );
      }
    }
  }
  if (watch?.events().navigationStarted) await watch.waitForNavigation(NAVIGATION_MS, signal);
  return observed;
}

/**
 * Runs one action on a tab (`ref`: the local ref of its target in `frameId`, if any; `what`: the act in
 * words, for when the page cannot say) and returns the line that says what it did and what followed.
 */
export async function performAction(
  context: ToolUseContext,
  where: { tabId: number; frameId: number; ref?: string | undefined; what: string; quietTarget?: boolean },
  act: (path: InputPath, page: { interrupted: () => boolean }) => Promise<ActResult>,
): Promise<ActOutcome> {
  const bridge = requireBrowser(context);
  const { tabId, frameId } = where;
  const path = await inputPath(context, tabId);
  const watch = bridge.input?.watch(tabId);
  // Counted from before the input: a click handler's request starts as the click lands.
  const requests = path.trusted ? bridge.input?.requests?.mark(tabId) : undefined;
  try {
    const documentId = context.snapshots.knownDocument(tabId, frameId);
    const { token } = await sendPageCommand(
      context,
      tabId,
      {
        type: 'observe_start',
        ...(where.ref ? { ref: where.ref } : {}),
        ...(documentId ? { documentId } : {}),
        refPrefix: framePrefix(frameId),
        ...(where.quietTarget ? { quietTarget: true } : {}),
      },
      frameId,
    );
    let acted: ActResult;
    try {
      // An Enter that submitted may have loaded another page or opened a dialog: later keys must not follow it.
      const interrupted = () => Boolean(bridge.input?.openDialog(tabId) || watch?.events().navigationStarted);
      acted = await act(path, { interrupted });
    } catch (error) {
      // A synthetic act whose page navigated before it could answer did happen: report what followed.
      if (!isToolErrorLike(error) || error.code !== 'NAVIGATED') {
        if (isToolErrorLike(error)) throw error;
        throw new ToolError('INPUT_FAILED', `The browser did not deliver the input: ${messageOf(error)}.`, {
          suggestion: 'Call read_page to see whether anything happened, then try again.',
        });
      }
      acted = { done: where.what, notes: ['the page navigated before it answered'] };
    }
    const dialog = acted.dialog ?? bridge.input?.openDialog(tabId);
    if (dialog) pendingObservations.set(tabId, { frameId, token });
    const settled = dialog ? undefined : await settle(context, tabId, frameId, token, watch, requests);
    const observed = settled && acted.pressedElsewhere ? withoutLanding(settled) : settled;
    const shownPath: InputPath = acted.via === undefined ? path : { trusted: false, reason: acted.via };
    return finish(context, tabId, { done: acted.done, notes: acted.notes ?? [], path: shownPath, dialog, observed, watch, saysChange: acted.saysChange });
  } finally {
    requests?.stop();
    watch?.stop();
  }
}

/** An observation without its "landed elsewhere": for an act whose press is meant to be on another element. */
function withoutLanding(observed: PageResultOf<'observe_end'>): PageResultOf<'observe_end'> {
  const kept = { ...observed };
  delete kept.landedElsewhere;
  return kept;
}

/**
 * Answers the tab's open dialog through `answer`, then reports what followed, finishing the
 * observation the dialog interrupted (its page was paused in the middle of the action).
 */
export async function afterDialog(context: ToolUseContext, tabId: number, answer: () => Promise<string>): Promise<ActOutcome> {
  const bridge = requireBrowser(context);
  const watch = bridge.input?.watch(tabId);
  const requests = bridge.input?.requests?.mark(tabId);
  try {
    const done = await answer();
    const pending = pendingObservations.get(tabId);
    pendingObservations.delete(tabId);
    const path: InputPath = { trusted: true };
    const again = bridge.input?.openDialog(tabId);
    const observed = pending && !again ? await settle(context, tabId, pending.frameId, pending.token, watch, requests) : undefined;
    if (!pending && !again && watch?.events().navigationStarted) await watch.waitForNavigation(NAVIGATION_MS, context.abortController.signal);
    return finish(context, tabId, {
      done,
      notes: [],
      path,
      dialog: again,
      observed,
      watch,
      ...(pending ? {} : { unobserved: 'what the page did next was not observed (the dialog did not come from an action): call read_page' }),
    });
  } finally {
    requests?.stop();
    watch?.stop();
  }
}

/** What an act returns: its line, the path it took, what its frame observed, and where the line's page text came from. */
export interface ActOutcome {
  line: string;
  path: InputPath;
  observed?: PageResultOf<'observe_end'>;
  /** For the data ledger: the line is the acting frame's (its observer wrote it) and, when a dialog opened, the dialog page's. */
  reads: LedgerRead[];
}

function finish(
  context: ToolUseContext,
  tabId: number,
  parts: {
    done: string;
    notes: string[];
    path: InputPath;
    dialog: DialogInfo | undefined;
    observed: PageResultOf<'observe_end'> | undefined;
    watch: PageWatch | undefined;
    unobserved?: string;
    saysChange?: boolean | undefined;
  },
): ActOutcome {
  const events = parts.watch?.events();
  if (events?.navigated && !events.navigated.error) {
    // Whatever the new page is, refs handed out for the old document must not be trusted.
    context.snapshots.invalidate(tabId);
  } else if (parts.observed) {
    const record = context.snapshots.get(tabId);
    if (record) context.snapshots.update(tabId, record.url, parts.observed.elements);
  }
  const unobserved =
    parts.unobserved ??
    (!parts.observed && !parts.dialog && !events?.navigationStarted ? 'the page did not report what changed: call read_page to check' : undefined);
  const line = actReportLine({
    done: parts.done,
    path: parts.path,
    notes: parts.notes,
    ...(events ? { browser: events } : {}),
    ...(parts.dialog ? { dialog: parts.dialog } : {}),
    ...(parts.observed ? { observed: parts.observed } : {}),
    ...(unobserved ? { unobserved } : {}),
    ...(parts.saysChange ? { saysChange: true } : {}),
  });
  const origins = [originOf(parts.observed?.url), originOf(parts.dialog?.url)].filter((origin): origin is string => origin !== undefined);
  const reads = [...new Set(origins)].map((origin) => ({ origin, text: line }));
  return { line, path: parts.path, ...(parts.observed ? { observed: parts.observed } : {}), reads };
}
