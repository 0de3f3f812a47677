/**
 * Refs: short names (`e12`) for elements, stable while the element lives. The mapping lives only in the
 * content script's isolated world (a WeakMap one way, a Map of WeakRefs the other), so nothing is added
 * to the page's DOM that the page could read, and a removed element is collected as usual.
 */
import { ToolError } from '../runtime/errors.js';
import { isConnectedOf } from './dom.js';

/** Identifies this document; refs from another document (after a navigation) are stale. */
export const documentId: string = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

const refByElement = new WeakMap<Element, string>();
const elementByRef = new Map<string, WeakRef<Element>>();
let nextRef = 1;

/** The ref of an element, assigned on first sight. */
export function refFor(element: Element): string {
  let ref = refByElement.get(element);
  if (ref === undefined) {
    ref = `e${nextRef++}`;
    refByElement.set(element, ref);
    elementByRef.set(ref, new WeakRef(element));
  }
  return ref;
}

/** The ref an element already has, if any (never assigns one). */
export function existingRefFor(element: Element): string | undefined {
  return refByElement.get(element);
}

function staleRef(ref: string, why: string): ToolError {
  return new ToolError('STALE_REF', `The ref ${ref} ${why}.`, {
    suggestion: 'Refs change when the page changes. Call read_page or find again to get current refs.',
    details: { ref },
  });
}

/**
 * The live element for a ref. Throws STALE_REF when the ref belongs to another document, was never
 * given out here, or its element has left the page.
 */
export function resolveRef(ref: string, expectedDocumentId?: string): Element {
  if (expectedDocumentId !== undefined && expectedDocumentId !== documentId) {
    throw staleRef(ref, 'belongs to a page that is no longer loaded (the tab navigated since it was read)');
  }
  const element = elementByRef.get(ref)?.deref();
  if (!element) {
    elementByRef.delete(ref);
    throw staleRef(ref, 'is not known on this page');
  }
  if (!isConnectedOf(element)) {
    throw staleRef(ref, 'names an element that has been removed from the page');
  }
  return element;
}

/** How many entries the map held after the last prune. */
let sizeAfterPrune = 0;

/**
 * Drops map entries whose elements were garbage-collected (keeps the map small on long-lived pages).
 * Amortized: it sweeps only once the map has doubled since the last sweep, so a snapshot does not pay
 * a pass over every ref ever handed out.
 */
export function pruneRefs(): void {
  if (elementByRef.size < 2 * sizeAfterPrune + 64) return;
  for (const [ref, weak] of elementByRef) {
    // Only collected elements: a detached element may come back and keeps its ref in the WeakMap.
    if (!weak.deref()) elementByRef.delete(ref);
  }
  sizeAfterPrune = elementByRef.size;
}

/** The refs whose elements are on the page now, so an action can tell afterwards which ones it made stale. */
export function connectedRefs(): Map<string, Element> {
  const live = new Map<string, Element>();
  for (const [ref, weak] of elementByRef) {
    const element = weak.deref();
    if (element?.isConnected) live.set(ref, element);
  }
  return live;
}
