/**
 * The destructive rules, in one readable place. A call is destructive when a person would want to be
 * asked before it because it cannot be undone; tools call these from `isDestructive(input, context)`
 * (on what the run's last snapshot said) and from `checkPermissions` (on what the page says now, see
 * judge-*.ts). Tools whose every call is destructive (close_tab, memory_delete) say so in their
 * own definition. The parts live in safety/: the word table (vocabulary.ts), canonical text
 * (normalize.ts), sites (sites.ts), acts judged by what they cause (act-judgement.ts), data leaving (data-flow.ts).
 */
import type { ElementSummary } from '../../runtime/page-state.js';
import { isPreview, removesChoice, runsQuery, savesEdit } from './context-words.js';
import { canonicalText, identifierWords } from './normalize.js';
import { SAFE, type DestructiveVerdict } from './verdict.js';
import { COMMITTING_ACTS, matchAct, type ActMatch } from './vocabulary.js';

export { navigationIsCrossSite, siteOf } from './sites.js';
export type { DestructiveVerdict } from './verdict.js';

/**
 * Roles whose activation only changes what is shown, only focuses a field (its label asks the person
 * something; it does not act), or toggles a state the next click toggles back (a switch, a checkbox, a
 * radio: "Archive old mail automatically" is a setting, not an archive). What a toggle's change handler
 * does, and the form it belongs to, are judged on their own.
 */
export const SHOWS_ONLY_ROLES = new Set(['tab', 'textbox', 'searchbox', 'spinbutton', 'switch', 'checkbox', 'radio', 'menuitemcheckbox', 'menuitemradio']);

/**
 * The act the first of these labels names, if any. A label that saves an edit ("Confirm changes") names
 * none, and on a chip (`chip`: a chosen value of a multi-select) "Remove" names none (context-words.ts).
 */
export function actOfLabels(
  labels: ReadonlyArray<string | undefined>,
  context: { chip?: boolean | undefined } = {},
): (ActMatch & { label: string }) | undefined {
  for (const label of labels) {
    if (!label || savesEdit(label)) continue;
    const match = matchAct(label);
    if (match && !removesChoice(match, context.chip)) return { ...match, label };
  }
  return undefined;
}

/**
 * The irreversible act a URL path names in its last two segments (`/mail/delete?id=4`, `/account/close-account`),
 * the way sites that act on GET name their endpoints. Whole segments only: `/how-to-delete-your-account`
 * is a page about deleting, not the act.
 */
