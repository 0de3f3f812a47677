/**
 * The run's data ledger: what the agent has read and from which origin (page text and each frame's,
 * snapshots, screenshots, tool results, memory notes, page text quoted into the person's message), so an
 * act that would carry that data to another origin can be stopped and shown to the person first —
 * typing it into another site's page, putting it in a URL, submitting it in a form, answering a dialog,
 * passing it to an MCP server. One per run (the context holds it), seeded from the conversation.
 *
 * Taint, not similarity, and nothing forgotten:
 * - a fragment of outgoing text counts when a stretch of MIN_SHARED characters, or a code (a token with
 *   a digit of 3 or more letters and digits — a CVV, a PIN, a one-time code — or an e-mail address), was
 *   read from an origin of another site than the destination's;
 * - only the person's own words are exempt; what the destination itself showed is not (a page that
 *   prints every candidate value would otherwise launder the real one);
 * - reads go into a filter that never forgets (ledger-filter.ts); once it is full, every text going to
 *   another site than the ones read counts as carrying data;
 * - an image counts as a read of its origins (a screenshot: the tab's frames when it was taken): what it
 *   showed cannot be matched as text, so any text sent to another site counts, unless it is all the
 *   person's own words.
 */
import type { Message, ToolResultContentBlock } from './model/types.js';
import { LedgerFilter } from './ledger-filter.js';
import { splitQuotes } from './ledger-quote.js';
import { codesOf, gramHashes, hrefOf, ledgerForm, linksOf, MIN_SHARED, siteKey, stringHashes, wordsOf } from './ledger-text.js';

export { INVISIBLE_CHARACTERS, ledgerForm, MIN_SHARED, siteKey } from './ledger-text.js';

/** At most this many fragments are reported per check (a prompt shows them all). */
export const MAX_MATCHES = 8;
/** How much of what a run typed into a site is kept to judge the next piece with it (a code one digit per call). */
const MAX_TRAIL = 64;
/** Links kept per origin for `published`; past it the exemption is lost, which only asks more. */
const MAX_LINKS = 50_000;
/** The person's words kept; past it the oldest are dropped, which only asks more. */
const MAX_PERSON_CHARS = 2_000_000;

/** A fragment of outgoing text that was read from another origin. */
export interface CarriedData {
  /** Where it was read (an origin, or `memory`, `tool:<name>`, `unknown`). */
  from: string;
  /** The fragment, as it appears in the outgoing text (ledger form, bounded): the data the prompt shows. */
  text: string;
  /** How it is known: `screenshot` (an image of that origin was seen), `unindexed` (the ledger is full). */
  seen?: 'screenshot' | 'unindexed';
}

/** One part of a result and the origin it came from: a frame's text, or an image of it. */
export interface LedgerRead {
  origin: string;
  text?: string;
  image?: boolean;
}

/** Where a saved result came from: one origin, or its lines by origin (ranges like `0-3,7`) and the images it had. */
export type LedgerSource = string | { lines: Record<string, string>; chars: number; images?: string[] };
export type LedgerSources = Record<string, LedgerSource>;

/** Options for a check. */
export interface CarryOptions {
  /**
   * The whole outgoing address: an origin whose own reads printed it is left out (following a link a
   * page printed carries nothing of that page's that the link did not already say).
   */
  published?: string;
  /** Judge the text as the continuation of what this run already typed into that site (a code one box per call). */
  continuing?: boolean;
}

/** What a run has read, by origin. */
export interface DataLedger {
  /** Notes a result the model read: `id` is its tool-use id, `origin` where it came from. */
  record(id: string, origin: string, text: string): void;
  /**
   * Notes a result made of reads of several origins (a page and its frames, a screenshot): each line of
   * `whole` goes to the reads that hold it, the rest to `rest`.
   */
  recordReads(id: string, whole: string, reads: readonly LedgerRead[], rest: string): void;
  /** Notes what the person wrote: their words are theirs to send anywhere; page text quoted in it is the page's. */
  personSaid(text: string): void;
  /** The fragments of `outgoing` that came from an origin of another site than `destination`'s. */
  carriedTo(outgoing: string, destination: string, options?: CarryOptions): CarriedData[];
  /** Notes text typed into `destination`, so the next piece is judged with it. */
  noteSent(destination: string, text: string): void;
  /** Where each recorded result came from, by tool-use id (saved with the conversation). */
  sources(): LedgerSources;
  /** How full the filter is. */
  fill(): { keys: number; capacity: number; full: boolean; bytes: number };
}

