/**
 * The geometry half of trusted input: the worker sends the browser's own pointer and key events
 * (the DevTools Protocol) at viewport coordinates, and the content script supplies them after the
 * same checks a synthetic action makes — scrolled into view, visible, enabled, not covered (naming the
 * cover). Inside an iframe each ancestor frame adds the iframe's content-box offset, and checks the
 * iframe itself is not covered there.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { isContentEditable, isTextField } from './fields.js';
import { checkTypable } from './precheck.js';
import { deepElementFromPoint, focusTarget, label, landsOn, prepareTarget } from './target.js';
import { coveredError } from './cover.js';
import { flashHighlight } from './highlight.js';
import { documentId } from './refs.js';
import { deepActiveElement, holdsFocus } from './observe-util.js';
import { contentBoxPoint, frameElementOf } from './frame-element.js';
import { describeThere, targetMoved, topScroll, watchPointer } from './point-check.js';
import { codeEditorSelection, codeEditorText, isCodeEditorInput } from './code-editor.js';

export { frameElementOf };

type Located = PageResultOf<'locate'>;

/**
 * Checks the element for `purpose` and returns the point a person's pointer would use; with `watch`,
 * also starts recording where the pointer lands on it (src/content/point-check.ts).
 */
export function locate(element: Element, purpose: PageCommandOf<'locate'>['purpose'], watch = false): Located {
  let editable: Located['editable'];
  // The same checks select_option's and type's validation ran before the prompt (src/content/precheck.ts).
  if (purpose === 'type') editable = checkTypable(element);
  const point = prepareTarget(element, { checkCovered: purpose !== 'focus', needEnabled: purpose !== 'hover' });
  flashHighlight(element);
  if (purpose === 'focus') focusTarget(element);
  return located(element, point, watch, editable);
}

/** The reply for an element located at `point`: where, what it is called, whether it has focus, and the watch. */
function located(element: Element, point: { x: number; y: number }, watch: boolean, editable?: Located['editable']): Located {
  const active = deepActiveElement();
  return {
    documentId,
    url: location.href,
    x: point.x,
    y: point.y,
    label: label(element),
    ...(editable ? { editable } : {}),
    focused: active === element || element.contains(active),
    ...(watch ? { watch: watchPointer(element) } : {}),
    ...topScroll(),
  };
}

/**
 * A point the model chose (a canvas, a chart): no scrolling (the point is where the screenshot showed
 * it), and the element must still be the one found there when the call was judged.
 */
export function locateAt(element: Element, at: { x: number; y: number }, watch = false): Located {
  const hit = deepElementFromPoint(at.x, at.y);
  if (!landsOn(element, hit)) {
    const now = describeThere(hit);
    throw targetMoved(`${now} is now at the point where ${label(element)} was found: the page changed before the act. Nothing was pressed.`, now);
  }
  return located(element, at, watch);
}

/**
 * The point `x, y` of the child frame the command names (found by frameElementOf) in this frame's viewport: the iframe's content box
 * (border and padding skipped) plus the point. Scrolls the iframe into view if the point is outside,
 * and refuses a point covered by something else in this frame.
 */
export function frameOffset(command: PageCommandOf<'frame_offset'>): PageResultOf<'frame_offset'> {
  const { x, y } = command;
  const frame = frameElementOf(command);
  if (!frame) {
    throw new ToolError('FRAME_NOT_FOUND', 'The frame that holds the element is no longer on the page.', {
      suggestion: 'Call read_page to see the page as it is now.',
    });
  }
  const at = () => contentBoxPoint(frame, x, y);
  let point = at();
  if (point.x < 0 || point.y < 0 || point.x >= innerWidth || point.y >= innerHeight) {
    frame.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    point = at();
  }
  if (point.x < 0 || point.y < 0 || point.x >= innerWidth || point.y >= innerHeight) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', 'The element is inside a frame that cannot be scrolled into view.', {
      suggestion: 'Scroll the page (scroll) so the frame shows, then try again.',
    });
  }
  const hit = deepElementFromPoint(point.x, point.y);
  if (hit && hit !== frame) throw coveredError(frame, hit, 'The frame holding the element is covered by');
  return { ...point, ...topScroll() };
}

/**
 * After the pointer has focused a field: makes sure it has focus and puts the selection where typing
 * should go — all of it (typing replaces it) or the end (typing appends). Returns the value now.
 */
export function placeCaret(element: Element, mode: PageCommandOf<'caret'>['mode']): PageResultOf<'caret'> {
  if (!holdsFocus(element) && element instanceof HTMLElement) element.focus({ preventScroll: true });
  let placed = true;
  if (mode === 'keep') {
    // Typing goes where the caret is, over the selection (select_text chose the words).
  } else if (isCodeEditorInput(element)) {
    placed = false; // its selection lives in the editor, not the DOM: the worker selects by keys (Control+A, Control+End)
  } else if (isTextField(element)) {
    try {
      if (mode === 'all') element.select();
      else element.setSelectionRange(element.value.length, element.value.length);
    } catch {
      placed = false; // email and number inputs have no selection API: the End key does it
    }
  } else if (isContentEditable(element)) {
    // The element's own document: a frame its parent wrote by script is read by the parent's content script.
    const doc = element.ownerDocument;
    const selection = (doc.defaultView ?? window).getSelection();
    if (selection) {
      const range = doc.createRange();
      range.selectNodeContents(element);
      if (mode === 'end') range.collapse(false);
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }
  const value = codeEditorText(element) ?? (isTextField(element) ? element.value : ((element as HTMLElement).innerText ?? ''));
  const selected = mode === 'keep' ? codeEditorSelection(element) : undefined;
  return { focused: deepActiveElement() === element, value, placed, ...(selected !== undefined ? { selected } : {}) };
}
