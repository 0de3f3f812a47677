/**
 * `find`: elements matching a query by accessible name, text, label, placeholder or role, best first.
 * Scores are simple and explainable: exact name beats prefix beats substring; labels and placeholders
 * count like names; visible text counts less; a role word in the query ("search button") must agree.
 */
import type { ElementSummary } from '../runtime/page-state.js';
import type { PageResultOf } from '../shared/protocol/page.js';
import { INTERACTIVE_ROLES, LEAF_ROLES } from './aria.js';
import {
  attrOf,
  checkVisibilityOf,
  closestOf,
  firstChildOf,
  firstElementChildOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  rootElementOf,
  shadowRootOf,
  tagOf,
  textContentOf,
} from './dom.js';
import { CLICKABLE_ROLES, describeElement, editorTextOf, listedNameOf, listedRoleOf, rowOf } from './element-line.js';
import { documentId } from './refs.js';
import { frameIndexOf } from './frame-element.js';
import { holdsControls } from './snapshot-node.js';
import { withGrabRules } from './grab-cursor.js';
import { isShown } from './visibility.js';
import { COUNTED_ROLES, extentOf, reachWords, renderedWords } from './extent.js';
import { quoted } from '../shared/untrusted-text.js';

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);
const ROLE_WORDS = new Set([
  ...INTERACTIVE_ROLES,
  'heading',
  'image',
  'img',
  'input',
  'field',
  'dropdown',
  'select',
  'table',
  'list',
  'dialog',
  'form',
  'navigation',
  'iframe',
  'frame',
  'row',
  'cell',
  'paragraph',
  'grid',
  'gridcell',
  'columnheader',
  'rowheader',
]);
/**
 * A role word also finds its relatives, as a person means it: "textbox" covers a search box and a combobox
 * one types into, "checkbox" a switch, "cell" a grid's cell. A model that asked for a textbox and was told
 * there is none, beside a searchbox, wasted a turn.
 */
