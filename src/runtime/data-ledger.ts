/**
 * The run's data ledger: what the agent has read and from which origin (page text, snapshots, tool
 * results, memory notes), so an act that would carry that data to another origin can be stopped and
 * shown to the person first — typing it into another site's page, putting it in a URL, submitting it in
 * a form. One per run (the context holds it), seeded from the conversation's earlier results.
 *
 * Matching is on text, not on meaning: a fragment of the outgoing text counts when a stretch of at least
 * `MIN_SHARED` characters, or a distinctive token (a code, an e-mail address, a long identifier), also
 * appears in what was read from another origin — and neither the person said it nor the destination
 * itself showed it (then it is not news to the destination).
 */
import type { Message } from './model/types.js';

/** Characters that change nothing a person sees: soft hyphen, zero-width, joiners, BOM, bidi controls. */
export const INVISIBLE_CHARACTERS =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|[\uFE00-\uFE0F]/gu;

/** Shared stretches shorter than this are common words, not data. */
export const MIN_SHARED = 12;
/** Tokens at least this long that hold a digit or an @ are data even when short (codes, e-mails). */
const MIN_TOKEN = 6;
/** The ledger forgets its oldest reads beyond this many characters. */
const MAX_LEDGER_CHARS = 4_000_000;
/** At most this many fragments are reported per check. */
const MAX_MATCHES = 8;

/** A fragment of outgoing text that was read from another origin. */
export interface CarriedData {
  /** Where it was read (an origin, or `memory`, `tool:<name>`, `unknown`). */
  from: string;
  /** The fragment, as it appears in the outgoing text (bounded). */
  text: string;
}

/** What a run has read, by origin. */
export interface DataLedger {
  /** Notes a result the model read: `id` is its tool-use id, `origin` where it came from. */
  record(id: string, origin: string, text: string): void;
  /** Notes what the person wrote: what they said is theirs to send anywhere. */
  personSaid(text: string): void;
  /**
   * The fragments of `outgoing` that came from an origin other than `destination`'s site. An origin
   * whose reads contain `published` (the whole outgoing address, say) is left out: following a link a
   * page printed carries nothing of that page's that the link did not already say.
   */
  carriedTo(outgoing: string, destination: string, options?: { published?: string }): CarriedData[];
  /** Where each recorded result came from, by tool-use id (saved with the conversation). */
  sources(): Record<string, string>;
}

/**
 * The form text is compared in: NFKC, invisible characters dropped, lower case, one space for any run,
 * and the scheme and host of every address left out — `https://www.` or `http://127.0.0.1:` is in every
 * page; what an address carries is in its path and query.
 */
export function ledgerForm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE_CHARACTERS, '')
    .toLowerCase()
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>]*/g, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Scheme, host without `www.`, and port: what "the same site" means to a person. */
export function siteKey(origin: string): string {
  try {
    const url = new URL(origin);
    if (url.origin === 'null') return origin;
    return `${url.protocol}//${url.host.replace(/^www\./, '')}`;
  } catch {
    return origin;
  }
}

interface Entry {
  id: string;
  site: string;
  from: string;
  text: string;
  /** The addresses the text shows (absolute, or resolved against its origin), as `URL.href`. */
  links: Set<string>;
}

/** Addresses a text shows: absolute ones, and read_page's and find's `(url: …)` targets and Markdown links resolved against `origin`. */
function linksOf(text: string, origin: string): Set<string> {
  const links = new Set<string>();
  const add = (raw: string, exact = false) => {
    try {
      links.add(new URL(exact ? raw : raw.replace(/[),.;]+$/, ''), origin).href);
    } catch {
      // not an address
    }
  };
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s"'<>]+/gi)) add(match[0]);
  // `(url: /wiki/A_(b))`: the greedy \S+ gives back only the closing parenthesis of the target.
  for (const match of text.matchAll(/\(url: (\S+)\)|\]\((\S+?)(?:\s+"[^"]*")?\)/g)) {
    if (match[1] !== undefined) add(match[1], true);
    else add(match[2] ?? '');
  }
  return links;
}

