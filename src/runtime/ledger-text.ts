/**
 * The text side of the data ledger: the form text is compared in, what counts as a stretch, a token or
 * a run of digits, and the hashes the ledger's filter keeps of them. Pure functions, shared by what the
 * ledger records and what it checks, so both sides cut text the same way.
 */

/** Characters that change nothing a person sees: soft hyphen, zero-width, joiners, BOM, bidi controls. */
export const INVISIBLE_CHARACTERS =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|[\uFE00-\uFE0F]/gu;

/** Shared stretches shorter than this are common words, not data (unless they are a token, below). */
export const MIN_SHARED = 12;
/** A token with a digit counts from this many letters and digits: a CVV, a PIN, a short code. */
export const MIN_CODE = 3;
/** A token with an @ counts from this length (an e-mail address). */
const MIN_ADDRESS = 6;

/**
 * The form text is compared in: NFKC, invisible characters dropped, lower case, one space for any run,
 * and the scheme and host of every address left out — `https://www.` or `http://127.0.0.1:` is in every
 * page; what an address carries is in its path and query.
 */
export function ledgerForm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE_CHARACTERS, '')
    .toLowerCase()
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>]*/g, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Scheme, host without `www.`, and port: what "the same site" means to a person. */
export function siteKey(origin: string): string {
  try {
    const url = new URL(origin);
    if (url.origin === 'null') return origin;
    return `${url.protocol}//${url.host.replace(/^www\./, '')}`;
  } catch {
    return origin;
  }
}

/** A span of a text and the key it is looked up by. */
export interface KeyedSpan {
  start: number;
  end: number;
  key: string;
}

const isAsciiAlnum = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isDigitCode = (code: number) => code >= 48 && code <= 57;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const NUMBER = /\p{N}/u;
/** Inside a token: `ada.l@bank.test`, `rc-4821-7730`, `a+b`. */
const isJoiner = (code: number) => code === 64 || code === 46 || code === 95 || code === 43 || code === 45;
/** Between digit groups of one number: `482 913`, `12.400`, `4111-1111`, `01/27`. */
const isGroupSeparator = (code: number) => code === 32 || code === 46 || code === 45 || code === 47;
/**
 * The codes in a text (form text), each keyed by its letters and digits only: whole tokens (`rc-4821-7730`),
 * their parts (`4821`, `7730`), and runs of digit groups joined (`482 913` → `482913`). Separators are not
 * data: a code typed without its dashes, or one group per box, is still the code. One scan, so a 4 MB
 * read costs little: only tokens with a digit or an @ are looked at closely.
 */
export function codesOf(text: string): KeyedSpan[] {
  const spans: KeyedSpan[] = [];
  const n = text.length;
  const alnumAt = (index: number) => {
    const code = text.charCodeAt(index);
    return code < 128 ? isAsciiAlnum(code) : LETTER_OR_NUMBER.test(text[index] as string);
  };
  const digitAt = (index: number) => {
    const code = text.charCodeAt(index);
    return code < 128 ? isDigitCode(code) : NUMBER.test(text[index] as string);
  };
  let i = 0;
  while (i < n) {
    if (!alnumAt(i)) {
      i++;
      continue;
    }
    // A token: runs of letters and digits joined by @ . _ + -. Looked at closely only when it has a digit or an @.
    const start = i;
    let digit = false;
    let at = false;
    let joined = false;
    let j = i;
    for (;;) {
      while (j < n && alnumAt(j)) {
        if (!digit && digitAt(j)) digit = true;
        j++;
      }
      if (j + 1 < n && isJoiner(text.charCodeAt(j)) && alnumAt(j + 1)) {
        if (text.charCodeAt(j) === 64) at = true;
        joined = true;
        j++;
      } else break;
    }
    i = j;
    if (!digit && !at) continue;
    const token = text.slice(start, j);
    const parts = joined ? [...token.matchAll(/[\p{L}\p{N}]+/gu)] : [];
    const key = joined ? parts.map((part) => part[0]).join('') : token;
    if ((digit && key.length >= MIN_CODE) || (at && token.length >= MIN_ADDRESS)) spans.push({ start, end: j, key: at ? token.replace(/[._+-]/g, '') : key });
    for (const part of parts) {
      if (part[0].length >= MIN_CODE && NUMBER.test(part[0])) spans.push({ start: start + part.index, end: start + part.index + part[0].length, key: part[0] });
    }
  }
  // Digit groups across separators: one number.
  let k = 0;
  while (k < n) {
    if (!isDigitCode(text.charCodeAt(k))) {
      k++;
      continue;
    }
    const start = k;
    let digits = '';
    let groups = 0;
    for (;;) {
      const groupStart = k;
      while (k < n && isDigitCode(text.charCodeAt(k))) k++;
      digits += text.slice(groupStart, k);
      groups++;
      if (k + 1 < n && isGroupSeparator(text.charCodeAt(k)) && isDigitCode(text.charCodeAt(k + 1))) k++;
      else break;
    }
    if (groups > 1 && digits.length >= MIN_CODE) spans.push({ start, end: k, key: digits });
  }
  return spans;
}