const clipped = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
const hasSubstance = (text: string) => /[\p{L}\p{N}]{3}/u.test(text) || codesOf(text).length > 0;
const codeHashes = (key: string) => stringHashes(`\u0001${key}`);

/** Line numbers as ranges: [0,1,2,5] → "0-2,5". */
function ranges(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i] as number;
    let end = start;
    while (lines[i + 1] === end + 1) end = lines[++i] as number;
    parts.push(end === start ? `${start}` : `${start}-${end}`);
  }
  return parts.join(',');
}
function lineNumbers(spec: string): number[] {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || !Number.isInteger(from)) return [];
    const last = to !== undefined && Number.isInteger(to) ? Math.min(to, from + 100_000) : from;
    return Array.from({ length: last - from + 1 }, (_, i) => from + i);
  });
}

/** A ledger held in memory for one run. `capacity`: keys its filter holds (default about 4 MB of text read). */
export function createDataLedger(options: { capacity?: number } = {}): DataLedger {
  const filter = new LedgerFilter(options.capacity);
  const names: string[] = [];
  const sites: string[] = [];
  const numbers = new Map<string, number>();
  const links = new Map<number, Set<string>>();
  const images = new Set<number>();
  const person: string[] = [];
  const personWords = new Set<string>();
  let personChars = 0;
  const trails = new Map<string, string>();
  const saved: LedgerSources = {};
  // A read the filter had no room for: from then on, nothing sent to another site is known to be clean.
  let overflowed = false;

  const numberOf = (origin: string) => {
    let number = numbers.get(origin);
    if (number === undefined) {
      number = names.length;
      numbers.set(origin, number);
      names.push(origin);
      sites.push(siteKey(origin));
    }
    return number;
  };

  const ingest = (origin: string, text: string) => {
    const number = numberOf(origin);
    const form = ledgerForm(text);
    if (!form) return;
    gramHashes(form, (a, b) => {
      if (!filter.add(number, a, b)) overflowed = true;
    });
    for (const code of codesOf(form)) if (!filter.add(number, ...codeHashes(code.key))) overflowed = true;
    const shown = links.get(number) ?? new Set<string>();
    links.set(number, shown);
    for (const link of linksOf(text, origin)) if (shown.size < MAX_LINKS) shown.add(link);
  };

  /** Is every word of `form` one the person wrote (or is there none)? */
  const personsOwn = (form: string) => wordsOf(form).every((word) => personWords.has(word));

  return {
    record(id, origin, text) {
      saved[id] = origin;
      ingest(origin, text);
    },
    recordReads(id, whole, reads, rest) {
      const owners = new Map<string, Set<string>>();
      const imageOrigins = new Set<string>();
      for (const read of reads) {
        if (read.image) imageOrigins.add(read.origin);
        for (const line of (read.text ?? '').split('\n')) {
          const key = line.trim();
          if (key) owners.set(key, (owners.get(key) ?? new Set()).add(read.origin));
        }
      }
      const wholeLines = whole.split('\n');
      const byOrigin = new Map<string, number[]>();
      wholeLines.forEach((line, index) => {
        const key = line.trim();
        if (!key) return;
        for (const origin of owners.get(key) ?? [rest]) byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), index]);
      });
      for (const [origin, lines] of byOrigin) ingest(origin, lines.map((index) => wholeLines[index]).join('\n'));
      for (const origin of imageOrigins) images.add(numberOf(origin));
      const only = [...byOrigin.keys()];
      if (only.length <= 1 && imageOrigins.size === 0) {
        saved[id] = only[0] ?? rest;
        return;
      }
      saved[id] = {
        lines: Object.fromEntries([...byOrigin].map(([origin, lines]) => [origin, ranges(lines)])),
        chars: whole.length,
        ...(imageOrigins.size > 0 ? { images: [...imageOrigins] } : {}),
      };
    },
    personSaid(text) {
      const { own, quotes } = splitQuotes(text);
      for (const quote of quotes) ingest(quote.origin, quote.text);
      const form = ledgerForm(own);
      if (!form) return;
      person.push(form);
      personChars += form.length;
      while (personChars > MAX_PERSON_CHARS && person.length > 1) personChars -= person.shift()?.length ?? 0;
      for (const word of wordsOf(form)) personWords.add(word);
    },
    carriedTo(outgoing, destination, options = {}) {
      const fresh = ledgerForm(outgoing);
      if (!fresh) return [];
      const destinationSite = siteKey(destination);
      const trail = options.continuing ? (trails.get(destinationSite) ?? '') : '';
      const out = trail + fresh;
      const published = options.published ? hrefOf(options.published) : undefined;
      const foreign = names
        .map((_, number) => number)
        .filter((number) => sites[number] !== destinationSite && !(published && links.get(number)?.has(published)));
      const found: CarriedData[] = [];
      const add = (flow: CarriedData) => {
        if (found.length < MAX_MATCHES && !found.some((f) => f.from === flow.from && f.text === flow.text)) found.push(flow);
      };

      if (foreign.length > 0) {
        // Which characters of `out` each foreign origin shares: stretches, then codes.
        const grams: Array<[number, number, number]> = [];
        gramHashes(out, (a, b, end) => grams.push([a, b, end]));
        const codes = codesOf(out).map((code) => ({ ...code, hashes: codeHashes(code.key) }));
        for (const number of foreign) {
          const covered = new Uint8Array(out.length);
          for (const [a, b, end] of grams) if (filter.has(number, a, b)) covered.fill(1, end - MIN_SHARED, end);
          for (const code of codes) if (filter.has(number, ...code.hashes)) covered.fill(1, code.start, code.end);
          for (let start = 0; start < out.length; start++) {
            if (!covered[start]) continue;
            let end = start;
            while (end < out.length && covered[end]) end++;
            const fragment = out.slice(start, end).trim();
            const touchesNew = end > trail.length;
            start = end;
            // The person's own words are theirs to send; nothing else is exempt.
            if (!touchesNew || !hasSubstance(fragment) || person.some((text) => text.includes(fragment))) continue;
            add({ from: names[number] as string, text: clipped(fragment) });
          }
        }
        if ((overflowed || filter.full) && !personsOwn(fresh)) {
          for (const number of foreign) add({ from: names[number] as string, text: clipped(fresh), seen: 'unindexed' });
        }
      }
      // An image's content cannot be matched as text: anything sent to another site may carry it.
      if (!personsOwn(fresh)) {
        for (const number of images) if (sites[number] !== destinationSite) add({ from: names[number] as string, text: clipped(fresh), seen: 'screenshot' });
      }
      return found;
    },
    noteSent(destination, text) {
      const site = siteKey(destination);
      trails.set(site, `${trails.get(site) ?? ''}${ledgerForm(text)}`.slice(-MAX_TRAIL));
    },
    sources() {
      return { ...saved };
    },
    fill() {
      return { keys: filter.size, capacity: filter.capacity, full: overflowed || filter.full, bytes: filter.bytes };
    },
  };
}

