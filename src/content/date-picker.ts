/**
 * Date pickers, as a person sees them (a heuristic, by the words libraries use in their classes and
 * labels): a read-only input that opens a calendar, the calendar's days as cells named by their date, and
 * its month arrows as buttons. Without it a flatpickr calendar read as one line of digits
 * (`SunMonTue… 2930123…`) with no refs and no arrow, and typing into its read-only input failed with no
 * way forward. The names given here are fixed words or the page's own text (a day's aria-label, its
 * number and its calendar's month heading); the line grammar quotes them like any name.
 */
import {
  attrOf,
  closestOf,
  firstChildOf,
  firstElementChildOf,
  matchesOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  querySelectorOf,
  rootElementOf,
  rootNodeOf,
  tagOf,
  textContentOf,
} from './dom.js';
import { standInFor } from './labels.js';

/** Whether `grid` is a calendar's month (classed as a calendar, or labelled by a month and year), not a data grid. */
export function isCalendarGrid(grid: Element): boolean {
  if (closestOf(grid, CALENDAR_CLASSES)) return true;
  const label = attrOf(grid, 'aria-label') ?? '';
  return label !== '' && monthPattern().test(label);
}

/** What a calendar is called in classes (flatpickr, Pikaday, jQuery UI, react-datepicker, Litepicker, Duet…). */
const CALENDAR_CLASSES =
  '[class*="calendar" i], [class*="datepicker" i], [class*="date-picker" i], [class*="flatpickr" i], [class*="pika-" i], [class*="litepicker" i]';
/** A calendar by its classes or its role: a day classed as one is a day in either. */
const CALENDAR_SELECTOR = `${CALENDAR_CLASSES}, [role="grid"], [role="dialog"]`;

/** Words in an input's class, id, name, label or popup kind that say it opens a date picker. */
const PICKER_WORDS = /date|calendar|picker|flatpickr|pikaday/i;

/** A date written the common ways (2027-01-10, 10/01/2027, 10.1.27): a read-only input holding one is a date field. */
const DATE_VALUE = /^\s*(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})\b/;

/** Does this text field only take a date from a picker: read-only, and named, classed or valued as a date? */
export function opensDatePicker(element: Element): boolean {
  if (tagOf(element) !== 'INPUT' || !(element as HTMLInputElement).readOnly) return false;
  const input = element as HTMLInputElement;
  if (input.type !== 'text' && input.type !== 'search' && input.type !== '') return false;
  const popup = attrOf(element, 'aria-haspopup');
  if (popup === 'dialog' || popup === 'grid') return true;
  // A field drawn in place of a hidden picker input (flatpickr's altInput) is classed as a picker there.
  const original = standInFor(element);
  const words = [attrOf(element, 'class'), attrOf(element, 'id'), attrOf(element, 'name'), attrOf(element, 'placeholder'), attrOf(element, 'aria-label')];
  if (original) words.push(attrOf(original, 'class'));
  return words.some((word) => word !== null && PICKER_WORDS.test(word)) || DATE_VALUE.test(input.value) || monthPattern().test(input.value);
}

/** Per tree scope during a snapshot: does it hold any calendar at all? */
let calendarScopes: WeakMap<Node, boolean> | undefined;

/**
 * Runs `work` (a snapshot's walk) knowing, per tree scope, whether it holds a calendar: one query per
 * scope instead of a climb matched against substring selectors for every name of one or two digits
 * (a page's pagination and comment counts), nearly all on pages with no calendar at all.
 */
export function withCalendarScopes<T>(work: () => T): T {
  calendarScopes = new WeakMap();
  try {
    return work();
  } finally {
    calendarScopes = undefined;
  }
}

/** False when the element's tree scope holds no calendar (known only during a snapshot), else true. */
function mayBeInCalendar(element: Element): boolean {
  if (!calendarScopes) return true;
  const root = rootNodeOf(element);
  let has = calendarScopes.get(root);
  if (has === undefined) {
    if (root instanceof ShadowRoot) has = root.querySelector(CALENDAR_SELECTOR) !== null;
    else {
      // A detached subtree has no scope to ask: the climb decides.
      const top = root instanceof Document ? rootElementOf(root) : null;
      if (!top) return true;
      has = matchesOf(top, CALENDAR_SELECTOR) || querySelectorOf(top, CALENDAR_SELECTOR) !== null;
    }
    calendarScopes.set(root, has);
  }
  return has;
}

