/**
 * The grammar of read_page and find lines, as a check: a line the page could have forged does not
 * parse, or carries an unescaped ref. Used by the e2e tests of hostile pages and the corpus.
 *
 *   - role "name" [state] [state=value] [ref=e12]: value
 *   - role in "row text" [ref=e3]
 *   - role "name" in "place" [ref=e6]               (a repeated control: where it is, as text or as
 *   - role "name" in menu [ref=e7]                    a container's role and name)
 *   - grid [ref=e2] (rows 1–20 of 120 rendered; …)   (fixed words, page words quoted: extent, column, edited cell)
 *   - link "Home" [ref=e4] (url: /home)          (a link's target)
 *   - paragraph [ref=e5] (text: "…words…")       (find: the words around a match in text)
 *   - text: page text          - /placeholder: hint
 */

/** Page text with every bracket, quote and backslash escaped (`\[`, `\"`, `\\`, `\u202e`). */
const ESCAPED_TEXT = String.raw`(?:[^\\[\]]|\\.)*`;
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const STATE = String.raw` \[[a-z]+(?:=[a-z0-9]+)?\]`;
const REF = String.raw` \[ref=(?:f\d+)?e\d+\]`;
/** Fixed words after a ref, with page words only quoted: a grid's extent, a cell's column, the cell an editor edits. */
const AFTER_REF = String.raw`(?: \((?:[^"\\()\[\]]|${QUOTED})+\))*`;
const ROLE_LINE = new RegExp(
  String.raw`^[a-z]+(?: in)?(?: ${QUOTED})?(?: in (?:${QUOTED}|[a-z]+(?: ${QUOTED})?))?(?:${STATE})*(?:${REF})?${AFTER_REF}(?: \(url: ${ESCAPED_TEXT}\))?(?::(?: ${ESCAPED_TEXT})?)?(?: \(text: ${QUOTED}\))?$`,
);
const TEXT_LINE = new RegExp(String.raw`^(?:text|/placeholder): ${ESCAPED_TEXT}$`);

/** Removes escapes, so what is left is what was written unescaped. */
const unescaped = (line: string) => line.replace(/\\./g, '');

/** The lines of a read_page or find result that break the grammar, with why. Empty when all parse. */
export function checkTreeLines(output: string): string[] {
  const problems: string[] = [];
  for (const line of output.split('\n')) {
    const item = /^(\s*)- (.*)$/.exec(line);
    if (!item) {
      // Headers and notes carry page values (title, URL, query) only escaped.
      if (/\[ref=/.test(unescaped(line))) problems.push(`unescaped ref outside a tree line: ${line}`);
      continue;
    }
    const body = item[2] ?? '';
    if (item[1]!.length % 2 !== 0) problems.push(`odd indent: ${line}`);
    else if (!TEXT_LINE.test(body) && !ROLE_LINE.test(body)) problems.push(`does not parse: ${line}`);
  }
  return problems;
}

/**
 * The ref on the first line of a read_page or find result that contains `needle` (`button "Save"`,
 * `textbox "Email"`): `e12`, or `f3e12` inside a frame. Throws, showing the text, when there is none.
 */
export function refIn(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  const ref = line ? /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1] : undefined;
  if (!ref) throw new Error(`No ref for ${needle} in:\n${text.slice(0, 3_000)}`);
  return ref;
}
