/**
 * DOM reads a page cannot redirect. Why this must stay: `<form>` elements and `document` let named
 * children override their own properties ([LegacyOverrideBuiltIns]) — `<input name="action">` makes
 * `form.action` that input, `<input name="tagName">` hides what the form is, `<img name="querySelector">`
 * turns `document.querySelector` into an image, `<form name="body">` replaces `document.body` — and this
 * holds in the content script's isolated world too. So the content script reads such properties through
 * the getters and methods of the prototypes, captured when it loads, before any page element is read.
 * (Measured in Chromium: a captured getter called on 80k elements costs no more than the property.)
 */

type Getter<T> = (this: unknown) => T;

/** Outside a browser (unit tests that load the entry in Node) there is no DOM: every read then throws. */
const noDom = (): never => {
  throw new Error('No DOM here.');
};
const protoOf = (name: 'Node' | 'Element' | 'Document' | 'HTMLElement' | 'HTMLFormElement'): Record<string, unknown> =>
  (globalThis as unknown as Record<string, { prototype: Record<string, unknown> } | undefined>)[name]?.prototype ?? {
    getAttribute: noDom,
    setAttribute: noDom,
    removeAttribute: noDom,
    hasAttribute: noDom,
    hasAttributes: noDom,
    closest: noDom,
    matches: noDom,
    querySelector: noDom,
    querySelectorAll: noDom,
    checkVisibility: noDom,
    getBoundingClientRect: noDom,
    getRootNode: noDom,
    cloneNode: noDom,
    getElementById: noDom,
  };

function getterOf<T>(proto: object, key: string): Getter<T> {
  const get = Object.getOwnPropertyDescriptor(proto, key)?.get;
  return (get ?? noDom) as Getter<T>;
}

const NODE = protoOf('Node') as unknown as Node;
const ELEMENT = protoOf('Element') as unknown as Element;
const DOCUMENT = protoOf('Document') as unknown as Document;

const nodeTypeGet = getterOf<number>(NODE, 'nodeType');
const firstChildGet = getterOf<ChildNode | null>(NODE, 'firstChild');
const nextSiblingGet = getterOf<ChildNode | null>(NODE, 'nextSibling');
const parentNodeGet = getterOf<ParentNode | null>(NODE, 'parentNode');
const parentElementGet = getterOf<HTMLElement | null>(NODE, 'parentElement');
const childNodesGet = getterOf<NodeListOf<ChildNode>>(NODE, 'childNodes');
const textContentGet = getterOf<string | null>(NODE, 'textContent');
const isConnectedGet = getterOf<boolean>(NODE, 'isConnected');
const ownerDocumentGet = getterOf<Document | null>(NODE, 'ownerDocument');
const tagNameGet = getterOf<string>(ELEMENT, 'tagName');
const idGet = getterOf<string>(ELEMENT, 'id');
const shadowRootGet = getterOf<ShadowRoot | null>(ELEMENT, 'shadowRoot');
const firstElementChildGet = getterOf<Element | null>(ELEMENT, 'firstElementChild');
const nextElementSiblingGet = getterOf<Element | null>(ELEMENT, 'nextElementSibling');
const previousElementSiblingGet = getterOf<Element | null>(ELEMENT, 'previousElementSibling');
const isContentEditableGet = getterOf<boolean>(protoOf('HTMLElement'), 'isContentEditable');
const hiddenGet = getterOf<boolean>(protoOf('HTMLElement'), 'hidden');
const tabIndexGet = getterOf<number>(protoOf('HTMLElement'), 'tabIndex');
const innerTextGet = getterOf<string>(protoOf('HTMLElement'), 'innerText');
const {
  getAttribute,
  setAttribute,
  removeAttribute,
  hasAttribute,
  hasAttributes,
  closest,
  matches,
  querySelector,
  querySelectorAll,
  checkVisibility,
  getBoundingClientRect,
} = ELEMENT;
const { getRootNode, cloneNode } = NODE;
const titleGet = getterOf<string>(DOCUMENT, 'title');
const bodyGet = getterOf<HTMLElement | null>(DOCUMENT, 'body');
const documentElementGet = getterOf<HTMLElement | null>(DOCUMENT, 'documentElement');
const scrollingElementGet = getterOf<Element | null>(DOCUMENT, 'scrollingElement');
const urlGet = getterOf<string>(DOCUMENT, 'URL');
const designModeGet = getterOf<string>(DOCUMENT, 'designMode');
const documentQuerySelectorAll = DOCUMENT.querySelectorAll;
const styleSheetsGet = getterOf<StyleSheetList>(DOCUMENT, 'styleSheets');
const documentGetElementById = DOCUMENT.getElementById;
const documentHasFocus = DOCUMENT.hasFocus;
const formMethodGet = getterOf<string>(protoOf('HTMLFormElement'), 'method');
const formActionGet = getterOf<string>(protoOf('HTMLFormElement'), 'action');
const formElementsGet = getterOf<HTMLFormControlsCollection>(protoOf('HTMLFormElement'), 'elements');

