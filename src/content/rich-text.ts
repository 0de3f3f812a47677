/**
 * A rich-text editor's content as the model needs it: its lines, each with its kind (paragraph, heading,
 * bulleted or numbered list item, quote, code) and its runs of text with their marks (bold, italic,
 * struck, code, link), and where the selection is. `innerText` gave the words only, so a model could check
 * bold or a list by screenshot alone; editors (Trix, Quill, ProseMirror, TinyMCE, CKEditor) all write these
 * as the same few HTML elements, read here from the tags (and inline styles), never from the layout. One
 * bounded, iterative walk: the same for read_page, get_page_text and the change reports (rich-text-change.ts).
 */
import {
  attrOf,
  closestOf,
  firstChildOf,
  isEditableOf,
  nextSiblingOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentElementOf,
  parentNodeOf,
  previousElementSiblingOf,
  tagOf,
} from './dom.js';
import { BLOCK_TAGS } from './accessible-name.js';

/** A mark a run of text carries. */
export type RichMark = 'bold' | 'italic' | 'strike' | 'code' | 'link';
/** Text with the same marks. */
export interface RichRun {
  text: string;
  /** In the order of RICH_MARKS. */
  marks: RichMark[];
  /** A link's target, as written. */
  href?: string;
}
export type LineKind = 'paragraph' | 'heading' | 'bullet' | 'number' | 'quote' | 'code';
/** One line as shown: a block, or a part of one after a line break. */
export interface RichLine {
  kind: LineKind;
  /** A heading's level (1–6), a list item's depth (1 for the top list); 0 otherwise. */
  level: number;
  /** A numbered item's number. */
  number?: number;
  /** A further line of the list item, quote or code block above (after a line break or a second paragraph). */
  continued: boolean;
  runs: RichRun[];
}
/** A place in the text: a line and a character offset in it. */
export interface Caret {
  line: number;
  offset: number;
}
export interface RichText {
  lines: RichLine[];
  /** The selection, start before end, when it is inside the editor. */
  selection?: { start: Caret; end: Caret };
  /** The walk stopped at its bound: more text follows. */
  cut: boolean;
}

export const RICH_MARKS: readonly RichMark[] = ['link', 'bold', 'italic', 'strike', 'code'];

const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/**
 * Editors whose editable area holds code, not rich text (CodeMirror 6 draws its lines as a contenteditable's
 * own divs): their value stays the text as shown. A heuristic by the editors' own class names.
 */
const CODE_EDITOR_ROOTS = '.cm-editor, .ace_editor, .monaco-editor';

/** The editing host (the outermost editable element) of `element`, if it is a rich-text editor. */
export function richEditorOf(element: Element | null | undefined): HTMLElement | undefined {
  if (!element || !isEditableOf(element)) return undefined;
  let host = element as HTMLElement;
  for (let parent = parentElementOf(host); parent && isEditableOf(parent); parent = parentElementOf(parent)) host = parent;
  return closestOf(host, CODE_EDITOR_ROOTS) ? undefined : host;
}

/** Where the block a line starts in puts it: its kind, and the element that makes it so. */
interface LineContext {
  kind: LineKind;
  level: number;
  number?: number;
  holder: Element | undefined;
}

const LIST_TAGS = new Set(['UL', 'OL']);

/**
 * A list item's kind. Quill 2 writes every list as `<ol>` and says the kind on the item
 * (`data-list="bullet"`, nesting as `ql-indent-N`): read that where it is written.
 */
function itemContext(item: Element, host: Element): LineContext {
  let depth = 0;
  for (let at = parentElementOf(item); at && at !== host; at = parentElementOf(at)) if (LIST_TAGS.has(tagOf(at))) depth++;
  const quillKind = attrOf(item, 'data-list');
  const indent = /(?:^|\s)ql-indent-(\d)/.exec(attrOf(item, 'class') ?? '')?.[1];
  const level = Math.max(1, depth) + (indent ? Number(indent) : 0);
  const list = parentElementOf(item);
  const ordered = quillKind ? quillKind === 'ordered' : list !== null && tagOf(list) === 'OL';
  if (!ordered) return { kind: 'bullet', level, holder: item };
  // Its number: the items of its kind before it, from the list's start.
  let number = list && !quillKind ? Number(attrOf(list, 'start') ?? '1') || 1 : 1;
  for (let at = previousElementSiblingOf(item); at && tagOf(at) === 'LI' && attrOf(at, 'data-list') === quillKind; at = previousElementSiblingOf(at)) number++;
  return { kind: 'number', level, number, holder: item };
}

