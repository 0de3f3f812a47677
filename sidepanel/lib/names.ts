/**
 * How the panel names things for a person: tools in one naming style, page elements by their name
 * (never by their ref), quotes that never nest. Tool output is written for the model — `button "Save"
 * [ref=e12]`, values escaped so a page cannot forge its lines — and this is where it is turned back
 * into words. Invisible characters stay shown as `\u202e`-style escapes: they are how a person sees
 * that a page is playing tricks.
 */

/** A ref the model acts on (`e12`, `f1e3`): never shown to a person outside the raw output. */
export const REF_PATTERN = /\bf\d+e\d+\b|\be\d+\b/;

/** One naming style for every built-in tool: sentence case, what it does. */
const TOOL_LABELS: Readonly<Record<string, string>> = {
  read_page: 'Read page',
  find: 'Find',
  get_page_text: 'Page text',
  screenshot: 'Screenshot',
  click: 'Click',
  type: 'Type',
  fill_form: 'Fill form',
  select_option: 'Choose option',
  press_key: 'Press key',
  scroll: 'Scroll',
  hover: 'Hover',
  wait_for: 'Wait',
  navigate: 'Go to page',
  handle_dialog: 'Answer dialog',
  list_tabs: 'List tabs',
  open_tab: 'Open tab',
  switch_tab: 'Switch tab',
  close_tab: 'Close tab',
  read_result: 'Read stored result',
  memory_read: 'Read memory',
  memory_write: 'Save to memory',
  memory_delete: 'Delete from memory',
  save_file: 'Save file',
  tool_search: 'Load tools',
  update_plan: 'Plan',
  agent: 'Helper',
};

/** A tool's name for a person: "Page text", "Open tab"; an MCP tool as "delete notes (notes)". */
export function toolLabel(name: string): string {
  if (Object.hasOwn(TOOL_LABELS, name)) return TOOL_LABELS[name] as string;
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  if (mcp) return `${words(mcp[2] ?? '')} (${mcp[1] ?? ''})`;
  const plain = words(name);
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

const words = (name: string) => name.replace(/_/g, ' ').trim();

/** Undoes the escapes tool output puts in a quoted value (`\"`, `\\`, `\[`); shown escapes like `\u202e` stay. */
export function unescapeValue(text: string): string {
  return text.replace(/\\(["“”„‟″＂\\[\]])/g, '$1');
}

/**
 * Wraps text in typographic quotes. Double quotes inside become single ones, so quotes never nest
 * ("The person declined “Click ‘Delete account’”" cannot happen: it reads “Delete account”).
 */
export function quote(text: string): string {
  let open = true;
  const inner = text.replace(/["“”„‟″＂]/g, (mark) => {
    const single = mark === '“' || mark === '„' ? '‘' : mark === '”' ? '’' : open ? '‘' : '’';
    open = single === '’';
    return single;
  });
  return `“${inner}”`;
}

/** An element as tool output describes it: its role, and its name or the row it sits in. */
export interface ElementDescription {
  role: string;
  /** The accessible name (or, with `inRow`, the text of the row it sits in). */
  name?: string;
  inRow?: boolean;
}

/**
 * The first element described in a line of tool output (`button "Save"`, `checkbox in "water plants"`),
 * or undefined when the line names none (an element the run had not read is described by its ref only).
 */
export function describedElement(text: string): ElementDescription | undefined {
  // Tool output quotes with "…" (escaped inside); the judged facts of a prompt with “…”.
  const match = /(?:^|\s)([a-z][a-z-]*)( in)? (?:"((?:[^"\\]|\\.)*)"|“((?:[^”\\]|\\.)*)”)/.exec(text);
  if (!match) return undefined;
  return { role: match[1] ?? '', name: unescapeValue(match[3] ?? match[4] ?? ''), ...(match[2] ? { inRow: true } : {}) };
}

/** An element for a person: “Save”, the checkbox in “water plants”, or "an element" when unnamed. */
export function elementPhrase(element: ElementDescription | undefined): string {
  if (!element?.name) return element?.role && !REF_PATTERN.test(element.role) ? `a ${element.role}` : 'an element';
  return element.inRow ? `the ${element.role} in ${quote(element.name)}` : quote(element.name);
}

/** The host of an address, for "on shop.example"; the text itself when it is not a URL. */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** "1,240 words": a count with its noun, singular for one. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}

/** "presses Enter in textbox “Name”" → "presses Enter in “Name”": role words are the page's markup, not the person's. */
export function withoutRoles(text: string): string {
  return text.replace(/\b(?:textbox|button|link|checkbox|combobox|searchbox|menuitem|tab|radio|switch|option|listbox|slider|spinbutton) (“[^”]*”)/g, '$1');
}
