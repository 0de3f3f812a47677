/**
 * Roles, accessible names and states, computed the way assistive tech sees them (a practical subset of
 * WAI-ARIA 1.2 / HTML-AAM / accname 1.2): explicit roles, implicit roles from tags, names from
 * aria-labelledby, aria-label, labels, alt, title, placeholder and content.
 */

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

function isSectioningDescendant(element: Element): boolean {
  return element.parentElement?.closest('article, aside, main, nav, section') != null;
}

/** The role of an element, or '' when it is generic (a plain div or span). */
export function roleOf(element: Element): string {
  const explicit = element.getAttribute('role');
  if (explicit) {
    const first = explicit.trim().split(/\s+/)[0] ?? '';
    if (first && !PRESENTATIONAL.has(first)) return first;
    if (first && PRESENTATIONAL.has(first) && !isFocusable(element)) return '';
  }
  return implicitRoleOf(element);
}

/** The role an element has from its tag alone; equal to `roleOf` for an element with no attributes. */
export function implicitRoleOf(element: Element): string {
  const tag = element.tagName;
  switch (tag) {
    case 'A':
    case 'AREA':
      return element.hasAttribute('href') ? 'link' : '';
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
      return element.getAttribute('alt') === '' && !element.hasAttribute('title') ? '' : 'img';
    case 'TH': {
      const scope = element.getAttribute('scope');
      if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
      return 'columnheader';
    }
    case 'HEADER':
      return isSectioningDescendant(element) ? '' : 'banner';
    case 'FOOTER':
      return isSectioningDescendant(element) ? '' : 'contentinfo';
    case 'SECTION':
      return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : '';
    case 'FORM':
      return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('name') ? 'form' : '';
    case 'SVG':
    case 'svg':
      return element.hasAttribute('aria-label') || element.querySelector(':scope > title') ? 'img' : '';
    default: {
      const role = TAG_ROLES[tag];
      if (role) return role;
      // The editing host is the textbox (its descendants are its content). An attribute check, not
      // isContentEditable: that one can force a style update and runs for every wrapper element.
      const editable = element.getAttribute('contenteditable');
      if (editable !== null && editable !== 'false' && element.parentElement?.isContentEditable !== true) return 'textbox';
      return '';
    }
  }
}

/** Focusable by keyboard: native controls, links, tabindex >= 0, contenteditable. */
export function isFocusable(element: Element): boolean {
  const tabIndex = (element as HTMLElement).tabIndex;
  if (tabIndex === undefined) return false;
  if (element.hasAttribute('tabindex')) return tabIndex >= 0;
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
  const ids = element.getAttribute(attribute);
  if (!ids) return [];
  const root = element.getRootNode() as Document | ShadowRoot;
  const found: Element[] = [];
  for (const id of ids.trim().split(/\s+/)) {
    const target = root.getElementById?.(id) ?? element.ownerDocument.getElementById(id);
    if (target) found.push(target);
  }
  return found;
}

