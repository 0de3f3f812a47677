/**
 * Files into a page: the file input a ref stands for (the input itself, its label, or the styled button
 * beside a hidden input), or the drop zone it is (Dropzone, Uppy and the like take a drop of files).
 *
 * Why the files are built here, in the page, and not given to the browser as paths: the DevTools
 * Protocol's `DOM.setFileInputFiles` and `Input.dispatchDragEvent` both take paths on disk, which would mean
 * writing model-chosen bytes into the person's downloads folder first (a new permission, files left behind)
 * — and a drop zone with no input has nothing `setFileInputFiles` could set. A `File` made here, put in a
 * `DataTransfer`, serves both: assigned to `input.files` with the input and change events a person's pick
 * fires, or carried by dragenter/dragover/drop as a person's drop carries it. The events are not trusted
 * (`isTrusted` is false), which the result says; the drop libraries tried here (Dropzone, Uppy) accept them.
 */
import { ToolError } from '../runtime/errors.js';
import type { PageCommandOf, PageResultOf } from '../shared/protocol/page.js';
import { attrOf, closestOf, documentOrigin, elementById, parentElementOf, querySelectorAllOf, shadowRootOf } from './dom.js';
import { documentId } from './refs.js';
import { deepElementFromPoint, label } from './target.js';
import { beforeUpload } from './upload-preview.js';
import { isShown } from './visibility.js';

type Facts = PageResultOf<'file_target'>;
type Found = { kind: 'input'; input: HTMLInputElement } | { kind: 'drop'; zone: Element };

const isFileInput = (element: unknown): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'file';

/** Every file input under `root`, through open shadow roots (a web component's picker keeps its input there). */
function fileInputsUnder(root: Element | ShadowRoot, found: HTMLInputElement[] = []): HTMLInputElement[] {
  for (const element of Array.from(root instanceof ShadowRoot ? root.querySelectorAll('*') : querySelectorAllOf(root, '*'))) {
    if (isFileInput(element)) found.push(element);
    const shadow = shadowRootOf(element);
    if (shadow) fileInputsUnder(shadow, found);
  }
  return found;
}

/** How far up from a styled button the hidden input it opens is looked for (its wrapper, the wrapper's wrapper). */
const WRAPPER_LEVELS = 3;

/** The file input `element` opens: itself, its label's control, the one input inside it, or the one in its nearest wrapper. */
function fileInputOf(element: Element): HTMLInputElement | undefined {
  if (isFileInput(element)) return element;
  const labelElement = element instanceof HTMLLabelElement ? element : closestOf(element, 'label');
  if (labelElement instanceof HTMLLabelElement && isFileInput(labelElement.control)) return labelElement.control;
  for (const id of (attrOf(element, 'aria-controls') ?? '').split(/\s+/).filter(Boolean)) {
    const controlled = elementById(document, id);
    if (isFileInput(controlled)) return controlled;
  }
  const own = fileInputsUnder(element);
  if (own.length === 1) return own[0];
  if (own.length > 1) return undefined;
  let scope = parentElementOf(element);
  for (let level = 0; scope && scope !== document.body && level < WRAPPER_LEVELS; level++, scope = parentElementOf(scope)) {
    const near = fileInputsUnder(scope);
    if (near.length === 1) return near[0];
    if (near.length > 1) return undefined; // several pickers side by side: which one this button opens is not known
  }
  return undefined;
}

/** Words a drop zone (or its wrapper) carries in its class, id, name or text: a heuristic, the drop itself is the test. */
const DROP_WORDS = /drop|upload|attach|dz-|uppy|file|drag/i;

/** The element or one of its near ancestors looks like a drop zone. */
function looksLikeDropZone(element: Element): boolean {
  let current: Element | null = element;
  for (let level = 0; current && current !== document.body && level < 4; level++, current = parentElementOf(current)) {
    const words = [attrOf(current, 'class'), attrOf(current, 'id'), attrOf(current, 'aria-label'), attrOf(current, 'data-testid')].join(' ');
    if (DROP_WORDS.test(words)) return true;
  }
  return DROP_WORDS.test((element.textContent ?? '').slice(0, 300));
}