/** `node.nodeType`. */
export const nodeTypeOf = (node: Node): number => nodeTypeGet.call(node);
/** `node.firstChild`. */
export const firstChildOf = (node: Node): ChildNode | null => firstChildGet.call(node);
/** `node.nextSibling`. */
export const nextSiblingOf = (node: Node): ChildNode | null => nextSiblingGet.call(node);
/** `node.parentNode`. */
export const parentNodeOf = (node: Node): ParentNode | null => parentNodeGet.call(node);
/** `node.parentElement`. */
export const parentElementOf = (node: Node): HTMLElement | null => parentElementGet.call(node);
/** `node.childNodes`. */
export const childNodesOf = (node: Node): NodeListOf<ChildNode> => childNodesGet.call(node);
/** `node.textContent`. */
export const textContentOf = (node: Node): string => textContentGet.call(node) ?? '';
/** `node.isConnected`. */
export const isConnectedOf = (node: Node): boolean => isConnectedGet.call(node);
/** `node.ownerDocument`. */
export const ownerDocumentOf = (node: Node): Document | null => ownerDocumentGet.call(node);
/** `node.getRootNode()`. */
export const rootNodeOf = (node: Node): Node => getRootNode.call(node);
/** `node.cloneNode(deep)`. */
export const cloneOf = <T extends Node>(node: T, deep: boolean): T => cloneNode.call(node, deep) as T;
/** `element.tagName`. */
export const tagOf = (element: Element): string => tagNameGet.call(element);
/** `element.id`. */
export const idOf = (element: Element): string => idGet.call(element);
/** `element.shadowRoot` (open roots only). */
export const shadowRootOf = (element: Element): ShadowRoot | null => shadowRootGet.call(element);
/** `element.firstElementChild` (also for shadow roots, which cannot be clobbered but share the walk). */
export const firstElementChildOf = (parent: Element | ShadowRoot): Element | null =>
  parent instanceof ShadowRoot ? parent.firstElementChild : firstElementChildGet.call(parent);