/** The words of a text (letters and digits), for telling the person's own words. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The addresses a text shows: absolute ones, and read_page's and find's `(url: …)` targets and Markdown links resolved against `origin`. */
export function linksOf(text: string, origin: string): Set<string> {
  const links = new Set<string>();
  const add = (raw: string, exact = false) => {
    try {
      links.add(new URL(exact ? raw : raw.replace(/[),.;]+$/, ''), origin).href);
    } catch {
      // not an address
    }
  };
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s"'<>]+/gi)) add(match[0]);
  // `(url: /wiki/A_(b))`: the greedy \S+ gives back only the closing parenthesis of the target.
  for (const match of text.matchAll(/\(url: (\S+)\)|\]\((\S+?)(?:\s+"[^"]*")?\)/g)) {
    if (match[1] !== undefined) add(match[1], true);
    else add(match[2] ?? '');
  }
  return links;
}

/** An address as `URL.href`, or undefined. */
export function hrefOf(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

// Two independent polynomial hashes of every MIN_SHARED-character window, rolled in 32-bit integer
// arithmetic (exact modulo 2^32) and then mixed: ~64 bits, so two different stretches almost never
// share both (one 32-bit hash alone would collide once in a few thousand checks against a full ledger).
const BASE_A = 0x01000193;
const BASE_B = 0x9e3779b1 | 1;
const powerOf = (base: number) => {
  let power = 1;
  for (let i = 0; i < MIN_SHARED - 1; i++) power = Math.imul(power, base);
  return power;
};
const POWER_A = powerOf(BASE_A);
const POWER_B = powerOf(BASE_B);

/** murmur3's finaliser: spreads a 32-bit value over all bits. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Calls `each(a, b, end)` with the two hashes of every MIN_SHARED-character window of `text`, ending at `end`. */
export function gramHashes(text: string, each: (a: number, b: number, end: number) => void): void {
  let a = 0;
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (i >= MIN_SHARED) {
      const old = text.charCodeAt(i - MIN_SHARED);
      a = (a - Math.imul(old, POWER_A)) | 0;
      b = (b - Math.imul(old, POWER_B)) | 0;
    }
    a = (Math.imul(a, BASE_A) + code) | 0;
    b = (Math.imul(b, BASE_B) + code) | 0;
    if (i >= MIN_SHARED - 1) each(mix32(a), mix32(b ^ 0x5bd1e995), i + 1);
  }
}

/** Two 32-bit hashes of a string (FNV-1a and a multiplicative one), for codes and links. */
export function stringHashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b + code, 0x9e3779b1) ^ (b >>> 15);
  }
  return [mix32(a), mix32(b)];
}
