/**
 * Caps on what one reply from the content script may carry. Why they must stay: the page decides how
 * big it is, and a hostile or runaway page (a huge DOM, endless text) would otherwise push tens of
 * megabytes through the message channel into the worker, the IndexedDB result store and the panel.
 * The model never sees more than a preview of a large result anyway (the result budget), so these caps
 * sit far above what any tool shows and only bound the worst case.
 */
import type { ElementSummary } from '../runtime/page-state.js';

/** The most characters of page text or tree a reply carries (about 40× a tool's model budget). */
export const MAX_REPLY_TEXT_CHARS = 2_000_000;

/** Cuts `text` to `limit` characters at a line break when possible and says what was left out. */
export function capText(text: string, limit = MAX_REPLY_TEXT_CHARS): { text: string; capped: boolean } {
  if (text.length <= limit) return { text, capped: false };
  const lineBreak = text.lastIndexOf('\n', limit);
  const kept = text.slice(0, lineBreak > limit / 2 ? lineBreak : limit);
  const note = `\n… (the page is too large: ${text.length.toLocaleString('en-US')} characters, only the first ${kept.length.toLocaleString('en-US')} are given; read a part of it, e.g. read_page with ref, or find)`;
  return { text: kept + note, capped: true };
}

/**
 * A snapshot whose tree is capped keeps only the element summaries of the refs still in its text, and
 * only the frame markers whose line is still there (the cut keeps whole lines, so line numbers hold).
 */
export function capSnapshot<T extends { text: string; elements: Record<string, ElementSummary>; frames: Array<{ line: number }> }>(
  snapshot: T,
  limit = MAX_REPLY_TEXT_CHARS,
): T {
  const { text, capped } = capText(snapshot.text, limit);
  if (!capped) return snapshot;
  // Unescaped refs only: page text in the tree has its brackets escaped.
  const kept = new Set(Array.from(text.matchAll(/(?<!\\)\[ref=([a-z0-9]+)\]/g), (match) => match[1]));
  const elements: Record<string, ElementSummary> = {};
  for (const [ref, summary] of Object.entries(snapshot.elements)) if (kept.has(ref)) elements[ref] = summary;
  const lastLine = text.split('\n').length - 2; // the cut's note is the last line
  return { ...snapshot, text, elements, frames: snapshot.frames.filter((frame) => frame.line <= lastLine) };
}