/** The kind of the line that starts at `node`: from its nearest list item, heading or code block, else a quote around it. */
function contextOf(node: Node, host: Element): LineContext {
  let quote: Element | undefined;
  for (let at = nodeTypeOf(node) === 1 ? (node as Element) : parentElementOf(node); at && at !== host; at = parentElementOf(at)) {
    const tag = tagOf(at);
    if (tag === 'LI') return itemContext(at, host);
    if (/^H[1-6]$/.test(tag)) return { kind: 'heading', level: Number(tag[1]), holder: at };
    if (tag === 'PRE') return { kind: 'code', level: 0, holder: at };
    if (tag === 'BLOCKQUOTE') quote ??= at;
  }
  return quote ? { kind: 'quote', level: 0, holder: quote } : { kind: 'paragraph', level: 0, holder: undefined };
}

/** A run's marks and link from the elements around its text, up to the editor: tags, or an inline style that says otherwise. */
function marksOf(text: Node, host: Element): { marks: RichMark[]; href?: string } {
  const found = new Set<RichMark>();
  const decided = new Set<string>();
  let href: string | undefined;
  let inPre = false;
  for (let at = parentElementOf(text); at && at !== host; at = parentElementOf(at)) {
    const tag = tagOf(at);
    const style = at instanceof HTMLElement && attrOf(at, 'style') ? at.style : undefined;
    // The nearest element that says it decides (Google Docs' pasted `<b style="font-weight:normal">` is not bold).
    const decide = (what: RichMark, byTag: boolean, byStyle: string | undefined, on: (value: string) => boolean) => {
      if (decided.has(what)) return;
      if (byStyle) {
        decided.add(what);
        if (on(byStyle)) found.add(what);
      } else if (byTag) {
        decided.add(what);
        found.add(what);
      }
    };
    decide('bold', tag === 'STRONG' || tag === 'B', style?.fontWeight || undefined, (w) => w === 'bold' || w === 'bolder' || Number(w) >= 600);
    decide('italic', tag === 'EM' || tag === 'I', style?.fontStyle || undefined, (s) => s === 'italic' || s === 'oblique');
    decide('strike', tag === 'S' || tag === 'DEL' || tag === 'STRIKE', style?.textDecorationLine || undefined, (d) => d.includes('line-through'));
    if (tag === 'CODE' || tag === 'KBD' || tag === 'SAMP') found.add('code');
    if (tag === 'PRE') inPre = true;
    if (tag === 'A' && href === undefined) {
      const target = attrOf(at, 'href');
      if (target) href = target;
    }
  }
  if (inPre) found.delete('code');
  if (href !== undefined) found.add('link');
  const marks = RICH_MARKS.filter((mark) => found.has(mark));
  return href === undefined ? { marks } : { marks, href };
}

/** A text node's text as shown: zero-width characters dropped, no-break spaces as spaces, source line breaks as spaces outside code. */
function shownText(data: string, code: boolean, lineStart: boolean): string {
  let text = data.replace(/[\u200b\ufeff]/g, '');
  if (!code) text = text.replace(/[\n\r\t]+/g, ' ');
  if (lineStart && !code) text = text.replace(/^ +/, '');
  return text.replace(/\u00a0/g, ' ');
}

/** A DOM boundary point, and how to recognise it in the walk. */
interface Boundary {
  /** A text node and an offset in it, or the node the boundary is before (undefined: the end of `container`). */
  text?: { node: Node; offset: number };
  before?: Node | null;
  container: Node;
}

function boundaryOf(node: Node, offset: number): Boundary {
  if (nodeTypeOf(node) === 3) return { text: { node, offset }, container: node };
  let child = firstChildOf(node);
  for (let i = 0; i < offset && child; i++) child = nextSiblingOf(child);
  return { before: child, container: node };
}

