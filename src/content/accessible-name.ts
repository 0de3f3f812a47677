/**
 * Accessible names, computed the way assistive tech sees them (a practical subset of accname 1.2 and
 * HTML-AAM): from aria-labelledby, aria-label, labels, alt, legend, caption, title, placeholder and
 * content. Roles are in aria.ts.
 */
import { NAME_FROM_CONTENT, roleOf } from './aria.js';
import {
  attrOf,
  elementById,
  firstChildOf,
  hasAnyAttributes,
  hasAttrOf,
  isHiddenOf,
  nextSiblingOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentNodeOf,
  querySelectorOf,
  rootNodeOf,
  shadowRootOf,
  tagOf,
  textContentOf,
  titleOf,
} from './dom.js';
import { borrowedLabelsOf, labelsOf, type LabelableControl } from './labels.js';
import { clipName, collapseWhitespace } from './name-text.js';
import { Visibility, isShown, visibilityOf } from './visibility.js';

/** The elements an id-list attribute (aria-labelledby) points at, in its tree scope or else in the document. */
function byIds(element: Element, attribute: string): Element[] {
  const ids = attrOf(element, attribute);
  if (!ids) return [];
  const root = rootNodeOf(element) as Document | ShadowRoot;
  const owner = ownerDocumentOf(element);
  const found: Element[] = [];
  for (const id of ids.trim().split(/\s+/)) {
    const target = (root instanceof Document || root instanceof ShadowRoot ? elementById(root, id) : null) ?? (owner ? elementById(owner, id) : null);
    if (target) found.push(target);
  }
  return found;
}

const NON_SPACE_END = /\S$/;

/** Is there anything after `node` inside `root` (a sibling of it or of an ancestor below `root`)? */
function hasFollowing(node: Node, root: Node): boolean {
  for (let at: Node | null = node; at && at !== root; at = parentNodeOf(at)) if (nextSiblingOf(at)) return true;
  return false;
}

/**
 * Elements whose text starts on a new word ("<div>a</div><div>b</div>" reads "a b"), in names and in
 * read_page's text runs alike, without a style read.
 */
export const BLOCK_TAGS = new Set([
  'DIV',
  'P',
  'LI',
  'TD',
  'TH',
  'TR',
  'UL',
  'OL',
  'DL',
  'DT',
  'DD',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'NAV',
  'ASIDE',
  'MAIN',
  'FIGURE',
  'FIGCAPTION',
  'BLOCKQUOTE',
  'PRE',
  'TABLE',
  'FORM',
  'FIELDSET',
  'LABEL',
  'BR',
]);

/**
 * Does an element inside a name start words of its own? By its rendered box, as on screen: a span laid out
 * as a flex or grid item, or styled `display: block`, separates words ("GET" "/pets/{id}" in a flex button
 * read "GET /pets/{id}", not "GET/pets/{id}"); an inline one does not. The style is read only when words
 * could run together here (text before it, or anything after it): a link holding one span never pays.
 */
function isBlockLevel(element: Element, tag: string, textBefore: boolean, root: Node): boolean {
  if (BLOCK_TAGS.has(tag)) return true;
  if (!textBefore && !hasFollowing(element, root)) return false;
  const display = getComputedStyle(element).display;
  return display !== '' && display !== 'none' && !display.startsWith('inline') && display !== 'contents' && !display.startsWith('ruby');
}

/**
 * Text of a subtree as a name: text nodes, alt of images, aria-label of children; hidden parts skipped (in a
 * shown subtree, also those hidden by style: a dropdown button read "Edit value Edit value Enforce string"
 * with its closed menu's items). `skip` leaves out whole subtrees (an item's nested items).
 */
