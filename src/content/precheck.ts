/**
 * The page checks a tool's validation asks before anyone is asked (is this a select? does it take typed
 * text? is it shown and enabled?), the same functions the act itself runs, so a call that would fail one
 * fails at once — never after a permission prompt the person answered for nothing. Sends no event.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { editableKind, isTextField, notEditable, readOnlyError } from './fields.js';
import { checkActable, label } from './target.js';
import { widgetOf } from './combobox.js';
import { codeEditorLines } from './code-editor.js';

/** NOT_A_SELECT, for select_option on anything but a native <select>. */
export function notASelect(element: Element): ToolError {
  return new ToolError('NOT_A_SELECT', `${label(element)} is not a dropdown (a <select>, or a combobox with a list of options).`, {
    suggestion: 'For a custom dropdown that is no combobox, click it to open the list, then click the option (find can locate it by its text).',
  });
}

/** What `type` needs of its target: an editable kind, not read-only. Returns the kind. */
export function checkTypable(element: Element): NonNullable<ReturnType<typeof editableKind>> {
  const editable = editableKind(element);
  if (!editable) throw notEditable(element);
  if (isTextField(element) && element.readOnly) throw readOnlyError(element);
  return editable;
}

/** Runs the checks of `purpose` on the element; throws the act's own error when one fails. */
export function precheck(element: Element, purpose: PageCommandOf<'precheck'>['purpose']): PageResultOf<'precheck'> {
  // select_text's own check (src/content/select-text.ts): words are selected in a read-only field too.
  if (purpose === 'words') {
    if (!codeEditorLines(element) && !editableKind(element)) throw notEditable(element);
    return { ok: true };
  }
  // A custom combobox (or the hidden select it mirrors) is checked where a person acts: on the widget.
  const widget = purpose === 'select' ? widgetOf(element) : null;
  if (purpose === 'select' && !widget && !(element instanceof HTMLSelectElement)) throw notASelect(element);
  if (purpose === 'type') checkTypable(element);
  checkActable(widget ?? element, true);
  return { ok: true };
}
