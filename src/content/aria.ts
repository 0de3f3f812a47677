/**
 * Roles, accessible names and states, computed the way assistive tech sees them (a practical subset of
 * WAI-ARIA 1.2 / HTML-AAM / accname 1.2): explicit roles, implicit roles from tags, names from
 * aria-labelledby, aria-label, labels, alt, title, placeholder and content.
 */
import {
  attrOf,
  closestOf,
  elementById,
  firstChildOf,
  hasAnyAttributes,
  hasAttrOf,
  idOf,
  isEditableOf,
  isHiddenOf,
  matchesOf,
  nextSiblingOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentElementOf,
  parentNodeOf,
  queryDocument,
  querySelectorOf,
  rootNodeOf,
  shadowRootOf,
  tabIndexOf,
  tagOf,
  textContentOf,
} from './dom.js';

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
  email: 'textbox',
  tel: 'textbox',
  text: 'textbox',
  url: 'textbox',
  password: 'textbox',
  date: 'textbox',
  'datetime-local': 'textbox',
  month: 'textbox',
  week: 'textbox',
  time: 'textbox',
  color: 'button',
  file: 'button',
};

const TAG_ROLES: Record<string, string> = {
  BUTTON: 'button',
  TEXTAREA: 'textbox',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  H5: 'heading',
  H6: 'heading',
  UL: 'list',
  OL: 'list',
  MENU: 'list',
  LI: 'listitem',
  TABLE: 'table',
  TR: 'row',
  TD: 'cell',
  THEAD: 'rowgroup',
  TBODY: 'rowgroup',
  TFOOT: 'rowgroup',
  CAPTION: 'caption',
  NAV: 'navigation',
  MAIN: 'main',
  ASIDE: 'complementary',
  ARTICLE: 'article',
  DIALOG: 'dialog',
  FIGURE: 'figure',
  FIELDSET: 'group',
  DETAILS: 'group',
  SUMMARY: 'button',
  PROGRESS: 'progressbar',
  METER: 'meter',
  HR: 'separator',
  P: 'paragraph',
  BLOCKQUOTE: 'blockquote',
  CODE: 'code',
  PRE: 'code',
  DL: 'list',
  DT: 'term',
  DD: 'definition',
  OPTION: 'option',
  OPTGROUP: 'group',
  IFRAME: 'iframe',
  FRAME: 'iframe',
  OUTPUT: 'status',
  SEARCH: 'search',
};

/** Roles whose name comes from their content when nothing else names them. */
export const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
  'term',
  'caption',
]);

/** Roles a person can act on; the `interactive` filter keeps these. */
export const INTERACTIVE_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'scrollbar',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);

/** Roles that never carry children worth listing (their content is their name). */
export const LEAF_ROLES = new Set([
  'button',
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
  'img',
  'separator',
  'progressbar',
  'meter',
  'link',
  'heading',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
  'option',
]);

const PRESENTATIONAL = new Set(['presentation', 'none', 'generic']);

/**
 * The WAI-ARIA 1.2 roles (abstract ones left out). Why a list: the role word starts a tree line, and a
 * `role` attribute is the page's to write (`role="x[ref=e9]"` would forge a ref); a token outside this
 * list is ignored, as assistive tech ignores it, and the next token or the tag decides.
 */
const ARIA_ROLES = new Set(
  (
    'alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary ' +
    'contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img ' +
    'image insertion link list listbox listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter ' +
    'navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search ' +
    'searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time ' +
    'timer toolbar tooltip tree treegrid treeitem'
  ).split(' '),
);

function isSectioningDescendant(element: Element): boolean {
  const parent = parentElementOf(element);
  return parent !== null && closestOf(parent, 'article, aside, main, nav, section') !== null;
}

/** The role of an element, or '' when it is generic (a plain div or span). */
export function roleOf(element: Element): string {
  const explicit = attrOf(element, 'role');
  if (explicit) {
    const first =
      explicit
        .trim()
        .toLowerCase()
        .split(/\s+/)
        .find((token) => ARIA_ROLES.has(token)) ?? '';
    if (first === 'image') return 'img';
    if (first && !PRESENTATIONAL.has(first)) return first;
    if (first && PRESENTATIONAL.has(first) && !isFocusable(element)) return '';
  }
  return implicitRoleOf(element);
}

