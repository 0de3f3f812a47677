/**
 * The structural half of what an action changed, from the MutationObserver's records: lists that
 * gained or lost items (compared by text, so a list re-rendered whole counts only what changed), and
 * lists or controls that appeared. Plain text that changed is left to the caller's text comparison.
 */
import { nameOf } from './accessible-name.js';
import { isDisabled, roleOf } from './aria.js';
import { MANY_ITEMS, shownNow } from './big-change.js';
import { CONTROL_SELECTOR, itemText, linesOf } from './observe-util.js';
import { isGrabbable } from './grab-cursor.js';
import { isShown } from './snapshot.js';
import { closestOf } from './dom.js';

/** What `listChanges` leaves out, and what it tells its caller beyond the clauses. */
export interface ListChangeOptions {
  /** Containers whose changes the act reports itself (a combobox it picked in): left out. */
  skip?: (container: Element) => boolean;
  /** Filled with the elements said to have appeared with all they hold (a menu that opened): nothing in them is news again. */
  said?: Element[];
  /**
   * Filled with the words of the menus said to have closed, run together without spaces: a line of text gone that is
   * part of them is theirs (a removed element has no layout, so its lines cannot be read as the page showed them).
   */
  closedWords?: string[];
}

/** Lists that gained or lost items (by text, so a list re-rendered whole counts only what changed), and content that appeared or went. */
export function listChanges(
  records: readonly MutationRecord[],
  name: (element: Element) => string,
  refOf: (element: Element) => string,
  changes: string[],
  options: ListChangeOptions = {},
): Set<string> {
  const { skip = () => false, said = [], closedWords = [] } = options;
  const added = new Map<Element, Element[]>();
  const removed = new Map<Element, string[]>();
  const addedNodes = new Set<Node>();
  const explained = new Set<string>();
  const removedLines = new Map<Element, string[]>();
  /** The items each container lost, as elements: AG Grid empties a row before it removes it, so its text is gone by then. */
  const removedItems = new Map<Element, Element[]>();
  /** Menus and toolbars that left the page, and what held them. */
  const closed: Array<{ role: string; node: Element }> = [];
  for (const record of records) if (record.type === 'childList') for (const node of record.addedNodes) addedNodes.add(node);
  for (const record of records) {
    if (record.type !== 'childList' || !(record.target instanceof Element)) continue;
    for (const node of record.addedNodes) {
      // A node that passed through this container and now sits elsewhere (a card dragged across a middle
      // column on its way) is not a gain of this one: only what the container still holds counts.
      if (!(node instanceof Element) || node.parentNode !== record.target || hasAddedAncestor(node, addedNodes) || !isShown(node)) continue;
      added.set(record.target, [...(added.get(record.target) ?? []), node]);
    }
    for (const node of record.removedNodes) {
      if (node instanceof Element && !node.isConnected && !addedNodes.has(node)) {
        const group = GROUP_ROLES.has(roleOf(node)) ? node : node.querySelector(GROUP_SELECTOR);
        if (group) closed.push({ role: roleOf(group), node });
        removed.set(record.target, [...(removed.get(record.target) ?? []), itemText(node)]);
        // Its lines as the region comparison read them (cells run together there) are said by the list's clause.
        removedLines.set(record.target, [...(removedLines.get(record.target) ?? []), ...linesOf(node)]);
        removedItems.set(record.target, [...(removedItems.get(record.target) ?? []), node]);
      }
    }
  }
  // Lines of what is named here are not repeated as new text by the region comparison.
  const explain = (element: Element) => linesOf(element).forEach((line) => explained.add(line));
  const quoted = (texts: string[]) =>
    `${texts
      .slice(0, 3)
      .map((t) => JSON.stringify(clip(t, 50)))
      .join(', ')}${more(texts.length, 3)}`;
  const items = (texts: string[]) => `${texts.length} item${texts.length === 1 ? '' : 's'} ${quoted(texts)}`;
  // New items carry their refs: the next step is often to act on one (double-click to edit it).
  const withRefs = (elements: Element[], noun = 'item', listed = 3) =>
    `${elements.length} ${noun}${elements.length === 1 ? '' : 's'}${noun === 'item' ? '' : ':'} ${elements
      .slice(0, listed)
      .map(
        (element) =>
          `${JSON.stringify(clip(noun === 'item' ? itemText(element) : controlName(element), 50))}${isDisabled(element) ? ' [disabled]' : ''} [ref=${refOf(element)}]`,
      )
      .join(', ')}${more(elements.length, listed)}`;
  for (const container of new Set([...added.keys(), ...removed.keys()])) {
    if (!container.isConnected || skip(container)) continue;
    // A grid's plain box of rows is named as its grid.
    const named = isListLike(container) && !isListTag(container) ? (closestOf(container, GRIDS) ?? container) : container;
    const addedElements = added.get(container) ?? [];
    const removedTexts = removed.get(container) ?? [];
    const gainedTexts = multisetMinus(addedElements.map(itemText), removedTexts);
    const lostAll = multisetMinus(removedTexts, addedElements.map(itemText));
    const lost = lostAll.filter(Boolean);
    if (isListLike(container) || holdsCards(container)) {
      for (const text of lost) explained.add(text);
      addedElements.forEach(explain);
      const pool = [...addedElements];
      const gained = gainedTexts
        .filter(Boolean)
        .map(
          (text) =>
            pool.splice(
              pool.findIndex((element) => itemText(element) === text),
              1,
            )[0],
        )
        .filter((element): element is Element => element !== undefined);
      // Items that came and went together are a new view of the list (a sort, a scroll, a filter); only
      // additions ("Load more") or only removals keep their items named, the new ones with their refs.
      // Rows emptied before they went count as gone, though their words are not known.
      const went = lostAll.length;
      if (gained.length > 0 && went > 0 && gained.length + went > MANY_ITEMS) {
        const now = shownNow(container, gained.length, went, name, refOf);
        if (now) {
          // What went, also what was emptied out of it first (its cells), is said by this one clause.
          const went = removedItems.get(container) ?? [];
          for (const [from, lines] of removedLines)
            if (from === container || went.some((item) => item.contains(from))) for (const line of lines) explained.add(line);
          changes.push(now);
          continue;
        }
      }
      if (gained.length && lost.length) changes.push(`${name(named)} gained ${withRefs(gained)} and lost ${items(lost)}`);
      else if (gained.length) changes.push(`${name(named)} gained ${withRefs(gained)}`);
      else if (lost.length) changes.push(`${name(named)} lost ${items(lost)}`);
      continue;
    }
    // Elsewhere, name what appeared only when it is a list or a control (with its ref): plain text
    // that changed is said by the region comparison, as "X became Y".
    const pending = [...gainedTexts];
    for (const element of addedElements) {
      const at = pending.indexOf(itemText(element));
      if (at < 0) continue; // re-rendered with the same text: not new
      pending.splice(at, 1);
      const list = isListLike(element) ? element : element.querySelector('ul, ol, table, [role=list], [role=listbox], [role=grid], [role=table], [role=tree]');
      const entries = list
        ? [
            ...list.querySelectorAll(':scope > li, :scope > tbody > tr, :scope > tr, :scope > [role=listitem], :scope > [role=option], :scope > [role=row]'),
          ].filter((entry) => itemText(entry))
        : [];
      const role = roleOf(element);
      // A menu or toolbar that opened is said with its controls (a context menu's "Insert after" was left
      // out when only its first three buttons were named), all of them up to a bound and then counted.
      const group = list && entries.length ? undefined : GROUP_ROLES.has(role) ? element : element.querySelector(GROUP_SELECTOR);
      const controls = group && isShown(group) ? namedControlsOf(group) : [];
      if (list && entries.length) {
        changes.push(`${name(list)} appeared with ${withRefs(entries)}`);
        explain(list);
      } else if (group && controls.length) {
        changes.push(`${name(group)} appeared with ${withRefs(controls, 'control', MAX_GROUP_LISTED)}`);
        explain(element);
        said.push(element);
        for (const control of controls) explained.add(itemText(control));
      } else if (role && !TEXT_ROLES.has(role)) {
        const text = itemText(element);
        const label = nameOf(element, role);
        changes.push(`${name(element)} appeared${text && text !== label ? `: ${JSON.stringify(clip(text, 80))}` : ''}`);
        explain(element);
      }
    }
  }
  // A menu that closed is said once, not as each of its words gone (one that another took the place of is
  // said by the new one's clause); its words are left out of the text comparison.
  const reopened = new Set(said.map((element) => roleOf(element) || roleOf(element.querySelector(GROUP_SELECTOR) ?? element)));
  for (const { role, node } of closed) {
    if (!reopened.has(role)) changes.push(`the ${role} closed`);
    closedWords.push(textsOf(node).join('').replace(/\s+/g, ''));
  }
  return explained;
}

