/**
 * select_option on a custom combobox (a text box or box plus a popup list of options: Choices.js, Select2,
 * Tom Select, React Select, MUI): what a person does, one step at a time — click it open, type the option's
 * name to filter when it has a text box, wait for the option of that name to show, click it — each step
 * through the same input path as `click` and `type` (trusted input with its point-of-effect re-checks in
 * pointer-check.ts and key-check.ts, or the synthetic commands with their page checks). The call itself was
 * judged as choosing these values (judgeSelectCall, with the typed values as data flows); an option that
 * is a link or a submit button is not clicked here, so a navigation or a sent form never skips `click`'s judgement.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { isToolErrorLike, ToolError } from '../../runtime/errors.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { parseKeyCombo } from '../../shared/keys.js';
import { quoted } from '../../shared/untrusted-text.js';
import type { ActResult } from './act.js';
import type { InputPath } from './act-report.js';
import { framePrefix, sendPageCommand } from './page-call.js';
import { trustedClick, trustedKey, trustedType, type Target } from './trusted.js';

/** How long the popup may take to show its options after the click or the typing (a list loaded from a server). */
const OPEN_MS = 1_500;
const FILTER_MS = 3_000;
/** How long a pick's popup may take to close (its closing animation), before and after the Escape that closes it. */
const CLOSE_MS = 1_000;

type Parts = Extract<PageResultOf<'combobox_parts'>, { kind: 'combobox' }>;

/** Where the steps act: the tab, the frame, its document, and the input path performAction chose. */
export interface PickWhere {
  tabId: number;
  frameId: number;
  documentId: string | undefined;
  path: InputPath;
  interrupted: () => boolean;
}

const names = (values: readonly string[]): string => values.map((value) => quoted(value, 100)).join(', ') || 'nothing';

function listed(seen: PageResultOf<'combobox_option'>): string {
  if (seen.count === 0) return 'no options';
  const shown = seen.seen.map((name) => quoted(name, 80)).join(', ');
  return `${seen.count} option${seen.count === 1 ? '' : 's'} (${shown}${seen.count > seen.seen.length ? ', …' : ''})`;
}

/** OPTION_NOT_FOUND (or WIDGET_DID_NOT_OPEN when nothing showed at all), with what it showed before and after typing. */
function notFound(wanted: string, opened: PageResultOf<'combobox_option'>, filtered: PageResultOf<'combobox_option'> | undefined): ToolError {
  const saw = filtered
    ? `after typing ${quoted(wanted, 100)} into it, it showed ${listed(filtered)}${opened.count > 0 ? `; opened, before typing, it showed ${listed(opened)}` : ''}`
    : `opened, it showed ${listed(opened)}`;
  const nothing = opened.count === 0 && (filtered?.count ?? 0) === 0;
  return new ToolError(nothing ? 'WIDGET_DID_NOT_OPEN' : 'OPTION_NOT_FOUND', `No option named ${quoted(wanted, 100)} appeared in the combobox: ${saw}.`, {
    suggestion: nothing
      ? 'Call read_page to see the widget now; it may open another way (click its arrow or button, then find the option by its text), or its options may load only after more typing.'
      : 'Use one of the names it shows, exactly as shown (read_page lists them while it is open), or type fewer letters with type and pick from the list with click.',
    details: { options: (opened.count > 0 ? opened : (filtered ?? opened)).seen, optionCount: Math.max(opened.count, filtered?.count ?? 0) },
  });
}

/** Clicks a local ref of the frame through the path performAction chose; returns a dialog that opened, if any. */
async function clickRef(context: ToolUseContext, where: PickWhere, ref: string): Promise<ActResult['dialog']> {
  const target: Target = { tabId: where.tabId, frameId: where.frameId, ref, documentId: where.documentId };
  if (where.path.trusted) return (await trustedClick(context, target, { button: 'left', clickCount: 1, modifiers: [] })).dialog;
  await sendPageCommand(context, where.tabId, { type: 'click', ref, ...doc(where), button: 'left', clickCount: 1, modifiers: [] }, where.frameId);
  return undefined;
}

/** Types `text` into a local ref (cleared first), through the same path. */
async function typeRef(context: ToolUseContext, where: PickWhere, ref: string, text: string): Promise<ActResult['dialog']> {
  const target: Target = { tabId: where.tabId, frameId: where.frameId, ref, documentId: where.documentId };
  if (where.path.trusted) return (await trustedType(context, target, text, { clear: true, submit: false, stopped: where.interrupted })).dialog;
  await sendPageCommand(context, where.tabId, { type: 'type', ref, ...doc(where), text, clear: true, submit: false }, where.frameId);
  return undefined;
}

/** Leaves the widget as a person would: Escape in its text box closes the popup (judged like press_key on it). Whether it was sent. */
async function closeWith(context: ToolUseContext, where: PickWhere, textBox: string | undefined): Promise<boolean> {
  if (!textBox || !where.path.trusted) return false;
  const target: Target = { tabId: where.tabId, frameId: where.frameId, ref: textBox, documentId: where.documentId };
  const escape = parseKeyCombo('Escape');
  if (!escape.ok) return false;
  // The error to report is the missing option (or the list left open), not the key's.
  return trustedKey(context, where.tabId, escape.press, target).then(
    () => true,
    () => false,
  );
}

