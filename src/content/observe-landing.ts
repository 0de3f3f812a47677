/** Where an act's press and click landed, judged as they fired (observe.ts records them). */
import { codeEditorSurface } from './code-editor.js';

/** Where a press or click fired, and whether that was somewhere other than the target. */
export interface Landing {
  target: Element;
  elsewhere: boolean;
}

/**
 * Where a press or click fired, judged at that moment: a code editor redraws the line a press put the
 * caret on, and the span pressed, judged after, was no longer in the editor ("the click landed on span").
 * A press in a code editor's text area is a press on its focus target: that is where `click` and `type`
 * aim (Monaco focuses its target from there); a press on a label is one on its field.
 */
export function landing(target: Element | undefined, element: Element): Landing {
  if (!target) return { target: element, elsewhere: false };
  const surface = codeEditorSurface(target);
  return { target: element, elsewhere: !target.contains(element) && !surface?.contains(element) && element.closest('label') === null };
}

/**
 * What the act's pointer hit instead of the target, or undefined: where the press went, else where the
 * click went. A click fires on the nearest element holding both the press and the release, so when the
 * press opened something under the pointer (a date picker's calendar sliding in over its field) it fires
 * on an ancestor, and "the click landed on body" was false: the press had landed on the target.
 */
export function landedElsewhere(target: Element | undefined, events: { press?: Landing; click?: Landing }): Element | undefined {
  if (!target?.isConnected) return undefined;
  const { press, click } = events;
  if (press) return press.elsewhere ? press.target : undefined;
  return click?.elsewhere ? click.target : undefined;
}
