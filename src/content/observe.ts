/**
 * What an action did to the page, observed rather than assumed. `startObservation` is armed before the
 * action (a MutationObserver, the refs on the page, focus, the target's state, the text around it);
 * `finishObservation` waits for the page to settle (a quiet spell without DOM changes, bounded) and
 * says what changed: items a list gained or lost, dialogs that opened or closed, text that appeared or
 * went, the target's new state, where focus went, and the refs the action made stale. The model reads
 * this to tell success from a no-op; "no visible change" is said plainly.
 */
import type { ElementSummary } from '../runtime/page-state.js';
import type { PageResultOf } from '../shared/protocol/page.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { chipRemovalAt, chipRemovalWords, type ChipRemoval } from './chip-removal.js';
import { landedElsewhere, landing, type Landing } from './observe-landing.js';
import { widgetNameOf, widgetRootsOf } from './combobox.js';
import { shownMonthOf } from './date-picker.js';
import { connectedRefs, refFor, resolveRef } from './refs.js';
import { rowOf } from './element-line.js';
import { isShown, summarize } from './snapshot.js';
import { clip, listChanges, multisetMinus, textChanges } from './observe-changes.js';
import { richEditorReport, watchRichEditor, type RichWatch } from './rich-text-watch.js';
import { editorAfterEnterWords, editorOpenedWords, enterInEditor, isShownOpaque, type EditorBefore, type EnterInEditor } from './grid-cell.js';
import { controlClauses, controlTexts } from './observe-controls.js';
import { noticeClauses } from './observe-notices.js';
import { withGrabRules } from './grab-cursor.js';
import {
  deepActiveElement,
  describeState,
  itemText,
  linesOf,
  regionOf,
  signatureOf,
  stateOf,
  successorOf,
  type Signature,
  type TargetState,
} from './observe-util.js';

interface Observation {
  token: string;
  target: Element | undefined;
  /** The act says what changed inside the target itself: changes there are not listed (and its lines, before). */
  quietTarget: string[] | undefined;
  /** The target is a chip's remove button: the act is said as the widget's values, its redraw left out. */
  chip: ChipRemoval | undefined;
  refPrefix: string;
  observer: MutationObserver;
  records: MutationRecord[];
  lastChange: number;
  refs: Map<string, Element>;
  focus: Element;
  /** The focused element before, as grid-cell.ts judges whether an act opened a grid's editor. */
  editorBefore: EditorBefore;
  state: TargetState | undefined;
  signature: Signature | undefined;
  region: Element | undefined;
  regionLines: string[];
  /** The controls shown in the region before, with their words (a control that now reads otherwise is no new one). */
  regionControls: Map<Element, string>;
  /** The fields shown in the region before, by role and name (fields have no text for the line comparison). */
  regionFields: Map<Element, string>;
  dialogs: Set<Element>;
  url: string;
  /** The month a calendar shows when the target is its month arrow, else ''. */
  month: string;
  /** The rich-text editor the act works on, read before it: its formatting, lines and selection have no text of their own to compare. */
  editor: RichWatch | undefined;
  /** `elsewhere`: whether the press or click missed the target, judged as it fired (an editor may redraw what it hit). */
  events: { press?: Landing; click?: Landing & { trusted: boolean }; submit?: Element; targetInputs: number; enter?: EnterInEditor };
  stopListening: () => void;
  expiry: ReturnType<typeof setTimeout>;
}

let current: Observation | undefined;
/** The most changes listed one by one. */
const MAX_CHANGES = 8;
let counter = 0;

const FIELD_SELECTOR =
  'input:not([type=hidden]):not([type=button]):not([type=submit]), textarea, select, [contenteditable=true], [role=textbox], [role=combobox], [role=searchbox]';

/** The form fields shown under `root`. */
const shownFields = (root: Element): Element[] => [...root.querySelectorAll(FIELD_SELECTOR)].filter((field) => isShown(field));
/** A field as the comparison knows it: role and name (a re-rendered form keeps both, so it reads as unchanged). */
const fieldKey = (field: Element): string => {
  const role = roleOf(field) || 'textbox';
  return `${role}|${nameOf(field, role)}`;
};

