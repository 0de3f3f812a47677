/**
 * What an action would act on, read fresh just before the person (or the rules) judge it: the element
 * behind a ref — or, with no ref, the element that has the keyboard focus — with its form (method,
 * action, label, default button, fields and their values), the buttons beside an editable area, and the
 * options a select would choose. Facts only: the worker's rules (src/tools/safety/) decide what they mean.
 *
 * DOM properties are read through the prototypes' getters: a page can put `<input name="action">` in a
 * form, which makes `form.action` an element, or define its own `value` on an input.
 */
import type { PageResultOf } from '../shared/protocol/page.js';
import { nameOf, roleOf } from './aria.js';
import { documentId } from './refs.js';

type Facts = PageResultOf<'inspect'>;
type ControlFacts = NonNullable<Facts['target']>;
type FormFacts = NonNullable<Facts['form']>;

const getter = <T>(proto: object, key: string): ((target: unknown) => T) => {
  const get = Object.getOwnPropertyDescriptor(proto, key)?.get;
  return (target) => get?.call(target) as T;
};
const formAction = getter<string>(HTMLFormElement.prototype, 'action');
const formMethod = getter<string>(HTMLFormElement.prototype, 'method');
const formElements = getter<HTMLFormControlsCollection>(HTMLFormElement.prototype, 'elements');
const inputType = getter<string>(HTMLInputElement.prototype, 'type');
const inputValue = getter<string>(HTMLInputElement.prototype, 'value');
const inputForm = getter<HTMLFormElement | null>(HTMLInputElement.prototype, 'form');
const buttonForm = getter<HTMLFormElement | null>(HTMLButtonElement.prototype, 'form');
const buttonType = getter<string>(HTMLButtonElement.prototype, 'type');
const selectForm = getter<HTMLFormElement | null>(HTMLSelectElement.prototype, 'form');
const textareaForm = getter<HTMLFormElement | null>(HTMLTextAreaElement.prototype, 'form');
const textareaValue = getter<string>(HTMLTextAreaElement.prototype, 'value');
const selectValue = getter<string>(HTMLSelectElement.prototype, 'value');
const innerText = getter<string>(HTMLElement.prototype, 'innerText');
const anchorHref = getter<string>(HTMLAnchorElement.prototype, 'href');
const areaHref = getter<string>(HTMLAreaElement.prototype, 'href');
const isContentEditable = getter<boolean>(HTMLElement.prototype, 'isContentEditable');

const MAX_TEXT = 200;
const MAX_FIELDS = 40;
const clip = (text: string, max = MAX_TEXT) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const attr = (element: Element, name: string) => Element.prototype.getAttribute.call(element, name);
const query = (scope: Element, selector: string) => Element.prototype.querySelector.call(scope, selector);
const parentOf = getter<Element | null>(Node.prototype, 'parentElement');

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
  if (element instanceof HTMLInputElement) return inputForm(element);
  if (element instanceof HTMLButtonElement) return buttonForm(element);
  if (element instanceof HTMLSelectElement) return selectForm(element);
  if (element instanceof HTMLTextAreaElement) return textareaForm(element);
  return element.closest('form');
}

function editableKind(element: Element): ControlFacts['editable'] {
  if (element instanceof HTMLTextAreaElement) return 'textarea';
  if (element instanceof HTMLInputElement) {
    const type = inputType(element);
    return ['text', 'search', 'email', 'tel', 'url', 'password', 'number', ''].includes(type) ? 'field' : undefined;
  }
  return element instanceof HTMLElement && isContentEditable(element) ? 'editable' : undefined;
}

/** Does this control submit its form when activated? */
function submitsForm(element: Element): boolean {
  if (element instanceof HTMLButtonElement) return buttonType(element) === 'submit';
  if (element instanceof HTMLInputElement) return ['submit', 'image'].includes(inputType(element));
  return false;
}

