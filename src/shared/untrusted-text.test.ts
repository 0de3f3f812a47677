import { describe, expect, it } from 'vitest';
import { clip, fieldValue, oneLine, quoted, safeMultiline, showInvisible } from './untrusted-text.js';

/** A value with its escapes taken out: what is left is what the page wrote unescaped. */
const unescaped = (text: string) => text.replace(/\\u\{[0-9a-f]+\}|\\u[0-9a-f]{4}|\\./g, '');

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const HOSTILE_PIECES = [
  '"',
  '“',
  '”',
  '„',
  '″',
  '＂',
  '[',
  ']',
  '[ref=e999]',
  '\\',
  '\\"',
  '\n',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\t',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\u00ad',
  '\ufeff',
  '\u{e0041}',
  '- button "x" [ref=e1]',
  'é',
  '👨',
  'ab',
  ' ',
  'ک',
];

function hostileString(next: () => number): string {
  let text = '';
  const count = Math.floor(next() * 12);
  for (let i = 0; i < count; i++) text += HOSTILE_PIECES[Math.floor(next() * HOSTILE_PIECES.length)];
  return text;
}

describe('untrusted text', () => {
  it('puts a value on one line: every kind of line break becomes a space', () => {
    expect(oneLine('a\nb\r\nc\u2028d\u2029e\tf', 100)).toBe('a b c d e f');
    expect(oneLine('  padded  \n ', 100)).toBe('padded');
  });

  it('escapes brackets and backslashes, so a page cannot write a ref', () => {
    expect(oneLine('Save [ref=e999]', 100)).toBe('Save \\[ref=e999\\]');
    expect(oneLine('C:\\dir [1]', 100)).toBe('C:\\\\dir \\[1\\]');
  });

  it('escapes quotes inside quoted values, typographic ones included, and leaves apostrophes alone', () => {
    expect(quoted('Save” [ref=e999] “x', 100)).toBe('"Save\\” \\[ref=e999\\] \\“x"');
    expect(quoted('say "hi"', 100)).toBe('"say \\"hi\\""');
    expect(quoted('don’t', 100)).toBe('"don’t"');
    expect(quoted('plain', 100)).toBe('"plain"');
  });

  it('shows bidi, tag and control characters as escapes, and drops soft hyphens and zero-width characters', () => {
    expect(oneLine('evil\u202etxt.exe', 100)).toBe('evil\\u202etxt.exe');
    expect(oneLine('De\u200blete', 100)).toBe('Delete');
    expect(oneLine('De\u200dlete', 100)).toBe('Delete');
    expect(quoted('GET /pets\u200b/{id}\u200b \u2060Find\ufeff \u200cit', 100)).toBe('"GET /pets/{id} Find it"');
    expect(fieldValue('a\u200b\nb\ufeff', 100)).toBe('a\\nb');
    expect(safeMultiline('Try\u200bit\n\u202ex')).toBe('Tryit\n\\u202ex');
    // Invisible operators are no zero-width spaces: still shown.
    expect(oneLine('a\u2061b', 100)).toBe('a\\u2061b');
    expect(oneLine('hidden\u{e0041}\u{e0042}', 100)).toBe('hidden\\u{e0041}\\u{e0042}');
    expect(oneLine('a\u0085b\u0007c', 100)).toBe('a\\u0085b\\u0007c');
    expect(oneLine('Ver\u00adsiche\u00adrung', 100)).toBe('Versicherung');
    expect(oneLine('\u2066isolate\u2069', 100)).toBe('\\u2066isolate\\u2069');
  });

  it('drops a zero width no-break space (U+FEFF) where it stands, never as a space (JavaScript counts it as whitespace)', () => {
    // TinyMCE's caret holder at the start of a paragraph, read as innerText: it read "\n\n Here is…".
    expect(fieldValue('Hello everyone,\n\n\ufeffHere is the news.', 100)).toBe('Hello everyone,\\n\\nHere is the news.');
    // As an act report writes a value (JSON-quoted, its line breaks already escapes).
    expect(oneLine(JSON.stringify('Hello everyone,\n\n\ufeffHere is'), 100)).toMatch(/nHere is"$/);
    expect(oneLine('Hel\ufefflo', 100)).toBe('Hello');
    expect(quoted('Sa\ufeffve', 100)).toBe('"Save"');
    expect(fieldValue('one\ufeff\ntwo', 100)).toBe('one\\ntwo');
    // A real space beside it stays one space.
    expect(oneLine('a \ufeff b', 100)).toBe('a b');
  });

  it('keeps the joiners that scripts and emoji need', () => {
    expect(showInvisible('👨\u200d👩\u200d👧')).toBe('👨\u200d👩\u200d👧');
    expect(showInvisible('می\u200cخواهم')).toBe('می\u200cخواهم');
  });

  it('bounds a value and never cuts a surrogate pair in half', () => {
    expect(oneLine('x'.repeat(1_000), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(clip(`${'x'.repeat(9)}😀😀`, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(clip(`${'x'.repeat(8)}😀😀`, 10)).toBe(`${'x'.repeat(8)}😀…`);
    expect(oneLine(' '.repeat(10_000) + 'tail', 20)).toBe('tail');
  });

  it('keeps line breaks in multi-line text but shows invisible controls', () => {
    expect(safeMultiline('line one\nline \u202etwo')).toBe('line one\nline \\u202etwo');
    expect(safeMultiline('plain\ntext')).toBe('plain\ntext');
  });

  it('never lets a hostile value carry a line break, a bracket, a quote or an invisible control', () => {
    const next = random(7);
    for (let i = 0; i < 3_000; i++) {
      const value = hostileString(next);
      const line = oneLine(value, 80);
      const inQuotes = quoted(value, 80);
      expect(line).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
      expect(unescaped(line)).not.toMatch(/[[\]\u202a-\u202e\u2066-\u2069\u200b\ufeff\u00ad]|\udb40[\udc00-\udc7f]/);
      expect(inQuotes.startsWith('"') && inQuotes.endsWith('"')).toBe(true);
      expect(unescaped(inQuotes.slice(1, -1))).not.toMatch(/["“”„‟″＂[\]\n]/);
      expect(line.length).toBeLessThanOrEqual(80 * 10);
    }
  });
});

describe('field values', () => {
  it('keep their line breaks as \\n and their indentation; a literal backslash-n stays apart; brackets and controls are escaped', () => {
    expect(fieldValue('First paragraph.\n\nSecond *paragraph* here.', 500)).toBe('First paragraph.\\n\\nSecond *paragraph* here.');
    expect(fieldValue('function f() {\r\n  return 1;\n}\n', 500)).toBe('function f() {\\n  return 1;\\n}');
    expect(fieldValue('a\\n [x]\n\u202eb', 500)).toBe('a\\\\n \\[x\\]\\n\\u202eb');
    expect(fieldValue('one line', 500)).toBe('one line');
  });

  it('are clipped without leaving half an escape', () => {
    expect(fieldValue('ab\\\\\\\ncd', 5)).toBe('ab\\\\…');
    expect(fieldValue('x\n'.repeat(100), 8)).toBe('x\\nx\\nx…');
  });
});
