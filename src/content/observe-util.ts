/**
 * Small readings the observer (observe.ts) takes before and after an action: the focused
 * element, the text around the target, an item's text, the target's own state, and what identifies
 * it across a redraw.
 */
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { richTextValue } from './rich-text-markdown.js';
import { isShown } from './snapshot.js';
import { bodyOf, hasFocusOf, ownerDocumentOf } from './dom.js';
import { unseenLines } from './unseen-text.js';

/**
 * Whether `element` has its document's focus. The body is the active element of a document where nothing has focus,
 * so it holds focus only while its document has it: the edited body of TinyMCE's frame read as focused when the
 * frame was not, select_text left the frame unfocused, and the Control+B after it went to the page around it.
 */
export function holdsFocus(element: Element): boolean {
  const doc = ownerDocumentOf(element) ?? document;
  return deepActiveElement(doc) === element && (element !== bodyOf(doc) || hasFocusOf(doc));
}

/** The focused element, looking into open shadow roots; the body when nothing has focus. */
export function deepActiveElement(root: Document = document): Element {
  let active: Element | null = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active ?? root.body ?? root.documentElement;
}

/** Most text (characters) the region around a target may hold: its text is read twice per action. */
const REGION_CHARS = 20_000;

/**
 * The part of the page whose text is compared before and after: the highest ancestor of the target
 * holding at most REGION_CHARS characters of text (a to-do app's section, a form, a small page's body).
 */
export function regionOf(subject: Element): Element | undefined {
  let region: Element | undefined = (subject.textContent ?? '').length <= REGION_CHARS ? subject : undefined;
  for (let element = subject.parentElement; element; element = element.parentElement) {
    if ((element.textContent ?? '').length > REGION_CHARS) break;
    region = element;
  }
  return region;
}

/** The visible lines of text of an element, trimmed, at most 2,000 of 200 characters; none a person does not see (unseen-text.ts). */
export function linesOf(root: Element): string[] {
  const text = root instanceof HTMLElement ? root.innerText : (root.textContent ?? '');
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line.length > 200 ? line.slice(0, 200) : line);
    if (lines.length >= 2_000) break;
  }
  const unseen = unseenLines(root);
  if (unseen.length === 0) return lines;
  // Each unseen line takes out one line of the same words: the same words may also show elsewhere.
  const left = new Map<string, number>();
  for (const line of unseen) {
    const clipped = line.length > 200 ? line.slice(0, 200) : line;
    left.set(clipped, (left.get(clipped) ?? 0) + 1);
  }
  return lines.filter((line) => {
    const count = left.get(line) ?? 0;
    if (count > 0) left.set(line, count - 1);
    return count === 0;
  });
}

/** What counts as a control whose words a report names. */
export const CONTROL_SELECTOR =
  'button, a[href], input[type=button], input[type=submit], [role=button], [role=link], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=checkbox], [role=switch]';

/** Elements whose text stands apart from its neighbours' (a cell, a block), whatever the CSS says. */
export const APART =
  'address,article,aside,blockquote,dd,div,dl,dt,figcaption,figure,footer,form,h1,h2,h3,h4,h5,h6,header,li,main,nav,ol,p,pre,section,table,td,th,tr,ul,[role=gridcell],[role=cell],[role=columnheader],[role=row],[role=option],button,[role=button]';

// A link that goes nowhere (Tom Select's `<a href="javascript:void(0)" title="Remove">×</a>`) is a button.
const CONTROL = 'button, [role=button], a:not([href]), a[href^="javascript:"]';

/** A control labelled apart from its text (aria-label or title: the text is an icon or a glyph). */
function labelledApart(control: Element): boolean {
  const label = (control.getAttribute('aria-label') ?? control.getAttribute('title') ?? '').trim();
  return label !== '' && label !== (control.textContent ?? '').trim();
}

/**
 * An element's text on one line, with a space where the text moves to another block or cell, so a
 * row's cells stay apart (`textContent` runs "572Product 572GlobexJapan" together) while inline pieces
 * (a highlighted JSON's spans) stay as written. Reads no layout: the same for elements on the page and removed ones.
 */