const DIALOG_SELECTOR = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]';
const visibleDialogs = () => new Set([...document.querySelectorAll(DIALOG_SELECTOR)].filter((d) => isShown(d)));

function end(observation: Observation): void {
  observation.observer.disconnect();
  observation.stopListening();
  clearTimeout(observation.expiry);
  if (current === observation) current = undefined;
}

/** Arms an observation around `target` (or the focused element). Replaces any earlier one. */
export function startObservation(target: Element | undefined, refPrefix: string, quietTarget = false): PageResultOf<'observe_start'> {
  if (current) end(current);
  const token = `o${++counter}`;
  const subject = target ?? deepActiveElement();
  const region = regionOf(subject);
  const records: MutationRecord[] = [];
  const refs = connectedRefs();
  const observation: Observation = {
    token,
    target,
    quietTarget: quietTarget && target ? widgetRootsOf(target).flatMap(linesOf) : undefined,
    chip: quietTarget ? undefined : chipRemovalAt(target, refs),
    refPrefix,
    observer: new MutationObserver((batch) => {
      records.push(...batch);
      observation.lastChange = performance.now();
    }),
    records,
    lastChange: performance.now(),
    refs,
    focus: deepActiveElement(),
    editorBefore: { focus: deepActiveElement(), focusShown: isShownOpaque(deepActiveElement()) },
    state: target ? stateOf(target) : undefined,
    signature: target ? signatureOf(target) : undefined,
    region,
    regionLines: region ? linesOf(region) : [],
    regionControls: controlTexts(region),
    regionFields: new Map(region ? shownFields(region).map((field) => [field, fieldKey(field)]) : []),
    dialogs: visibleDialogs(),
    url: location.href,
    month: target ? shownMonthOf(target) : '',
    editor: watchRichEditor(target),
    events: { targetInputs: 0 },
    stopListening: () => undefined,
    expiry: setTimeout(() => end(observation), 60_000), // never left running if the worker goes away
  };
  observation.observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['open', 'hidden', 'aria-hidden', 'aria-expanded', 'aria-checked', 'aria-selected', 'aria-pressed', 'class', 'style'],
  });
  const onClick = (event: Event) => {
    if (event.target instanceof Element) observation.events.click ??= { ...landing(target, event.target), trusted: event.isTrusted };
  };
  const onPress = (event: Event) => {
    if (event.target instanceof Element) observation.events.press ??= landing(target, event.target);
  };
  const onSubmit = (event: Event) => {
    if (event.target instanceof Element) observation.events.submit ??= event.target;
  };
  const onInput = (event: Event) => {
    if (target && event.target instanceof Node && target.contains(event.target)) observation.events.targetInputs++;
  };
  // What Enter in a grid's editor saves is read as it is pressed: after it, the same editor may hold the next cell's value.
  const onKey = (event: Event) => {
    if (target && event.target === target && (event as KeyboardEvent).key === 'Enter') observation.events.enter ??= enterInEditor(target);
  };
  addEventListener('click', onClick, true);
  addEventListener('pointerdown', onPress, true);
  addEventListener('submit', onSubmit, true);
  addEventListener('input', onInput, true);
  addEventListener('keydown', onKey, true);
  observation.stopListening = () => {
    removeEventListener('keydown', onKey, true);
    removeEventListener('click', onClick, true);
    removeEventListener('pointerdown', onPress, true);
    removeEventListener('submit', onSubmit, true);
    removeEventListener('input', onInput, true);
  };
  current = observation;
  return { token };
}

/** What `finishObservation` reports. */
type ObservedEffects = PageResultOf<'observe_end'>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the page is quiet (no DOM change for `quietMs`, at least `quietMs` long, at most `maxMs`). */
async function quiet(observation: Observation, quietMs: number, maxMs: number): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const now = performance.now();
    // A transition still running is the act still happening: AG Grid slides a sorted grid's rows and
    // removes the old ones when that ends (after 300 ms of DOM quiet, so the sort read as rows gained only).
    if (transitionRunning()) observation.lastChange = now;
    else if (now - started >= quietMs && now - observation.lastChange >= quietMs) break;
    await sleep(Math.min(50, quietMs));
  }
}