const ROLE_SYNONYMS: Record<string, string[]> = {
  textbox: ['textbox', 'searchbox', 'combobox'],
  searchbox: ['searchbox', 'textbox', 'combobox'],
  combobox: ['combobox', 'listbox', 'textbox'],
  checkbox: ['checkbox', 'switch', 'menuitemcheckbox'],
  switch: ['switch', 'checkbox'],
  radio: ['radio', 'menuitemradio'],
  menuitem: ['menuitem', 'menuitemcheckbox', 'menuitemradio'],
  table: ['table', 'grid', 'treegrid'],
  grid: ['grid', 'treegrid', 'table'],
  columnheader: ['columnheader'],
  rowheader: ['rowheader'],
  gridcell: ['gridcell', 'cell'],
  input: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  field: ['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'slider'],
  dropdown: ['combobox', 'listbox'],
  select: ['combobox', 'listbox'],
  image: ['img'],
  // "comments frame": a person calls an embedded widget a frame; its element is an iframe.
  frame: ['iframe'],
  iframe: ['iframe'],
  cell: ['cell', 'gridcell', 'columnheader', 'rowheader'],
};

/** Zero-width characters a page puts inside words (swagger-ui's paths, `/pets\u200b/{id}`): no person sees them, so a query has none. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

function normalize(text: string): string {
  return text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** How well `text` matches the query (0 = not at all). */
export function scoreText(text: string, query: string, tokens: readonly string[]): number {
  if (!text) return 0;
  const t = normalize(text);
  if (t === query) return 100;
  if (t.startsWith(query)) return 85;
  if (t.includes(query)) return 70;
  if (tokens.length > 1 && tokens.every((token) => t.includes(token))) return 60;
  return 0;
}

function ownText(element: Element): string {
  let text = '';
  for (let node = firstChildOf(element); node; node = nextSiblingOf(node)) if (nodeTypeOf(node) === 3) text += node.nodeValue ?? '';
  return text;
}

type FindResult = PageResultOf<'find'>;

const EXCERPT_CHARS = 160;
/** The most grids or lists named as searched only in part. */
const MAX_PARTIAL = 5;

/** About EXCERPT_CHARS of `text` around the whole query (else its first word), with … where it was cut. */
export function excerptAround(text: string, query: string, words: readonly string[]): string {
  const flat = text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const lower = flat.toLowerCase();
  const whole = lower.indexOf(query);
  const at = Math.max(0, whole >= 0 ? whole : lower.indexOf(words[0] ?? ''));
  const start = Math.max(0, Math.min(at - 50, flat.length - EXCERPT_CHARS));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + EXCERPT_CHARS)}${start + EXCERPT_CHARS < flat.length ? '…' : ''}`;
}

/**
 * Finds matching visible elements in this document (open shadow roots included). When role words find
 * nothing, the whole query is tried again as words of a name ("Menu", "Select a plan"): a role word that
 * is also a control's name must not make it unfindable.
 */
export function findElements(rawQuery: string, limit: number, refPrefix: string, rolesAsText = false): FindResult {
  const query = normalize(rawQuery);
  const words = query.split(' ').filter(Boolean);
  const isRoleWord = (word: string) => !rolesAsText && ROLE_WORDS.has(word);
  const roleWords = words.filter(isRoleWord);
  const wantedRoles = new Set(roleWords.flatMap((word) => ROLE_SYNONYMS[word] ?? [word]));
  const textWords = words.filter((word) => !isRoleWord(word));
  const textQuery = textWords.join(' ');
  const candidates: Array<{ element: Element; score: number; order: number; byText: boolean; text?: string }> = [];
  const frames: FindResult['frames'] = [];
  const partial: FindResult['partial'] = [];
  const partialElements: Array<{ element: Element; extent: string }> = [];
  let order = 0;

  const consider = (element: Element): void => {
    // The role read_page lists it with: a calendar's day is a gridcell, a label tied to nothing is a label.
    const role = listedRoleOf(element);
    if (wantedRoles.size > 0 && !wantedRoles.has(role)) return;
    let score = 0;
    let byText = false;
    let text: string | undefined;
    if (textQuery) {
      const name = role ? listedNameOf(element, role) : '';
      score = scoreText(name, textQuery, textWords);
      // An unnamed control reads as where it is (`combobox in "Repeat"`): those words find it, a little below a name.
      const row = role && !name ? rowOf(element, role, name) : '';
      if (row) score = Math.max(score, scoreText(row, textQuery, textWords) - 15);
      const tag = tagOf(element);
      if (tag === 'INPUT' || tag === 'TEXTAREA') {
        score = Math.max(score, scoreText((element as HTMLInputElement).placeholder, textQuery, textWords) - 5);
      }
      if (score === 0) {
        const own = ownText(element);
        // Text inside a button or link is found through that control, not the span inside it.
        const parent = parentElementOf(element);
        if (own.trim() && (role || !parent || !closestOf(parent, 'a, button, label, summary, [role=button], [role=link], option'))) {
          score = Math.max(score, scoreText(own, textQuery, textWords) - 30);
          byText = score > 0;
        }
      }
      // An editor's text is found through its textbox, the element a person types in: a code editor's lines are
      // hidden from assistive technology (Monaco's), and an editor's paragraphs lie inside its textbox (a leaf).
      const held = score === 0 && role === 'textbox' ? editorTextOf(element) : undefined;
      if (held) {
        score = Math.max(score, scoreText(held, textQuery, textWords) - 30);
        byText = score > 0;
        if (byText) text = held;
      }
      if (score === 0) {
        const label = attrOf(element, 'aria-label') ?? attrOf(element, 'title') ?? attrOf(element, 'name') ?? '';
        score = Math.max(score, scoreText(label, textQuery, textWords) - 20);
      }
    } else if (role) {
      score = 50; // the query was only role words ("textbox"): every element of that role matches
    }
    if (score <= 0) return;
    if (INTERACTIVE_ROLES.has(role)) score += 10;
    candidates.push({ element, score, order: order++, byText, ...(text !== undefined ? { text } : {}) });
  };

  const walk = (parent: Element | ShadowRoot): void => {
    for (let child = firstElementChildOf(parent); child; child = nextElementSiblingOf(child)) {
      if (SKIP_TAGS.has(tagOf(child)) || attrOf(child, 'aria-hidden') === 'true') continue;
      const shown = isShown(child);
      if (!shown && !checkVisibilityOf(child) && getComputedStyle(child).display !== 'contents') continue;
      if (shown) consider(child);
      const role = shown ? listedRoleOf(child) : '';
      if (role === 'iframe' && shown) frames.push({ index: frameIndexOf(child), src: (child as HTMLIFrameElement).src ?? '' });
      // A virtual or paged grid holds only some of its rows: what was not rendered was not searched, and the result says so.
      if (COUNTED_ROLES.has(role) && partialElements.length < MAX_PARTIAL) {
        const extent = extentOf(child, role);
        if (extent) partialElements.push({ element: child, extent: `${renderedWords(extent)}; ${reachWords(extent)}` });
      }
      // A control's inside is its name; an item holding controls of its own (a tree's branch) is searched into.
      if ((LEAF_ROLES.has(role) || CLICKABLE_ROLES.has(role)) && role !== 'heading' && !holdsControls(child)) continue;
      const shadow = shadowRootOf(child);
      if (shadow) walk(shadow);
      walk(child);
    }
  };
  const root = rootElementOf();
  // Whether a plain element is a card a person drags reads the style sheets: once for the whole walk.
  if (root) withGrabRules(() => walk(root));
  if (candidates.length === 0 && roleWords.length > 0) return findElements(rawQuery, limit, refPrefix, true);

  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const matches: FindResult['matches'] = [];
  const elements: Record<string, ElementSummary> = {};
  // Each match's line reads its cursor (a card a person drags): the style sheets are read once for all.
  const described = withGrabRules(() => candidates.slice(0, limit).map((candidate) => describeElement(candidate.element, refPrefix)));
  for (const [at, candidate] of candidates.slice(0, limit).entries()) {
    const line = described[at];
    if (!line) continue;
    // Found by its text (a paragraph, a cell): show the words around the match, or the line says only `paragraph`.
    const excerpt =
      candidate.byText && !normalize(line.name).includes(textWords[0] ?? '')
        ? excerptAround(candidate.text ?? textContentOf(candidate.element), textQuery, textWords)
        : '';
    matches.push({
      ref: refPrefix + line.ref,
      line: `- ${line.line}${excerpt ? ` (text: ${quoted(excerpt, EXCERPT_CHARS + 2)})` : ''}`,
      score: candidate.score,
    });
    elements[refPrefix + line.ref] = line.summary;
  }
  for (const { element, extent } of partialElements) {
    const described = describeElement(element, refPrefix);
    partial.push({ line: described.line, extent });
    elements[refPrefix + described.ref] = described.summary;
  }
  return { documentId, url: location.href, matches, elements, total: candidates.length, frames, partial };
}