function findTarget(element: Element): Found {
  const input = fileInputOf(element);
  if (input) return { kind: 'input', input };
  if (!isShown(element)) {
    throw new ToolError('ELEMENT_NOT_VISIBLE', `${label(element)} is not visible on the page, so nothing can be dropped on it.`, {
      suggestion: 'Open the section that holds the upload control, or call read_page to find the visible drop zone or "Choose file" button.',
    });
  }
  if (!looksLikeDropZone(element)) {
    throw new ToolError('NOT_A_FILE_TARGET', `${label(element)} is neither a file input, nor a button or label that opens one, nor a drop zone.`, {
      suggestion:
        'Give the ref of the file input, its "Choose file"/"Upload" button or label, or the drop zone ("Drop files here"); find "upload" can locate them.',
    });
  }
  return { kind: 'drop', zone: element };
}

/** What a ref would receive files on, for judging the call before anyone is asked (no event is sent). */
export function fileTarget(element: Element): Facts {
  const found = findTarget(element);
  const base = { documentId, url: location.href, origin: documentOrigin(), label: label(element) };
  if (found.kind === 'drop') return { ...base, kind: 'drop', multiple: true, accept: '' };
  const { input } = found;
  if (input.disabled) {
    throw new ToolError('ELEMENT_DISABLED', `The file input ${label(input)} is disabled.`, {
      suggestion: 'Something else must happen first (often: fill the fields before it). Call read_page to see what the form still needs.',
    });
  }
  return { ...base, kind: 'input', input: label(input), multiple: input.multiple, accept: attrOf(input, 'accept') ?? '' };
}

function decode(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`);

/** Puts the files into the ref's file input, or drops them on its drop zone; says which and what the input holds now. */
export function uploadFiles(element: Element, command: PageCommandOf<'upload'>): PageResultOf<'upload'> {
  const found = findTarget(element);
  beforeUpload(
    command.files.map((file) => file.name),
    element,
  );
  const transfer = new DataTransfer();
  for (const file of command.files) transfer.items.add(new File([decode(file.base64)], file.name, { type: file.type, lastModified: Date.now() }));
  const list = command.files.map((file) => `${file.name}, ${sizeOf(file.size)}`).join('; ');
  const count = `${command.files.length} file${command.files.length === 1 ? '' : 's'}`;
  if (found.kind === 'input') {
    const { input } = found;
    input.files = transfer.files;
    // What a person's pick in the file chooser fires: the page's listeners read `files` on these.
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const held = Array.from(input.files ?? []).map((file) => file.name);
    const into = input === element ? label(input) : `the file input behind ${label(element)}`;
    return { documentId, url: location.href, summary: `Put ${count} (${list}) into ${into}`, kind: 'input', held };
  }
  dropOn(found.zone, transfer, `${count} (${list})`);
  return { documentId, url: location.href, summary: `Dropped ${count} (${list}) on ${label(found.zone)}`, kind: 'drop', held: [] };
}

/** A person's drop: enter, over (the zone must accept it, as a browser requires), drop, on the element under the zone's centre. */
function dropOn(zone: Element, transfer: DataTransfer, what: string): void {
  zone.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const rect = zone.getBoundingClientRect();
  const clientX = rect.left + rect.width / 2;
  const clientY = rect.top + rect.height / 2;
  const hit = deepElementFromPoint(clientX, clientY);
  // The drop goes where a person's would: the element at that point, when it is part of the zone (its label, its icon).
  const target = hit && (zone.contains(hit) || hit.contains(zone)) ? hit : zone;
  const init: DragEventInit = { bubbles: true, cancelable: true, composed: true, dataTransfer: transfer, clientX, clientY };
  target.dispatchEvent(new DragEvent('dragenter', init));
  const over = new DragEvent('dragover', init);
  target.dispatchEvent(over);
  if (!over.defaultPrevented) {
    // A browser drops only where dragover was accepted; without that, the page takes no drop here.
    target.dispatchEvent(new DragEvent('dragleave', init));
    throw new ToolError('NOT_A_DROP_ZONE', `${label(zone)} did not accept a drop of ${what}: the page does not take files dropped there.`, {
      suggestion: 'Give the ref of the drop zone itself ("Drop files here") or of the file input or its "Choose file" button; find "upload" can locate them.',
    });
  }
  target.dispatchEvent(new DragEvent('drop', init));
}
