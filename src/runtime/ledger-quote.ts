/**
 * Page text inside the person's own message: a context-menu prompt quotes the page's title, address,
 * link or selection. Marked where it is written (`⟦from https://bank.test: …⟧`), so the data ledger
 * files the quote as read on that page — not as the person's words, which may go anywhere — and the
 * model sees where the text came from. The mark lives in the message itself, so a later run of the
 * conversation reads it the same way.
 */

const OPEN = '⟦';
const CLOSE = '⟧';
const QUOTE = /⟦from (\S+?): ([^⟧]*)⟧/gu;

/**
 * `value` marked as text from the page at `origin`. Must stay: the brackets are taken out of the value,
 * so a page cannot close its quote early and pass the rest off as the person's words.
 */
export function quotePageData(origin: string | undefined, value: string): string {
  return `${OPEN}from ${origin || 'unknown'}: ${value.replace(/[⟦⟧]/gu, (bracket) => (bracket === OPEN ? '[' : ']'))}${CLOSE}`;
}

/** Splits a message into the person's own words and the page quotes in it. */
export function splitQuotes(text: string): { own: string; quotes: Array<{ origin: string; text: string }> } {
  const quotes: Array<{ origin: string; text: string }> = [];
  const own = text.replace(QUOTE, (_match, origin: string, quoted: string) => {
    quotes.push({ origin, text: quoted });
    return ' ';
  });
  return { own, quotes };
}
