/**
 * Text the DOM holds and `innerText` returns that a person does not see, left out of an act's report: text
 * clipped to a pixel or to nothing for screen readers only (the sr-only pattern: a box of 1px or 0 with its
 * overflow hidden or a clip), such as AG Grid's live region "Press ENTER to sort. Press CTRL ENTER to open
 * filter", which read as text that changed after every sort and page size. A status or alert a person does
 * see is not clipped, and stays. A heuristic on the page's layout; a removed element has no layout, so
 * nothing of it is left out.
 */

/** Most text nodes looked at (a region's text is bounded, so this is rarely reached). */
const MAX_TEXTS = 5_000;

/** Whether an element's box clips its content away: 1px or less across, with its overflow hidden or a clip. */
function clipsAway(element: Element): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.offsetWidth > 1 && element.offsetHeight > 1) return false;
  // A box of no size whose overflow shows (an inline wrapper, a float's parent) hides nothing.
  const style = getComputedStyle(element);
  if (style.display === 'inline' || style.display === 'contents') return false;
  return style.overflow !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none';
}

/** The outermost elements under `root` (or `root` itself) whose text is clipped away. */
function clippedUnder(root: Element): Element[] {
  const clipped: Element[] = [];
  const known = new Map<Element, boolean>();
  // Whether the element or an ancestor up to the root clips: each element is judged once.
  const hidden = (element: Element | null): boolean => {
    if (!element) return false;
    const seen = known.get(element);
    if (seen !== undefined) return seen;
    const above = element !== root && hidden(element.parentElement);
    const own = !above && clipsAway(element);
    if (own) clipped.push(element);
    known.set(element, above || own);
    return above || own;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let looked = 0;
  for (let text = walker.nextNode(); text && looked < MAX_TEXTS; text = walker.nextNode(), looked++) {
    if ((text.nodeValue ?? '').trim()) hidden(text.parentElement);
  }
  return clipped;
}

const linesIn = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The lines `innerText` gives for `root` that a person does not see there (sr-only text). */
export function unseenLines(root: Element): string[] {
  const lines: string[] = [];
  if (!root.isConnected || !(root instanceof HTMLElement)) return lines;
  for (const element of clippedUnder(root)) if (element instanceof HTMLElement) lines.push(...linesIn(element.innerText));
  return lines;
}
