/**
 * `get_page_text`: the readable text as Markdown. With `mainContent`, the article only, extracted by
 * Mozilla's Readability (a maintained library, not a home-made heuristic); otherwise the whole body.
 * Both work on a clone of the document: Readability rewrites the DOM it is given, and the live page
 * must never change under the person's eyes.
 */
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import type { PageResultOf } from '../shared/protocol/page.js';
import { oneLine } from '../shared/untrusted-text.js';
import {
  attrOf,
  bodyOf,
  cloneOf,
  documentUrlOf,
  innerTextOf,
  queryDocument,
  querySelectorAllOf,
  removeAttrOf,
  rootElementOf,
  setAttrOf,
  titleOf,
} from './dom.js';
import { addFieldRule, fenceFor, fieldTexts } from './field-text.js';

const NOISE = 'script, style, noscript, template, iframe, svg, canvas, object, embed, [hidden], [aria-hidden="true"]';

/** Input types whose value is text a person typed or chose (not a password, not a button's caption). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'date', 'datetime-local', 'month', 'week', 'time']);
/** Longest input value shown in page text. */
const MAX_INPUT_VALUE = 500;

function cellText(content: string): string {
  return content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** A Turndown service with GFM tables (Turndown's core has none) and the noise removed. */
export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'canvas', 'object', 'embed']);
  // Turndown's default pads list markers to four columns ("-   item"); one space reads better and is shorter.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, options) => {
      const item = node as HTMLElement;
      const parent = item.parentElement;
      let prefix = `${options.bulletListMarker ?? '-'} `;
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  // Why: href and title are raw attributes; a line break in them would start a new Markdown line, so a
  // page could forge a list item or heading that Turndown's escaping of text otherwise prevents.
  service.addRule('inlineLink', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const element = node as HTMLElement;
      const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
      const escaped = oneLine(element.getAttribute('href') ?? '').replace(/([<>()])/g, '\\$1');
      const href = escaped.includes(' ') ? `<${escaped}>` : escaped;
      const title = oneLine(element.getAttribute('title') ?? '').replace(/"/g, '\\"');
      return `[${content}](${href}${title ? ` "${title}"` : ''})`;
    },
  });
  // Turndown fences `<pre><code>` only; a bare `<pre>` (or one holding highlighted spans) came out as
  // Markdown text, its code's `*`, `_` and `#` escaped. Every code sample is a fenced block.
  service.addRule('preformatted', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName !== 'CODE',
    replacement: (_content, node) => {
      const code = (node.textContent ?? '').replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
      const fence = fenceFor(code);
      return code ? `\n\n${fence}\n${code}\n${fence}\n\n` : '';
    },
  });
  // A field's value is what the page holds now (a title typed in): the label alone read as an empty field.
  // Shown as inline code, fenced past any backticks in it; never a password's.
  service.addRule('inputValue', {
    filter: (node) => node.nodeName === 'INPUT' && TEXT_INPUT_TYPES.has((node as HTMLInputElement).type) && (node as HTMLInputElement).value.trim() !== '',
    replacement: (_content, node) => {
      const value = (node as HTMLInputElement).value.replace(/\s+/g, ' ').trim().slice(0, MAX_INPUT_VALUE);
      const fence = '`'.repeat(Math.max(1, ...Array.from(value.matchAll(/`+/g), (match) => match[0].length + 1)));
      return `${fence}${/^`|`$/.test(value) ? ` ${value} ` : value}${fence}`;
    },
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content) => `| ${cellText(content)} `,
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = node as HTMLTableRowElement;
      let line = `${content}|\n`;
      // GFM needs a separator after the first row; the first row serves as the header.
      if (row.closest('table')?.querySelector('tr') === row) line += `${'| --- '.repeat(Math.max(1, row.cells.length))}|\n`;
      return line;
    },
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('tableCaption', { filter: 'caption', replacement: (content) => `${content.trim()}\n\n` });
  service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` });
  return service;
}

type PageTextResult = PageResultOf<'page_text'>;

/**
 * Extracts this document's text as Markdown without touching the live DOM. Readability and Turndown
 * recurse once per nesting level, so a page nested thousands of elements deep overflows their stack:
 * such a page gets its rendered text (the browser's own `innerText`, no recursion of ours) instead of
 * an error.
 */
export function extractPageText(mainContent: boolean, doc: Document = document): PageTextResult {
  try {
    return extractMarkdown(mainContent, doc);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const title = oneLine(titleOf(doc), 300);
    const root = bodyOf(doc) ?? rootElementOf(doc);
    const text = root ? innerTextOf(root).trim() : '';
    return { url: documentUrlOf(doc), title, markdown: title ? `# ${title}\n\n${text}` : text, usedReadability: false };
  }
}

/**
 * Properties a named element can shadow: on a document (`<img name="title">`, `<form name="body">`) and
 * on a form (`<input name="action">`, `<input name="tagName">`). Readability and Turndown read such
 * properties freely, so in our clone (never the live page) the names and ids that would shadow one are
 * moved to another attribute first.
 */
function defuseNamedProperties(root: Document | Element): void {
  const list = root instanceof Document ? queryDocument('[name], [id]', root) : querySelectorAllOf(root, '[name], [id]');
  for (const element of Array.from(list)) {
    for (const attribute of ['name', 'id']) {
      const value = attrOf(element, attribute);
      if (value && (value in Document.prototype || value in HTMLFormElement.prototype)) {
        removeAttrOf(element, attribute);
        setAttrOf(element, `data-unshadowed-${attribute}`, value);
      }
    }
  }
}

/** Whether the Markdown opens with a top heading that says `title` (a page's own `<h1>` often repeats its title). */
function startsWithHeading(markdown: string, title: string): boolean {
  const first = markdown.split('\n', 1)[0] ?? '';
  return first.replace(/^#\s+/, '').trim() === title.trim() && first.startsWith('# ');
}

/** The page's title as a heading above its text, unless the text opens with that heading already. */
function withTitle(title: string, markdown: string): string {
  if (!title || startsWithHeading(markdown, title)) return markdown;
  return markdown ? `# ${title}\n\n${markdown}` : `# ${title}`;
}

function extractMarkdown(mainContent: boolean, doc: Document): PageTextResult {
  const converter = createMarkdownConverter();
  // The title as one escaped line: it heads the Markdown and the tool's output.
  const title = oneLine(titleOf(doc), 300);
  const url = documentUrlOf(doc);
  if (mainContent) {
    const clone = cloneOf(doc, true);
    addFieldRule(converter, fieldTexts(doc, clone));
    defuseNamedProperties(clone);
    const article = new Readability<Node>(clone, { serializer: (node) => node }).parse();
    if (article?.content) {
      const body = converter.turndown(article.content as HTMLElement).trim();
      const heading = oneLine(article.title ?? '', 300) || title;
      const parts = [heading && !startsWithHeading(body, heading) ? `# ${heading}` : '', article.byline?.trim() ?? '', body].filter(Boolean);
      return { url, title, markdown: parts.join('\n\n'), usedReadability: true, ...(article.byline ? { byline: article.byline.trim() } : {}) };
    }
  }
  const source = bodyOf(doc) ?? rootElementOf(doc);
  if (!source) return { url, title, markdown: title ? `# ${title}` : '', usedReadability: false };
  const body = cloneOf(source, true);
  addFieldRule(converter, fieldTexts(source, body));
  defuseNamedProperties(body);
  for (const noise of body.querySelectorAll(NOISE)) noise.remove();
  const markdown = converter.turndown(body).trim();
  return { url, title, markdown: withTitle(title, markdown), usedReadability: false };
}
