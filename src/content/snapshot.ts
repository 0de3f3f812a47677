/**
 * The page as an accessibility-style tree, one node a line, in one walk of the flat tree (open shadow
 * roots and slots included). Hidden parts are skipped with `checkVisibility` (no layout reads per
 * element), generic wrappers are flattened, refs are assigned only to nodes worth acting on.
 *
 * Line format (close to Playwright's aria snapshot):
 *   - heading "Account" [level=2] [ref=e4]
 *   - textbox "Email" [required] [ref=e7]: ada@example.com
 *   - link "Home" [ref=e3] (url: /home)
 *   - list [ref=e5]:
 *     - link "News" [ref=e6] (url: /news)     (a list item holding only one element is that element's line)
 *     - listitem:
 *       - text: From the section
 *       - link "US" [ref=e8] (url: /us)
 *   - iframe [ref=e9]            (the worker stitches the frame's own snapshot in here)
 */
import type { ElementSummary } from '../runtime/page-state.js';
import { oneLine, quoted } from '../shared/untrusted-text.js';
import { BLOCK_TAGS, nameOf, textOfSubtree } from './accessible-name.js';
import { INTERACTIVE_ROLES, LEAF_ROLES, NAME_FROM_CONTENT, implicitRoleOf, roleOf } from './aria.js';
import { withLabelIndex } from './labels.js';
import { clipName, collapseWhitespace as collapse } from './name-text.js';
import {
  attrOf,
  bodyOf,
  checkVisibilityOf,
  firstChildOf,
  firstElementChildOf,
  hasAnyAttributes,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  parentNodeOf,
  rootElementOf,
  shadowRootOf,
  tagOf,
  titleOf,
} from './dom.js';
import { MAX_ATTRIBUTE_CHARS, MAX_NAME_CHARS, roleAndName, rowOf, statesOf, summarize, urlSuffix, valueOf, valueSuffix } from './element-line.js';
import { documentId, refFor } from './refs.js';
import { Visibility, isShown, visibilityOf } from './visibility.js';

export { isShown } from './visibility.js';
export { describeElement, summarize } from './element-line.js';

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE']);
/** Structural roles that get no ref (nobody clicks a table row group); keeps the output short. */
const NO_REF_ROLES = new Set([
  'paragraph',
  'listitem',
  'cell',
  'columnheader',
  'rowheader',
  'row',
  'rowgroup',
  'term',
  'definition',
  'code',
  'blockquote',
  'caption',
  'separator',
  'status',
  'group',
]);
const MAX_OPTIONS = 30;
/** How deep the walk descends into the DOM (the HTML parser itself nests at most 512 levels). */
const MAX_NESTING = 512;
const NON_BLANK = /\S/;
/** Tags that are generic when they have no attributes. */
const PLAIN_TAGS = new Set([
  'DIV',
  'SPAN',
  'B',
  'I',
  'EM',
  'STRONG',
  'SMALL',
  'FONT',
  'U',
  'S',
  'SUB',
  'SUP',
  'BR',
  'CENTER',
  'LABEL',
  'ABBR',
  'TIME',
  'MARK',
  'CITE',
  'Q',
  'WBR',
  'SECTION',
]);

/** A plain list item's only element (recursively), or the node itself. */
function soleElementOf(node: TreeNode): TreeNode {
  const only = node.kids[0];
  return node.head === 'listitem' && node.kids.length === 1 && typeof only === 'object' ? soleElementOf(only) : node;
}

/** A node of the tree: a role line with kids, or a run of text. */
interface TreeNode {
  head: string;
  /** The accessible name (a parent named by its content reads its children's names). */
  name?: string;
  kids: Array<TreeNode | string>;
  /** The head already ends in `: value`, so text kids cannot be inlined after it. */
  valued?: boolean;
  /** An iframe's marker: the writer records which line the iframe got. */
  frame?: FrameMarker;
}

/**
 * An iframe in this document. The worker puts the frame's own snapshot under line `line` of `text`
 * (placed by this structured record, never by searching the text, which the page writes into).
 */
export interface FrameMarker {
  ref: string;
  /** Its index in `window.frames`, which its own document can tell from inside; null when not there (shadow DOM). */
  index: number | null;
  /** Its `src`, resolved ('' for none). */
  src: string;
  /** The line of `text` that is this iframe's. */
  line: number;
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
  frames: FrameMarker[];
  nodeCount: number;
  truncated: boolean;
}

/** Longest text run shown on one line (a paragraph); get_page_text gives whole texts. */
const MAX_TEXT_CHARS = 2_000;

/** Roles that a person can click although they are no control: labels standing alone, elements with click handlers. */
const CLICKABLE_ROLES = new Set(['label', 'clickable']);

/** The iframe's index in `window.frames` (its own document finds the same index from inside), or null. */
export function frameIndexOf(element: Element): number | null {
  const target = (element as HTMLIFrameElement).contentWindow;
  if (!target) return null;
  for (let i = 0; i < window.frames.length; i++) if (window.frames[i] === target) return i;
  return null;
}

