/**
 * Data leaving its site. The run's ledger (src/runtime/data-ledger.ts) knows what was read where; these
 * rules say what an act would send where: text typed into a page goes to that page's origin (its
 * scripts read every keystroke), a form's fields go to its action, and an address carries its host,
 * path, query and fragment to the site it names — and, through an open redirect, to any address nested
 * in it.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { CarryOptions } from '../../runtime/data-ledger.js';
import type { DataFlow } from '../../runtime/permission-types.js';
import type { FormFacts } from './act-judgement.js';
import { siteOf } from './sites.js';

function decodeRepeatedly(text: string): string {
  let current = text.replace(/\+/g, ' ');
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** What an address carries, decoded: its host's labels, its path, its query and its fragment. */
export function dataOfUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return [
      parsed.hostname.split('.').slice(0, -2).join(' '),
      parsed.username,
      parsed.password,
      decodeRepeatedly(parsed.pathname),
      decodeRepeatedly(parsed.search.slice(1)),
      decodeRepeatedly(parsed.hash.slice(1)),
    ]
      .filter(Boolean)
      .join(' ');
  } catch {
    return decodeRepeatedly(url);
  }
}

/**
 * Other sites' addresses nested in an address (`/out?to=https%3A%2F%2Fevil.test%2F…`): where an open
 * redirect on the site may forward the tab, and the data with it.
 */
export function nestedSites(url: string): string[] {
  const own = siteOf(url);
  const sites = new Set<string>();
  for (const match of dataOfUrl(url).matchAll(/https?:\/\/[^\s"'<>]+|(?<![\w.])\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'<>]*/gi)) {
    const nested = siteOf(match[0].startsWith('//') ? `https:${match[0]}` : match[0]);
    if (nested !== undefined && nested !== own) sites.add(nested);
  }
  return [...sites];
}

/** The read data `outgoing` would carry to `destination` (an origin or address), as flows for the prompt. */
export function flowsTo(context: ToolUseContext, outgoing: string, destination: string, options: CarryOptions = {}): DataFlow[] {
  if (outgoing.trim() === '') return [];
  const to = siteOf(destination) ?? destination;
  return context.ledger
    .carriedTo(outgoing, destination, options)
    .map((carried) => ({ from: carried.from, to, text: carried.text, ...(carried.seen ? { seen: carried.seen } : {}) }));
}

/**
 * Text typed into a page (keys, `type`, a fill): judged alone and as the continuation of what this run
 * already typed into that site — a one-time code sent one digit per call is still the code — and then
 * noted as typed there. Why typing is a flow at all: the page's scripts read every keystroke.
 */
export function flowsOfTyping(context: ToolUseContext, text: string, destination: string): DataFlow[] {
  const flows = flowsTo(context, text, destination, { continuing: true });
  if (text.trim() !== '') context.ledger.noteSent(destination, text);
  return flows;
}

/**
 * Several values going to one place in one call (fill_form's fields, in field order; an MCP call's
 * arguments): each alone, and all together, joined as they are (one digit per box is one code) and with
 * spaces (a phrase split over fields is one phrase).
 */
export function flowsOfValues(context: ToolUseContext, values: readonly string[], destination: string, options: { typed?: boolean } = {}): DataFlow[] {
  const given = values.filter((value) => value.trim() !== '');
  const one = (text: string) => (options.typed ? flowsOfTyping(context, text, destination) : flowsTo(context, text, destination));
  const alone = given.flatMap(one);
  const together = given.length > 1 ? [...flowsTo(context, given.join(''), destination), ...flowsTo(context, given.join(' '), destination)] : [];
  return uniqueFlows([...alone, ...together]);
}

/**
 * The data an address carries to its own site and to every site nested in it. `published` leaves out
 * the origins that printed this very address (a link a page shows says nothing new about that page).
 */
export function flowsOfUrl(context: ToolUseContext, url: string): DataFlow[] {
  const data = dataOfUrl(url);
  return [url, ...nestedSites(url)].flatMap((destination) => flowsTo(context, data, destination, { published: url }));
}

/** The data a form submission would carry to its action: the values of its fields (and what is about to be typed). */
export function flowsOfForm(context: ToolUseContext, form: FormFacts, action: string, typed: string | readonly string[] = ''): DataFlow[] {
  const values = form.fields.filter((field) => !field.masked).map((field) => field.value);
  return flowsOfValues(context, [...values, ...(typeof typed === 'string' ? [typed] : typed)], action);
}

/** Flows with the same source, destination and text once. */
export function uniqueFlows(flows: readonly DataFlow[]): DataFlow[] {
  const seen = new Set<string>();
  return flows.filter((flow) => {
    const key = `${flow.from}\u0000${flow.to}\u0000${flow.text}\u0000${flow.seen ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