/** An address as `URL.href`, or undefined. */
function hrefOf(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

const BASE = 257;
const MOD = 2_147_483_629; // a prime below 2^31, so products stay exact in doubles
let POWER = 1;
for (let i = 0; i < MIN_SHARED - 1; i++) POWER = (POWER * BASE) % MOD;

function gramHashes(text: string, each: (hash: number, end: number) => void): void {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= MIN_SHARED) hash = (hash - ((text.charCodeAt(i - MIN_SHARED) * POWER) % MOD) + MOD) % MOD;
    hash = (hash * BASE + text.charCodeAt(i)) % MOD;
    if (i >= MIN_SHARED - 1) each(hash, i + 1);
  }
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}@._+-]*[\p{L}\p{N}]/gu;
const isDistinctive = (token: string) => token.length >= MIN_TOKEN && (/\p{N}/u.test(token) || token.includes('@') || token.length >= 16);
const hasSubstance = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/** A ledger held in memory for one run. */
export function createDataLedger(): DataLedger {
  const entries: Entry[] = [];
  const person: string[] = [];
  let size = 0;

  const sameSiteText = (site: string) => entries.filter((entry) => entry.site === site).map((entry) => entry.text);

  return {
    record(id, origin, text) {
      const form = ledgerForm(text);
      if (form.length < MIN_TOKEN) return;
      entries.push({ id, site: siteKey(origin), from: origin, text: form, links: linksOf(text, origin) });
      size += form.length;
      while (size > MAX_LEDGER_CHARS && entries.length > 1) size -= entries.shift()?.text.length ?? 0;
    },
    personSaid(text) {
      const form = ledgerForm(text);
      if (form) person.push(form);
    },
    carriedTo(outgoing, destination, options = {}) {
      const out = ledgerForm(outgoing);
      if (out.length < MIN_TOKEN) return [];
      const destinationSite = siteKey(destination);
      const published = options.published ? hrefOf(options.published) : undefined;
      const foreign = entries.filter((entry) => entry.site !== destinationSite);
      const origins = new Map<string, string[]>();
      for (const entry of foreign) origins.set(entry.from, [...(origins.get(entry.from) ?? []), entry.text]);
      if (published) for (const entry of foreign) if (entry.links.has(published)) origins.delete(entry.from);
      if (origins.size === 0) return [];

      // Which characters of `out` each foreign origin shares: long stretches, then distinctive tokens.
      const grams = new Map<number, number[]>();
      gramHashes(out, (hash, end) => grams.set(hash, [...(grams.get(hash) ?? []), end]));
      const coveredBy = new Map<string, Uint8Array>();
      for (const [from, texts] of origins) {
        const covered = new Uint8Array(out.length);
        for (const text of texts) {
          gramHashes(text, (hash, end) => {
            for (const outEnd of grams.get(hash) ?? []) {
              if (text.slice(end - MIN_SHARED, end) === out.slice(outEnd - MIN_SHARED, outEnd)) covered.fill(1, outEnd - MIN_SHARED, outEnd);
            }
          });
        }
        for (const match of out.matchAll(TOKEN)) {
          const token = match[0];
          if (isDistinctive(token) && texts.some((text) => text.includes(token))) covered.fill(1, match.index, match.index + token.length);
        }
        coveredBy.set(from, covered);
      }

      const own = [...person, ...sameSiteText(destinationSite)];
      const found: CarriedData[] = [];
      for (const [from, covered] of coveredBy) {
        for (let start = 0; start < out.length && found.length < MAX_MATCHES; start++) {
          if (!covered[start]) continue;
          let end = start;
          while (end < out.length && covered[end]) end++;
          const fragment = out.slice(start, end).trim();
          start = end;
          // Said by the person, or already shown by the destination: not news to anyone.
          if (!hasSubstance(fragment) || own.some((text) => text.includes(fragment))) continue;
          found.push({ from, text: fragment.length > 200 ? `${fragment.slice(0, 199)}…` : fragment });
        }
      }
      return found;
    },
    sources() {
      return Object.fromEntries(entries.map((entry) => [entry.id, entry.from]));
    },
  };
}

/**
 * Fills a run's ledger from the conversation so far: what the person wrote, and every tool result the
 * model has read with the origin it came from (`sources`, saved with the conversation). A result whose
 * origin was never saved (a conversation older than the ledger) counts as from an unknown origin — that
 * is, from another site than any destination: unknown is unsafe.
 */
export function seedLedger(ledger: DataLedger, messages: readonly Message[], sources: Readonly<Record<string, string>> | undefined): void {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.content) {
      if (block.type === 'text') ledger.personSaid(block.text);
      if (block.type !== 'tool_result') continue;
      const origin = sources ? sources[block.tool_use_id] : 'unknown';
      if (origin !== undefined) ledger.record(block.tool_use_id, origin, block.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n'));
    }
  }
}
