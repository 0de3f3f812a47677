/**
 * Notices an act set off away from where it acted: a toast ("Successfully deployed"), an alert, a live
 * region's new words. An act's text comparison looks only near its target (`regionOf`), so a notification
 * the page showed at its top went unsaid: a model clicked Node-RED's Deploy, was told only of lists
 * redrawn, and took a screenshot to learn whether the deploy worked.
 *
 * A heuristic on the page's structure and styles. A notice is an element added or given new words during
 * the act, outside the target's region, shown and not transparent, that sits in a live region
 * (role alert, status or log; aria-live polite or assertive) or floats over the page (it or an ancestor is
 * position: fixed, or absolute with a positive z-index); with a few short lines of words a person sees
 * (screen-reader-only text is none: `linesOf`) and at most two controls (a toast's close or undo button).
 * Not a notice: a tooltip, a menu, a list of options, a dialog (said as opened), a grid or a calendar, or
 * anything holding a field — popups a click opens float too, and they are said otherwise or not news.
 */
import { closestOf, querySelectorAllOf } from './dom.js';
import { isShownOpaque } from './grid-cell.js';
import { clip } from './observe-changes.js';
import { CONTROL_SELECTOR, linesOf } from './observe-util.js';

const LIVE = '[role=alert], [role=status], [role=log], [aria-live=polite], [aria-live=assertive]';
/** Popups and parts a click opens or a hover shows: never a notice, nor anything inside one. */
const NOT_NOTICE =
  '[role=tooltip], [role=menu], [role=menubar], [role=listbox], [role=dialog], [role=alertdialog], [role=combobox], [role=tree], [role=grid], [role=tablist], [class*=tooltip i], [class*=popover i]';
/** Anything in a notice that makes it a form or a widget rather than a message. */
const HOLDS_WIDGET = `${NOT_NOTICE}, input, select, textarea, [contenteditable=""], [contenteditable=true], table`;

const MAX_NOTICES = 3;
const MAX_LINES = 4;
const MAX_CHARS = 300;
const MAX_CONTROLS = 2;
/** Ancestors looked at for a floating container (a toast sits in a positioned stack). */
const MAX_CLIMB = 6;

/** Whether the element or a near ancestor floats over the page. */
function floats(element: Element): boolean {
  let current: Element | null = element;
  for (let depth = 0; current && current !== document.body && depth <= MAX_CLIMB; depth++, current = current.parentElement) {
    const style = getComputedStyle(current);
    if (style.position === 'fixed') return true;
    if (style.position === 'absolute' && Number(style.zIndex) > 0) return true;
  }
  return false;
}

/** Elements looked at, at most: a sort redraws thousands; a toast is among the first added. */
const MAX_LOOKED_AT = 300;

/**
 * The elements the act added or gave new words. Not those whose class or style changed: a bar always shown
 * whose class toggles (a sticky header on scroll) did not appear, and a toast added hidden and then faded
 * in (Node-RED's) was added during the act.
 */
function touched(records: readonly MutationRecord[]): Element[] {
  const added = new Set<Element>();
  for (const record of records) {
    if (record.type === 'childList') {
      for (const node of record.addedNodes) {
        const element = node instanceof Element ? node : node.parentElement;
        if (element) added.add(element);
      }
    } else if (record.type === 'characterData' && record.target.parentElement) {
      added.add(record.target.parentElement);
    }
  }
  return [...added].slice(0, MAX_LOOKED_AT);
}

/** A notice's words on one line, or '' when the element is no notice (see the file comment). */
function noticeWords(element: Element, region: Element | undefined): string {
  if (!element.isConnected || region?.contains(element) || element.contains(region ?? null)) return '';
  if (closestOf(element, NOT_NOTICE) || element.querySelector(HOLDS_WIDGET)) return '';
  if (!isShownOpaque(element) || !(closestOf(element, LIVE) || floats(element))) return '';
  if (querySelectorAllOf(element, CONTROL_SELECTOR).length > MAX_CONTROLS) return '';
  const lines = linesOf(element);
  const words = lines.join(' ');
  return lines.length > 0 && lines.length <= MAX_LINES && words.length <= MAX_CHARS ? words : '';
}

/**
 * `notice "Successfully deployed" appeared`, for each notice the act set off (outermost first, at most
 * three and a count of the rest), leaving out words the report already says.
 */
export function noticeClauses(records: readonly MutationRecord[], region: Element | undefined, said: readonly string[]): string[] {
  const notices: { element: Element; words: string }[] = [];
  for (const element of touched(records)) {
    const words = noticeWords(element, region);
    if (!words || notices.some((notice) => notice.element.contains(element))) continue;
    // An outer notice takes the place of the inner ones already found.
    for (let at = notices.length - 1; at >= 0; at--) if (element.contains(notices[at]?.element ?? null)) notices.splice(at, 1);
    notices.push({ element, words });
  }
  const fresh = [...new Set(notices.map((notice) => notice.words))].filter(
    (words) => !said.some((clause) => clause.includes(clip(words, 60).replace(/…$/, ''))),
  );
  const clauses = fresh.slice(0, MAX_NOTICES).map((words) => `notice ${JSON.stringify(clip(words, 200))} appeared`);
  if (fresh.length > MAX_NOTICES) clauses.push(`and ${fresh.length - MAX_NOTICES} more notices`);
  return clauses;
}
