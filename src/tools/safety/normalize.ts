/**
 * One canonical form for the words a page shows, so that what a person reads and what the rules match
 * are the same thing. A page can write "Dele\u00ADte", "De\u200Blete", "Ｄｅｌｅｔｅ", "Dеlete" (a Cyrillic
 * е) or wrap it in bidi controls: a person reads "Delete" in every case, and so must the rules.
 */
import { INVISIBLE_CHARACTERS } from '../../runtime/data-ledger.js';

/** Soft hyphen, zero-width, joiners, BOM and bidi controls: invisible to a person, so ignored by the rules. */
export { INVISIBLE_CHARACTERS };

/**
 * Letters from other scripts that look like Latin ones. A page that wants a "Delete" button to slip
 * past the rules writes it with Cyrillic or Greek look-alikes; the skeleton maps them back. Applied to
 * the table too, so words in Russian or Greek still match themselves.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ɡ: 'g',
  // Greek
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ε: 'e',
  ϲ: 'c',
  ϳ: 'j',
  // Latin letters that read as others
  ı: 'i',
  ȷ: 'j',
  ſ: 's',
};
const LOOKALIKE_PATTERN = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/**
 * The canonical form of a label: NFKC (full-width and styled letters become plain ones), invisible and
 * bidi controls removed, lower case, accents dropped ("Löschen" → "loschen", "usuń" → "usun"),
 * look-alike letters mapped to Latin, and runs of whitespace and dashes made one space.
 */
export function canonicalText(text: string): string {
  const plain = text.normalize('NFKC').replace(INVISIBLE_CHARACTERS, '').toLowerCase();
  const unaccented = plain
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
  return unaccented
    .replace(LOOKALIKE_PATTERN, (letter) => LOOKALIKES[letter] ?? letter)
    .replace(/[\s\u2010-\u2015_]+/gu, ' ')
    .trim();
}

/** The words of a URL path or identifier: `/account/placeOrder-now` → "account place order now". */
export function identifierWords(text: string): string {
  return canonicalText(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[^\p{L}\p{N}]+/gu, ' '));
}
