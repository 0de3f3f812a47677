/**
 * What an act did to a rich-text editor whose text stayed the same, in words: formatting ("…" is now
 * bold), the kind of lines ("…" is now a bulleted list item), empty lines that came or went (Enter at the
 * end of a line), and where the selection is now ("selected …", "the caret is at the end of …"). The
 * page's text comparison sees none of these, and the act said "no visible change" when Control+B, End,
 * Shift+Home or Enter had worked. Pure: two readings of the editor (rich-text.ts) in, clauses out; every
 * page word quoted, escaped and clipped.
 */
import { quoted } from '../shared/untrusted-text.js';
import { lineText, type Caret, type LineKind, type RichLine, type RichText } from './rich-text.js';

/** The clauses, and what the caller needs to place them. */
export interface RichChange {
  /** Said when the text stayed the same (formatting, lines, selection). */
  clauses: string[];
  /** The words changed: the page's text comparison says how; `textClause` says it when nothing else does. */
  textChanged: boolean;
  textClause?: string;
}

const MAX_QUOTED = 80;
const MAX_CLAUSES = 4;
const q = (text: string, max = MAX_QUOTED) => quoted(text, max);

const KIND_WORDS: Record<LineKind, string> = {
  paragraph: 'plain paragraph',
  heading: 'heading',
  bullet: 'bulleted list item',
  number: 'numbered list item',
  quote: 'quote',
  code: 'code line',
};
const article = (words: string) => (/^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`);
/** A line's kind in words: "a bulleted list item", "a heading (level 2)". */
function kindWords(line: RichLine, plural = false): string {
  const words = KIND_WORDS[line.kind];
  const level = line.kind === 'heading' || ((line.kind === 'bullet' || line.kind === 'number') && line.level > 1) ? ` (level ${line.level})` : '';
  return `${plural ? `${words}s` : article(words)}${level}`;
}
const sameKind = (a: RichLine, b: RichLine) => a.kind === b.kind && a.level === b.level;

/** The indices of the lines that hold text. */
const filled = (text: RichText) => text.lines.flatMap((line, at) => (lineText(line) === '' ? [] : [at]));

/**
 * What changed between two readings of one editor. `sayStill`: when nothing did, say where the selection
 * still is (a key pressed in the editor: "the caret is still at the end of the text" tells the key was
 * taken and had nowhere to go, where "no visible change" read as a key that did nothing).
 */
export function describeRichChange(before: RichText, after: RichText, sayStill = false): RichChange {
  const [was, now] = [filled(before), filled(after)];
  const words = (text: RichText, at: number[]) => at.map((i) => lineText(text.lines[i] as RichLine));
  const [wasWords, nowWords] = [words(before, was), words(after, now)];
  if (wasWords.join('\n') !== nowWords.join('\n')) {
    const textClause = textChangeClause(before.lines.map(lineText), after.lines.map(lineText));
    return { clauses: [], textChanged: true, ...(textClause ? { textClause } : {}) };
  }
  const clauses: string[] = [];
  const pairs = was.map((i, n) => [before.lines[i], after.lines[now[n] as number]] as [RichLine, RichLine]);
  clauses.push(...kindClauses(pairs), ...markClauses(pairs));
  const gaps = gapClauses(before, after, was, now, nowWords);
  clauses.push(...gaps.clauses);
  const later = selectionWords(after);
  if (!gaps.caretSaid && later && selectionPlace(before) !== selectionPlace(after)) clauses.push(later);
  if (clauses.length === 0 && sayStill && later)
    clauses.push(later.replace(/^the caret is /, 'the caret is still ').replace(/^selected (.*)$/, '$1 is still selected'));
  return { clauses: clauses.slice(0, MAX_CLAUSES), textChanged: false };
}

/** Lines that became another kind, consecutive ones of one new kind together. */
function kindClauses(pairs: Array<[RichLine, RichLine]>): string[] {
  const clauses: string[] = [];
  let group: { texts: string[]; was: RichLine; now: RichLine } | undefined;
  const flush = () => {
    if (!group) return;
    const { texts, was, now } = group;
    const subject = texts.map((text) => q(text, 60)).join(', ');
    const many = texts.length > 1;
    clauses.push(
      now.kind === 'paragraph'
        ? `${subject} ${many ? 'are' : 'is'} no longer ${many ? kindWords(was, true) : kindWords(was)}`
        : `${subject} ${many ? `are now ${kindWords(now, true)}` : `is now ${kindWords(now)}`}`,
    );
    group = undefined;
  };
  for (const [was, now] of pairs) {
    if (sameKind(was, now)) {
      flush();
      continue;
    }
    if (group && sameKind(group.now, now) && sameKind(group.was, was) && group.texts.length < 3) group.texts.push(lineText(now));
    else {
      flush();
      group = { texts: [lineText(now)], was, now };
    }
  }
  flush();
  return clauses;
}

/** Each character's marks as one key (`bold+italic`, a link with its target). */
function markKeys(line: RichLine): string[] {
  return line.runs.flatMap((run) => Array.from({ length: run.text.length }, () => `${run.marks.join('+')}${run.href === undefined ? '' : ` ${run.href}`}`));
}

/** The change from one key to another in words: "now bold and no longer italic", "now a link to …". */
function markChangeWords(from: string, to: string): string {
  const split = (key: string) => {
    const [marks = '', ...href] = key.split(' ');
    return { marks: marks ? marks.split('+').filter((mark) => mark !== 'link') : [], href: href.length ? href.join(' ') : undefined };
  };
  const [a, b] = [split(from), split(to)];
  const parts: string[] = [];
  const added = b.marks.filter((mark) => !a.marks.includes(mark));
  const removed = a.marks.filter((mark) => !b.marks.includes(mark));
  const name = (mark: string) => (mark === 'strike' ? 'struck through' : mark === 'code' ? 'code' : mark);
  if (added.length) parts.push(`now ${added.map(name).join(' and ')}`);
  if (b.href !== undefined && b.href !== a.href) parts.push(`now a link to ${q(b.href, 120)}`);
  if (removed.length) parts.push(`no longer ${removed.map(name).join(' or ')}`);
  if (a.href !== undefined && b.href === undefined) parts.push('no longer a link');
  return parts.join(' and ');
}

/** Text whose marks changed, by run of characters that changed alike. */
function markClauses(pairs: Array<[RichLine, RichLine]>): string[] {
  const spans: Array<{ pair: number; start: number; end: number; length: number; text: string; change: string }> = [];
  pairs.forEach(([was, now], pair) => {
    const [from, to, text] = [markKeys(was), markKeys(now), lineText(now)];
    for (let at = 0; at < to.length;) {
      if (from[at] === to[at]) {
        at++;
        continue;
      }
      const start = at;
      while (at < to.length && from[at] === from[start] && to[at] === to[start]) at++;
      const span = { pair, start, end: at, length: to.length, text: text.slice(start, at), change: markChangeWords(from[start] ?? '', to[start] ?? '') };
      // A change that runs to the end of one line and on from the start of the next reads as one span.
      const last = spans.at(-1);
      if (last && last.pair === pair - 1 && last.end === last.length && start === 0 && last.change === span.change)
        Object.assign(last, { pair, end: at, length: to.length, text: `${last.text}\n${span.text}` });
      else spans.push(span);
    }
  });
  return spans.filter((span) => span.text.trim() && span.change).map((span) => `${q(span.text)} is ${span.change}`);
}

/** Empty lines that came, went or changed kind between the lines with text; whether the caret was said with them. */
function gapClauses(before: RichText, after: RichText, was: number[], now: number[], texts: string[]): { clauses: string[]; caretSaid: boolean } {
  const clauses: string[] = [];
  let caretSaid = false;
  const caret = after.selection && sameCaret(after.selection.start, after.selection.end) ? after.selection.start : undefined;
  for (let gap = 0; gap <= was.length; gap++) {
    const range = (lines: RichLine[], at: number[]) => ({
      from: gap === 0 ? 0 : (at[gap - 1] as number) + 1,
      to: gap < at.length ? (at[gap] as number) : lines.length,
    });
    const [a, b] = [range(before.lines, was), range(after.lines, now)];
    const [old, fresh] = [before.lines.slice(a.from, a.to), after.lines.slice(b.from, b.to)];
    const where = gap > 0 ? `after ${q(texts[gap - 1] ?? '', 60)}` : texts.length ? `before ${q(texts[0] ?? '', 60)}` : 'in the editor';
    const last = fresh.at(-1) ?? old.at(-1);
    const kind = last && last.kind !== 'paragraph' ? `empty ${KIND_WORDS[last.kind]}` : 'empty line';
    const onIt = caret !== undefined && caret.line >= b.from && caret.line < b.to;
    if (fresh.length > old.length) {
      const count = fresh.length - old.length;
      clauses.push(`${count === 1 ? `a new ${kind}` : `${count} new ${kind}s`} ${where}${onIt ? ', the caret on it' : ''}`);
      caretSaid ||= onIt;
    } else if (fresh.length < old.length) {
      const count = old.length - fresh.length;
      clauses.push(count === 1 ? `an empty line ${where} is gone` : `${count} empty lines ${where} are gone`);
    } else {
      const changed = fresh.findIndex((line, at) => !sameKind(line, old[at] as RichLine));
      const line = fresh[changed];
      if (line) clauses.push(`the empty line ${where} is now ${kindWords(line)}`);
    }
  }
  return { clauses, caretSaid };
}

const sameCaret = (a: Caret, b: Caret) => a.line === b.line && a.offset === b.offset;

/**
 * Where the selection is, comparable between two readings with the same words: each end as the line with
 * text it is in (or the empty line after which one, and which of them), and the offset. Lines' kinds play
 * no part: a caret on an empty line that became a list item has not moved.
 */
function selectionPlace(text: RichText): string {
  const selection = text.selection;
  if (!selection) return '';
  const place = (caret: Caret) => {
    let filledBefore = 0;
    let emptyAfter = 0;
    for (let at = 0; at < caret.line; at++) {
      if (lineText(text.lines[at] as RichLine) === '') emptyAfter++;
      else [filledBefore, emptyAfter] = [filledBefore + 1, 0];
    }
    const line = text.lines[caret.line];
    return !line || lineText(line) === '' ? `after ${filledBefore} +${emptyAfter}` : `in ${filledBefore} at ${caret.offset}`;
  };
  return `${place(selection.start)}-${place(selection.end)}`;
}

/** Where the selection is, in words ("selected …", "the caret is at the end of …"); undefined when it is not in the editor. */
export function selectionWords(text: RichText): string | undefined {
  const selection = text.selection;
  if (!selection) return undefined;
  const { start, end } = selection;
  const lines = text.lines.map(lineText);
  if (!sameCaret(start, end)) {
    const picked = lines.slice(start.line, end.line + 1).map((line, at, all) => {
      const from = at === 0 ? start.offset : 0;
      return at === all.length - 1 ? line.slice(from, end.offset) : line.slice(from);
    });
    return `selected ${q(picked.join('\n'))}`;
  }
  const line = lines[start.line] ?? '';
  if (line === '') {
    const previous = lines.slice(0, start.line).findLast((text) => text !== '');
    const next = lines.slice(start.line + 1).find((text) => text !== '');
    const kind = text.lines[start.line]?.kind ?? 'paragraph';
    const empty = kind === 'paragraph' ? 'empty line' : `empty ${KIND_WORDS[kind]}`;
    if (previous === undefined && next === undefined) return 'the caret is in the empty editor';
    return `the caret is on the ${empty} ${previous !== undefined ? `after ${q(previous, 60)}` : `before ${q(next ?? '', 60)}`}`;
  }
  const lastFilled = lines.findLastIndex((text) => text !== '');
  if (start.offset >= line.length && start.line >= lastFilled) return 'the caret is at the end of the text';
  if (start.offset === 0 && lines.slice(0, start.line).every((text) => text === '')) return 'the caret is at the start of the text';
  if (start.offset >= line.length) return `the caret is at the end of ${q(line, 60)}`;
  if (start.offset === 0) return `the caret is at the start of ${q(line, 60)}`;
  const head = line.slice(0, start.offset);
  return `the caret is in ${q(line, 60)}, after ${q(head.length > 40 ? `…${head.slice(-39)}` : head)}`;
}

/**
 * The first lines that differ, when the words changed only where the page's text comparison cannot see
 * (spaces at a line's end, trimmed there): "a space was added after …".
 */
function textChangeClause(was: string[], now: string[]): string | undefined {
  let head = 0;
  while (head < was.length && head < now.length && was[head] === now[head]) head++;
  let tail = 0;
  while (tail < was.length - head && tail < now.length - head && was[was.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  const [gone, added] = [was.slice(head, was.length - tail).filter(Boolean), now.slice(head, now.length - tail).filter(Boolean)];
  const [a, b] = [gone[0], added[0]];
  if (a !== undefined && b !== undefined && gone.length === 1 && added.length === 1) {
    if (a.trim() === b.trim()) {
      const spaces = (text: string) => text.length - text.trimEnd().length;
      const more = spaces(b) - spaces(a);
      if (more > 0) return `${more === 1 ? 'a space was' : `${more} spaces were`} added after ${q(b)}`;
      if (more < 0) return `${-more === 1 ? 'a space was' : `${-more} spaces were`} removed after ${q(b)}`;
      return `the spacing in ${q(b)} changed`;
    }
    return `the line ${q(a)} is now ${q(b)}`;
  }
  if (b !== undefined) return `new text ${q(b)}`;
  if (a !== undefined) return `the line ${q(a)} is gone`;
  return undefined;
}

/**
 * A format button clicked with nothing selected changes no text, only what the caret types next (the
 * editor keeps that in its own state): "no visible change" or "it is now pressed" alone read as a format
 * applied, or as nothing done.
 */
export function caretFormatClause(button: string, on: boolean): string {
  return `no text was selected, so no text changed: ${q(button, 60)} is now ${on ? 'on' : 'off'} for what is typed next at the caret`;
}