/** The role an element has from its tag alone; equal to `roleOf` for an element with no attributes. */
export function implicitRoleOf(element: Element): string {
  const tag = tagOf(element);
  switch (tag) {
    case 'A':
    case 'AREA':
      return hasAttrOf(element, 'href') ? 'link' : '';
    case 'INPUT': {
      const input = element as HTMLInputElement;
      const type = input.type;
      if (type === 'hidden') return '';
      if (input.hasAttribute('list') && (type === 'text' || type === 'search' || type === 'email' || type === 'tel' || type === 'url')) return 'combobox';
      return INPUT_ROLES[type] ?? 'textbox';
    }
    case 'SELECT': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'IMG':
      return attrOf(element, 'alt') === '' && !hasAttrOf(element, 'title') ? '' : 'img';
    case 'TH': {
      const scope = attrOf(element, 'scope');
      if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
      return 'columnheader';
    }
    case 'HEADER':
      return isSectioningDescendant(element) ? '' : 'banner';
    case 'FOOTER':
      return isSectioningDescendant(element) ? '' : 'contentinfo';
    case 'SECTION':
      return hasAttrOf(element, 'aria-label') || hasAttrOf(element, 'aria-labelledby') ? 'region' : '';
    case 'FORM':
      return hasAttrOf(element, 'aria-label') || hasAttrOf(element, 'aria-labelledby') || hasAttrOf(element, 'name') ? 'form' : '';
    case 'SVG':
    case 'svg':
      return hasAttrOf(element, 'aria-label') || querySelectorOf(element, ':scope > title') ? 'img' : '';
    default: {
      const role = TAG_ROLES[tag];
      if (role) return role;
      // The editing host is the textbox (its descendants are its content). An attribute check, not
      // isContentEditable: that one can force a style update and runs for every wrapper element.
      const editable = attrOf(element, 'contenteditable');
      if (editable === null || editable === 'false') return '';
      const parent = parentElementOf(element);
      return parent !== null && isEditableOf(parent) ? '' : 'textbox';
      return '';
    }
  }
}

/** Focusable by keyboard: native controls, links, tabindex >= 0, contenteditable. */
export function isFocusable(element: Element): boolean {
  const tabIndex = tabIndexOf(element);
  if (tabIndex === undefined) return false;
  if (hasAttrOf(element, 'tabindex')) return tabIndex >= 0;
  return tabIndex >= 0 && !(element as HTMLInputElement).disabled;
}

/** Only the whitespace runs that change (see snapshot.ts): a single space between words is no match. */
const SPACE_RUN = /\s{2,}|[^\S ]/g;

