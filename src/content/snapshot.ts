/**
 * The page as an accessibility-style tree, one node a line, in one walk of the flat tree (open shadow
 * roots and slots included). Hidden parts are skipped with `checkVisibility` (no layout reads per
 * element), generic wrappers are flattened, refs are assigned only to nodes worth acting on.
 *
 * Line format (close to Playwright's aria snapshot):
 *   - heading "Account" [level=2] [ref=e4]
 *   - textbox "Email" [required] [ref=e7]: ada@example.com
 *   - link "Home" [ref=e3]:
 *     - /url: /home
 *   - iframe [ref=e9]            (the worker stitches the frame's own snapshot in here)
 */
import type { ElementSummary } from '../runtime/page-state.js';
import { INTERACTIVE_ROLES, LEAF_ROLES, NAME_FROM_CONTENT, clipName, implicitRoleOf, isDisabled, nameOf, roleOf, withLabelIndex } from './aria.js';
import { documentId, refFor } from './refs.js';

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE']);
/** Elements whose text starts on a new word (so "<div>a</div><div>b</div>" reads "a b"). */
const BLOCK_TAGS = new Set(['DIV', 'P', 'LI', 'TD', 'TH', 'TR', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER', 'NAV', 'ASIDE', 'MAIN', 'BR', 'DT', 'DD', 'FORM', 'LABEL', 'FIGCAPTION', 'BLOCKQUOTE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'TABLE']);
/** Structural roles that get no ref (nobody clicks a table row group); keeps the output short. */
const NO_REF_ROLES = new Set(['paragraph', 'listitem', 'cell', 'columnheader', 'rowheader', 'row', 'rowgroup', 'term', 'definition', 'code', 'blockquote', 'caption', 'separator', 'status', 'group']);
const MAX_OPTIONS = 30;
/** How deep the walk descends into the DOM (the HTML parser itself nests at most 512 levels). */
const MAX_NESTING = 512;
const NON_BLANK = /\S/;
/**
 * One options object for every visibility check. Without a prototype: the browser reads each option
 * it knows from the object on every call, and a miss that walks up to Object.prototype made the
 * check ~20% slower (measured on a corpus page).
 */
const SEEN_BY_A_PERSON: CheckVisibilityOptions = Object.assign(Object.create(null) as CheckVisibilityOptions, { visibilityProperty: true });
/** Tags that are generic when they have no attributes. */
const PLAIN_TAGS = new Set(['DIV', 'SPAN', 'B', 'I', 'EM', 'STRONG', 'SMALL', 'FONT', 'U', 'S', 'SUB', 'SUP', 'BR', 'CENTER', 'LABEL', 'ABBR', 'TIME', 'MARK', 'CITE', 'Q', 'WBR', 'SECTION']);

/** A node of the tree: a role line with kids, or a run of text. */
interface TreeNode {
  head: string;
  /** The accessible name (a parent named by its content reads its children's names). */
  name?: string;
  kids: Array<TreeNode | string>;
  /** The head already ends in `: value`, so text kids cannot be inlined after it. */
  valued?: boolean;
}

export interface SnapshotOptions {
  filter: 'all' | 'interactive';
  root?: Element;
  maxDepth?: number;
  refPrefix: string;
}

export interface SnapshotResult {
  documentId: string;
  url: string;
  title: string;
  text: string;
  elements: Record<string, ElementSummary>;
  frames: Array<{ ref: string; frameId: number | null; src: string }>;
  nodeCount: number;
  truncated: boolean;
}

const enum Visibility {
  Skip,
  ChildrenOnly,
  Visible,
}

/** Visible, hidden-but-children-may-show (visibility:hidden, display:contents), or skip the subtree. */
export function visibilityOf(element: Element): Visibility {
  if (element.checkVisibility(SEEN_BY_A_PERSON)) return Visibility.Visible;
  // Only the rare invisible elements pay for computed style.
  if (!element.checkVisibility()) {
    return getComputedStyle(element).display === 'contents' ? Visibility.ChildrenOnly : Visibility.Skip;
  }
  return Visibility.ChildrenOnly;
}

/** True when a person could see the element (used by find and actions too). */
export function isShown(element: Element): boolean {
  return element.checkVisibility(SEEN_BY_A_PERSON);
}

/**
 * Matches only the whitespace runs that change when collapsed: two or more whitespace characters, or
 * one that is not a plain space. Same result as replacing every `\s+` (checked on random strings), but
 * a single space between words (most of them) is no match, so prose is not rebuilt match by match;
 * about 2.5× faster than `\s+` on corpus text.
 */