/** Text of a subtree as a name: text nodes, alt of images, aria-label of children; hidden parts skipped. */
export function textOfSubtree(root: Node, budget = 400): string {
  // Most buttons and links hold one text node: no walk needed.
  const only = root.firstChild;
  if (only && only === root.lastChild && only.nodeType === Node.TEXT_NODE && !(root as Element).shadowRoot) return normalize(only.nodeValue ?? '');
  const parts: string[] = [];
  let used = 0;
  const visit = (node: Node): void => {
    if (used > budget) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const value = node.nodeValue ?? '';
      if (value) {
        parts.push(value);
        used += value.length;
      }
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE') return;
    if (element.getAttribute('aria-hidden') === 'true' || (element as HTMLElement).hidden) return;
    const label = element.getAttribute('aria-label');
    if (label && node !== root) {
      parts.push(` ${label} `);
      used += label.length;
      return;
    }
    if (tag === 'IMG' || tag === 'AREA') {
      const alt = element.getAttribute('alt');
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
    const shadow = (element as HTMLElement).shadowRoot;
    const children = shadow ? shadow.childNodes : element.childNodes;
    // Block-level children are word-separated; inline ones are not (so "Sub<b>mit</b>" stays "Submit").
    for (let child: ChildNode | null = children[0] ?? null; child; child = child.nextSibling) visit(child);
    if (tag === 'DIV' || tag === 'P' || tag === 'LI' || tag === 'TD' || tag === 'TH') parts.push(' ');
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
  const root = element.getRootNode();
  let byId = labelIndex.get(root);
  if (!byId) {
    byId = new Map();
    for (const label of (root as Document | ShadowRoot).querySelectorAll<HTMLLabelElement>('label[for]')) {
      const list = byId.get(label.htmlFor);
      if (list) list.push(label);
      else byId.set(label.htmlFor, [label]);
    }
    labelIndex.set(root, byId);
  }
  const found: HTMLLabelElement[] = [];
  const wrapping = element.parentElement?.closest('label');
  if (wrapping && !wrapping.hasAttribute('for')) found.push(wrapping);
  if (element.id) for (const label of byId.get(element.id) ?? []) if (label.control === element) found.push(label);
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
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element;
      if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE' || element.getAttribute('aria-hidden') === 'true') return;
      if (element.tagName === 'INPUT' || element.tagName === 'SELECT' || element.tagName === 'TEXTAREA') return;
      for (let child = element.firstChild; child; child = child.nextSibling) visit(child);
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
  if (!element.hasAttributes() && !NAMED_BY_TAG.has(element.tagName)) {
    return fromContent && NAME_FROM_CONTENT.has(role) ? clip(textOfSubtree(element)) : '';
  }
  const labelledBy = byIds(element, 'aria-labelledby');
  if (labelledBy.length > 0) {
    const text = normalize(labelledBy.map((target) => target.getAttribute('aria-label') ?? textOfSubtree(target)).join(' '));
    if (text) return clip(text);
  }
  const ariaLabel = element.getAttribute('aria-label');
  if (ariaLabel && ariaLabel.trim()) return clip(normalize(ariaLabel));

  const tag = element.tagName;
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
    const alt = element.getAttribute('alt');
    if (alt) return clip(normalize(alt));
  }
  if (tag === 'FIELDSET') {
    const legend = element.querySelector(':scope > legend');
    if (legend) return clip(textOfSubtree(legend));
  }
  if (tag === 'TABLE') {
    const caption = (element as HTMLTableElement).caption;
    if (caption) return clip(textOfSubtree(caption));
  }
  if (tag === 'FIGURE') {
    const caption = element.querySelector(':scope > figcaption');
    if (caption) return clip(textOfSubtree(caption));
  }
  if (tag === 'OPTION') return clip(normalize((element as HTMLOptionElement).label));
  if (tag === 'svg' || tag === 'SVG') {
    const title = element.querySelector(':scope > title');
    if (title) return clip(normalize(title.textContent ?? ''));
  }
  if (fromContent && NAME_FROM_CONTENT.has(role)) {
    const text = textOfSubtree(element);
    if (text) return clip(text);
  }
  const title = element.getAttribute('title');
  if (title) return clip(normalize(title));
  if (role === 'textbox' && element.hasAttribute('contenteditable')) {
    const placeholder = element.getAttribute('aria-placeholder') ?? element.getAttribute('data-placeholder');
    if (placeholder) return clip(normalize(placeholder));
  }
  return '';
}

/** True when the element (or an ancestor fieldset) is disabled, natively or by aria-disabled. */
export function isDisabled(element: Element): boolean {
  if (element.getAttribute('aria-disabled') === 'true') return true;
  const tag = element.tagName;
  if (tag === 'BUTTON' || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'OPTION' || tag === 'OPTGROUP' || tag === 'FIELDSET') {
    return element.matches(':disabled');
  }
  return false;
}