/** The words of each text node under a node (removed from the page: its layout, and so its lines, are gone). */
function textsOf(node: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text && texts.length < 500; text = walker.nextNode()) {
    const words = (text.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    if (words) texts.push(words);
  }
  return texts;
}

/** Containers of controls said with their controls when they appear. */
const GROUP_ROLES = new Set(['menu', 'menubar', 'toolbar', 'listbox']);
const GROUP_SELECTOR = '[role=menu], [role=menubar], [role=toolbar], [role=listbox]';
/** Most controls of a menu that opened named one by one (a menu is read whole when it opens: it is the next choice). */
const MAX_GROUP_LISTED = 20;

const controlName = (control: Element): string => nameOf(control, roleOf(control) || 'button');

/**
 * The controls a menu or toolbar offers, as read_page lists them: shown, named, and not the wrapper of
 * others (a split button's box holds its own two buttons).
 */
function namedControlsOf(group: Element): Element[] {
  const controls = [...group.querySelectorAll(CONTROL_SELECTOR)].filter((control) => isShown(control));
  const holders = new Set<Element>();
  for (const control of controls) for (let up = control.parentElement; up && up !== group; up = up.parentElement) holders.add(up);
  return controls.filter((control) => !holders.has(control) && controlName(control) !== '');
}

