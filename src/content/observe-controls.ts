/**
 * Controls in an act's report: which of the controls whose words came onto the page are new, and which
 * were there and now read otherwise. vanilla-jsoneditor keeps one path button above its tree and rewrites
 * its text as the selection moves: after an edit the report said `button "retries" [ref=e18] appeared` and
 * `text "timeout" is gone`, of a button that had read "timeout" and a key still on the page. Controls are
 * read once before the act (their text), so a control redrawn with new words is said as such, by its ref.
 */
import { roleOf } from './aria.js';
import { querySelectorAllOf } from './dom.js';
import { clip, multisetMinus } from './observe-changes.js';
import { CONTROL_SELECTOR, itemText } from './observe-util.js';
import { isShown } from './visibility.js';

/** Most controls read before an act (a region with more is read for its first ones only). */
const MAX_KNOWN = 300;
/** Most controls named one by one in a report; the rest are counted. */
const MAX_NAMED = 3;

/** The shown controls under `root` and their words, before an act. */
export function controlTexts(root: Element | undefined): Map<Element, string> {
  const known = new Map<Element, string>();
  if (!root) return known;
  for (const control of querySelectorAllOf(root, CONTROL_SELECTOR)) {
    if (known.size >= MAX_KNOWN) break;
    if (isShown(control)) known.set(control, itemText(control));
  }
  return known;
}

/** The report's clauses about controls, and the lines of text they explain (left out of the text comparison). */
export interface ControlClauses {
  clauses: string[];
  added: string[];
  gone: string[];
}

/**
 * Of the controls under `root` whose words are among the `added` lines: those that were there before and
 * now read otherwise (`button [ref=e18] now reads "retries" (was "timeout")`), and those that appeared,
 * the first named with their refs and the rest counted.
 */
export function controlClauses(
  root: Element,
  added: readonly string[],
  gone: readonly string[],
  before: ReadonlyMap<Element, string>,
  leftOut: (control: Element) => boolean,
  name: (element: Element) => string,
  refOf: (element: Element) => string,
): ControlClauses {
  const clauses: string[] = [];
  let lines = [...added];
  let went = [...gone];
  const appeared: Element[] = [];
  for (const control of querySelectorAllOf(root, CONTROL_SELECTOR)) {
    if (leftOut(control)) continue;
    const text = itemText(control);
    const was = before.get(control);
    // Words the act did not change are not news, wherever else they came in.
    if (was === text || !lines.includes(text) || !isShown(control)) continue;
    lines = multisetMinus(lines, [text]);
    if (was === undefined) {
      appeared.push(control);
      continue;
    }
    went = multisetMinus(went, [was]);
    const role = roleOf(control) || control.tagName.toLowerCase();
    clauses.push(`${role} [ref=${refOf(control)}] now reads ${JSON.stringify(clip(text, 60))} (was ${JSON.stringify(clip(was, 60))})`);
  }
  for (const control of appeared.slice(0, MAX_NAMED)) clauses.push(`${name(control)} appeared`);
  if (appeared.length > MAX_NAMED) clauses.push(`and ${appeared.length - MAX_NAMED} more controls appeared (read_page lists them)`);
  return { clauses, added: lines, gone: went };
}
