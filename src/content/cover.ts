/**
 * ELEMENT_COVERED that says what the cover is, because the advice differs (each a heuristic on the page's
 * structure and styles, never a reason to press anywhere but the judged point):
 * - part of the same control: a custom select's wrapper drawn over its native select, a web component's
 *   own host, a label over its drop zone or input. A person's click lands on the cover and works: the
 *   error gives the cover's ref to act on it (the act on it is judged as its own call).
 * - shown only on hover or focus: row actions a stylesheet reveals on `:hover`/`:focus-within`. Hover the
 *   row first, or focus the control and press a key.
 * - a real overlay (a cookie banner, a dialog, a sidebar): dismiss it first.
 * - a shade: an overlay with nothing to press laid over the page beside the dialog it belongs to (a product
 *   tour's backdrop, Node-RED's, driver.js's SVG): the dialog is named instead, with its buttons, since the
 *   shade's own ref leads nowhere (reading it finds nothing visible).
 * Every kind names the cover with its ref. Nothing here changes where a press goes: the pointer rule
 * (TARGET_MOVED when the point no longer lands on the judged element) is src/content/point-check.ts.
 */
import { ToolError } from '../runtime/errors.js';
import type { ElementSummary } from '../runtime/page-state.js';
import { nameOf } from './accessible-name.js';
import { isDisabled, roleOf } from './aria.js';
import { summarize } from './element-line.js';
import { refFor } from './refs.js';
import { describeCover, label } from './target.js';
import { isShown } from './visibility.js';
import { rectOf } from './dom.js';
import { CONTROL_SELECTOR } from './observe-util.js';

/** Roles of one control: a cover inside the same one of these as the target is part of it. */
const CONTROL_ROLES = new Set([
  'button',
  'combobox',
  'listbox',
  'option',
  'radio',
  'checkbox',
  'switch',
  'slider',
  'tab',
  'menuitem',
  'textbox',
  'searchbox',
  'spinbutton',
  'radiogroup',
]);

/** The parent across shadow roots: a shadow root's child goes to its host. */
export function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

function ancestors(element: Element): Element[] {
  const chain: Element[] = [];
  for (let current: Element | null = element; current; current = composedParent(current)) chain.push(current);
  return chain;
}

/** The nearest element holding both (across shadow roots), or null. */
function commonAncestor(a: Element, b: Element): Element | null {
  const ofA = new Set(ancestors(a));
  return ancestors(b).find((element) => ofA.has(element)) ?? null;
}

/** Whether the cover is part of the control the target belongs to (its wrapper, its host, its label). */
function sameControl(element: Element, cover: Element): boolean {
  const common = commonAncestor(element, cover);
  if (!common || common === document.body || common === document.documentElement) return false;
  if (common === cover) return true; // the target's own wrapper or host, drawn over it
  // A label drawn over something in its own wrapper is that control's face (a drop zone's "Drop files here").
  if (cover.closest('label')) return true;
  for (let current: Element | null = common; current && current !== document.body; current = composedParent(current)) {
    if (current.tagName.includes('-') || current instanceof HTMLLabelElement || CONTROL_ROLES.has(roleOf(current))) return true;
    if (current === common) break; // only the common ancestor itself says which control both are in
  }
  return false;
}

/** Strips :hover/:focus/:focus-within/:focus-visible from a selector (what it matches once hovered or focused). */
const stripInteraction = (selector: string) => selector.replace(/:(hover|focus-within|focus-visible|focus)\b/g, '');

/** The most style rules looked at: the check runs only on the error path, but a page's sheets can be huge. */
const MAX_RULES = 5_000;

/** Whether a stylesheet rule for :hover or :focus of it or an ancestor shows the element (opacity, visibility, display, pointer events). */
function revealedByHover(element: Element): boolean {
  let seen = 0;
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet cannot be read
    }
    for (const rule of Array.from(rules)) {
      if (++seen > MAX_RULES) return false;
      if (!(rule instanceof CSSStyleRule) || !/:(hover|focus)/.test(rule.selectorText)) continue;
      // Only a rule that shows something: a hover colour on every button says nothing about being revealed.
      const style = rule.style;
      if (!style.opacity && !style.visibility && !style.display && !style.pointerEvents) continue;
      for (const selector of rule.selectorText.split(',')) {
        if (!/:(hover|focus)/.test(selector)) continue;
        try {
          if (element.matches(stripInteraction(selector).trim() || '*')) return true;
        } catch {
          // a selector this browser cannot match once stripped
        }
      }
    }
  }
  return false;
}

/** A ref for the cover, with its summary for the worker's snapshot cache. */
function coverRef(cover: Element): { ref: string; summary: ElementSummary; text: string } {
  const role = roleOf(cover) || cover.tagName.toLowerCase();
  const name = nameOf(cover, role);
  const ref = refFor(cover);
  return { ref, summary: summarize(cover, role, name), text: `${label(cover)} [ref=${ref}]` };
}