export function textOfSubtree(root: Node, budget = 400, skip?: (element: Element) => boolean): string {
  // Most buttons and links hold one text node: no walk needed.
  const only = firstChildOf(root);
  if (only && nextSiblingOf(only) === null && nodeTypeOf(only) === 3 && !(nodeTypeOf(root) === 1 && shadowRootOf(root as Element)))
    return collapseWhitespace(only.nodeValue ?? '');
  const parts: string[] = [];
  let used = 0;
  // Style is read only below a root a person sees, and only for elements with attributes (a class or a
  // style is how a page hides a part): a hidden root's name is still read from its whole text.
  const styled = nodeTypeOf(root) === 1 && isShown(root as Element);
  const visit = (node: Node): void => {
    if (used > budget) return;
    const type = nodeTypeOf(node);
    if (type === 3) {
      const value = node.nodeValue ?? '';
      if (value) {
        parts.push(value);
        used += value.length;
      }
      return;
    }
    if (type !== 1) return;
    const element = node as Element;
    const tag = tagOf(element);
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE') return;
    if (attrOf(element, 'aria-hidden') === 'true' || isHiddenOf(element)) return;
    if (node !== root && ((skip && skip(element)) || (styled && hasAnyAttributes(element) && visibilityOf(element) === Visibility.Skip))) return;
    // An embedded text field counts by its text, not its label (accname 2E): a tree item being edited read
    // "2 : Edit value", its edit box's label.
    const label = attrOf(element, 'aria-label');
    if (label && node !== root && attrOf(element, 'contenteditable') === null && attrOf(element, 'role') !== 'textbox') {
      parts.push(` ${label} `);
      used += label.length;
      return;
    }
    if (tag === 'IMG' || tag === 'AREA') {
      const alt = attrOf(element, 'alt');
      if (alt) parts.push(` ${alt} `);
      return;
    }
    if (tag === 'INPUT' && node !== root) {
      const input = element as HTMLInputElement;
      if (input.type !== 'hidden' && input.type !== 'password') parts.push(` ${input.value} `);
      return;
    }
    if (tag === 'SELECT' && node !== root) {
      const select = element as HTMLSelectElement;
      parts.push(` ${select.selectedOptions[0]?.label ?? ''} `);
      return;
    }
    if (tag === 'BR') {
      parts.push(' ');
      return;
    }
    const shadow = shadowRootOf(element);
    // Block-level children are word-separated; inline ones are not (so "Sub<b>mit</b>" stays "Submit").
    const block = node !== root && isBlockLevel(element, tag, NON_SPACE_END.test(parts[parts.length - 1] ?? ''), root);
    if (block) parts.push(' ');
    for (let child: ChildNode | null = shadow ? shadow.firstChild : firstChildOf(element); child; child = nextSiblingOf(child)) visit(child);
    if (block) parts.push(' ');
  };
  visit(root);
  return collapseWhitespace(parts.join(''));
}

function labelText(element: LabelableControl): string {
  let labels = labelsOf(element);
  // A field with no label of its own may have one a person sees as its (labels.ts); a button is named by its text.
  if ((!labels || labels.length === 0) && tagOf(element) !== 'BUTTON') labels = borrowedLabelsOf(element);
  if (!labels || labels.length === 0) return '';
  const texts: string[] = [];
  for (const label of Array.from(labels)) {
    // The control's own value inside its label is not part of its name.
    texts.push(textOfLabel(label, element));
  }
  return collapseWhitespace(texts.join(' '));
}

function textOfLabel(label: Element, control: Element): string {
  const parts: string[] = [];
  const visit = (node: Node): void => {
    if (node === control) return;
    const type = nodeTypeOf(node);
    if (type === 3) parts.push(node.nodeValue ?? '');
    else if (type === 1) {
      const element = node as Element;
      const tag = tagOf(element);
      if (tag === 'SCRIPT' || tag === 'STYLE' || attrOf(element, 'aria-hidden') === 'true') return;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      for (let child = firstChildOf(element); child; child = nextSiblingOf(child)) visit(child);
    }
  };
  visit(label);
  return parts.join('');
}

/** Items that nest others of their kind: a tree's branch, a menu's item that opens a submenu. */
const NESTING_ITEMS = new Set(['treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio']);
/** What an item's name from content leaves out: the items, groups and menus nested in it. */
const NESTED = new Set([...NESTING_ITEMS, 'group', 'tree', 'menu', 'menubar', 'listbox', 'option']);
const isNested = (element: Element): boolean => hasAnyAttributes(element) && NESTED.has(roleOf(element));

/**
 * A name from content. An item's leaves out the items nested in it, which accname does not: a tree's root
 * was named by the whole tree ("{ service : billing timeout : 10 … }"), cut off, and every branch repeated
 * its leaves; each nested item is named on its own line instead.
 */
function contentName(element: Element, role: string): string {
  return NESTING_ITEMS.has(role) ? textOfSubtree(element, 400, isNested) : textOfSubtree(element);
}

/** Tags named by something other than attributes and content (labels, alt, legend, caption, options). */
const NAMED_BY_TAG = new Set(['BODY', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'IMG', 'AREA', 'FIELDSET', 'TABLE', 'FIGURE', 'OPTION', 'svg', 'SVG']);