/** A calendar around the element, or null. */
const calendarOf = (element: Element): Element | null => (mayBeInCalendar(element) ? closestOf(element, CALENDAR_SELECTOR) : null);

/** The day number an element shows as its only content (1–31), or 0. */
function dayNumberOf(element: Element): number {
  const only = firstChildOf(element);
  if (!only || nodeTypeOf(only) !== 3 || nextSiblingOf(only)) return 0;
  const text = only.nodeValue?.trim() ?? '';
  if (!/^\d{1,2}$/.test(text)) return 0;
  const day = Number(text);
  return day >= 1 && day <= 31 ? day : 0;
}

/**
 * `prev` or `next` when the element's class or action says it moves a calendar back or on, else ''. Only
 * an icon (no text, or one glyph like `‹`) in an element classed as a calendar: a `next` wrapper in a
 * dialog, holding content, must not become one button and hide what it holds.
 */
function arrowOf(element: Element): 'prev' | 'next' | '' {
  // The words first: they are two attribute reads, where the text and the calendar around cost a subtree
  // and a climb matched against substring selectors (every unnamed link of a page asks; most say neither).
  const words = `${attrOf(element, 'class') ?? ''} ${attrOf(element, 'data-action') ?? ''}`;
  const arrow = /(^|[^a-z])prev/i.test(words) ? 'prev' : /(^|[^a-z])next/i.test(words) ? 'next' : '';
  if (!arrow || textContentOf(element).trim().length > 2 || !closestOf(element, CALENDAR_CLASSES)) return '';
  return arrow;
}

/**
 * What a calendar part with no role of its own is: `gridcell` for a day (a leaf showing only its number,
 * classed as a day), `button` for a month arrow, `weekday` for a weekday's label (a word of its own: the
 * row read as `SunMonTue…`), '' for anything else. Asked for elements with attributes and no role; the
 * class test comes first, so an ordinary element pays one attribute read.
 */
export function calendarPartOf(element: Element): '' | 'gridcell' | 'button' | 'weekday' {
  const classes = attrOf(element, 'class');
  if (!classes) return '';
  // Asked for every role-less element with attributes: no string is built when there is no data-action.
  const action = attrOf(element, 'data-action');
  if (!/day|prev|next/i.test(action === null ? classes : classes + action)) return '';
  if (/week-?day|day-?name/i.test(classes)) return 'weekday';
  if (/day/i.test(classes) && dayNumberOf(element) > 0) return calendarOf(element) ? 'gridcell' : '';
  return arrowOf(element) ? 'button' : '';
}

/** The role `calendarPartOf` gives a control (a day or an arrow), or ''. */
export function calendarRoleOf(element: Element): '' | 'gridcell' | 'button' {
  const part = calendarPartOf(element);
  return part === 'weekday' ? '' : part;
}

/** States a calendar day shows only by its classes (flatpickr's `selected`, `flatpickr-disabled`): fixed words. */
export function calendarDayStates(element: Element, states: string): string {
  const classes = attrOf(element, 'class') ?? '';
  let more = '';
  if (!states.includes('[disabled]') && /(^|[\s_-])disabled\b/i.test(classes)) more += ' [disabled]';
  if (!states.includes('[selected]') && /(^|[\s_-])selected\b/i.test(classes)) more += ' [selected]';
  return states + more;
}

/**
 * The name of a calendar part whose own name says too little: a day named only by its number gets its
 * calendar's month and year ("10 January 2027"); an unnamed month arrow is "previous month" or "next
 * month" (so is one named only by a glyph). Any other name is returned as it is. A button "10" in a pagination bar has no month heading
 * around it and keeps its name.
 */