const SPACE_RUN = /\s{2,}|[^\S ]/g;

/** Longest attribute text (a link target, a placeholder) shown on a line; a data: URL can be megabytes. */
const MAX_ATTRIBUTE_CHARS = 500;

/** An attribute's text on one line (a page must not forge tree lines through line breaks), clipped. */
function oneLine(text: string): string {
  return collapse(text.length > MAX_ATTRIBUTE_CHARS ? `${text.slice(0, MAX_ATTRIBUTE_CHARS)}…` : text);
}

/** Whitespace runs to one space, trimmed. */
function collapse(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

function quote(text: string): string {
  if (!text.includes('"') && !text.includes('\\')) return `"${text}"`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function frameIdOf(element: Element): number | null {
  try {
    const runtime = (globalThis as { chrome?: { runtime?: { getFrameId?: (target: Element) => number } } }).chrome?.runtime;
    const id = runtime?.getFrameId?.(element);
    return typeof id === 'number' && id >= 0 ? id : null;
  } catch {
    return null;
  }
}

/** The summary the worker keeps per ref to judge later calls without a round trip. */
export function summarize(element: Element, role: string, name: string): ElementSummary {
  const summary: ElementSummary = { role, name, tag: element.tagName.toLowerCase() };
  const tag = element.tagName;
  if (tag === 'INPUT') summary.inputType = (element as HTMLInputElement).type;
  const autocomplete = element.getAttribute('autocomplete');
  if (autocomplete) summary.autocomplete = autocomplete;
  if (tag === 'A' || tag === 'AREA') {
    // The attribute, not the resolved URL: resolving every link costs more than the whole walk step.
    const href = element.getAttribute('href');
    if (href !== null) summary.href = href;
  }
  if (tag === 'BUTTON' || tag === 'INPUT') {
    const control = element as HTMLButtonElement | HTMLInputElement;
    const form = control.form;
    if (form) {
      const submits = tag === 'BUTTON' ? (control as HTMLButtonElement).type === 'submit' : control.type === 'submit' || control.type === 'image';
      summary.submits = submits;
      // A submitter may override its form's method and action.
      summary.formMethod = (submits && control.getAttribute('formmethod') ? control.formMethod : form.method) || 'get';
      summary.formAction = submits && control.hasAttribute('formaction') ? control.formAction : form.action;
    }
  }
  return summary;
}

/** The states shown in brackets, in a fixed order. */
function statesOf(element: Element, role: string): string {
  let states = '';
  const tag = element.tagName;
  // Most listed elements carry no attributes worth reading: skip the aria-* lookups for them.
  if (!element.hasAttributes() && tag !== 'INPUT' && tag !== 'BUTTON' && tag !== 'SELECT' && tag !== 'TEXTAREA' && tag !== 'OPTION' && tag !== 'SUMMARY' && role !== 'heading') return '';
  if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
    if (tag === 'INPUT') {
      const input = element as HTMLInputElement;
      if (input.indeterminate) states += ' [checked=mixed]';
      else if (input.checked) states += ' [checked]';
    } else {
      const checked = element.getAttribute('aria-checked');
      if (checked === 'true') states += ' [checked]';
      else if (checked === 'mixed') states += ' [checked=mixed]';
    }
  }
  if (isDisabled(element)) states += ' [disabled]';
  if (tag === 'SUMMARY') {
    if ((element.parentElement as HTMLDetailsElement | null)?.open) states += ' [expanded]';
  } else if (element.getAttribute('aria-expanded') === 'true') states += ' [expanded]';
  if (role === 'heading') {
    const level = element.getAttribute('aria-level') ?? (/^H([1-6])$/.exec(tag)?.[1] ?? '2');
    states += ` [level=${level}]`;
  }
  if (tag === 'OPTION' ? (element as HTMLOptionElement).selected : element.getAttribute('aria-selected') === 'true') states += ' [selected]';
  if (element.getAttribute('aria-pressed') === 'true') states += ' [pressed]';
  if ((tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') && (element as HTMLInputElement).required) states += ' [required]';
  return states;
}

/** The current value shown after `: ` (passwords masked: a snapshot must not leak them). */
function valueOf(element: Element, role: string): string | undefined {
  const tag = element.tagName;
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    if (role === 'checkbox' || role === 'radio' || role === 'button') return undefined;
    if (input.type === 'password') return input.value ? '••••••' : undefined;
    return input.value || undefined;
  }
  if (tag === 'TEXTAREA') return (element as HTMLTextAreaElement).value || undefined;
  if (tag === 'SELECT' && role === 'combobox') return (element as HTMLSelectElement).selectedOptions[0]?.label.trim() || undefined;
  if (role === 'textbox' && (element as HTMLElement).isContentEditable) return (element.textContent ?? '').replace(/\s+/g, ' ').trim() || undefined;
  if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') return element.getAttribute('aria-valuenow') ?? (element as HTMLInputElement).value ?? undefined;
  return undefined;
}

/**
 * Collapses the text runs of a finished list in place. Each run is collapsed exactly once: naming a
 * container, dropping a name said twice and writing the line all read the settled text.
 */
function settle(list: Array<TreeNode | string>): void {
  let kept = 0;
  for (let i = 0; i < list.length; i++) {
    let kid = list[i] as TreeNode | string;
    // A run of only non-ASCII spaces (&nbsp;) passes the cheap blank test and settles to nothing.
    if (typeof kid === 'string' && !(kid = collapse(kid))) continue;
    list[kept++] = kid;
  }
  list.length = kept;
}

/** A container's name from its settled children: their text and their own names, one space apart. */
function nameFromKids(list: ReadonlyArray<TreeNode | string>): string {
  let text = '';
  for (const kid of list) {
    const part = typeof kid === 'string' ? kid : (kid.name ?? '');
    if (part) text = text ? `${text} ${part}` : part;
  }
  return text;
}

/** Builds the snapshot of this document (or of `root`'s subtree). */
export function takeSnapshot(options: SnapshotOptions): SnapshotResult {
  return withLabelIndex(() => buildSnapshot(options));
}

function buildSnapshot(options: SnapshotOptions): SnapshotResult {
  const { filter, refPrefix } = options;
  const maxDepth = options.maxDepth ?? Infinity;
  const interactiveOnly = filter === 'interactive';
  const elements: Record<string, ElementSummary> = {};
  const frames: SnapshotResult['frames'] = [];
  let nodeCount = 0;
  let truncated = false;
  let nesting = 0;
  let tooDeep = false;

  /** Makes the line for a role node and records what the worker needs to know. */
  const head = (element: Element, role: string, name: string): { line: string; ref: string | undefined; valued: boolean } => {
    let line = role;
    if (name) line += ` ${quote(name)}`;
    line += statesOf(element, role);
    let ref: string | undefined;
    if (!NO_REF_ROLES.has(role)) {
      ref = refFor(element);
      line += ` [ref=${refPrefix}${ref}]`;
      if (INTERACTIVE_ROLES.has(role)) elements[refPrefix + ref] = summarize(element, role, name);
    }
    const value = valueOf(element, role);
    if (value !== undefined) line += `: ${value.replace(/\s+/g, ' ')}`;
    return { line, ref, valued: value !== undefined };
  };

  /** Child lines that belong to a role node itself (link target, placeholder, select options). */
  const extras = (element: Element, role: string, name: string, node: TreeNode): void => {
    const tag = element.tagName;
    if (role === 'link') {
      const href = element.getAttribute('href');
      // Why collapse: a raw attribute may hold line breaks, and a page must not forge tree lines (fake refs) through it.
      if (href) node.kids.push({ head: `/url: ${oneLine(href)}`, kids: [] });
    } else if ((tag === 'INPUT' || tag === 'TEXTAREA') && !(element as HTMLInputElement).value) {
      const placeholder = (element as HTMLInputElement).placeholder;
      if (placeholder && placeholder !== name) node.kids.push({ head: `/placeholder: ${oneLine(placeholder)}`, kids: [] });
    } else if (tag === 'SELECT' && !interactiveOnly) {
      const options = (element as HTMLSelectElement).options;
      const count = Math.min(options.length, MAX_OPTIONS);
      for (let i = 0; i < count; i++) {
        const option = options[i];
        if (option) node.kids.push({ head: `option ${quote(option.label.trim())}${option.selected ? ' [selected]' : ''}${option.disabled ? ' [disabled]' : ''}`, kids: [] });
      }
      if (options.length > count) node.kids.push(`… ${options.length - count} more options (select_option matches any option by label or value)`);
    }
  };

  /** Appends raw text; whitespace is collapsed once per run when its list is settled, not per text node. */
  const pushText = (kids: Array<TreeNode | string>, text: string): void => {
    const last = kids[kids.length - 1];
    if (typeof last === 'string') kids[kids.length - 1] = last + text;
    else kids.push(text);
  };

  /** Walks the children of `parent` (the flat tree: shadow root or slot assignment first). */
  /**
   * Is the text directly inside `owner` visible? Asked lazily, only when a non-blank text node shows
   * up: wrappers without text never pay for a visibility check (their role children check themselves,
   * and checkVisibility already accounts for hidden ancestors).
   */
  const textShown = (owner: Element | ShadowRoot): boolean => {
    const element = owner.nodeType === 11 ? (owner as ShadowRoot).host : (owner as Element);
    if (isShown(element)) return true;
    // display: contents has no box of its own; its text shows if its parent does.
    return element.checkVisibility() ? false : getComputedStyle(element).display === 'contents' && (element.parentElement === null || isShown(element.parentElement));
  };

  /** Walks the children of `parent` (the flat tree: shadow root or slot assignment first). */
  const walkChildren = (parent: Element, tag: string, kids: Array<TreeNode | string>, depth: number, parentShown: boolean | undefined): void => {
    // A page can nest elements thousands deep (by script; the parser stops at 512): past the limit the
    // walk stops descending instead of overflowing the stack and failing the whole snapshot.
    if (nesting >= MAX_NESTING) {
      tooDeep = true;
      return;
    }
    nesting++;
    walkChildNodes(parent, tag, kids, depth, parentShown);
    nesting--;
  };

  const walkChildNodes = (parent: Element, tag: string, kids: Array<TreeNode | string>, depth: number, parentShown: boolean | undefined): void => {
    let first: Node | null = null;
    let assigned: Node[] | undefined;
    const shadow = parent.shadowRoot;
    if (shadow) first = shadow.firstChild;
    else if (tag === 'SLOT') {
      assigned = (parent as HTMLSlotElement).assignedNodes({ flatten: true });
      if (assigned.length === 0) assigned = undefined;
      first = parent.firstChild;
    } else first = parent.firstChild;
    if (interactiveOnly && !assigned) {
      // No text is listed: walk elements only.
      for (let child = shadow ? shadow.firstElementChild : parent.firstElementChild; child; child = child.nextElementSibling) walkElement(child, kids, depth);
      return;
    }
    let shown = parentShown;
    // One loop over either the slot's assigned nodes or the child list (no closure per element).
    let index = 0;
    for (let node: Node | null | undefined = assigned ? assigned[0] : first; node; node = assigned ? assigned[++index] : node.nextSibling) {
      const type = node.nodeType;
      if (type === 1) walkElement(node as Element, kids, depth);
      else if (type === 3 && !interactiveOnly && quiet === 0) {
        const value = node.nodeValue;
        // Text that starts with a visible character needs no regex; whitespace between tags does.
        if (!value || (value.charCodeAt(0) <= 32 && !NON_BLANK.test(value))) continue;
        shown ??= textShown(node.parentNode as Element | ShadowRoot);
        if (shown) pushText(kids, value);
      }
    }
  };

  // Inside a label of a listed control (or a legend), the text is already that control's name.
  let quiet = 0;

  /** A wrapper that is not listed: its children join the parent's list. */
  const flatten = (element: Element, tag: string, kids: Array<TreeNode | string>, depth: number, shown: boolean | undefined): void => {
    if (!interactiveOnly && BLOCK_TAGS.has(tag)) {
      const last = kids[kids.length - 1];
      if (typeof last === 'string') kids[kids.length - 1] = `${last} `;
    }
    const names = (tag === 'LABEL' && (element as HTMLLabelElement).control !== null) || tag === 'LEGEND';
    if (names) quiet++;
    walkChildren(element, tag, kids, depth, shown);
    if (names) quiet--;
  };

  const walkElement = (element: Element, kids: Array<TreeNode | string>, depth: number): void => {
    const tag = element.tagName;
    if (SKIP_TAGS.has(tag)) return;
    // Plain wrappers without attributes (very common) cannot be hidden from ARIA or carry a role.
    const bare = !element.hasAttributes();
    const plain = bare && PLAIN_TAGS.has(tag);
    // An element without attributes has no aria-hidden and no explicit role: its tag decides.
    if (!bare && element.getAttribute('aria-hidden') === 'true') return;
    const role = plain ? '' : bare ? implicitRoleOf(element) : roleOf(element);
    const emit = role !== '' && (!interactiveOnly || INTERACTIVE_ROLES.has(role) || role === 'iframe');
    if (!emit) {
      if (plain || role !== '') {
        flatten(element, tag, kids, depth, undefined);
        return;
      }
      // A wrapper with attributes (a class, a style, hidden) is where pages hide whole menus, dialogs
      // and templates: one visibility check here (the floor pays one for every element) skips such a
      // subtree instead of walking it, and tells the text directly inside whether it shows.
      const visibility = visibilityOf(element);
      if (visibility === Visibility.Skip) return;
      flatten(element, tag, kids, depth, visibility === Visibility.Visible ? true : undefined);
      return;
    }
    const visibility = visibilityOf(element);
    if (visibility === Visibility.Skip) return;
    if (visibility === Visibility.ChildrenOnly) {
      flatten(element, tag, kids, depth, false);
      return;
    }
    nodeCount++;
    if (depth >= maxDepth) {
      truncated = true;
      return;
    }
    const leaf = LEAF_ROLES.has(role) || tag === 'SELECT' || tag === 'TEXTAREA' || role === 'iframe';
    // Containers named by their content (headings, cells, rows) take the name from the walk below
    // instead of walking their subtree twice.
    const deferName = !leaf && !interactiveOnly && NAME_FROM_CONTENT.has(role);
    let name = nameOf(element, role, !deferName);
    const node: TreeNode = { head: '', kids: [] };
    kids.push(node);
    // Refs in reading order: a container gets its ref before its children do.
    if (!NO_REF_ROLES.has(role)) refFor(element);
    if (!leaf) {
      // Interactive nodes stay flat: their interactive descendants go to the same list.
      if (interactiveOnly) walkChildren(element, tag, kids, depth, true);
      else walkChildren(element, tag, node.kids, depth + 1, true);
    }
    settle(node.kids);
    if (deferName && !name) name = clipName(nameFromKids(node.kids));
    // A node whose only content is its own name says it once.
    if (name && node.kids.length === 1 && node.kids[0] === name) node.kids.length = 0;
    const { line, ref, valued } = head(element, role, name);
    // An empty paragraph or list item says nothing.
    if (node.kids.length === 0 && !name && !ref) {
      kids.splice(kids.indexOf(node), 1);
      return;
    }
    node.head = line;
    node.name = name;
    node.valued = valued;
    if (role === 'iframe') {
      if (ref) frames.push({ ref: refPrefix + ref, frameId: frameIdOf(element), src: (element as HTMLIFrameElement).src });
      return;
    }
    // Extras (link target, placeholder, options) come first among the children.
    const children = node.kids;
    node.kids = [];
    extras(element, role, name, node);
    node.kids.push(...children);
  };

  const root = options.root ?? document.body ?? document.documentElement;
  const top: Array<TreeNode | string> = [];
  if (options.root) walkElement(root, top, 0);
  else walkChildren(root, root.tagName, top, 0, undefined);
  settle(top);

  const lines: string[] = [];
  const write = (items: Array<TreeNode | string>, indent: string): void => {
    for (const item of items) {
      // Text runs were settled (collapsed) when their list was finished.
      if (typeof item === 'string') {
        if (item) lines.push(`${indent}- text: ${item}`);
        continue;
      }
      if (item.kids.length === 0) lines.push(`${indent}- ${item.head}`);
      else if (item.kids.length === 1 && typeof item.kids[0] === 'string' && !item.valued) lines.push(`${indent}- ${item.head}: ${item.kids[0]}`);
      else {
        // A valued head (`combobox "Country": Germany`) keeps its value; its options follow indented.
        lines.push(item.valued ? `${indent}- ${item.head}` : `${indent}- ${item.head}:`);
        write(item.kids, `${indent}  `);
      }
    }
  };
  write(top, '');
  if (tooDeep) lines.push(`- text: (content nested more than ${MAX_NESTING} elements deep was left out)`);
  return {
    documentId,
    url: location.href,
    title: document.title,
    text: lines.join('\n'),
    elements,
    frames,
    nodeCount,
    truncated,
  };
}

/**
 * One line for one element (used by find and by action summaries): `button "Submit" [ref=e12]`.
 * Elements without a role read as `generic`; every described element gets a ref.
 */
export function describeElement(element: Element, refPrefix = ''): { line: string; ref: string; role: string; name: string; summary: ElementSummary } {
  const role = roleOf(element) || 'generic';
  const name = role === 'generic' ? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80) : nameOf(element, role);
  const ref = refFor(element);
  let line = role;
  if (name) line += ` ${quote(name)}`;
  line += statesOf(element, role);
  line += ` [ref=${refPrefix}${ref}]`;
  const value = valueOf(element, role);
  if (value !== undefined) line += `: ${value.replace(/\s+/g, ' ')}`;
  if (role === 'link') {
    const href = element.getAttribute('href');
    if (href) line += ` (url: ${oneLine(href)})`; // one line, whatever line breaks the page put in the attribute
  }
  return { line, ref, role, name, summary: summarize(element, role, name) };
}