function controlFacts(element: Element): ControlFacts {
  const role = roleOf(element) || element.tagName.toLowerCase();
  const facts: ControlFacts = { role, name: clip(nameOf(element, role)), tag: element.tagName.toLowerCase(), text: element instanceof HTMLElement ? clip(innerText(element) ?? '') : '' };
  const title = attr(element, 'title');
  if (title) facts.title = clip(title);
  if (element instanceof HTMLInputElement) {
    const type = inputType(element);
    facts.inputType = type;
    // Only a button's value is its label; a field's value is what the person or the agent typed.
    if (['submit', 'button', 'reset', 'image'].includes(type)) facts.value = clip(inputValue(element));
  }
  const autocomplete = attr(element, 'autocomplete');
  if (autocomplete) facts.autocomplete = clip(autocomplete, 80);
  if (element instanceof HTMLAnchorElement || element instanceof HTMLAreaElement) {
    const href = element instanceof HTMLAnchorElement ? anchorHref(element) : areaHref(element);
    if (href) facts.href = href;
    const target = attr(element, 'target');
    if (target) facts.target = clip(target, 40);
  }
  const editable = editableKind(element);
  if (editable) facts.editable = editable;
  const onchange = attr(element, 'onchange') ?? attr(element, 'oninput');
  if (onchange) facts.handler = clip(onchange, 300);
  if (submitsForm(element)) {
    facts.submits = true;
    const override = { method: attr(element, 'formmethod'), action: attr(element, 'formaction') };
    if (override.method) facts.formMethod = override.method.toLowerCase();
    const action = absolute(override.action);
    if (action) facts.formAction = action;
  }
  return facts;
}

/** A form's name as a person would see it: aria-label(ledby), a legend, the nearest heading, then name or id. */
function formLabel(form: HTMLFormElement): string {
  const ariaLabel = attr(form, 'aria-label');
  if (ariaLabel?.trim()) return clip(ariaLabel);
  const labelledBy = (attr(form, 'aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? document.getElementById(id) : null));
  const labelText = labelledBy.map((target) => (target instanceof HTMLElement ? innerText(target) : '')).join(' ').trim();
  if (labelText) return clip(labelText);
  const headings = 'legend, h1, h2, h3, h4, h5, h6';
  const parent = parentOf(form);
  const heading = query(form, headings) ?? (parent ? query(parent, 'h1, h2, h3, h4, h5, h6') : null);
  if (heading instanceof HTMLElement) return clip(innerText(heading));
  return clip(attr(form, 'name') ?? attr(form, 'id') ?? '');
}

/** The fields a submission would send, with their values (passwords never leave the page). */
function formFields(form: HTMLFormElement): FormFacts['fields'] {
  const fields: FormFacts['fields'] = [];
  for (const control of Array.from(formElements(form))) {
    if (fields.length >= MAX_FIELDS) break;
    const name = attr(control, 'name') ?? '';
    let type: string;
    let value: string;
    if (control instanceof HTMLInputElement) {
      type = inputType(control);
      if (['submit', 'button', 'reset', 'image', 'file'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !control.checked) continue;
      value = inputValue(control);
    } else if (control instanceof HTMLTextAreaElement) {
      type = 'textarea';
      value = textareaValue(control);
    } else if (control instanceof HTMLSelectElement) {
      type = 'select';
      value = selectValue(control);
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
  const submitter = Array.from(formElements(form)).find((control) => control instanceof Element && Element.prototype.matches.call(control, SUBMITTERS));
  const blocking = Array.from(formElements(form)).filter((control) => control instanceof HTMLInputElement && BLOCKING_FIELDS.has(inputType(control))).length;
  return {
    method: (formMethod(form) || 'get').toLowerCase(),
    action: formAction(form) || location.href,
    label: formLabel(form),
    hasSubmitButton: submitter !== undefined,
    // HTML's implicit submission: Enter submits a form with a default button, or with one blocking field.
    enterSubmits: submitter !== undefined || blocking <= 1,
    ...(submitter ? { defaultButton: controlFacts(submitter) } : {}),
    handler: attr(form, 'onsubmit') !== null,
    fields: formFields(form),
  };
}

/** Labels of the buttons next to an editable area (a chat box's "Send"), where Enter may act for them. */
function nearbyButtons(element: Element): string[] {
  let scope: Element | null = element.parentElement;
  for (let depth = 0; scope && depth < 4; depth++, scope = scope.parentElement) {
    const buttons = Array.from(scope.querySelectorAll('button, [role=button], input[type=submit], input[type=button]')).slice(0, 8);
    if (buttons.length > 0) return buttons.map((button) => clip(nameOf(button, roleOf(button) || 'button'), 80)).filter(Boolean).slice(0, 6);
  }
  return [];
}

/** The element with the keyboard focus, inside open shadow roots; 'frame' when it is in a child frame. */
function focusedElement(): { element: Element | undefined; focus: Facts['focus'] } {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === document.body || active === document.documentElement) return { element: undefined, focus: 'body' };
  if (active instanceof HTMLIFrameElement || active instanceof HTMLFrameElement || active instanceof HTMLObjectElement) return { element: active, focus: 'frame' };
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
  const base = { documentId, url: location.href, origin: location.origin };
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
