/**
 * What an action would act on, read fresh just before the person (or the rules) judge it: the element
 * behind a ref — or, with no ref, the element that has the keyboard focus — with its form (method,
 * action, label, default button, fields and their values), the buttons beside an editable area, and the
 * options a select would choose. Facts only: the worker's rules (src/tools/safety/) decide what they mean.
 *
 * A form's and the document's properties are read through src/content/dom.ts: a page can put
 * `<input name="action">` in a form, which makes `form.action` that input.
 */
import type { PageResultOf } from '../shared/protocol/page.js';
import { nameOf } from './accessible-name.js';
import { roleOf } from './aria.js';
import {
  documentOrigin,
  attrOf,
  bodyOf,
  closestOf,
  elementById,
  formActionOf,
  formElementsOf,
  formMethodOf,
  innerTextOf,
  isEditableOf,
  matchesOf,
  parentElementOf,
  querySelectorAllOf,
  querySelectorOf,
  rootElementOf,
  tagOf,
} from './dom.js';
import { deepActiveElement } from './observe-util.js';
import { isChipControl } from './chip.js';
import { editableKind } from './fields.js';
import { rowOf } from './element-line.js';
import { documentId } from './refs.js';

type Facts = PageResultOf<'inspect'>;
type ControlFacts = NonNullable<Facts['target']>;
type FormFacts = NonNullable<Facts['form']>;

const MAX_TEXT = 200;
const MAX_FIELDS = 40;
const clip = (text: string, max = MAX_TEXT) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const textOf = (element: Element) => (element instanceof HTMLElement ? innerTextOf(element) : '');

/** An absolute URL for a page-written address, or undefined when it is not one. */
function absolute(url: string | null | undefined, base = document.baseURI): string | undefined {
  if (url === null || url === undefined || url.trim() === '') return undefined;
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

function formOf(element: Element): HTMLFormElement | null {
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLButtonElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
    return element.form;
  const form = closestOf(element, 'form');
  return form instanceof HTMLFormElement ? form : null;
}

/** Does this control submit its form when activated? */
function submitsForm(element: Element): boolean {
  if (element instanceof HTMLButtonElement) return element.type === 'submit';
  if (element instanceof HTMLInputElement) return ['submit', 'image'].includes(element.type);
  return false;
}

/** A checkbox's, switch's or radio's state: native `checked`, else `aria-checked`; undefined for other controls. */
function checkedStateOf(element: Element): boolean | undefined {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) return element.checked;
  const aria = attrOf(element, 'aria-checked');
  return aria === 'true' ? true : aria === 'false' ? false : undefined;
}

function controlFacts(element: Element): ControlFacts {
  const role = roleOf(element) || tagOf(element).toLowerCase();
  const facts: ControlFacts = { role, name: clip(nameOf(element, role)), tag: tagOf(element).toLowerCase(), text: clip(textOf(element) ?? '') };
  const title = attrOf(element, 'title');
  if (title) facts.title = clip(title);
  if (isChipControl(element, role)) facts.chip = true;
  // An unnamed checkbox is named by its row ("the checkbox in “Buy milk”"): a prompt saying only "Click checkbox" names nothing.
  const row = facts.name || facts.text ? '' : rowOf(element, role, facts.name);
  if (row) facts.row = clip(row);
  const checked = checkedStateOf(element);
  if (checked !== undefined) facts.checked = checked;
  if (element instanceof HTMLInputElement) {
    const type = element.type;
    facts.inputType = type;
    // Only a button's value is its label; a field's value is what the person or the agent typed.
    if (['submit', 'button', 'reset', 'image'].includes(type)) facts.value = clip(element.value);
  }
  const autocomplete = attrOf(element, 'autocomplete');
  if (autocomplete) facts.autocomplete = clip(autocomplete, 80);
  if (element instanceof HTMLAnchorElement || element instanceof HTMLAreaElement) {
    const href = element.href;
    if (href) facts.href = href;
    const target = attrOf(element, 'target');
    if (target) facts.target = clip(target, 40);
  }
  const editable = editableKind(element);
  if (editable) facts.editable = editable;
  const onchange = attrOf(element, 'onchange') ?? attrOf(element, 'oninput');
  if (onchange) facts.handler = clip(onchange, 300);
  if (submitsForm(element)) {
    facts.submits = true;
    const override = { method: attrOf(element, 'formmethod'), action: attrOf(element, 'formaction') };
    if (override.method) facts.formMethod = override.method.toLowerCase();
    const action = absolute(override.action);
    if (action) facts.formAction = action;
  }
  return facts;
}