/** The outermost positioned part of a cover (what describeCover names), to give its ref. */
function overlayOf(cover: Element): Element {
  let best = cover;
  for (let current: Element | null = cover; current && current !== document.body; current = current.parentElement) {
    const style = getComputedStyle(current);
    if (style.position === 'fixed' || style.position === 'absolute' || roleOf(current) === 'dialog') best = current;
  }
  return best;
}

/** ELEMENT_COVERED for `element`, whose point is taken by `hit`, with the kind of cover, its advice and its ref. */
export function coveredError(element: Element, hit: Element, where = `${label(element)} is covered by`): ToolError {
  const described = describeCover(hit);
  if (revealedByHover(element)) {
    const row = element.closest('tr, li, [role=row], [role=listitem], [role=gridcell]') ?? hit;
    const { ref, summary, text } = coverRef(row);
    return new ToolError(
      'ELEMENT_COVERED',
      `${label(element)} shows only while the pointer is over ${text} or it has focus; now ${described} would receive the click.`,
      {
        suggestion: `Hover over ${ref} first (hover), then click again; or focus the control (press_key Tab) and press Enter.`,
        details: { coveredBy: described, cover: 'shown on hover or focus', coverRef: ref, coverSummary: summary },
      },
    );
  }
  if (sameControl(element, hit)) {
    const control = hit.closest('label') ?? hit;
    const { ref, summary, text } = coverRef(control);
    return new ToolError('ELEMENT_COVERED', `${where} ${text}, part of the same control, which is what a person's click lands on.`, {
      suggestion: `Act on ${ref} instead (click it; for files, upload_file with ref ${ref}).`,
      details: { coveredBy: described, cover: 'part of the same control', coverRef: ref, coverSummary: summary },
    });
  }
  const overlay = overlayOf(hit);
  const dialog = dialogBesideShade(overlay);
  if (dialog) {
    const { ref, summary, text } = coverRef(dialog);
    const buttons = shownControls(dialog)
      .slice(0, 4)
      .map((control) => JSON.stringify(nameOf(control, roleOf(control) || 'button').slice(0, 40)))
      .filter((name) => name !== '""');
    return new ToolError('ELEMENT_COVERED', `${where} ${described}, a shade laid over the page while ${text} is open; the shade would receive the click.`, {
      suggestion: `Answer or close ${ref} first (${buttons.length > 0 ? `its buttons: ${buttons.join(', ')}; ` : ''}read_page with ref ${ref} lists them; or press_key Escape), then try again.`,
      details: { coveredBy: described, cover: 'shade beside a dialog', coverRef: ref, coverSummary: summary },
    });
  }
  const { ref, summary } = coverRef(overlay);
  return new ToolError('ELEMENT_COVERED', `${where} ${described} [ref=${ref}], which would receive the click.`, {
    suggestion: `Close or dismiss the covering element first (a cookie banner or dialog: find its close/accept button inside ${ref}), then try again.`,
    details: { coveredBy: described, cover: 'overlay', coverRef: ref, coverSummary: summary },
  });
}

/** The controls a person sees in `root` and can press. */
const shownControls = (root: Element): Element[] => [...root.querySelectorAll(CONTROL_SELECTOR)].filter((control) => isShown(control) && !isDisabled(control));

/** Whether `root` holds a control a person sees and can press (stops at the first: an app's root holds thousands). */
const holdsControl = (root: Element): boolean => [...root.querySelectorAll(CONTROL_SELECTOR)].some((control) => isShown(control) && !isDisabled(control));

const DIALOGS = '[role=dialog], [role=alertdialog], dialog[open], [aria-modal=true]';

/** As large as a canvas, a panel or a shade: more than a quarter of the viewport, where a part of a thing never is. */
export function isLarge(element: Element): boolean {
  const box = rectOf(element);
  return box.width * box.height > (innerWidth * innerHeight) / 4;
}

/** Whether an overlay is laid over much of the page: positioned and large (a banner or a sticky bar is no shade). */
function coversPage(overlay: Element): boolean {
  const position = getComputedStyle(overlay).position;
  return (position === 'fixed' || position === 'absolute') && isLarge(overlay);
}

/** Whether `element` is (in) a shade laid over the page beside a dialog: what a press there reaches (point-name.ts). */
export const onShade = (element: Element): boolean => dialogBesideShade(overlayOf(element)) !== undefined;

/**
 * The dialog a shade is laid over the page with, when `overlay` is a shade: it holds no control a person
 * sees. The dialog is a shown one with controls outside the shade (by role), else a positioned sibling of the
 * shade with controls (a tour's popover drawn without a role). A heuristic.
 */
function dialogBesideShade(overlay: Element): Element | undefined {
  if (!coversPage(overlay) || holdsControl(overlay)) return undefined;
  const withControls = (element: Element) => !overlay.contains(element) && isShown(element) && holdsControl(element);
  const byRole = [...document.querySelectorAll(DIALOGS)].find(withControls);
  if (byRole) return byRole;
  return [...(overlay.parentElement?.children ?? [])].find((sibling) => {
    if (sibling === overlay || !withControls(sibling)) return false;
    const position = getComputedStyle(sibling).position;
    return position === 'fixed' || position === 'absolute';
  });
}