/**
 * A role for text a person can click that is no control: a label tied to no visible control (a to-do
 * item's text, which takes a double-click to edit), or an element with an inline click handler.
 */
function clickableRoleOf(element: Element, tag: string): string {
  if (tag === 'LABEL') {
    const control = (element as HTMLLabelElement).control;
    return control && isShown(control) ? '' : 'label';
  }
  return attrOf(element, 'onclick') !== null || attrOf(element, 'ondblclick') !== null ? 'clickable' : '';
}

/** A list item or table row that shows a pointer cursor: the row itself takes the click. */
function isClickableRow(element: Element, role: string): boolean {
  return (
    (role === 'listitem' || role === 'row') &&
    getComputedStyle(element).cursor === 'pointer' &&
    getComputedStyle(parentElementOf(element) ?? element).cursor !== 'pointer'
  );
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
  const frames: FrameMarker[] = [];
  let nodeCount = 0;
  let truncated = false;
  let nesting = 0;
  let tooDeep = false;

  /** Makes the line for a role node and records what the worker needs to know. */
  const head = (element: Element, role: string, name: string, clickableRow: boolean): { line: string; ref: string | undefined; valued: boolean } => {
    const row = rowOf(element, role, name);
    let line = roleAndName(role, name, row) + statesOf(element, role);
    let ref: string | undefined;
    if (!NO_REF_ROLES.has(role) || clickableRow) {
      ref = refFor(element);
      line += ` [ref=${refPrefix}${ref}]`;
      if (INTERACTIVE_ROLES.has(role) || CLICKABLE_ROLES.has(role) || clickableRow) elements[refPrefix + ref] = summarize(element, role, name, row);
    }
    const value = valueOf(element, role);
    line += valueSuffix(value) + urlSuffix(element, role);
    return { line, ref, valued: value !== undefined };
  };

  /** Child lines that belong to a role node itself (placeholder, select options). */
  const extras = (element: Element, tag: string, name: string, node: TreeNode): void => {
    if ((tag === 'INPUT' || tag === 'TEXTAREA') && !(element as HTMLInputElement).value) {
      const placeholder = (element as HTMLInputElement).placeholder;
      if (placeholder && placeholder !== name) node.kids.push({ head: `/placeholder: ${oneLine(placeholder, MAX_ATTRIBUTE_CHARS)}`, kids: [] });
    } else if (tag === 'SELECT' && !interactiveOnly) {
      const options = (element as HTMLSelectElement).options;
      const count = Math.min(options.length, MAX_OPTIONS);
      for (let i = 0; i < count; i++) {
        const option = options[i];
        // An option's label keeps the page's line breaks: quoted() makes it one line.
        if (option)
          node.kids.push({
            head: `option ${quoted(option.label, MAX_NAME_CHARS)}${option.selected ? ' [selected]' : ''}${option.disabled ? ' [disabled]' : ''}`,
            kids: [],
          });
      }
      if (options.length > count)
        node.kids.push({ head: `text: … ${options.length - count} more options (select_option matches any option by label or value)`, kids: [] });
    }
  };

  /** Appends raw text; whitespace is collapsed once per run when its list is settled, not per text node. */
  const pushText = (kids: Array<TreeNode | string>, text: string): void => {
    const last = kids[kids.length - 1];
    if (typeof last === 'string') kids[kids.length - 1] = last + text;
    else kids.push(text);
  };

  /**
   * Is the text directly inside `owner` visible? Asked lazily, only when a non-blank text node shows
   * up: wrappers without text never pay for a visibility check (their role children check themselves,
   * and checkVisibility already accounts for hidden ancestors).
   */
  const textShown = (owner: Element | ShadowRoot): boolean => {
    const element = nodeTypeOf(owner) === 11 ? (owner as ShadowRoot).host : (owner as Element);
    if (isShown(element)) return true;
    // display: contents has no box of its own; its text shows if its parent does.
    if (checkVisibilityOf(element) || getComputedStyle(element).display !== 'contents') return false;
    const parent = parentElementOf(element);
    return parent === null || isShown(parent);
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
    let first: Node | null;
    let assigned: Node[] | undefined;
    const shadow = shadowRootOf(parent);
    if (shadow) first = shadow.firstChild;
    else if (tag === 'SLOT') {
      assigned = (parent as HTMLSlotElement).assignedNodes({ flatten: true });
      if (assigned.length === 0) assigned = undefined;
      first = firstChildOf(parent);
    } else first = firstChildOf(parent);
    if (interactiveOnly && !assigned) {
      // No text is listed: walk elements only.
      for (let child = firstElementChildOf(shadow ?? parent); child; child = nextElementSiblingOf(child)) walkElement(child, kids, depth);
      return;
    }
    let shown = parentShown;
    // One loop over either the slot's assigned nodes or the child list (no closure per element).
    let index = 0;
    for (let node: Node | null | undefined = assigned ? assigned[0] : first; node; node = assigned ? assigned[++index] : nextSiblingOf(node)) {
      const type = nodeTypeOf(node);
      if (type === 1) walkElement(node as Element, kids, depth);
      else if (type === 3 && !interactiveOnly && quiet === 0) {
        const value = node.nodeValue;
        // Text that starts with a visible character needs no regex; whitespace between tags does.
        if (!value || (value.charCodeAt(0) <= 32 && !NON_BLANK.test(value))) continue;
        shown ??= textShown(parentNodeOf(node) as Element | ShadowRoot);
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
    const tag = tagOf(element);
    if (SKIP_TAGS.has(tag)) return;
    // Plain wrappers without attributes (very common) cannot be hidden from ARIA or carry a role.
    const bare = !hasAnyAttributes(element);
    // A label stands for a click target when it is tied to no visible control; so does an inline click handler.
    const clickable = tag === 'LABEL' || !bare ? clickableRoleOf(element, tag) : '';
    const plain = bare && !clickable && PLAIN_TAGS.has(tag);
    // An element without attributes has no aria-hidden and no explicit role: its tag decides.
    if (!bare && attrOf(element, 'aria-hidden') === 'true') return;
    let role = plain ? '' : bare ? implicitRoleOf(element) : roleOf(element);
    if (role === '' && clickable) role = clickable;
    const emit = role !== '' && (!interactiveOnly || INTERACTIVE_ROLES.has(role) || CLICKABLE_ROLES.has(role) || role === 'iframe');
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
    const leaf = LEAF_ROLES.has(role) || CLICKABLE_ROLES.has(role) || tag === 'SELECT' || tag === 'TEXTAREA' || role === 'iframe';
    // Containers named by their content (headings, cells, rows) take the name from the walk below
    // instead of walking their subtree twice.
    const deferName = !leaf && !interactiveOnly && NAME_FROM_CONTENT.has(role);
    let name = CLICKABLE_ROLES.has(role) ? clipName(textOfSubtree(element)) : nameOf(element, role, !deferName);
    const clickableRow = !interactiveOnly && hasAnyAttributes(element) && isClickableRow(element, role);
    const node: TreeNode = { head: '', kids: [] };
    kids.push(node);
    // Refs in reading order: a container gets its ref before its children do.
    if (!NO_REF_ROLES.has(role) || clickableRow) refFor(element);
    if (!leaf) {
      // Interactive nodes stay flat: their interactive descendants go to the same list.
      if (interactiveOnly) walkChildren(element, tag, kids, depth, true);
      else walkChildren(element, tag, node.kids, depth + 1, true);
    }
    settle(node.kids);
    if (deferName && !name) name = clipName(nameFromKids(node.kids));
    // A node whose only content is its own name says it once.
    if (name && node.kids.length === 1 && node.kids[0] === name) node.kids.length = 0;
    const { line, ref, valued } = head(element, role, name, clickableRow);
    // An empty paragraph or list item says nothing.
    if (node.kids.length === 0 && !name && !ref) {
      kids.splice(kids.indexOf(node), 1);
      return;
    }
    node.head = line;
    node.name = name;
    node.valued = valued;
    if (role === 'iframe') {
      if (ref) {
        node.frame = { ref: refPrefix + ref, index: frameIndexOf(element), src: (element as HTMLIFrameElement).src ?? '', line: -1 };
        frames.push(node.frame);
      }
      return;
    }
    // Extras (placeholder, options) come first among the children.
    const children = node.kids;
    node.kids = [];
    extras(element, tag, name, node);
    node.kids.push(...children);
  };

  const root = options.root ?? bodyOf() ?? rootElementOf();
  const top: Array<TreeNode | string> = [];
  if (root) {
    if (options.root) walkElement(root, top, 0);
    else walkChildren(root, tagOf(root), top, 0, undefined);
  }
  settle(top);

  const lines: string[] = [];
  const write = (items: Array<TreeNode | string>, indent: string): void => {
    for (const entry of items) {
      // Text runs were settled (collapsed) when their list was finished; oneLine escapes and bounds them.
      if (typeof entry === 'string') {
        if (entry) lines.push(`${indent}- text: ${oneLine(entry, MAX_TEXT_CHARS)}`);
        continue;
      }
      // A list item that only wraps one element (a link in a menu) is that element's line: the line above it
      // (a list, a navigation) already groups the items, and the wrapper lines were about 12% of a link-heavy
      // page's read (bench/context.bench.ts).
      const item = soleElementOf(entry);
      if (item.frame) item.frame.line = lines.length;
      if (item.kids.length === 0) lines.push(`${indent}- ${item.head}`);
      else if (item.kids.length === 1 && typeof item.kids[0] === 'string' && !item.valued)
        lines.push(`${indent}- ${item.head}: ${oneLine(item.kids[0], MAX_TEXT_CHARS)}`);
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
    title: titleOf(),
    text: lines.join('\n'),
    elements,
    frames: frames.filter((frame) => frame.line >= 0),
    nodeCount,
    truncated,
  };
}
