/**
 * What the page shows of the files an upload gave it: the preview or list entry that names each file
 * (Dropzone's `.dz-preview`, an app's "Attached: cv.txt" line), whether it is new since the act, its
 * visible lines, and the state its classes mark (success, error, in progress) — in fixed words, as class
 * names are the page's. Without it, a drop on Dropzone read "text "Drop files here to upload" became
 * "31 b"; new text "taxi.txt"", and whether the upload worked was left unsaid.
 */
import { quoted } from '../shared/untrusted-text.js';
import { parentElementOf } from './dom.js';
import { linesOf } from './observe-util.js';
import { isShown } from './visibility.js';

/** Elements naming each file before the act: what is there already did not appear. */
let before: { names: readonly string[]; seen: WeakSet<Element> } | undefined;

const LINES = 3;
const LINE_CHARS = 80;
/** A preview is small: an ancestor with more text than this is the page around it, not the preview. */
const MAX_PREVIEW_CHARS = 400;

/** The shown elements whose text holds `name`, each the largest block around it that is about that file alone. */
function previewsOf(name: string, target: Element | undefined): Element[] {
  const found: Element[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && found.length < 5; node = walker.nextNode()) {
    if (!(node.nodeValue ?? '').includes(name)) continue;
    const leaf = node.parentElement;
    if (!leaf || !isShown(leaf) || leaf.closest('input, textarea, select, script, style')) continue;
    let preview: Element = leaf;
    // Up to the block that holds this file's entry, short of the zone or list that holds the target too.
    for (let up = parentElementOf(preview); up && up !== document.body; up = parentElementOf(up)) {
      if ((target && up.contains(target)) || (up.textContent ?? '').length > MAX_PREVIEW_CHARS) break;
      preview = up;
    }
    if (!found.includes(preview)) found.push(preview);
  }
  return found;
}

/** The state a preview's classes (its own and its children's) mark, in fixed words, or ''. */
function markedState(preview: Element): string {
  const classes = [preview, ...preview.querySelectorAll('[class]')].map((element) => element.getAttribute('class') ?? '').join(' ');
  const words: string[] = [];
  if (/(^|[\s_-])(error|failed|fail|invalid)($|[\s_-])/i.test(preview.getAttribute('class') ?? '')) words.push('error');
  if (/(^|[\s_-])(success|uploaded|done)($|[\s_-])/i.test(preview.getAttribute('class') ?? '')) words.push('success');
  if (words.length === 0 && /(^|[\s_-])(processing|uploading|progress)($|[\s_-])/i.test(classes)) words.push('in progress');
  return words.join(', ');
}

/** Notes which elements name the files before the act. */
export function beforeUpload(names: readonly string[], target: Element): void {
  before = { names, seen: new WeakSet(names.flatMap((name) => previewsOf(name, target))) };
}

/** What the page shows of each file now: `a preview of "taxi.txt" appeared ("31 b", "taxi.txt"; marked success)`. */
export function uploadShown(names: readonly string[], target: Element | undefined): string[] {
  const said: string[] = [];
  for (const name of names) {
    const previews = previewsOf(name, target);
    if (previews.length === 0) {
      said.push(`nothing on the page names ${quoted(name, 100)}`);
      continue;
    }
    for (const preview of previews.slice(0, 2)) {
      const fresh = !(before?.names.includes(name) && before.seen.has(preview));
      const lines = linesOf(preview)
        .slice(0, LINES)
        .map((line) => quoted(line, LINE_CHARS));
      const state = markedState(preview);
      const what = [lines.join(', '), state ? `marked ${state}` : ''].filter(Boolean).join('; ');
      said.push(
        `${fresh ? 'a preview or entry naming' : 'the entry already naming'} ${quoted(name, 100)} ${fresh ? 'appeared' : 'is there'}${what ? ` (${what})` : ''}`,
      );
    }
  }
  return said;
}