/** The accessible name of an element with the given role. */
export function nameOf(element: Element, role: string, fromContent = true): string {
  // Without attributes there is no aria-label(ledby) or title, and most tags have no other source:
  // the snapshot asks this of every paragraph, list item and cell, so the common case stays cheap.
  const tag = tagOf(element);
  if (!hasAnyAttributes(element) && !NAMED_BY_TAG.has(tag)) {
    return fromContent && NAME_FROM_CONTENT.has(role) ? clipName(contentName(element, role)) : '';
  }
  const labelledBy = byIds(element, 'aria-labelledby');
  if (labelledBy.length > 0) {
    const text = collapseWhitespace(labelledBy.map((target) => attrOf(target, 'aria-label') ?? textOfSubtree(target)).join(' '));
    if (text) return clipName(text);
  }
  const ariaLabel = attrOf(element, 'aria-label');
  if (ariaLabel && ariaLabel.trim()) return clipName(collapseWhitespace(ariaLabel));

  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    const type = input.type;
    if (type === 'button' || type === 'submit' || type === 'reset') {
      return clipName(collapseWhitespace(input.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '')));
    }
    if (type === 'image') return clipName(collapseWhitespace(input.alt || input.value || 'Submit'));
    const label = labelText(input);
    if (label) return clipName(label);
    return clipName(collapseWhitespace(input.title || input.placeholder || ''));
  }
  if (tag === 'SELECT' || tag === 'TEXTAREA') {
    const control = element as HTMLSelectElement | HTMLTextAreaElement;
    const label = labelText(control);
    if (label) return clipName(label);
    return clipName(collapseWhitespace(control.title || (tag === 'TEXTAREA' ? (control as HTMLTextAreaElement).placeholder : '') || ''));
  }
  if (tag === 'BUTTON') {
    const label = labelText(element as HTMLButtonElement);
    if (label) return clipName(label);
  }
  if (tag === 'IMG' || tag === 'AREA') {
    const alt = attrOf(element, 'alt');
    if (alt) return clipName(collapseWhitespace(alt));
  }
  if (tag === 'FIELDSET') {
    const legend = querySelectorOf(element, ':scope > legend');
    if (legend) return clipName(textOfSubtree(legend));
  }
  if (tag === 'TABLE') {
    const caption = (element as HTMLTableElement).caption;
    if (caption) return clipName(textOfSubtree(caption));
  }
  if (tag === 'FIGURE') {
    const caption = querySelectorOf(element, ':scope > figcaption');
    if (caption) return clipName(textOfSubtree(caption));
  }
  if (tag === 'OPTION') return clipName(collapseWhitespace((element as HTMLOptionElement).label));
  if (tag === 'svg' || tag === 'SVG') {
    const title = querySelectorOf(element, ':scope > title');
    if (title) return clipName(collapseWhitespace(textContentOf(title)));
  }
  if (fromContent && NAME_FROM_CONTENT.has(role)) {
    const text = contentName(element, role);
    if (text) return clipName(text);
  }
  const title = attrOf(element, 'title');
  if (title) return clipName(collapseWhitespace(title));
  if (role === 'textbox' && hasAttrOf(element, 'contenteditable')) {
    const placeholder = attrOf(element, 'aria-placeholder') ?? attrOf(element, 'data-placeholder');
    if (placeholder) return clipName(collapseWhitespace(placeholder));
  }
  if (role === 'textbox' && tag === 'BODY') return clipName(collapseWhitespace(editedDocumentName(element)));
  return '';
}

/**
 * A document edited as a whole (an editor's frame: CKEditor 4 labels its iframe, not the body) is named as
 * a person sees it: by its frame's label where the parent is of its origin, else by its title.
 */
function editedDocumentName(body: Element): string {
  const doc = ownerDocumentOf(body);
  let frame: Element | null = null;
  try {
    // This frame's iframe: null when the parent is of another origin. Read on `window`, whose own attributes come
    // before named elements (`document.defaultView` could be an `<img name="defaultView">`).
    frame = doc === document ? window.frameElement : null;
  } catch {
    frame = null;
  }
  const label = frame ? (attrOf(frame, 'aria-label') ?? attrOf(frame, 'title') ?? '') : '';
  return label.trim() ? label : doc ? titleOf(doc) : '';
}
