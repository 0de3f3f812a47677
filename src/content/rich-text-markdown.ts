/**
 * A rich-text editor's content (rich-text.ts) as light Markdown, one line per line shown: `**bold**`,
 * `*italic*`, `~~struck~~`, `` `code` ``, `[text](url)`, `- ` and `1. ` list items indented by depth,
 * `# ` headings, `> ` quotes, code blocks fenced. The page's own text is not escaped (a model copies words
 * from it into select_text and replace); the caller shows the result as one escaped, bounded value
 * (fieldValue), so the page can put no line of its own into the tool's output.
 */
import { lineText, readRichText, richEditorOf, type RichLine, type RichRun, type RichText } from './rich-text.js';

const DELIMITERS: Partial<Record<RichRun['marks'][number], string>> = { bold: '**', italic: '*', strike: '~~' };

/** A run with its marks written around its text, spaces at its edges left outside them. */
function runMarkdown(run: RichRun): string {
  const [, lead = '', body = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(run.text) ?? [];
  if (!body || run.marks.length === 0) return run.text;
  let inner = body;
  if (run.marks.includes('code')) {
    const longest = Math.max(0, ...Array.from(body.matchAll(/`+/g), (match) => match[0].length));
    const fence = '`'.repeat(longest + 1);
    inner = `${fence}${/^`|`$/.test(body) ? ` ${body} ` : body}${fence}`;
  }
  for (const mark of ['strike', 'italic', 'bold'] as const) if (run.marks.includes(mark)) inner = `${DELIMITERS[mark]}${inner}${DELIMITERS[mark]}`;
  if (run.href !== undefined) inner = `[${inner}](${run.href.replace(/\s+/g, '%20').replace(/[()]/g, (paren) => `\\${paren}`)})`;
  return `${lead}${inner}${trail}`;
}

/** Where a line starts: its list marker, heading or quote sign. */
function prefixOf(line: RichLine): string {
  const indent = '  '.repeat(Math.max(0, line.level - 1));
  switch (line.kind) {
    case 'heading':
      return `${'#'.repeat(line.level)} `;
    case 'bullet':
      return `${indent}${line.continued ? '  ' : '- '}`;
    case 'number': {
      const marker = `${line.number ?? 1}. `;
      return `${indent}${line.continued ? ' '.repeat(marker.length) : marker}`;
    }
    case 'quote':
      return '> ';
    default:
      return '';
  }
}

/** One line as Markdown (a code line is its text as it is). */
export function lineMarkdown(line: RichLine): string {
  if (line.kind === 'code') return lineText(line);
  return `${prefixOf(line)}${line.runs.map(runMarkdown).join('')}`.trimEnd();
}

/** The editor's content as light Markdown, its lines joined by line breaks (`…` on a line of its own when the read was cut). */
export function richMarkdown(text: RichText): string {
  const out: string[] = [];
  text.lines.forEach((line, at) => {
    const code = line.kind === 'code';
    if (code && !line.continued) out.push('```');
    out.push(lineMarkdown(line));
    const next = text.lines[at + 1];
    if (code && !(next?.kind === 'code' && next.continued)) out.push('```');
  });
  if (text.cut) out.push('…');
  return out.join('\n');
}

/**
 * The value of a rich-text editor's editing host as light Markdown, read up to about `maxChars`
 * characters, and whether any of it is formatting (else it is the plain text); undefined when the element
 * is no such host (a code editor, a paragraph inside an editor).
 */
export function richTextValue(element: Element, maxChars: number): { markdown: string; formatted: boolean } | undefined {
  const host = richEditorOf(element);
  if (host !== element) return undefined;
  const text = readRichText(host, maxChars);
  const markdown = richMarkdown(text);
  return { markdown, formatted: markdown !== [...text.lines.map(lineText), ...(text.cut ? ['…'] : [])].join('\n') };
}

/**
 * Words copied from an editor's Markdown with its marks (`**Highlights**`, `- Shipped`, `[docs](/d)`) as
 * the editor holds them: what select_text and replace look for when the words as given are not there.
 */
export function withoutMarks(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+\.|#{1,6}|>)\s+/, ''))
    .join('\n')
    .replace(/\[([^\]\n]*)\]\([^)\s]*\)/g, '$1')
    .replace(/\*\*|~~|`+|(?<!\S)\*(?=\S)|(?<=\S)\*(?!\S)/g, '');
}
