/**
 * Text fields and editors in `get_page_text`: a text area's value and an editor's text (a code editor's
 * lines) as a fenced block under the field's name, exactly as they are — the live value, not the clone's
 * default; every line break kept; nothing escaped as Markdown (a value whose paragraphs came out joined,
 * or with `\*` for `*`, would be copied back into the field wrong). A rich-text editor's formatted content
 * is its light Markdown (bold, lists, headings), as read_page shows it, in a block that says so.
 */
import type TurndownService from 'turndown';
import { attrOf, textContentOf, innerTextOf, isEditableOf, parentElementOf, querySelectorAllOf, queryDocument, setAttrOf } from './dom.js';
import { label } from './target.js';
import { CODE_EDITOR_INPUTS, codeEditorText } from './code-editor.js';
import { richTextValue } from './rich-text-markdown.js';

/** Longest field text shown in page text (a long wiki page's source). */
const MAX_FIELD_TEXT = 20_000;

function liveText(element: Element): { text: string; markdown?: true } | undefined {
  const code = codeEditorText(element);
  if (code !== undefined) return { text: code };
  // A text area hidden from assistive technology is an editor's own machinery (Monaco's input method area), no field.
  if (element instanceof HTMLTextAreaElement) return attrOf(element, 'aria-hidden') === 'true' ? undefined : { text: element.value };
  // An editing host only (not each paragraph inside it), whose text is laid out by the browser into lines.
  if (!isEditableOf(element)) return undefined;
  const parent = parentElementOf(element);
  if (parent && isEditableOf(parent)) return undefined;
  const rich = richTextValue(element, MAX_FIELD_TEXT);
  if (rich?.formatted) return { text: rich.markdown, markdown: true };
  return { text: innerTextOf(element as HTMLElement) };
}

/** The fields found in one extraction, by the mark put on their copies. */
export interface FieldTexts {
  /** Unguessable per extraction: a page cannot mark its own element as a field (Turndown converts a copy, so marks, not identity). */
  nonce: string;
  fields: Array<{ text: string; name: string; markdown?: true }>;
}

const MARK = 'data-pagewright-field';

/** Marks each text area and editing host's copy in `clone` (an exact clone of `live`), keeping its live text and name. */
export function fieldTexts(live: Document | Element, clone: Document | Element): FieldTexts {
  const selector = `textarea, [contenteditable], ${CODE_EDITOR_INPUTS}`;
  const all = (root: Document | Element) => Array.from(root instanceof Document ? queryDocument(selector, root) : querySelectorAllOf(root, selector));
  const [originals, copies] = [all(live), all(clone)];
  const found: FieldTexts = { nonce: Math.random().toString(36).slice(2), fields: [] };
  if (originals.length !== copies.length) return found;
  originals.forEach((element, index) => {
    const live = liveText(element);
    const copy = copies[index];
    if (live === undefined || !copy) return;
    const text = live.text;
    setAttrOf(copy, MARK, `${found.nonce}:${found.fields.length}`);
    // A copy with no text of its own (a code editor's focus target) would be dropped as blank before the rule sees it.
    if (!textContentOf(copy).trim()) copy.textContent = text;
    const clipped = text.length > MAX_FIELD_TEXT ? `${text.slice(0, MAX_FIELD_TEXT)}…` : text;
    found.fields.push({ text: clipped, name: label(element), ...(live.markdown ? { markdown: true as const } : {}) });
  });
  return found;
}

/** A fence longer than any run of backticks in `text`, so the page's text cannot close the block early. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Adds the rule that writes each paired field as its name and its text in a fenced block. */
export function addFieldRule(service: TurndownService, found: FieldTexts): void {
  const fieldOf = (node: Node) => {
    const mark = node.nodeType === 1 ? attrOf(node as Element, MARK) : null;
    const [nonce, index] = mark?.split(':') ?? [];
    return nonce === found.nonce ? found.fields[Number(index)] : undefined;
  };
  service.addRule(`fieldText-${found.nonce}`, {
    filter: (node) => fieldOf(node) !== undefined,
    replacement: (_content, node) => {
      const field = fieldOf(node);
      if (!field) return '';
      const text = field.text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
      const fence = fenceFor(text);
      const [holds, info] = field.markdown ? ['holds (as Markdown)', 'markdown'] : ['holds', 'text'];
      return `\n\n${field.name.replace(/\s+/g, ' ')} ${holds}:\n\n${fence}${info}\n${text}\n${fence}\n\n`;
    },
  });
}
