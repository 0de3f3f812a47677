/**
 * The rich-text editor an act works on, read before and after it (observe.ts arms and ends it): the editor
 * the target is in, else the one that has focus or the selection (a key pressed with no target, a toolbar
 * button that leaves focus in the editor). What changed is said by rich-text-change.ts.
 */
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import { attrOf, ownerDocumentOf } from './dom.js';
import { deepActiveElement } from './observe-util.js';
import { caretFormatClause, describeRichChange } from './rich-text-change.js';
import { richMarkdown } from './rich-text-markdown.js';
import { readRichText, richEditorOf, type RichText } from './rich-text.js';

/** Most characters read of an editor per reading (it is read twice per act). */
const WATCH_CHARS = 20_000;

/** An editor as it was before the act, and the toggle state of the button the act targets. */
export interface RichWatch {
  host: HTMLElement;
  before: RichText;
  target: Element | undefined;
  /** The target's on/off state before, when it is a control outside the editor. */
  toggled: boolean | undefined;
}

/** What the report adds to an act's changes. */
export interface RichReport {
  clauses: string[];
  /** The text stayed the same and the clauses say what changed: the editor's redrawn lists are not news. */
  quiet: boolean;
  /** Said only when nothing else said the words changed (spaces at a line's end). */
  textClause?: string;
}

/** The editor holding the selection of `element`'s document, if any. */
function editorOfSelection(element: Element): HTMLElement | undefined {
  const doc = ownerDocumentOf(element) ?? document;
  const anchor = (doc.defaultView ?? window).getSelection()?.anchorNode ?? null;
  return richEditorOf(anchor && anchor.nodeType === 3 ? anchor.parentElement : (anchor as Element | null));
}

/**
 * Whether a control reads as on: aria-pressed or aria-checked, else a class such as `trix-active`,
 * `ql-active`, `is-active` (a heuristic: toolbars of Trix, Quill, Tiptap and ProseMirror's menu mark their
 * active buttons so, without ARIA).
 */
function isOn(control: Element): boolean {
  const pressed = attrOf(control, 'aria-pressed') ?? attrOf(control, 'aria-checked');
  if (pressed !== null) return pressed === 'true';
  return /(?:^|[\s_-])(?:active|pressed|enabled)(?:\s|$)/i.test(attrOf(control, 'class') ?? '');
}

/** Arms the watch on the editor the act works on; undefined when there is none. */
export function watchRichEditor(target: Element | undefined): RichWatch | undefined {
  const focus = deepActiveElement();
  const host = richEditorOf(target) ?? richEditorOf(focus) ?? editorOfSelection(target ?? focus);
  if (!host) return undefined;
  const outside = target !== undefined && !host.contains(target);
  return { host, before: readRichText(host, WATCH_CHARS), target, toggled: outside ? isOn(target) : undefined };
}

/** What the act did to the editor, read now. */
export function richEditorReport(watch: RichWatch): RichReport {
  if (!watch.host.isConnected) return { clauses: [], quiet: false };
  const after = readRichText(watch.host, WATCH_CHARS);
  // A key pressed in the editor (no target, or the editor itself) that moved nothing is said as where the caret still is.
  const inEditor = watch.target === undefined || watch.target === watch.host;
  const change = describeRichChange(watch.before, after, inEditor);
  if (change.textChanged) {
    // When the act's target is the editor, its value (as Markdown) already says what the words are now.
    const said = watch.target === watch.host && richMarkdown(after) !== richMarkdown(watch.before);
    return { clauses: [], quiet: false, ...(change.textClause && !said ? { textClause: change.textClause } : {}) };
  }
  const clauses = [...change.clauses];
  const collapsed = (text: RichText) =>
    text.selection !== undefined && text.selection.start.line === text.selection.end.line && text.selection.start.offset === text.selection.end.offset;
  const button = watch.target;
  if (clauses.length === 0 && button?.isConnected && watch.toggled !== undefined && collapsed(watch.before) && collapsed(after)) {
    const on = isOn(button);
    if (on !== watch.toggled) clauses.push(caretFormatClause(nameOf(button, roleOf(button) || 'button'), on));
  }
  return { clauses, quiet: clauses.length > 0 };
}