export function actOfPath(url: string | undefined): ActMatch | undefined {
  if (!url) return undefined;
  let path: string;
  try {
    path = new URL(url, 'https://base.invalid/').pathname;
  } catch {
    return undefined;
  }
  const segments = path.split('/').filter(Boolean).slice(-2).reverse();
  for (const segment of segments) {
    const words = identifierWords(decodeURIComponentSafe(segment));
    const match = matchAct(words, { languages: ['en'] });
    // "submit" and "confirm" in an address name a step, not an act that cannot be undone.
    if (match && !COMMITTING_ACTS.has(match.act) && canonicalText(match.word.replace(/^=/, '')) === words) return match;
  }
  return undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** "reads as an irreversible act (delete)" for a matched label, or undefined for a GET-only commitment. */
export function actReason(match: (ActMatch & { label: string }) | undefined, options: { getOnly?: boolean } = {}): string | undefined {
  if (!match) return undefined;
  if (COMMITTING_ACTS.has(match.act) && options.getOnly) return undefined;
  return `“${match.label}” reads as an act that cannot be undone (${match.act}${match.language === 'en' ? '' : `, ${match.language}`})`;
}

/**
 * Rule 1 — clicks. Destructive when the target reads as an irreversible act (in any language of the
 * table), when its link's path names one, or when it submits a form that POSTs (a POST changes
 * something on the server; a GET search form does not). A tab header is not (it only shows a panel).
 * An element the snapshot never reported is judged destructive: unknown means unsafe.
 */
export function clickIsDestructive(element: ElementSummary | undefined): DestructiveVerdict {
  if (!element) return { destructive: true, reason: 'the target was not seen in a snapshot of this page, so what it does is unknown' };
  // A tab header only brings its panel into view, whatever it is labelled ("Send feedback", "Delete
  // history" tabs): the act, if any, is a button inside the panel, judged when it is clicked.
  if (SHOWS_ONLY_ROLES.has(element.role) && element.submits !== true) return SAFE;
  const getOnly = element.submits === true && (element.formMethod ?? 'get').toLowerCase() === 'get';
  const reason = actReason(actOfLabels([element.name], { chip: element.chip }), { getOnly });
  if (reason) return { destructive: true, reason };
  const pathAct = element.role === 'link' ? actOfPath(element.href) : undefined;
  if (pathAct) return { destructive: true, reason: `the link goes to ${element.href}, whose address names an act that cannot be undone (${pathAct.act})` };
  // A preview, or a query console's Run: what it posts is judged when it is clicked, from the form as it
  // is then (its action, its fields, the query text), by judgeSubmission; the snapshot cannot see those.
  const deferred = isPreview([element.name]) || runsQuery([element.name]);
  if (element.submits && (element.formMethod ?? 'get').toLowerCase() === 'post' && !deferred) {
    return { destructive: true, reason: `it submits a form that posts to ${element.formAction ?? 'the site'}` };
  }
  return SAFE;
}

/** Words that name payment or bank data in a field's label, in the table's languages (put in canonical form). */
const PAYMENT_WORDS = [
  'card',
  'cc',
  'credit',
  'debit',
  'cvv',
  'cvc',
  'csc',
  'security code',
  'expiry',
  'expiration',
  'expires',
  'iban',
  'account number',
  'routing',
  'sort code',
  'pin',
  'kartennummer',
  'prüfnummer',
  'número de tarjeta',
  'tarjeta',
  'numéro de carte',
  'cryptogramme',
  'cartão',
  'номер карты',
  'カード番号',
  'セキュリティコード',
  '卡号',
  '安全码',
  '카드 번호',
  '카드번호',
  'numer karty',
  'kart numarası',
  'kaartnummer',
];
const PAYMENT_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])(${PAYMENT_WORDS.map((word) => canonicalText(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

/**
 * Rule 2 — typing and filling. Destructive when the field holds a secret or payment data: a password
 * input, an autocomplete token for passwords, one-time codes or cards (`cc-*`), or a name/label that
 * reads as card, CVV, expiry or bank details. An unknown field is judged destructive too.
 */
export function fieldIsSensitive(element: Pick<ElementSummary, 'role' | 'name' | 'inputType' | 'autocomplete'> | undefined): DestructiveVerdict {
  if (!element) return { destructive: true, reason: 'the field was not seen in a snapshot of this page, so it may hold a password or payment data' };
  if (element.inputType === 'password') return { destructive: true, reason: `"${element.name || 'this field'}" is a password field` };
  const tokens = (element.autocomplete ?? '').toLowerCase().split(/\s+/);
  const token = tokens.find(
    (t) => t.startsWith('cc-') || t === 'current-password' || t === 'new-password' || t === 'one-time-code' || t === 'transaction-amount',
  );
  if (token) return { destructive: true, reason: `the field is marked autocomplete="${token}" (a secret or payment detail)` };
  const match = PAYMENT_NAME.exec(canonicalText(element.name));
  if (match) return { destructive: true, reason: `the field "${element.name}" asks for payment or bank data (${match[1]})` };
  return SAFE;
}

// ---------------------------------------------------------------------------------------------------
// Saved files.

/**
 * File types that run or render active content when the person opens them: programs, scripts,
 * installers, shortcuts, and HTML/SVG (scripts in a local file). Page text could talk the model into
 * saving one of these, so saving one asks the person even in auto mode.
 */
const ACTIVE_FILE =
  /\.(exe|msi|msix|appx|bat|cmd|com|scr|pif|cpl|ps1|psm1|vbs|vbe|js|jse|mjs|wsf|wsh|hta|lnk|url|webloc|inf|reg|sh|bash|zsh|csh|command|tool|app|desktop|run|bin|jar|apk|dmg|pkg|deb|rpm|appimage|py|pl|rb|php|html?|xhtml|shtml|mht|mhtml|svg|xml|xsl)$/i;

/** Rule 4 — save_file. Destructive when the saved file would run code (or active content) once opened. */
export function savedFileIsActive(filename: string): DestructiveVerdict {
  const match = ACTIVE_FILE.exec(filename.trim());
  if (match) return { destructive: true, reason: `"${filename}" is a .${match[1]?.toLowerCase()} file, which can run code when opened` };
  return SAFE;
}
