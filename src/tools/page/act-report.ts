/**
 * The one line an action returns: what was done, which input path did it, and what followed — a
 * navigation, a new tab, a JavaScript dialog, changes near the target, the target's state, where focus
 * went, the refs made stale — or plainly "no visible change". It never claims more than was observed:
 * this line is how the model tells success from a no-op.
 */
import { dialogPhrase, type WatchedEvents, type DialogInfo } from '../../runtime/page-input.js';
import type { PageResultOf } from '../../shared/protocol/page.js';

/** How the action reached the page. */
export type InputPath = { trusted: true } | { trusted: false; reason: string };

/** Everything the line is made of. */
export interface EffectReport {
  /** What was done, e.g. `Clicked button "Add"`. */
  done: string;
  path: InputPath;
  /** Extra facts about the act itself, e.g. `typed the "\n" as Enter`. */
  notes?: string[];
  browser?: WatchedEvents;
  /** A dialog that opened during the act (it may also be in `browser`). */
  dialog?: DialogInfo;
  observed?: PageResultOf<'observe_end'>;
  /** Why the page's side could not be read, when it could not. */
  unobserved?: string;
  /** `done` says what the act changed itself: anything else is "other". */
  saysChange?: boolean;
}

const MAX_STALE_LISTED = 8;

/** Builds the result line. */
export function actReportLine(report: EffectReport): string {
  const via = report.path.trusted
    ? ' [trusted input]'
    : report.path.reason === ''
      ? ''
      : report.path.reason.startsWith('(')
        ? ` ${report.path.reason}`
        : ` [synthetic events: ${report.path.reason}]`;
  const clauses: string[] = [];
  const dialog = report.dialog ?? report.browser?.dialog;
  if (dialog) {
    clauses.push(
      `${dialogPhrase(dialog)} opened and the page is paused until it is answered: call handle_dialog to accept or dismiss it (or let the person answer it)`,
    );
  }
  const browser = report.browser;
  const navigation = browser?.navigated;
  if (navigation?.error && navigation.error !== 'net::ERR_ABORTED') clauses.push(`loading ${navigation.url} failed (${navigation.error})`);
  else if (navigation && !navigation.error) clauses.push(`the tab loaded ${navigation.url}; every ref of the previous page is stale: call read_page or find`);
  else if (browser?.navigationStarted && !navigation)
    clauses.push(`the tab started loading ${browser.navigationStarted} and had not finished: call wait_for or read_page`);
  for (const tab of browser?.newTabs ?? [])
    clauses.push(`it opened a new tab ${tab.tabId}${tab.url ? ` (${tab.url})` : ''}; this run stays on the current tab (switch_tab to go there)`);

  const observed = report.observed;
  let sawChange = clauses.length > 0;
  if (observed) {
    if (observed.landedElsewhere) clauses.push(`but the click landed on ${observed.landedElsewhere}, not on the target`);
    clauses.push(...observed.changes);
    if (observed.changes.length > 0 || observed.landedElsewhere) sawChange = true;
    if (observed.focus) {
      clauses.push(`focus moved to ${observed.focus}`);
      sawChange = true;
    }
    if (browser?.urlChanged && !observed.changes.some((c) => c.startsWith('the address is now'))) {
      clauses.push(`the address is now ${browser.urlChanged}`);
      sawChange = true;
    }
    if (observed.staleRefs.length > 0) {
      const listed = observed.staleRefs.slice(0, MAX_STALE_LISTED).join(', ');
      const more = observed.staleRefs.length > MAX_STALE_LISTED ? ` and ${observed.staleRefs.length - MAX_STALE_LISTED} more` : '';
      clauses.push(`now stale (their elements left the page): ${listed}${more}`);
      sawChange = true;
    }
    if (observed.target) {
      // The target's state goes first: it is what the model checks ("its value is now …").
      clauses.unshift(observed.target);
      if (observed.targetChanged) sawChange = true;
    }
  } else if (report.unobserved) {
    clauses.push(report.unobserved);
    sawChange = true; // unknown is not "no change"
  }
  if (!sawChange) clauses.push(observed?.target || report.saysChange ? 'no other visible change' : 'no visible change');
  const notes = report.notes?.length ? `; ${report.notes.join('; ')}` : '';
  return `${report.done.replace(/\.$/, '')}${notes}${via}. Then: ${clauses.join('; ')}.`;
}
