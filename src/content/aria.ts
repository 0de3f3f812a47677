/**
 * Roles, computed the way assistive tech sees them (a practical subset of WAI-ARIA 1.2 and HTML-AAM):
 * explicit roles, implicit roles from tags, the role sets the snapshot and find decide by, and the two
 * states other files ask about (focusable, disabled). Accessible names are in accessible-name.ts.
 */
import {
  attrOf,
  closestOf,
  hasAttrOf,
  isDesignModeOf,
  isEditableOf,
  matchesOf,
  ownerDocumentOf,
  parentElementOf,
  querySelectorOf,
  tabIndexOf,
  tagOf,
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
      // A document in designMode is edited as a whole (an editor's frame made so by script): its body is the textbox.
      if (tag === 'BODY' && isDesignModeOf(ownerDocumentOf(element) ?? document)) return 'textbox';
      // The editing host is the textbox (its descendants are its content). An attribute check, not
      // isContentEditable: that one can force a style update and runs for every wrapper element.
      const editable = attrOf(element, 'contenteditable');
      if (editable === null || editable === 'false') return '';
      const parent = parentElementOf(element);
      return parent !== null && isEditableOf(parent) ? '' : 'textbox';
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

/** True when the element (or an ancestor fieldset) is disabled, natively or by aria-disabled. */
export function isDisabled(element: Element): boolean {
  if (attrOf(element, 'aria-disabled') === 'true') return true;
  const tag = tagOf(element);
  if (tag === 'BUTTON' || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'OPTION' || tag === 'OPTGROUP' || tag === 'FIELDSET') {
    return matchesOf(element, ':disabled');
  }
  return false;
}