function normalize(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

const MAX_NAME = 160;

/** Clips a name to the length names are shown at. */
export function clipName(text: string): string {
  return clip(text);
}

function clip(text: string): string {
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
}

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

/** Text of a subtree as a name: text nodes, alt of images, aria-label of children; hidden parts skipped. */
export function textOfSubtree(root: Node, budget = 400): string {
  // Most buttons and links hold one text node: no walk needed.
  const only = firstChildOf(root);
  if (only && nextSiblingOf(only) === null && nodeTypeOf(only) === 3 && !(nodeTypeOf(root) === 1 && shadowRootOf(root as Element)))
    return normalize(only.nodeValue ?? '');
  const parts: string[] = [];
  let used = 0;
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
    const label = attrOf(element, 'aria-label');
    if (label && node !== root) {
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
  return normalize(parts.join(''));
}

/**
 * During a snapshot: label[for] elements by id, per tree scope, built once. `element.labels` searches
 * the whole tree scope on every call, which made big forms quadratic.
 */
let labelIndex: WeakMap<Node, Map<string, HTMLLabelElement[]>> | undefined;

/** Runs `work` with a label index (one pass per tree scope instead of one search per control). */
export function withLabelIndex<T>(work: () => T): T {
  labelIndex = new WeakMap();
  try {
    return work();
  } finally {
    labelIndex = undefined;
  }
}

function labelsOf(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement): ArrayLike<HTMLLabelElement> | null {
  if (!labelIndex) return element.labels;
  const root = rootNodeOf(element);
  let byId = labelIndex.get(root);
  if (!byId) {
    byId = new Map();
    const labels = root instanceof Document ? queryDocument('label[for]', root) : (root as ShadowRoot | Element).querySelectorAll('label[for]');
    for (const label of Array.from(labels) as HTMLLabelElement[]) {
      const list = byId.get(label.htmlFor);
      if (list) list.push(label);
      else byId.set(label.htmlFor, [label]);
    }
    labelIndex.set(root, byId);
  }
  const found: HTMLLabelElement[] = [];
  const parent = parentElementOf(element);
  const wrapping = parent ? (closestOf(parent, 'label') as HTMLLabelElement | null) : null;
  if (wrapping && !hasAttrOf(wrapping, 'for')) found.push(wrapping);
  const id = idOf(element);
  if (id) for (const label of byId.get(id) ?? []) if (label.control === element) found.push(label);
  return found;
}

function labelText(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement): string {
  const labels = labelsOf(element);
  if (!labels || labels.length === 0) return '';
  const texts: string[] = [];
  for (const label of Array.from(labels)) {
    // The control's own value inside its label is not part of its name.
    texts.push(textOfLabel(label, element));
  }
  return normalize(texts.join(' '));
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

/** Tags named by something other than attributes and content (labels, alt, legend, caption, options). */
const NAMED_BY_TAG = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'IMG', 'AREA', 'FIELDSET', 'TABLE', 'FIGURE', 'OPTION', 'svg', 'SVG']);

/** The accessible name of an element with the given role. */
export function nameOf(element: Element, role: string, fromContent = true): string {
  // Without attributes there is no aria-label(ledby) or title, and most tags have no other source:
  // the snapshot asks this of every paragraph, list item and cell, so the common case stays cheap.
  const tag = tagOf(element);
  if (!hasAnyAttributes(element) && !NAMED_BY_TAG.has(tag)) {
    return fromContent && NAME_FROM_CONTENT.has(role) ? clip(textOfSubtree(element)) : '';
  }
  const labelledBy = byIds(element, 'aria-labelledby');
  if (labelledBy.length > 0) {
    const text = normalize(labelledBy.map((target) => attrOf(target, 'aria-label') ?? textOfSubtree(target)).join(' '));
    if (text) return clip(text);
  }
  const ariaLabel = attrOf(element, 'aria-label');
  if (ariaLabel && ariaLabel.trim()) return clip(normalize(ariaLabel));

  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    const type = input.type;
    if (type === 'button' || type === 'submit' || type === 'reset') {
      return clip(normalize(input.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '')));
    }
    if (type === 'image') return clip(normalize(input.alt || input.value || 'Submit'));
    const label = labelText(input);
    if (label) return clip(label);
    return clip(normalize(input.title || input.placeholder || ''));
  }
  if (tag === 'SELECT' || tag === 'TEXTAREA') {
    const control = element as HTMLSelectElement | HTMLTextAreaElement;
    const label = labelText(control);
    if (label) return clip(label);
    return clip(normalize(control.title || (tag === 'TEXTAREA' ? (control as HTMLTextAreaElement).placeholder : '') || ''));
  }
  if (tag === 'BUTTON') {
    const label = labelText(element as HTMLButtonElement);
    if (label) return clip(label);
  }
  if (tag === 'IMG' || tag === 'AREA') {
    const alt = attrOf(element, 'alt');
    if (alt) return clip(normalize(alt));
  }
  if (tag === 'FIELDSET') {
    const legend = querySelectorOf(element, ':scope > legend');
    if (legend) return clip(textOfSubtree(legend));
  }
  if (tag === 'TABLE') {
    const caption = (element as HTMLTableElement).caption;
    if (caption) return clip(textOfSubtree(caption));
  }
  if (tag === 'FIGURE') {
    const caption = querySelectorOf(element, ':scope > figcaption');
    if (caption) return clip(textOfSubtree(caption));
  }
  if (tag === 'OPTION') return clip(normalize((element as HTMLOptionElement).label));
  if (tag === 'svg' || tag === 'SVG') {
    const title = querySelectorOf(element, ':scope > title');
    if (title) return clip(normalize(textContentOf(title)));
  }
  if (fromContent && NAME_FROM_CONTENT.has(role)) {
    const text = textOfSubtree(element);
    if (text) return clip(text);
  }
  const title = attrOf(element, 'title');
  if (title) return clip(normalize(title));
  if (role === 'textbox' && hasAttrOf(element, 'contenteditable')) {
    const placeholder = attrOf(element, 'aria-placeholder') ?? attrOf(element, 'data-placeholder');
    if (placeholder) return clip(normalize(placeholder));
  }
  return '';
}

/** True when the element (or an ancestor fieldset) is disabled, natively or by aria-disabled. */
export function isDisabled(element: Element): boolean {
  if (attrOf(element, 'aria-disabled') === 'true') return true;
  const tag = tagOf(element);
  if (tag === 'BUTTON' || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'OPTION' || tag === 'OPTGROUP' || tag === 'FIELDSET') {
    return matchesOf(element, ':disabled');
  }
  return false;
}
