/**
 * Page-derived text as it may appear in a tool's output. Why this must stay: the model reads tool output
 * as lines with a grammar (`- button "Save" [ref=e12]`), and a page decides what its text, names,
 * labels, values and URLs contain. Each value therefore becomes one bounded line in which the page can
 * write nothing structural:
 * - line breaks (including U+2028/2029/0085) become spaces;
 * - `[` and `]` are escaped (`\[`), so every unescaped bracket in the output is ours, and `\` is escaped
 *   so an escape cannot be faked;
 * - inside quotes, `"` and the typographic double quotes that read like it (“ ” „ ‟ ″ ＂) are escaped;
 * - controls that change how text is shown but are themselves invisible — bidi overrides and isolates,
 *   Unicode tag characters ("ASCII smuggling"), C0/C1 controls — are shown as `\u202e`-style escapes;
 *   soft hyphens and zero-width characters (U+200B–U+200D, U+2060, U+FEFF) are dropped: they change
 *   nothing a person sees (swagger-ui puts U+200B in every path; "/pets\u200b/{id}" read as noise, and a
 *   word split by one reads as the word it shows); a zero-width joiner or non-joiner between two
 *   non-ASCII letters or emoji (Persian, Indic scripts, emoji sequences) is kept, as the script needs it.
 */

/* eslint-disable no-control-regex -- finding control characters is the point of these patterns */

/** Anything that may need escaping once whitespace is collapsed; the common case (none) costs one test. */
const NEEDS_WORK = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\\[\]]|\udb40[\udc00-\udc7f]/;
/** The same, plus the quotes that matter inside a quoted value. */
const NEEDS_WORK_QUOTED =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\\[\]"\u201c\u201d\u201e\u201f\u2033\uff02\u301d\u301e\u301f]|\udb40[\udc00-\udc7f]/;
/** Whitespace runs that change when collapsed (see src/content/snapshot.ts); `\s` includes U+2028/2029. */
const SPACE_RUN = /\s{2,}|[^\S ]/g;
/** Shown as escapes. C0 whitespace is not here: it is collapsed (one-line values) or kept (Markdown). */
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;
const JOINER_NEIGHBOUR = /[\p{L}\p{M}\p{Extended_Pictographic}]/u;
/* eslint-enable no-control-regex */
const QUOTES = /["\u201c\u201d\u201e\u201f\u2033\uff02\u301d\u301e\u301f]/g;

/** A joiner (U+200C/U+200D) that a script or an emoji sequence needs: between two non-ASCII letters, marks or emoji. */
function isNeededJoiner(whole: string, offset: number): boolean {
  const before = whole.codePointAt(offset - 1 >= 0 && /[\udc00-\udfff]/.test(whole[offset - 1] ?? '') ? offset - 2 : offset - 1) ?? 0;
  const after = whole.codePointAt(offset + 1) ?? 0;
  return before > 0x7f && after > 0x7f && JOINER_NEIGHBOUR.test(String.fromCodePoint(before)) && JOINER_NEIGHBOUR.test(String.fromCodePoint(after));
}

/**
 * Shows invisible controls as escapes (`\u202e`, `\u{e0041}`), drops soft hyphens and zero-width
 * characters; keeps line breaks. `revealZeroWidth` shows zero-width characters as escapes too: a
 * permission prompt wants it, since a run of them can carry data hidden in text a person approves.
 */
export function showInvisible(text: string, revealZeroWidth = false): string {
  const dropped = text.includes('\u00ad') ? text.replace(/\u00ad/g, '') : text;
  const hidden = revealZeroWidth ? undefined : '';
  return dropped.replace(INVISIBLE, (char: string, offset: number, whole: string) => {
    const code = char.codePointAt(0) ?? 0;
    if ((code === 0x200c || code === 0x200d) && isNeededJoiner(whole, offset)) return char;
    if (hidden !== undefined && (code === 0x200b || code === 0x200c || code === 0x200d || code === 0x2060 || code === 0xfeff)) return hidden;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Keeps the first `max` characters (never half a surrogate pair) and marks the cut with `…`. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * `text` without U+FEFF (zero width no-break space). JavaScript's `\s` matches it, so collapsing whitespace
 * made it a visible space before it could be dropped as zero-width: TinyMCE's caret holders read as a space
 * at the start of a line (`\n\n Here is…`). A person sees nothing there.
 */
function withoutZeroWidthSpace(text: string): string {
  return text.includes('\ufeff') ? text.replace(/\ufeff/g, '') : text;
}

/** Whitespace collapsed and clipped; a huge value is cut before the collapse pays for all of it. */
function collapsed(text: string, max: number): string {
  const head = text.length > max * 4 ? text.trimStart().slice(0, max * 4) : text;
  return clip(withoutZeroWidthSpace(head).replace(SPACE_RUN, ' ').trim(), max);
}

function escapeValue(text: string, inQuotes: boolean): string {
  // Backslashes first, so the escapes added next are the only single backslashes.
  const out = showInvisible(text.replace(/\\/g, '\\\\')).replace(/[[\]]/g, '\\$&');
  return inQuotes ? out.replace(QUOTES, '\\$&') : out;
}

/**
 * A page value as one line: whitespace collapsed, clipped to `max` characters, brackets, backslashes
 * and invisible controls escaped. For text runs, values after `: `, URLs and titles.
 */
export function oneLine(text: string, max: number): string {
  const line = collapsed(text, max);
  return NEEDS_WORK.test(line) ? escapeValue(line, false) : line;
}

/**
 * A field's or editor's value as one line that keeps its line breaks, each written `\n` (a literal
 * backslash is `\\`, so the page cannot fake one): a text area's paragraphs stay paragraphs, and
 * indentation is kept. Brackets and invisible controls are escaped as in `oneLine`; clipped to `max`.
 */
export function fieldValue(text: string, max: number): string {
  if (!/[\n\r\u2028\u2029\u0085]/.test(text)) return oneLine(text, max);
  const head = withoutZeroWidthSpace(text.length > max * 2 ? text.slice(0, max * 2) : text);
  const lines = head.split(/\r\n?|[\n\u2028\u2029\u0085]/).map((line) => line.replace(/[^\S \t]/g, ' ').trimEnd());
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const joined = lines.map((line) => escapeValue(line, false)).join('\\n');
  if (joined.length <= max) return joined;
  // Never end on half an escape: an odd run of backslashes at the cut loses its last one.
  const cut = joined.slice(0, max).replace(/(?<!\\)(\\\\)*\\$/, '$1');
  return `${cut}…`;
}

/** A page value in double quotes, as names and option labels are shown: `oneLine` plus escaped quotes. */
export function quoted(text: string, max: number): string {
  const line = collapsed(text, max);
  return `"${NEEDS_WORK_QUOTED.test(line) ? escapeValue(line, true) : line}"`;
}

/**
 * Multi-line page text (Markdown): its own line breaks stay, invisible controls are shown as escapes.
 * The Markdown converter already escapes what would start a list item or heading.
 */
export function safeMultiline(text: string): string {
  return NEEDS_WORK.test(text) ? showInvisible(text) : text;
}