/** What the widget shows now, once its popup has closed (or the bounded wait for it ended). */
function valueOf(context: ToolUseContext, where: PickWhere, widget: string, closedWithinMs: number) {
  return sendPageCommand(context, where.tabId, { type: 'combobox_value', ref: widget, ...doc(where), closedWithinMs }, where.frameId, closedWithinMs + 5_000);
}

/** What the pick changed, in the widget's own words: `"Kenya" (it showed "Choose a country")`, or `added "Jonas Berg"`. */
function changedWords(before: readonly string[], after: readonly string[], multiple: boolean): string {
  if (!multiple) return `it now shows ${names(after)}${before.length > 0 && names(before) !== names(after) ? ` (it showed ${names(before)})` : ''}`;
  const added = after.filter((value) => !before.includes(value));
  const removed = before.filter((value) => !after.includes(value));
  const change =
    [added.length ? `added ${names(added)}` : '', removed.length ? `removed ${names(removed)}` : ''].filter(Boolean).join(', ') || 'nothing changed';
  return `${change}; it now shows ${names(after)}`;
}

const doc = (where: PickWhere) => (where.documentId ? { documentId: where.documentId } : {});

/** Waits for the option named `name` in the open widget (or, `untilAny`, for any option). */
function optionOf(context: ToolUseContext, where: PickWhere, widget: string, name: string, untilAny: boolean, maxMs: number) {
  return sendPageCommand(context, where.tabId, { type: 'combobox_option', ref: widget, ...doc(where), name, untilAny, maxMs }, where.frameId, maxMs + 5_000);
}

/** Picks each of `values` in the combobox by its visible name and says what it shows now. */
export async function pickInCombobox(context: ToolUseContext, where: PickWhere, parts: Parts, values: readonly string[], what: string): Promise<ActResult> {
  if (values.length > 1 && !parts.multiple) {
    throw new ToolError('TOO_MANY_VALUES', `${what} takes one choice, but ${values.length} were given.`, { suggestion: 'Pass exactly one value.' });
  }
  const notes: string[] = [];
  let textBox: string | undefined;
  if (parts.mirrored) notes.push(`chosen in the visible combobox ref=${framePrefix(where.frameId)}${parts.widget}, which the hidden select mirrors`);
  for (const name of values) {
    if (parts.values.includes(name) && parts.multiple) {
      notes.push(`${quoted(name, 100)} was already chosen`);
      continue;
    }
    const opened = await clickRef(context, where, parts.opener);
    if (opened) return { done: `Clicked ${what} to open it`, notes, dialog: opened };
    const opening = await optionOf(context, where, parts.widget, name, true, OPEN_MS);
    let found = opening;
    textBox = opening.textBox ?? textBox;
    if (!found.option && found.textBox) {
      // Filter as a person does: long lists show the option only once its name is typed.
      const dialog = await typeRef(context, where, found.textBox, name);
      if (dialog) return { done: `Typed into ${what}`, notes, dialog };
      found = await optionOf(context, where, parts.widget, name, false, FILTER_MS);
    }
    if (!found.option) {
      // Closed before the error goes back, so the next read does not find the list still over the form.
      if (await closeWith(context, where, found.textBox)) await valueOf(context, where, parts.widget, CLOSE_MS).catch(() => undefined);
      throw notFound(name, opening, found === opening ? undefined : found);
    }
    if (found.leaves) {
      const does = found.leaves === 'link' ? 'is a link: choosing it would open another page' : 'submits its form: choosing it would send the form';
      throw new ToolError(found.leaves === 'link' ? 'OPTION_IS_A_LINK' : 'OPTION_SUBMITS', `The option ${quoted(name, 100)} of ${what} ${does}.`, {
        suggestion: `Click it with click (ref=${framePrefix(where.frameId)}${found.option}), which checks where it goes.`,
      });
    }
    textBox = found.textBox ?? textBox;
    const dialog = await clickRef(context, where, found.option);
    if (dialog) return { done: `Chose ${quoted(name, 100)} in ${what}`, notes, dialog };
  }
  // A person's pick closes the list (a multi-select's may stay open for the next pick, until Escape):
  // wait for it to say so, and close it with Escape when it does not, so no popup is left over the form.
  const read = await valueOf(context, where, parts.widget, CLOSE_MS).catch((error: unknown) => {
    if (isToolErrorLike(error) && error.code === 'STALE_REF') return undefined;
    throw error;
  });
  // A grid's cell editor (AG Grid's select editor) saves the pick and leaves the page: that is the pick done,
  // not a stale ref. A model told STALE_REF after a pick that worked opened the editor again to redo it.
  if (!read) return { done: `Chose ${names(values)} in ${what}, which then left the page (as a cell's editor does once it saves)`, notes };
  let now = read;
  if (now.open && (await closeWith(context, where, textBox))) {
    now = await valueOf(context, where, parts.widget, CLOSE_MS);
    if (!now.open) notes.push('its list was still open after the pick: Escape closed it');
  }
  if (now.open) notes.push('its list stayed open after the pick: press Escape or click outside it to close it');
  const missing = values.filter((value) => !now.values.some((shown) => shown.trim().toLowerCase() === value.trim().toLowerCase()));
  if (missing.length > 0) notes.push(`the widget does not show ${names(missing)} as chosen`);
  return { done: `Chose ${names(values)} in ${what}: ${changedWords(parts.values, now.values, parts.multiple)}`, notes, saysChange: true };
}