export function calendarNameOf(element: Element, role: string, name: string): string {
  if (/^[^\p{L}\p{N}]*$/u.test(name)) {
    // No name, or only a glyph (`‹`, `»`): the arrow's class says which way it goes.
    if (role !== 'button' && role !== 'clickable' && role !== 'link') return name;
    const arrow = arrowOf(element);
    if (!arrow) return name;
    return arrow === 'prev' ? 'previous month' : 'next month';
  }
  if (name.length > 2 || !/^\d{1,2}$/.test(name)) return name;
  const day = Number(name);
  const heading = day >= 1 && day <= 31 ? monthHeadingOf(element) : '';
  return heading ? `${day} ${heading}` : name;
}

/**
 * The month and year of the calendar a day is in: climbing from the day, the first container whose text
 * before its first day names a month and a year (a two-month range picker has one heading per month).
 */
function monthHeadingOf(day: Element): string {
  const calendar = calendarOf(day);
  return calendar ? headingAbove(day, calendar) : '';
}

/**
 * The month and year the calendar around a month arrow shows ("January 2027"), or '' (no arrow, no
 * heading): what a click on the arrow did, where its days' numbers changing say nothing. The climb
 * stops at the calendar around the arrow's parent, so no month written elsewhere on the page is taken.
 */
export function shownMonthOf(arrow: Element): string {
  const parent = parentElementOf(arrow);
  if (!parent || calendarPartOf(arrow) !== 'button') return '';
  return headingAbove(arrow, calendarOf(parent));
}

function headingAbove(start: Element, stop: Element | null): string {
  for (let at = parentElementOf(start), steps = 0; at && steps < 8; at = at === stop ? null : parentElementOf(at), steps++) {
    const found = monthPattern().exec(textBeforeFirstDay(at));
    if (found) return found[1] ? `${found[1]} ${found[2]}` : `${found[4]} ${found[3]}`;
  }
  return '';
}

/** The text of a container up to its first day cell, with a select's chosen option and a field's value as their text. */
function textBeforeFirstDay(container: Element): string {
  const parts: string[] = [];
  let budget = 200;
  const visit = (element: Element): boolean => {
    if (--budget < 0) return false;
    const tag = tagOf(element);
    if (tag === 'SELECT') {
      parts.push((element as HTMLSelectElement).selectedOptions[0]?.label ?? '');
      return true;
    }
    if (tag === 'INPUT') {
      parts.push((element as HTMLInputElement).value);
      return true;
    }
    if (tag === 'SCRIPT' || tag === 'STYLE') return true;
    if (dayNumberOf(element) > 0) return false;
    for (let node = firstChildOf(element); node; node = nextSiblingOf(node)) {
      if (nodeTypeOf(node) === 3) parts.push(node.nodeValue ?? '');
      else if (nodeTypeOf(node) === 1 && !visit(node as Element)) return false;
    }
    return true;
  };
  for (let child = firstElementChildOf(container); child; child = nextElementSiblingOf(child)) if (!visit(child)) break;
  return parts.join(' ').replace(/\s+/g, ' ');
}

let months: { lang: string; pattern: RegExp } | undefined;

/**
 * Month names in English and in the page's language, as `Month Year` or `Year Month`: groups 1–2 or 3–4.
 * Built once per language (Intl gives the names, so a German calendar's "Januar 2027" reads too).
 */
function monthPattern(): RegExp {
  const lang = document.documentElement.lang || 'en';
  if (months?.lang === lang) return months.pattern;
  const names = new Set<string>();
  for (const locale of ['en', lang]) {
    try {
      for (const width of ['long', 'short'] as const) {
        const format = new Intl.DateTimeFormat(locale, { month: width });
        for (let month = 0; month < 12; month++) names.add(format.format(new Date(2000, month, 1)).replace(/\.$/, ''));
      }
    } catch {
      // An invalid lang attribute: English alone.
    }
  }
  const alternatives = [...names]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const pattern = new RegExp(`(?:^|[^\\p{L}])(?:(${alternatives})\\.?,?\\s*(\\d{4})|(\\d{4})\\s*\\S?\\s*(${alternatives}))(?![\\p{L}])`, 'iu');
  months = { lang, pattern };
  return pattern;
}
