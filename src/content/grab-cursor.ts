/**
 * Whether an element shows a grab or move cursor, the mark of an item a person drags when nothing else
 * marks it (SortableJS and dragula cards are plain divs). Many libraries set that cursor only under the
 * pointer: jKanban's stylesheet says `.kanban-item:hover { cursor: move }`, so the computed cursor named a
 * card draggable only while the pointer happened to rest on it, and the same card read as plain text in
 * the next read. So the style sheets' rules that set such a cursor under `:hover` count too, with the
 * `:hover` taken out. A heuristic: a cursor is a hint a page gives people, not a promise of a drag.
 */
import { matchesOf, parentElementOf, rootNodeOf, styleSheetsOf } from './dom.js';

const GRAB_CURSORS = new Set(['grab', 'move', '-webkit-grab']);
/** Most style rules looked at per document or shadow root: a page with a huge style sheet costs at most this. */
const MAX_RULES = 20_000;

/** The hover rules' selectors per document or shadow root, while a snapshot runs (see `withGrabRules`). */
let scoped: Map<Node, string> | undefined;

/** Runs `work` reading each tree scope's style sheets once (a snapshot asks about many elements). */
export function withGrabRules<T>(work: () => T): T {
  const outer = scoped;
  scoped = new Map();
  try {
    return work();
  } finally {
    scoped = outer;
  }
}

/** `.card:hover .handle` as `.card .handle`; a bare `:hover` (`ul > :hover`) as `*`. */
export function withoutHover(selector: string): string {
  return selector.replace(/(^|[\s>+~(,]):hover/g, '$1*').replace(/:hover/g, '');
}

/** The rules of a sheet and of its groups (`@media`, `@supports`, `@layer`), depth first, up to the budget. */
function collect(rules: CSSRuleList, into: string[], budget: { left: number }): void {
  for (const rule of Array.from(rules)) {
    if (--budget.left < 0) return;
    if (rule instanceof CSSStyleRule) {
      if (rule.selectorText.includes(':hover') && GRAB_CURSORS.has(rule.style.cursor)) into.push(withoutHover(rule.selectorText));
    } else if (rule instanceof CSSGroupingRule) collect(rule.cssRules, into, budget);
  }
}

/** The selectors (joined, each checked to parse) of the rules that give a grab cursor under the pointer in `root`. */
function hoverGrabSelector(root: Document | ShadowRoot): string {
  const found: string[] = [];
  const budget = { left: MAX_RULES };
  for (const sheet of styleSheetsOf(root)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet cannot be read
    }
    collect(rules, found, budget);
  }
  const probe = root instanceof ShadowRoot ? root.host : root.documentElement;
  // A selector that no longer parses without its `:hover` (`:not(:hover)` left as `:not()`) is left out.
  return found
    .filter((selector) => {
      try {
        matchesOf(probe, selector);
        return true;
      } catch {
        return false;
      }
    })
    .join(', ');
}

function hoverRulesFor(element: Element): string {
  const root = rootNodeOf(element);
  if (!(root instanceof Document || root instanceof ShadowRoot)) return '';
  if (!scoped) return hoverGrabSelector(root);
  let selector = scoped.get(root);
  if (selector === undefined) {
    selector = hoverGrabSelector(root);
    scoped.set(root, selector);
  }
  return selector;
}

/** Shows a grab or move cursor now, or would under the pointer by a `:hover` rule. */
export function showsGrabCursor(element: Element): boolean {
  if (GRAB_CURSORS.has(getComputedStyle(element).cursor)) return true;
  const selector = hoverRulesFor(element);
  return selector !== '' && matchesOf(element, selector);
}

/**
 * Whether a role-less element is an item a person drags: it shows a grab or move cursor, now or under the
 * pointer, and its parent does not (what is inside it inherits the cursor). SortableJS and dragula cards
 * are plain divs marked so only by their stylesheet: without a ref each card read as words of one text
 * line, and `drag` had nothing to name. A heuristic, as a cursor is.
 */
export function isGrabbable(element: Element): boolean {
  const parent = parentElementOf(element);
  return showsGrabCursor(element) && (parent === null || !showsGrabCursor(parent));
}
