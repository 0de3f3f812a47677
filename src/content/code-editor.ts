/**
 * Code editors whose text is not in the accessibility tree. Monaco (VS Code's editor) draws its lines as
 * `.view-lines > .view-line` (hidden from assistive technology) and takes keys on a focus target that shows
 * no text: an EditContext div (`.native-edit-context`, newer) or a 1px `textarea.inputarea` (older, and
 * browsers without EditContext). Without this a model saw an empty textbox, `find` missed the code on
 * screen and a click on the textbox was "not visible". One table of shapes, so another editor drawn the
 * same way is one more line; CodeMirror 6 needs none (its lines are a contenteditable's own text).
 */
import { closestOf, innerTextOf, matchesOf, querySelectorAllOf, querySelectorOf, rectOf } from './dom.js';

/** How one editor is drawn: its focus target, its root, the area a person clicks to type, its lines. */
interface EditorShape {
  input: string;
  root: string;
  surface: string;
  line: string;
}

const SHAPES: readonly EditorShape[] = [
  { input: '.native-edit-context, textarea.inputarea', root: '.monaco-editor', surface: '.editor-scrollable', line: '.view-lines > .view-line' },
];

/** A selector for every code editor's focus target (page text marks them like text areas). */
export const CODE_EDITOR_INPUTS = SHAPES.flatMap((shape) => shape.input.split(',').map((input) => `${shape.root} ${input.trim()}`)).join(', ');

function editorOf(element: Element): { shape: EditorShape; root: Element } | undefined {
  for (const shape of SHAPES) {
    if (!matchesOf(element, shape.input)) continue;
    const root = closestOf(element, shape.root);
    if (root) return { shape, root };
  }
  return undefined;
}

/** Whether the element is the focus target of a code editor drawn apart from it. */
export function isCodeEditorInput(element: Element): boolean {
  return editorOf(element) !== undefined;
}

/**
 * The line elements the editor draws, top to bottom (undefined when the element is no code editor's
 * focus target): sorted by where they are, as the editor reuses line elements out of order when it scrolls.
 */
export function codeEditorLines(element: Element): Element[] | undefined {
  const editor = editorOf(element);
  if (!editor) return undefined;
  const lines = Array.from(querySelectorAllOf(editor.root, editor.shape.line), (line) => ({ line, top: rectOf(line).top }));
  return lines.sort((a, b) => a.top - b.top).map((entry) => entry.line);
}

/**
 * The lines the editor shows, top to bottom, joined by line breaks (undefined when the element is no code
 * editor's focus target). Only the drawn lines: such editors draw what is in view. Its spaces are no-break spaces.
 */
export function codeEditorText(element: Element): string | undefined {
  const lines = codeEditorLines(element);
  return lines
    ?.map((line) =>
      innerTextOf(line as HTMLElement)
        .replace(/\u00a0/g, ' ')
        .replace(/\n+$/, ''),
    )
    .join('\n');
}

/** What an EditContext holds: the text near the editor's selection, and the selection in it. */
interface EditContextLike {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * The text the editor has selected, as its focus target holds it for input methods and screen readers:
 * an EditContext's text around the selection, or the hidden textarea's value, each with the selection's
 * offsets in it. Undefined when the element is no code editor's focus target.
 */
export function codeEditorSelection(element: Element): string | undefined {
  if (!editorOf(element)) return undefined;
  const context = (element as HTMLElement & { editContext?: EditContextLike | null }).editContext;
  if (context) return context.text.slice(Math.min(context.selectionStart, context.selectionEnd), Math.max(context.selectionStart, context.selectionEnd));
  if (element instanceof HTMLTextAreaElement) return element.value.slice(element.selectionStart, element.selectionEnd);
  return undefined;
}

/**
 * Where a person's pointer goes to type into the editor: its text area (the focus target itself is 1px or
 * has no box). A press anywhere in it is a press on the editor, as the editor focuses its target itself.
 */
export function codeEditorSurface(element: Element): Element | undefined {
  const editor = editorOf(element);
  return editor ? (querySelectorOf(editor.root, editor.shape.surface) ?? undefined) : undefined;
}

/** The editor's selection once it has drawn its last press (a frame later; at most 100 ms when no frame comes). */
export async function settledEditorSelection(element: Element): Promise<{ selected?: string }> {
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });
  const selected = codeEditorSelection(element);
  return selected === undefined ? {} : { selected };
}