/** `, and 4 more` after the first `listed` of `count`, or ''. */
const more = (count: number, listed: number): string => (count > listed ? `, and ${count - listed} more` : '');

function hasAddedAncestor(node: Node, added: Set<Node>): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) if (added.has(parent)) return true;
  return false;
}

/** Roles that are just text: their changes read better as "X became Y" than as an element that appeared. */
const TEXT_ROLES = new Set([
  'paragraph',
  'generic',
  'strong',
  'emphasis',
  'text',
  'none',
  'presentation',
  'deletion',
  'insertion',
  'subscript',
  'superscript',
  'time',
  'code',
  'term',
  'definition',
  'listitem',
]);

const LIST_ROLES = new Set(['list', 'listbox', 'grid', 'table', 'tree', 'treegrid', 'menu', 'feed', 'rowgroup', 'tablist', 'radiogroup']);
/**
 * A list, or the plain box a grid keeps its rows in (AG Grid's rows sit in a role-less container inside the
 * grid): its rows coming and going are the grid's, said as one change, not one "row … appeared" per row.
 */
function isListLike(element: Element): boolean {
  if (isListTag(element)) return true;
  return element.querySelector(':scope > [role=row]') !== null && closestOf(element, GRIDS) !== null;
}
const GRIDS = '[role=grid], [role=treegrid], [role=table]';
/** A list by its tag or role. */
const isListTag = (element: Element): boolean => ['UL', 'OL', 'TBODY', 'TABLE', 'MENU', 'DL'].includes(element.tagName) || LIST_ROLES.has(roleOf(element));

/** Longest new line of text quoted: a line whole (linesOf keeps 200), so a saved message or a status reads to its end. */
const MAX_NEW_TEXT = 200;

/**
 * Text that changed near the target, as a few clauses: lines that became others, new lines, lines gone;
 * what is left out is counted (a list cut short says so).
 */
export function textChanges(gone: readonly string[], added: readonly string[], changes: string[]): void {
  const pairs = Math.min(gone.length, added.length, 3);
  for (let i = 0; i < pairs; i++) changes.push(`text ${JSON.stringify(clip(gone[i] ?? '', 60))} became ${JSON.stringify(clip(added[i] ?? '', 60))}`);
  for (const line of added.slice(pairs, pairs + 3)) changes.push(`new text ${JSON.stringify(clip(line, MAX_NEW_TEXT))}`);
  for (const line of gone.slice(pairs, pairs + 2)) changes.push(`text ${JSON.stringify(clip(line, 60))} is gone`);
  const more = Math.max(0, added.length - pairs - 3) + Math.max(0, gone.length - pairs - 2);
  if (more > 0) changes.push(`and ${more} more lines of text changed`);
}

/**
 * A container of cards a person drags (a kanban column: plain divs, grabbed by their cursor) is a list:
 * a card added to it read as `text "Add" became "Call Sam"`, the add form's words paired with the card's.
 */
function holdsCards(container: Element): boolean {
  let looked = 0;
  for (let child = container.firstElementChild; child && looked < 5; child = child.nextElementSibling, looked++) if (isGrabbable(child)) return true;
  return false;
}

/** The items of `a` not matched one for one in `b`. */
export function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of b) counts.set(item, (counts.get(item) ?? 0) + 1);
  return a.filter((item) => {
    const n = counts.get(item) ?? 0;
    if (n > 0) {
      counts.set(item, n - 1);
      return false;
    }
    return true;
  });
}

/** Text clipped to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