/** The text blocks of a result, as the ledger reads them (images are noted apart). */
export function textOfContent(content: readonly ToolResultContentBlock[]): string {
  return content
    .filter((block) => block.type === 'text')
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

/**
 * Fills a run's ledger from the conversation so far: what the person wrote, and every tool result the
 * model has read with the origin it came from (`sources`, saved with the conversation). A result whose
 * origin was never saved (a conversation older than the ledger) counts as from an unknown origin — that
 * is, from another site than any destination: unknown is unsafe. A result of several origins whose text
 * is not the one recorded (shortened to a preview) counts as read on each of them.
 */
export function seedLedger(ledger: DataLedger, messages: readonly Message[], sources: Readonly<LedgerSources> | undefined): void {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.content) {
      if (block.type === 'text') ledger.personSaid(block.text);
      if (block.type !== 'tool_result') continue;
      const source = sources ? sources[block.tool_use_id] : 'unknown';
      if (source === undefined) continue;
      const text = textOfContent(block.content);
      if (typeof source === 'string') {
        ledger.record(block.tool_use_id, source, text);
        continue;
      }
      const lines = text.split('\n');
      const exact = text.length === source.chars;
      const reads: LedgerRead[] = Object.entries(source.lines).map(([origin, spec]) => ({
        origin,
        text: exact
          ? lineNumbers(spec)
              .map((index) => lines[index] ?? '')
              .join('\n')
          : text,
      }));
      for (const origin of source.images ?? []) reads.push({ origin, image: true });
      ledger.recordReads(block.tool_use_id, text, reads, 'unknown');
    }
  }
}
