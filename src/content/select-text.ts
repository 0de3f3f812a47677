/**
 * Selecting words inside a field or an editor, as a person's drag over them would: the field's own
 * selection (setSelectionRange) or a DOM Range in an editable area, so the editor — which follows the
 * document's `selectionchange` (Quill, CodeMirror, ProseMirror, CKEditor) — sees the same selection and
 * its own shortcuts and toolbar act on exactly those words. Text is matched in what the element shows;
 * a span found twice is refused rather than guessed.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageResultOf } from '../shared/protocol/page.js';
import { ownerDocumentOf } from './dom.js';
import { editableKind, isTextField, notEditable } from './fields.js';
import { holdsFocus } from './observe-util.js';
import { focusTarget, label, prepareTarget, type Point } from './target.js';
import { codeEditorLines, codeEditorSurface } from './code-editor.js';
import { withoutMarks } from './rich-text-markdown.js';

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'TD', 'TH', 'TR', 'BR', 'SECTION', 'ARTICLE']);

interface Piece {
  node: Text;
  /** Where the node's text starts in the flattened text. */
  start: number;
}

/** The element's text with a line break between blocks, and where each text node sits in it. */
function flatten(element: Element): { text: string; pieces: Piece[] } {
  const doc = ownerDocumentOf(element) ?? document;
  const walker = doc.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const pieces: Piece[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      // A block (an editor's paragraph, a code editor's line) starts a new line, so a match never spans two.
      if (BLOCKS.has((node as Element).tagName) && text && !text.endsWith('\n')) text += '\n';
      continue;
    }
    const data = (node as Text).data;
    if (!data) continue;
    pieces.push({ node: node as Text, start: text.length });
    text += data;
  }
  return { text, pieces };
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0 && found.length < 20; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** TEXT_NOT_FOUND or TEXT_AMBIGUOUS: the span to select is not there, or there more than once. */
function notUnique(element: Element, text: string, count: number, drawn = false): ToolError {
  if (count === 0) {
    const where = drawn ? ' in the lines it shows (a code editor draws only the lines in view)' : '';
    return new ToolError('TEXT_NOT_FOUND', `${label(element)} does not contain the text "${text.slice(0, 80)}"${where}.`, {
      suggestion: drawn
        ? 'Scroll the editor (scroll with its ref) until read_page shows the line with the words, then copy them exactly as read_page shows them, within one line or across whole lines.'
        : 'Read the field first (read_page with its ref) and copy the words exactly as they are, with their case and punctuation.',
    });
  }
  return new ToolError('TEXT_AMBIGUOUS', `The text "${text.slice(0, 80)}" is in ${label(element)} ${count} times, so which one is meant is unclear.`, {
    suggestion: 'Give a longer piece of text around the words, one that occurs only once, and try again.',
    details: { count },
  });
}

function pointAt(pieces: Piece[], offset: number, end: boolean): { node: Text; offset: number } {
  // An end offset belongs to the node it closes; a start offset to the node it opens.
  const piece = pieces.findLast((p) => (end ? p.start < offset : p.start <= offset)) ?? (pieces[0] as Piece);
  return { node: piece.node, offset: Math.min(piece.node.data.length, offset - piece.start) };
}

/** Where a person presses to put the caret at a point in a drawn line: the edge of the character there. */
function boundaryPoint(at: { node: Text; offset: number }): Point {
  const range = (ownerDocumentOf(at.node) ?? document).createRange();
  const before = at.offset >= at.node.data.length;
  range.setStart(at.node, before ? at.offset - 1 : at.offset);
  range.setEnd(at.node, before ? at.offset : at.offset + 1);
  const rect = range.getBoundingClientRect();
  return { x: before ? rect.right : rect.left, y: rect.top + rect.height / 2 };
}

/**
 * A code editor keeps its selection to itself (its focus target holds no text, or only some): a person
 * selects by pressing at the first character and Shift-pressing after the last, in the lines it draws.
 * So this finds the words there and returns those two points (the worker presses them, then asks the
 * editor what it selected); words outside the lines in view are not found.
 */
function editorSpan(element: Element, lines: Element[], text: string): PageResultOf<'select_text'> {
  prepareTarget(element, { checkCovered: true, needEnabled: true });
  const pieces: Piece[] = [];
  let flat = '';
  for (const line of lines) {
    if (flat) flat += '\n';
    const own = flatten(line);
    for (const piece of own.pieces) pieces.push({ node: piece.node, start: piece.start + flat.length });
    flat += own.text.replace(/\u00a0/g, ' ');
  }
  const found = occurrences(flat, text);
  if (found.length !== 1 || pieces.length === 0) throw notUnique(element, text, found.length, true);
  const start = found[0] as number;
  const from = boundaryPoint(pointAt(pieces, start, false));
  const to = boundaryPoint(pointAt(pieces, start + text.length, true));
  const area = codeEditorSurface(element)?.getBoundingClientRect();
  const shown = (p: Point) => !area || (p.x >= area.left && p.x <= area.right && p.y >= area.top && p.y <= area.bottom);
  if (!shown(from) || !shown(to)) {
    throw new ToolError('TEXT_NOT_IN_VIEW', `The text "${text.slice(0, 80)}" is in ${label(element)} but not all of it is in view.`, {
      suggestion: 'Scroll the editor (scroll with its ref, up, down, left or right) until the words show whole, then try again.',
    });
  }
  return { selected: text, label: label(element), pointer: { from, to } };
}

/**
 * Selects the one occurrence of `text` in the field or editable area (focusing it first); refuses none or
 * several. In a code editor it only finds the words and says where to press (`pointer`).
 */
export function selectText(element: Element, text: string): PageResultOf<'select_text'> {
  const lines = codeEditorLines(element);
  if (lines) return editorSpan(element, lines, text);
  const kind = editableKind(element);
  if (!kind) throw notEditable(element);
  if (!holdsFocus(element)) focusTarget(element);
  if (isTextField(element)) {
    const found = occurrences(element.value, text);
    if (found.length !== 1) throw notUnique(element, text, found.length);
    const start = found[0] as number;
    try {
      element.setSelectionRange(start, start + text.length);
    } catch {
      throw new ToolError('NOT_SELECTABLE', `${label(element)} (an email or number field) has no text selection.`, {
        suggestion: 'Type its whole new value instead (type with clear true).',
      });
    }
    return { selected: text, label: label(element) };
  }
  const { text: flat, pieces } = flatten(element);
  // Words copied from a rich-text editor's value as read_page shows it (light Markdown) carry its marks.
  const plain = withoutMarks(text);
  const words = occurrences(flat, text).length === 0 && plain !== text && occurrences(flat, plain).length > 0 ? plain : text;
  const found = occurrences(flat, words);
  if (found.length !== 1 || pieces.length === 0) throw notUnique(element, words, found.length);
  const start = found[0] as number;
  const from = pointAt(pieces, start, false);
  const to = pointAt(pieces, start + words.length, true);
  const doc = ownerDocumentOf(element) ?? document;
  const selection = (doc.defaultView ?? window).getSelection();
  if (selection) {
    const range = doc.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  return { selected: selection?.toString() || words, label: label(element) };
}
