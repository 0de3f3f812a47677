/**
 * `get_page_text`: the readable text as Markdown. With `mainContent`, the article only, extracted by
 * Mozilla's Readability (a maintained library, not a home-made heuristic); otherwise the whole body.
 * Both work on a clone of the document: Readability rewrites the DOM it is given, and the live page
 * must never change under the person's eyes.
 */
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';

const NOISE = 'script, style, noscript, template, iframe, svg, canvas, object, embed, [hidden], [aria-hidden="true"]';

function cellText(content: string): string {
  return content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** A Turndown service with GFM tables (Turndown's core has none) and the noise removed. */
export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'canvas', 'object', 'embed']);
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

export interface PageTextResult {
  url: string;
  title: string;
  markdown: string;
  usedReadability: boolean;
  byline?: string;
}

/** Extracts this document's text as Markdown without touching the live DOM. */
export function extractPageText(mainContent: boolean, doc: Document = document): PageTextResult {
  const converter = createMarkdownConverter();
  const title = doc.title.trim();
  const url = doc.location?.href ?? doc.URL;
  if (mainContent) {
    const clone = doc.cloneNode(true) as Document;
    const article = new Readability<Node>(clone, { serializer: (node) => node }).parse();
    if (article?.content) {
      const body = converter.turndown(article.content as HTMLElement).trim();
      const heading = article.title?.trim() || title;
      const parts = [heading ? `# ${heading}` : '', article.byline?.trim() ?? '', body].filter(Boolean);
      return { url, title, markdown: parts.join('\n\n'), usedReadability: true, ...(article.byline ? { byline: article.byline.trim() } : {}) };
    }
  }
  const body = (doc.body ?? doc.documentElement).cloneNode(true) as HTMLElement;
  for (const noise of body.querySelectorAll(NOISE)) noise.remove();
  const markdown = converter.turndown(body).trim();
  return { url, title, markdown: title ? `# ${title}\n\n${markdown}` : markdown, usedReadability: false };
}