/** Reads an editor's lines, marks and selection; stops after about `maxChars` characters. */
export function readRichText(host: HTMLElement, maxChars = 20_000): RichText {
  const lines: RichLine[] = [];
  let open: RichLine | undefined;
  let openHolder: Element | undefined;
  let chars = 0;
  let cut = false;
  const doc = ownerDocumentOf(host) ?? document;
  const selection = (doc.defaultView ?? window).getSelection();
  const inside = (node: Node | null): node is Node => node !== null && (node === host || host.contains(node));
  const ends =
    selection && selection.rangeCount > 0 && inside(selection.anchorNode) && inside(selection.focusNode)
      ? [boundaryOf(selection.anchorNode, selection.anchorOffset), boundaryOf(selection.focusNode, selection.focusOffset)]
      : [];
  const carets: Array<Caret | undefined> = ends.map(() => undefined);
  const here = (): Caret => (open ? { line: lines.length - 1, offset: lineLength(open) } : { line: lines.length, offset: 0 });
  const mark = (test: (end: Boundary) => boolean) => ends.forEach((end, i) => carets[i] === undefined && test(end) && (carets[i] = here()));

  const startLine = (at: Node): RichLine => {
    const context = contextOf(at, host);
    const previous = lines.at(-1);
    const continued = context.holder !== undefined && context.holder === openHolder && previous !== undefined && previous.kind === context.kind;
    const line: RichLine = { kind: context.kind, level: context.level, continued, runs: [] };
    if (context.number !== undefined) line.number = context.number;
    lines.push(line);
    openHolder = context.holder;
    return line;
  };
  /** Part of a text node's data, from `from`, on the open line (or a new one). */
  const piece = (node: Node, part: string, from: number, code: boolean) => {
    const shown = shownText(part, code, open === undefined);
    const holds = (end: Boundary) => end.text?.node === node && end.text.offset >= from && end.text.offset <= from + part.length;
    if (!shown || (!open && !shown.trim())) {
      // Only zero-width characters (TinyMCE's caret holder on an empty line): a line is drawn for them.
      if (!open && /[\u200b\ufeff]/.test(part)) open = startLine(node);
      mark(holds);
      return;
    }
    open ??= startLine(node);
    const start = lineLength(open);
    ends.forEach((end, i) => {
      if (carets[i] === undefined && end.text && holds(end))
        carets[i] = { line: lines.length - 1, offset: start + shownText(part.slice(0, end.text.offset - from), code, start === 0).length };
    });
    const { marks, href } = marksOf(node, host);
    const last = open.runs.at(-1);
    if (last && last.href === href && last.marks.join() === marks.join()) last.text += shown;
    else open.runs.push(href === undefined ? { text: shown, marks } : { text: shown, marks, href });
    chars += shown.length;
  };
  const text = (node: Node) => {
    const data = (node as Text).data;
    const code = (open?.kind ?? contextOf(node, host).kind) === 'code';
    // In code a line break in the text ends a line, as a <br> does.
    let from = 0;
    for (const part of code ? data.split('\n') : [data]) {
      if (from > 0) {
        open ??= startLine(node);
        open = undefined;
      }
      piece(node, part, from, code);
      from += part.length + 1;
    }
  };

  let node: Node | null = firstChildOf(host);
  while (node) {
    mark((end) => end.before === node);
    let descend = false;
    const type = nodeTypeOf(node);
    if (type === 3) text(node);
    else if (type === 1) {
      const tag = tagOf(node as Element);
      if (tag === 'BR') {
        // A line break ends the line; on a line with nothing yet it is that (empty) line.
        if (!open) open = startLine(node);
        open = undefined;
      } else if (SKIPPED_TAGS.has(tag) || attrOf(node as Element, 'data-mce-bogus') === 'all') {
        // Not text (TinyMCE's `data-mce-bogus="all"` is its own caret machinery): a boundary inside is here.
        const skipped = node;
        mark((end) => skipped.contains(end.container));
      } else {
        if (BLOCK_TAGS.has(tag)) open = undefined;
        descend = firstChildOf(node) !== null;
        if (!descend) mark((end) => end.container === node && end.before === null);
      }
    }
    if (chars > maxChars) {
      cut = true;
      break;
    }
    if (descend) {
      node = firstChildOf(node);
      continue;
    }
    // Up to the next sibling, leaving each element on the way (a block ends its line there).
    while (node && node !== host && !nextSiblingOf(node)) {
      node = parentNodeOf(node);
      if (!node || node === host) break;
      mark((end) => end.container === node && end.before === null);
      if (nodeTypeOf(node) === 1 && BLOCK_TAGS.has(tagOf(node as Element))) open = undefined;
    }
    node = node && node !== host ? nextSiblingOf(node) : null;
  }
  mark(() => true); // the end of the host (or a boundary the walk did not reach)
  const result: RichText = { lines, cut };
  const [anchor, focus] = carets.map((caret) => clampCaret(caret ?? here(), lines));
  if (anchor && focus) result.selection = before(anchor, focus) ? { start: anchor, end: focus } : { start: focus, end: anchor };
  return result;
}

/** A line's text. */
export function lineText(line: RichLine): string {
  return line.runs.map((run) => run.text).join('');
}

function lineLength(line: RichLine): number {
  return line.runs.reduce((sum, run) => sum + run.text.length, 0);
}

function clampCaret(caret: Caret, lines: RichLine[]): Caret {
  const last = lines.at(-1);
  if (caret.line < lines.length || !last) return caret;
  return { line: lines.length - 1, offset: lineLength(last) };
}

/** Whether caret `a` comes before (or at) `b`. */
export function before(a: Caret, b: Caret): boolean {
  return a.line < b.line || (a.line === b.line && a.offset <= b.offset);
}