/** Waits for quiet and keeps observing: the worker may wait for the act's requests next, then ends the observation. */
export async function waitForQuiet(token: string, quietMs: number, maxMs: number): Promise<PageResultOf<'observe_wait'>> {
  const observation = current;
  if (!observation || observation.token !== token) return { observing: false };
  await quiet(observation, quietMs, maxMs);
  return { observing: current === observation };
}

/** Waits until the page is quiet (no DOM change for `quietMs`, at least `quietMs` long, at most `maxMs`), then reports. */
export async function finishObservation(token: string, quietMs: number, maxMs: number): Promise<ObservedEffects> {
  const observation = current;
  if (!observation || observation.token !== token) {
    return { url: location.href, changes: ['(the page was not being observed: the effect is unknown; call read_page)'], staleRefs: [], elements: {} };
  }
  await quiet(observation, quietMs, maxMs);
  observation.records.push(...observation.observer.takeRecords());
  end(observation);
  // Cards a person drags are told by their cursor's style rules: the sheets are read once for the report.
  return withGrabRules(() => describe(observation));
}

/** Whether a CSS transition or animation that ends is running (a spinner that never ends does not hold the act up). */
function transitionRunning(): boolean {
  return document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
}

function describe(o: Observation): ObservedEffects {
  const elements: Record<string, ElementSummary> = {};
  const name = (element: Element): string => {
    const role = roleOf(element) || element.tagName.toLowerCase();
    const label = roleOf(element) ? widgetNameOf(element, role) : '';
    // An unnamed control says which row it is in, as read_page does.
    const row = roleOf(element) ? rowOf(element, role, label) : '';
    const ref = refFor(element);
    elements[`${o.refPrefix}${ref}`] = summarize(element, role, label, row);
    return `${role}${label ? ` ${JSON.stringify(clip(label, 60))}` : row ? ` in ${JSON.stringify(clip(row, 60))}` : ''} [ref=${o.refPrefix}${ref}]`;
  };
  const changes: string[] = [];
  const focused = deepActiveElement();

  // Dialogs inside the page (not JavaScript dialogs: the worker sees those).
  const dialogsNow = visibleDialogs();
  for (const dialog of dialogsNow) if (!o.dialogs.has(dialog)) changes.push(`${name(dialog)} opened`);
  for (const dialog of o.dialogs)
    if (!dialogsNow.has(dialog))
      changes.push(`dialog ${JSON.stringify(clip(dialog.isConnected ? nameOf(dialog, roleOf(dialog) || 'dialog') : itemText(dialog), 60))} closed`);

  const refOf = (element: Element) => {
    const ref = refFor(element);
    elements[`${o.refPrefix}${ref}`] = summarize(element, roleOf(element) || 'generic', roleOf(element) ? nameOf(element, roleOf(element)) : itemText(element));
    return `${o.refPrefix}${ref}`;
  };
  // A combobox's pick says itself what it chose: its popup's options and chips coming and going are not news.
  const quiet = o.quietTarget !== undefined && o.target?.isConnected ? o.target : undefined;
  // So does the widget whose chip's remove button was clicked: the values it took off, not its chips redrawn.
  const chipWords = o.chip ? chipRemovalWords(o.chip, name) : undefined;
  const chipWidget = chipWords !== undefined ? o.chip?.widget : undefined;
  if (chipWords) changes.push(chipWords);
  // The widget's parts: the wrapper beside its hidden select (Tom Select, Select2), that select, its popups.
  const quietRoot = quiet ?? chipWidget;
  const quietRoots = quietRoot ? widgetRootsOf(quietRoot) : [];
  const inQuiet = (element: Element) => quietRoots.some((root) => root.contains(element));
  // An editor whose words stayed the same says what its act did (bold, a list item, the caret): its redrawn lists are not news.
  const rich = o.editor ? richEditorReport(o.editor) : undefined;
  if (rich) changes.push(...rich.clauses);
  const editorSays = (element: Element) => rich?.quiet === true && (o.editor?.host.contains(element) ?? false);
  const appeared: Element[] = [];
  const closedWords: string[] = [];
  const itemTexts = listChanges(o.records, name, refOf, changes, { skip: (element) => inQuiet(element) || editorSays(element), said: appeared, closedWords });
  const inClosed = (line: string) => {
    const squashed = line.replace(/\s+/g, '');
    return closedWords.some((words) => words.includes(squashed));
  };
  for (const line of [...(o.quietTarget ?? o.chip?.lines ?? []), ...quietRoots.flatMap(linesOf)]) itemTexts.add(line);

  // Text that appeared or went near the target, beyond list items already named.
  if (o.region) {
    const root = o.region.isConnected ? o.region : document.body;
    const before = o.regionLines;
    const after = root ? linesOf(root) : [];
    let gone = multisetMinus(before, after).filter((line) => !itemTexts.has(line) && !inClosed(line));
    let added = multisetMinus(after, before).filter((line) => !itemTexts.has(line));
    // A target that now reads otherwise ("Try it out" became "Cancel") is said of the target, not as a
    // new control beside it.
    const renamed = o.target?.isConnected && o.state?.label !== undefined ? stateOf(o.target).label : undefined;
    if (renamed !== undefined && renamed !== o.state?.label) {
      gone = multisetMinus(gone, [o.state?.label ?? '']);
      added = multisetMinus(added, [renamed]);
    }
    // A control that was there but hidden and is now shown ("Clear completed") is named with its ref; one
    // that was there and now reads otherwise is said to read so.
    if (added.length > 0 && root) {
      const said = controlClauses(root, added, gone, o.regionControls, (control) => control === o.target || inQuiet(control), name, refOf);
      changes.push(...said.clauses);
      added = said.added;
      gone = said.gone;
    }
    // Text that moved into the field that now has focus (a to-do opened for editing) did not go away.
    const editing =
      focused !== o.focus && (focused instanceof HTMLTextAreaElement || (focused instanceof HTMLInputElement && focused.type !== 'password'))
        ? focused.value.trim()
        : '';
    if (editing && gone.includes(editing)) {
      gone = multisetMinus(gone, [editing]);
      changes.push(`text ${JSON.stringify(clip(editing, 60))} is now in an edit field`);
    }
    // A field that appeared ("Try it out" shows an id box, or a select in place of an enum's words) has no
    // text for the comparison above: it is named with its ref and value. It is new when it was not shown
    // before, unless one of the same role and name went (the form was drawn again). One that took focus is
    // named by the focus clause. (When the region itself was replaced, the page's other fields would all look new: none is named then.)
    if (root && root === o.region) {
      const went = [...o.regionFields].filter(([field]) => !field.isConnected || !isShown(field)).map(([, key]) => key);
      const fresh = shownFields(root).filter((field) => {
        if (o.regionFields.has(field) || field === o.target || field === focused || inQuiet(field) || appeared.some((container) => container.contains(field)))
          return false;
        const at = went.indexOf(fieldKey(field));
        if (at >= 0) went.splice(at, 1);
        return at < 0;
      });
      for (const field of fresh.slice(0, 3)) changes.push(`${name(field)} appeared${valueNote(field)}`);
      if (fresh.length > 3) changes.push(`and ${fresh.length - 3} more fields appeared (read_page lists them)`);
    }
    textChanges(gone, added, changes);
  }
  // A toast or an alert away from the target (a deploy's "Successfully deployed" at the page's top).
  changes.push(...noticeClauses(o.records, o.region?.isConnected ? o.region : undefined, changes));
  // A calendar's arrow: the month shown now says what the click did; its days' numbers changing say nothing.
  const month = o.month && o.target?.isConnected ? shownMonthOf(o.target) : '';
  if (month) {
    for (let at = changes.length - 1; at >= 0; at--) if (/^(new )?text "/.test(changes[at] ?? '')) changes.splice(at, 1);
    changes.unshift(`the calendar ${month === o.month ? 'still' : 'now'} shows ${JSON.stringify(clip(month, 60))}`);
  }
  // Words that changed where the text comparison cannot see (a space typed at a line's end).
  if (rich?.textClause && !changes.some((change) => /^(new )?text "/.test(change))) changes.push(rich.textClause);
  if (o.events.submit && o.events.submit.isConnected) changes.push(`${name(o.events.submit)} was submitted`);
  if (location.href !== o.url) changes.push(`the address is now ${location.href}`);

  // A list that is cut says so: eight rows "appeared" and nothing more read as if the grid held eight new rows.
  const shown =
    changes.length > MAX_CHANGES
      ? [...changes.slice(0, MAX_CHANGES), `and ${changes.length - MAX_CHANGES} more changes not listed (read_page shows the page now)`]
      : changes;
  const result: ObservedEffects = { url: location.href, changes: shown, staleRefs: [], elements };
  if (o.target && !quiet && !chipWidget) {
    if (!o.target.isConnected && o.events.enter) {
      // A grid's editor that Enter saved and removed (AG Grid's): what it saved, not "the target left the page".
      result.target = editorAfterEnterWords(o.target, o.events.enter);
      result.targetChanged = true;
    } else if (!o.target.isConnected) {
      // Many apps redraw a row on every change: find the element that took the target's place.
      const successor = successorOf(o.signature);
      const said = successor ? describeState(stateOf(successor), o.state).text : '';
      result.target = successor ? `it was redrawn as ${name(successor)}${said ? `; ${said}` : ''}` : 'the target left the page';
      result.targetChanged = true;
    } else {
      const enter = o.events.enter;
      const said = enter
        ? { text: editorAfterEnterWords(o.target, enter), changed: true }
        : describeState(stateOf(o.target), o.state, o.events.targetInputs > 0);
      // An edit box that hides itself once its edit is saved (Enter in a to-do's edit field) closed.
      const field = o.target instanceof HTMLInputElement || o.target instanceof HTMLTextAreaElement;
      const closed = field && !enter && !isShown(o.target) ? 'the field closed (hidden now)' : '';
      const text = [said.text, closed].filter(Boolean).join('; ');
      if (text) result.target = text;
      if (said.changed || closed) result.targetChanged = true;
    }
  }
  // A grid's editor that the act showed says which cell it edits (its focus may not have moved at all).
  const editor = editorOpenedWords(focused, o.editorBefore, name, refOf);
  if (editor) result.changes.unshift(editor);
  // Focus on the target itself is what acting on it does; focus that went elsewhere (also into it: a
  // list item's edit field) is news.
  if (!editor && focused !== o.focus && focused !== o.target && !inQuiet(focused))
    result.focus = focused === document.body || focused === document.documentElement ? 'the page (nothing has focus)' : `${name(focused)}${valueNote(focused)}`;
  const landed = landedElsewhere(o.target, o.events);
  if (landed) result.landedElsewhere = name(landed);
  for (const [ref, element] of o.refs) {
    if (element.isConnected) continue;
    // A redrawn item's new ref saves a read: "e6 (now e8)". Looked up only for the refs that are listed.
    const found = result.staleRefs.length < 8 ? successorOf(signatureOf(element)) : undefined;
    // A chip of the widget whose chip was removed is not succeeded by another widget's chip of the same name.
    const successor = found && o.chip?.inside.has(element) && !o.chip.widget.contains(found) ? undefined : found;
    result.staleRefs.push(`${o.refPrefix}${ref}${successor ? ` (now ${refOf(successor)})` : ''}`);
  }
  return result;
}

/** A field's value as the report adds it: a select's chosen option, a box's text (never a password's). */
function valueNote(element: Element): string {
  if (element instanceof HTMLSelectElement) {
    const chosen = [...element.selectedOptions].map((option) => option.label.trim()).join(', ');
    return chosen ? ` (value ${JSON.stringify(clip(chosen, 80))})` : '';
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    if (element instanceof HTMLInputElement && element.type === 'password') return '';
    return ` (value ${JSON.stringify(clip(element.value, 80))})`;
  }
  return '';
}

/** The target of an observation by ref (STALE_REF as usual when it is gone). */
export function observationTarget(ref: string | undefined, documentId: string | undefined): Element | undefined {
  return ref ? resolveRef(ref, documentId) : undefined;
}