export function wordsOf(element: Element, maxChars = 200): string {
  let text = '';
  let lastBlock: Element | null | undefined;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node && text.length <= maxChars * 2; node = walker.nextNode()) {
    // A line break parts words as a block does (an editor's list item of two lines read "fixHired").
    if (node.nodeType === Node.ELEMENT_NODE) {
      if ((node as Element).tagName === 'BR' && lastBlock !== undefined) text += ' ';
      continue;
    }
    const value = node.nodeValue ?? '';
    if (!value) continue;
    const control = node.parentElement?.closest(CONTROL) ?? null;
    // A chip's remove button ("Bug" + "Remove item", "×") read into the item ran "BugRemove item" together:
    // a control inside the item whose label says what it does is not the item's words.
    if (control && control !== element && element.contains(control) && labelledApart(control)) continue;
    const block = node.parentElement?.closest(APART) ?? null;
    if (lastBlock !== undefined && block !== lastBlock) text += ' ';
    text += value;
    lastBlock = block;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * An item's text on one line, the same for elements on the page and removed ones, so a list redrawn
 * whole compares equal item for item.
 */
export function itemText(element: Element): string {
  const text = wordsOf(element);
  return text.length > 200 ? text.slice(0, 200) : text;
}

/** What a person would check on the target after acting on it. */
export interface TargetState {
  value?: string;
  secret?: boolean;
  checked?: boolean;
  expanded?: string;
  pressed?: string;
  selected?: string;
  open?: boolean;
  /** A column header's aria-sort: a click on a sortable header says which way the grid is sorted now. */
  sorted?: string;
  /** A button's or link's name: what it says it does, which the act may change ("Try it out" → "Cancel"). */
  label?: string;
}

/** Most characters of an editor read for its value (a rich-text editor's, as Markdown). */
const MAX_EDITOR_CHARS = 20_000;

/** Roles whose name is their caption: when it changes, the control now does something else. */
const CAPTIONED = new Set(['button', 'link', 'tab', 'menuitem']);

/** Reads the target's state (value, checked, expanded, pressed, selected, open). */
export function stateOf(element: Element): TargetState {
  const state: TargetState = {};
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) state.checked = element.checked;
  else if (element instanceof HTMLSelectElement) state.value = [...element.selectedOptions].map((option) => option.label.trim()).join(', ');
  else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    state.value = element.value;
    if (element instanceof HTMLInputElement && element.type === 'password') state.secret = true;
  } else if (element instanceof HTMLElement && element.isContentEditable)
    state.value = richTextValue(element, MAX_EDITOR_CHARS)?.markdown ?? element.innerText.replace(/\n$/, '');
  const aria = (name: string) => element.getAttribute(name) ?? undefined;
  const checked = aria('aria-checked');
  if (state.checked === undefined && checked !== undefined) state.checked = checked === 'true';
  const expanded = aria('aria-expanded');
  if (expanded !== undefined) state.expanded = expanded;
  const pressed = aria('aria-pressed');
  if (pressed !== undefined) state.pressed = pressed;
  const selected = aria('aria-selected');
  if (selected !== undefined) state.selected = selected;
  const sorted = aria('aria-sort');
  if (sorted !== undefined) state.sorted = sorted;
  if (element instanceof HTMLDetailsElement || element instanceof HTMLDialogElement) state.open = element.open;
  const role = roleOf(element);
  if (CAPTIONED.has(role)) state.label = nameOf(element, role);
  return state;
}

const clipValue = (value: string) => JSON.stringify(value.length > 120 ? `${value.slice(0, 119)}…` : value);

/** The target's state as a clause ("its value is now "buy milk"", "it is still unchecked"), and whether it changed. */
export function describeState(now: TargetState, before: TargetState | undefined, edited = false): { text: string; changed: boolean } {
  const parts: string[] = [];
  let changed = false;
  const say = (same: boolean, what: string, stateText: string) => {
    if (!same) changed = true;
    parts.push(`${what} ${same ? 'still' : 'now'} ${stateText}`);
  };
  if (now.value !== undefined) {
    const shown = now.secret ? `${[...now.value].length} characters (hidden)` : now.value === '' ? 'empty' : clipValue(now.value);
    if (before?.value === now.value && edited) {
      // Typed into, then emptied or restored by the page (a to-do field clears when the item is added).
      changed = true;
      parts.push(now.value === '' ? 'its value was cleared by the page (empty again)' : `its value is back to ${shown}`);
    } else say(before?.value === now.value, 'its value is', shown);
  }
  if (now.checked !== undefined) say(before?.checked === now.checked, 'it is', now.checked ? 'checked' : 'unchecked');
  const flips: Array<[string | boolean | undefined, string | boolean | undefined, string, string]> = [
    [now.expanded, before?.expanded, 'expanded', 'collapsed'],
    [now.pressed, before?.pressed, 'pressed', 'not pressed'],
    [now.selected, before?.selected, 'selected', 'not selected'],
    [now.open, before?.open, 'open', 'closed'],
  ];
  for (const [value, prior, on, off] of flips) {
    if (value === undefined || value === prior) continue;
    changed = true;
    parts.push(`it is now ${value === true || value === 'true' ? on : off}`);
  }
  if (now.sorted !== undefined && now.sorted !== before?.sorted) {
    changed = true;
    parts.push(
      now.sorted === 'ascending' || now.sorted === 'descending'
        ? `it is now sorted ${now.sorted}`
        : now.sorted === 'none'
          ? 'it is now unsorted'
          : 'it is now sorted',
    );
  }
  if (now.label !== undefined && before?.label !== undefined && now.label !== before.label) {
    changed = true;
    parts.push(`it now reads ${clipValue(now.label)}`);
  }
  return { text: parts.join(', '), changed };
}

/** What identifies an element across a redraw: its tag, type, class, id and the text of its row. */
export interface Signature {
  tag: string;
  type: string;
  className: string;
  id: string;
  row: string;
}

/** The text of the row (list item, table row, option) an element sits in. */
export function rowText(element: Element): string {
  const row = element.closest('li, tr, [role=row], [role=listitem], [role=option], [role=treeitem]');
  return row ? itemText(row) : '';
}

/** The signature of an element. */
export function signatureOf(element: Element): Signature {
  return {
    tag: element.tagName,
    type: element.getAttribute('type') ?? '',
    className: element.getAttribute('class') ?? '',
    id: element.id,
    row: rowText(element),
  };
}

/** The one element that now stands where the target stood (same kind, same row), if exactly one does. */
export function successorOf(signature: Signature | undefined): Element | undefined {
  if (!signature || (!signature.row && !signature.id)) return undefined;
  const candidates = [...document.getElementsByTagName(signature.tag)].filter((candidate) => {
    const other = signatureOf(candidate);
    return (
      other.type === signature.type && other.className === signature.className && other.id === signature.id && other.row === signature.row && isShown(candidate)
    );
  });
  return candidates.length === 1 ? candidates[0] : undefined;
}