/** `element.nextElementSibling`. */
export const nextElementSiblingOf = (element: Element): Element | null => nextElementSiblingGet.call(element);
/** `element.previousElementSibling`. */
export const previousElementSiblingOf = (element: Element): Element | null => previousElementSiblingGet.call(element);
/** `element.getAttribute(name)`. */
export const attrOf = (element: Element, name: string): string | null => getAttribute.call(element, name);
/** `element.setAttribute(name, value)`. */
export const setAttrOf = (element: Element, name: string, value: string): void => setAttribute.call(element, name, value);
/** `element.removeAttribute(name)`. */
export const removeAttrOf = (element: Element, name: string): void => removeAttribute.call(element, name);
/** `element.hasAttribute(name)`. */
export const hasAttrOf = (element: Element, name: string): boolean => hasAttribute.call(element, name);
/** `element.hasAttributes()`. */
export const hasAnyAttributes = (element: Element): boolean => hasAttributes.call(element);
/** `element.closest(selector)`. */
export const closestOf = (element: Element, selector: string): Element | null => closest.call(element, selector);
/** `element.matches(selector)`. */
export const matchesOf = (element: Element, selector: string): boolean => matches.call(element, selector);
/** `element.querySelector(selector)`. */
export const querySelectorOf = (element: Element, selector: string): Element | null => querySelector.call(element, selector);
/** `element.querySelectorAll(selector)`. */
export const querySelectorAllOf = (element: Element, selector: string): NodeListOf<Element> => querySelectorAll.call(element, selector);
/** `element.checkVisibility(options)`. */
export const checkVisibilityOf = (element: Element, options?: CheckVisibilityOptions): boolean => checkVisibility.call(element, options);
/** `element.getBoundingClientRect()`. */
export const rectOf = (element: Element): DOMRect => getBoundingClientRect.call(element);
/** `element.isContentEditable` (false for non-HTML elements). */
export const isEditableOf = (element: Element): boolean => element instanceof HTMLElement && isContentEditableGet.call(element);
/** `element.hidden` (false for non-HTML elements). */
export const isHiddenOf = (element: Element): boolean => element instanceof HTMLElement && hiddenGet.call(element);
/** `element.tabIndex` (undefined for elements that have none, like most SVG). */
export const tabIndexOf = (element: Element): number | undefined => (element instanceof HTMLElement ? tabIndexGet.call(element) : undefined);
/** `element.innerText`. */
export const innerTextOf = (element: HTMLElement): string => innerTextGet.call(element);
/** `form.method` ('get', 'post' or 'dialog'). */
export const formMethodOf = (form: HTMLFormElement): string => formMethodGet.call(form);
/** `form.action`, resolved against the document. */
export const formActionOf = (form: HTMLFormElement): string => formActionGet.call(form);
/** A form's controls (`<input name="elements">` cannot stand in for them). */
export const formElementsOf = (form: HTMLFormElement): HTMLFormControlsCollection => formElementsGet.call(form);

/** `document.title`. */
export const titleOf = (doc: Document = document): string => titleGet.call(doc);
/** `document.body`. */
export const bodyOf = (doc: Document = document): HTMLElement | null => bodyGet.call(doc);
/** `document.documentElement`. */
export const rootElementOf = (doc: Document = document): HTMLElement | null => documentElementGet.call(doc);
/** `document.scrollingElement`. */
export const scrollingElementOf = (doc: Document = document): Element | null => scrollingElementGet.call(doc);
/** `document.designMode` is on: the whole document is edited (an editor's frame made so by script). */
export const isDesignModeOf = (doc: Document = document): boolean => designModeGet.call(doc) === 'on';
/** `document.hasFocus()`: the document (its frame) holds the keyboard focus. */
export const hasFocusOf = (doc: Document = document): boolean => documentHasFocus.call(doc);
/** `document.URL`. */
export const documentUrlOf = (doc: Document = document): string => urlGet.call(doc);
/** `document.querySelectorAll(selector)`. */
export const queryDocument = (selector: string, doc: Document = document): NodeListOf<Element> => documentQuerySelectorAll.call(doc, selector);
/** The style sheets of a document (`<img name="styleSheets">` cannot stand in for them) or a shadow root, adopted ones included. */
export const styleSheetsOf = (root: Document | ShadowRoot): CSSStyleSheet[] => [
  ...(root instanceof ShadowRoot ? root.styleSheets : styleSheetsGet.call(root)),
  ...(root.adoptedStyleSheets ?? []),
];
/** `document.getElementById(id)` or a shadow root's. */
export const elementById = (root: Document | ShadowRoot, id: string): Element | null =>
  root instanceof ShadowRoot ? root.getElementById(id) : documentGetElementById.call(root, id);

/**
 * This document's origin. A `srcdoc` frame or an `about:blank` one its parent wrote has its parent's
 * origin, though its `location.origin` says "null": typing what the page showed into the page's own
 * editor frame was judged as text leaving for another origin. A sandboxed frame's stays an opaque "null".
 */
export const documentOrigin = (): string => (typeof self.origin === 'string' ? self.origin : location.origin);