/** A form's name as a person would see it: aria-label(ledby), a legend, the nearest heading, then name or id. */
function formLabel(form: HTMLFormElement): string {
  const ariaLabel = attrOf(form, 'aria-label');
  if (ariaLabel?.trim()) return clip(ariaLabel);
  const labelledBy = (attrOf(form, 'aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? elementById(document, id) : null));
  const labelText = labelledBy
    .map((target) => (target ? textOf(target) : ''))
    .join(' ')
    .trim();
  if (labelText) return clip(labelText);
  const headings = 'legend, h1, h2, h3, h4, h5, h6';
  const parent = parentElementOf(form);
  const heading = querySelectorOf(form, headings) ?? (parent ? querySelectorOf(parent, 'h1, h2, h3, h4, h5, h6') : null);
  if (heading) return clip(textOf(heading));
  return clip(attrOf(form, 'name') ?? attrOf(form, 'id') ?? '');
}

/** The fields a submission would send, with their values (passwords never leave the page). */
function formFields(form: HTMLFormElement): FormFacts['fields'] {
  const fields: FormFacts['fields'] = [];
  for (const control of Array.from(formElementsOf(form))) {
    if (fields.length >= MAX_FIELDS) break;
    const name = attrOf(control, 'name') ?? '';
    let type: string;
    let value: string;
    if (control instanceof HTMLInputElement) {
      type = control.type;
      if (['submit', 'button', 'reset', 'image', 'file'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !control.checked) continue;
      value = control.value;
    } else if (control instanceof HTMLTextAreaElement) {
      type = 'textarea';
      value = control.value;
    } else if (control instanceof HTMLSelectElement) {
      type = 'select';
      value = control.value;
    } else continue;
    const masked = type === 'password';
    const role = roleOf(control) || 'textbox';
    fields.push({ name: clip(name, 80), label: clip(nameOf(control, role) || name, 80), type, value: masked ? '' : clip(value, 500), masked });
  }
  return fields;
}

const SUBMITTERS = 'button:not([type]), button[type=submit], input[type=submit], input[type=image]';
const BLOCKING_FIELDS = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number']);

function formFacts(form: HTMLFormElement): FormFacts {
  const submitter = Array.from(formElementsOf(form)).find((control) => control instanceof Element && matchesOf(control, SUBMITTERS));
  const blocking = Array.from(formElementsOf(form)).filter((control) => control instanceof HTMLInputElement && BLOCKING_FIELDS.has(control.type)).length;
  return {
    method: (formMethodOf(form) || 'get').toLowerCase(),
    action: formActionOf(form) || location.href,
    label: formLabel(form),
    hasSubmitButton: submitter !== undefined,
    // HTML's implicit submission: Enter submits a form with a default button, or with one blocking field.
    enterSubmits: submitter !== undefined || blocking <= 1,
    ...(submitter ? { defaultButton: controlFacts(submitter) } : {}),
    handler: attrOf(form, 'onsubmit') !== null,
    fields: formFields(form),
  };
}

/** Labels of the buttons next to an editable area (a chat box's "Send"), where Enter may act for them. */
function nearbyButtons(element: Element): string[] {
  let scope: Element | null = parentElementOf(element);
  for (let depth = 0; scope && depth < 4; depth++, scope = parentElementOf(scope)) {
    const buttons = Array.from(querySelectorAllOf(scope, 'button, [role=button], input[type=submit], input[type=button]')).slice(0, 8);
    if (buttons.length > 0)
      return buttons
        .map((button) => clip(nameOf(button, roleOf(button) || 'button'), 80))
        .filter(Boolean)
        .slice(0, 6);
  }
  return [];
}

/** The element with the keyboard focus, inside open shadow roots; 'frame' when it is in a child frame. */
function focusedElement(): { element: Element | undefined; focus: Facts['focus'] } {
  const active = deepActiveElement();
  // The body of a document edited as a whole is the editor (TinyMCE's frame): keys go to it as typing. Any
  // other body is where focus rests when nothing has it.
  if ((active === bodyOf() && !isEditableOf(active)) || active === rootElementOf()) return { element: undefined, focus: 'body' };
  if (active instanceof HTMLIFrameElement || active instanceof HTMLFrameElement || active instanceof HTMLObjectElement)
    return { element: active, focus: 'frame' };
  return { element: active, focus: 'element' };
}

/** The options `values` would choose in a select, with their addresses when a value is one. */
function chosenOptions(select: HTMLSelectElement, values: readonly string[]): NonNullable<Facts['options']> {
  const options = Array.from(select.options);
  return values.slice(0, 20).map((value) => {
    const option = options.find((candidate) => candidate.value === value || candidate.label.trim() === value.trim());
    const optionValue = option?.value ?? value;
    const url = /^(https?:)?\/\//i.test(optionValue) || optionValue.startsWith('/') ? absolute(optionValue) : undefined;
    return { value: clip(optionValue), label: clip(option?.label ?? value), ...(url ? { url } : {}) };
  });
}

/** The facts about `element` (or the focused element when undefined) that the rules judge an act by. */
export function inspectTarget(element: Element | undefined, options: { values?: readonly string[] } = {}): Facts {
  const base = { documentId, url: location.href, origin: documentOrigin() };
  const { element: target, focus } = element ? { element, focus: 'ref' as const } : focusedElement();
  if (!target) return { ...base, focus };
  const form = formOf(target);
  return {
    ...base,
    focus,
    target: controlFacts(target),
    ...(form ? { form: formFacts(form) } : {}),
    ...(editableKind(target) === 'textarea' || editableKind(target) === 'editable' ? { nearby: nearbyButtons(target) } : {}),
    ...(target instanceof HTMLSelectElement && options.values ? { options: chosenOptions(target, options.values) } : {}),
  };
}
