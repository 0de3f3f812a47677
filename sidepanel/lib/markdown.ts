/**
 * Assistant text → safe HTML. The model's text often quotes page content, which is untrusted: raw HTML in
 * the Markdown is shown as text (never parsed), and the output still goes through DOMPurify as a second
 * wall. Links open in a new tab with rel=noopener; images are not loaded (no external requests, no tracking).
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const SAFE_URL = /^(?:https?:|mailto:)/i;

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Why: raw HTML from the model (or a page it quotes) must never become markup.
    html: ({ text }) => escapeHtml(text),
    // Why: an <img> would make the browser fetch any URL the page planted; show the alt text as a link instead.
    image: ({ href, text }) => (SAFE_URL.test(href) ? `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>` : escapeHtml(text)),
  },
});

let hooksInstalled = false;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href)) node.removeAttribute('href');
      // Why: links from the model open outside the panel and get no handle back to the extension page.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Renders Markdown to sanitized HTML; requires a DOM (the side panel). */
export function renderMarkdown(text: string): string {
  installHooks();
  const html = markdown.parse(text, { async: false });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'img', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'id', 'class'],
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}

/** Markdown to HTML without the DOM sanitizer (for tests in Node): raw HTML is still escaped. */
export function markdownToUnsanitizedHtml(text: string): string {
  return markdown.parse(text, { async: false });
}
