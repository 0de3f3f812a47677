/**
 * The destructive rules that need judging, in one readable place. A call is destructive when a person
 * would want to be asked before it because it cannot be undone; tools call these from
 * `isDestructive(input, context)`. Tools whose every call is destructive (close_tab, memory_delete) say
 * so in their own definition.
 */
import type { ElementSummary } from '../runtime/page-state.js';

// ---------------------------------------------------------------------------------------------------
// Page rules. Each takes what the content script reported about an element (the per-tab snapshot
// cache, so no round trip) and says whether the act cannot be undone, and why.


/** A judgement with the reason the person is shown when asked. */
export interface DestructiveVerdict {
  destructive: boolean;
  reason?: string;
}

const SAFE: DestructiveVerdict = { destructive: false };

/**
 * Words that name an act a person cannot take back: deleting, paying, sending, publishing. Matched as
 * whole words in the element's accessible name ("Delete account", "Place order", "Send").
 */
export const IRREVERSIBLE_WORDS = ['delete', 'remove', 'pay', 'buy', 'place order', 'purchase', 'checkout', 'send', 'publish', 'transfer', 'unsubscribe', 'destroy', 'erase', 'cancel subscription', 'close account', 'submit payment'] as const;
const IRREVERSIBLE_PATTERN = new RegExp(`\\b(${IRREVERSIBLE_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/** Roles whose activation only changes what is shown. */
const SHOWS_ONLY_ROLES = new Set(['tab']);

/**
 * Rule 1 — clicks. Destructive when the target reads as an irreversible act, or when it submits a form
 * that POSTs (a POST changes something on the server; a GET search form does not). A tab header is
 * not (it only shows a panel). An element the snapshot never reported is judged destructive: unknown
 * means unsafe.
 */
export function clickIsDestructive(element: ElementSummary | undefined): DestructiveVerdict {
  if (!element) return { destructive: true, reason: 'the target was not seen in a snapshot of this page, so what it does is unknown' };
  // A tab header only brings its panel into view, whatever it is labelled ("Send feedback", "Delete
  // history" tabs): the act, if any, is a button inside the panel, judged when it is clicked.
  if (SHOWS_ONLY_ROLES.has(element.role)) return SAFE;
  const match = IRREVERSIBLE_PATTERN.exec(element.name);
  if (match) return { destructive: true, reason: `the target "${element.name}" reads as an irreversible act (${match[1]?.toLowerCase()})` };
  if (element.submits && (element.formMethod ?? 'get').toLowerCase() === 'post') {
    return { destructive: true, reason: `it submits a form that posts to ${element.formAction ?? 'the site'}` };
  }
  return SAFE;
}

const PAYMENT_NAME = /\b(card|cc|credit|debit|cvv|cvc|csc|security\s*code|expir\w*|iban|account\s*number|routing|sort\s*code|pin)\b/i;

/**
 * Rule 2 — typing and filling. Destructive when the field holds a secret or payment data: a password
 * input, an autocomplete token for passwords, one-time codes or cards (`cc-*`), or a name/label that
 * reads as card, CVV, expiry or bank details. An unknown field is judged destructive too.
 */
export function fieldIsSensitive(element: ElementSummary | undefined): DestructiveVerdict {
  if (!element) return { destructive: true, reason: 'the field was not seen in a snapshot of this page, so it may hold a password or payment data' };
  if (element.inputType === 'password') return { destructive: true, reason: `"${element.name || 'this field'}" is a password field` };
  const tokens = (element.autocomplete ?? '').toLowerCase().split(/\s+/);
  const token = tokens.find((t) => t.startsWith('cc-') || t === 'current-password' || t === 'new-password' || t === 'one-time-code' || t === 'transaction-amount');
  if (token) return { destructive: true, reason: `the field is marked autocomplete="${token}" (a secret or payment detail)` };
  const match = PAYMENT_NAME.exec(element.name);
  if (match) return { destructive: true, reason: `the field "${element.name}" asks for payment or bank data (${match[1]?.toLowerCase()})` };
  return SAFE;
}

function siteOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.origin === 'null') return parsed.protocol;
    // www.example.com and example.com are one site to a person.
    return `${parsed.protocol}//${parsed.host.replace(/^www\./, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * Rule 3 — navigation. Destructive when it leaves the current site (another scheme, host or port),
 * because a new site gets the agent's attention and possibly its input. Staying on the site, or an
 * unknown current page going nowhere new, is not. When the current site is unknown, leaving is assumed.
 */
export function navigationIsCrossSite(fromUrl: string | undefined, toUrl: string): DestructiveVerdict {
  const to = siteOf(toUrl);
  if (to === undefined) return { destructive: true, reason: `"${toUrl}" is not a valid address` };
  const from = fromUrl === undefined ? undefined : siteOf(fromUrl);
  if (from === undefined) return { destructive: true, reason: `the current page is unknown, so going to ${to} may leave the site` };
  if (from !== to) return { destructive: true, reason: `it leaves ${from} for another site, ${to}` };
  return SAFE;
}

// ---------------------------------------------------------------------------------------------------
// Saved files.

/**
 * File types that run or render active content when the person opens them: programs, scripts,
 * installers, shortcuts, and HTML/SVG (scripts in a local file). Page text could talk the model into
 * saving one of these, so saving one asks the person even in auto mode.
 */
const ACTIVE_FILE = /\.(exe|msi|msix|appx|bat|cmd|com|scr|pif|cpl|ps1|psm1|vbs|vbe|js|jse|mjs|wsf|wsh|hta|lnk|url|webloc|inf|reg|sh|bash|zsh|csh|command|tool|app|desktop|run|bin|jar|apk|dmg|pkg|deb|rpm|appimage|py|pl|rb|php|html?|xhtml|shtml|mht|mhtml|svg|xml|xsl)$/i;

/** Rule 4 — save_file. Destructive when the saved file would run code (or active content) once opened. */
export function savedFileIsActive(filename: string): DestructiveVerdict {
  const match = ACTIVE_FILE.exec(filename.trim());
  if (match) return { destructive: true, reason: `"${filename}" is a .${match[1]?.toLowerCase()} file, which can run code when opened` };
  return SAFE;
}
