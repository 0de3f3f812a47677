/**
 * Selecting one span of a field's or editor's text, for select_text and type's replace. A field or a
 * rich editor is selected by its page (a DOM selection the editor follows); a code editor drawn apart
 * from its focus target (Monaco) keeps its selection to itself, so it is selected as a person does:
 * a press at the first character and a Shift-press after the last, where its lines are drawn, then the
 * editor is asked what it selected — words it selected otherwise are refused, not typed over.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { DialogInfo } from '../../runtime/page-input.js';
import { quoted } from '../../shared/untrusted-text.js';
import type { InputPath } from './act-report.js';
import { sendPageCommand } from './page-call.js';
import { trustedClick, type Target } from './trusted.js';

/** What was selected, in which element; `dialog` when a press opened one and the selection was left there. */
export interface Selected {
  selected: string;
  label: string;
  dialog?: DialogInfo;
}

/** Runs of spaces and tabs as one space: the editor draws a tab as spaces, and its model holds the tab. */
const spaced = (text: string) => text.replace(/[ \t\u00a0]+/g, ' ');

/** Selects the one occurrence of `text` in the target (refused when it is not there, or there twice). */
export async function selectSpan(context: ToolUseContext, target: Target, text: string, path: InputPath): Promise<Selected> {
  const { tabId, frameId, ref, documentId } = target;
  const known = documentId ? { documentId } : {};
  const found = await sendPageCommand(context, tabId, { type: 'select_text', ref, ...known, text }, frameId);
  if (!found.pointer) return { selected: found.selected, label: found.label };
  if (!path.trusted) {
    throw new ToolError('EDITOR_NEEDS_POINTER', `${found.label} is a code editor whose selection only the browser's own pointer can set (${path.reason}).`, {
      suggestion: 'Type its whole new text instead: type with clear true and the complete text, changed where it should be.',
      details: { reason: path.reason },
    });
  }
  const press = { button: 'left' as const, clickCount: 1 };
  const first = await trustedClick(context, { ...target, at: found.pointer.from }, { ...press, modifiers: [] });
  if (first.dialog) return { selected: '', label: found.label, dialog: first.dialog };
  const second = await trustedClick(context, { ...target, at: found.pointer.to }, { ...press, modifiers: ['Shift'] });
  if (second.dialog) return { selected: '', label: found.label, dialog: second.dialog };
  const { selected } = await sendPageCommand(context, tabId, { type: 'editor_selection', ref, ...known }, frameId);
  // An editor that does not say what it selected is taken at its presses (the two points were on the words).
  if (selected !== undefined && spaced(selected) !== spaced(text)) {
    throw new ToolError('SELECTION_MISMATCH', `${found.label} selected ${quoted(selected, 80)} instead of ${quoted(text, 80)}; nothing was typed.`, {
      suggestion:
        'Call read_page to see the editor as it is now and try again with words copied exactly from it; or type its whole new text (type with clear true).',
      details: { selected: selected.slice(0, 200) },
    });
  }
  return { selected: selected ?? text, label: found.label };
}
