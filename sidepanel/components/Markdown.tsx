/** Assistant text as sanitized Markdown (see lib/markdown.ts for why each rule is there). */
import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../lib/markdown.js';

/** Renders one piece of assistant text. */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // Safe: renderMarkdown escapes raw HTML and sanitizes the output with DOMPurify.
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
