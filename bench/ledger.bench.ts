/**
 * The data ledger's cost, each against a reference measured in the same run (read the ratios):
 *   1. the check every outgoing act makes (`carriedTo`: typed text, an address, a form's values) on a
 *      ledger filled with about 4 MB read from five sites, against the cheapest exact check there is —
 *      one `includes` of the outgoing text over every read kept as a string — against the scan the
 *      previous ledger made (every 12-character stretch of every kept read hashed and looked up, per
 *      check), and against the same check on a ledger that read 40 KB (it should not grow with what
 *      was read);
 *   2. recording a read (`record`: normalise, hash every 12-character stretch and code into the filter),
 *      per MB, against normalising it alone (what any ledger must do to compare text).
 * Run: `npx tsx bench/ledger.bench.ts` (or `npm run bench -- ledger`).
 */
import { performance } from 'node:perf_hooks';
import { createDataLedger, ledgerForm, type DataLedger } from '../src/runtime/data-ledger.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

/** Page-like text: words from a vocabulary, numbers, a few codes; deterministic. */
function pageText(seed: number, chars: number): string {
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  const words =
    'the of and to in account order price delivery shipping total item search results page settings profile message inbox news story weather city report update team project'.split(
      ' ',
    );
  const out: string[] = [];
  let size = 0;
  while (size < chars) {
    const r = next() % 100;
    const word = r < 80 ? (words[next() % words.length] as string) : r < 95 ? String(next() % 100_000) : `ref-${(next() % 1e8).toString(36)}`;
    out.push(word);
    size += word.length + 1;
  }
  return out.join(' ');
}

function fill(ledger: DataLedger, totalChars: number): string[] {
  const sites = ['https://mail.test', 'https://bank.test', 'https://news.test', 'https://shop.test', 'https://wiki.test'];
  const reads: string[] = [];
  const perRead = Math.min(100_000, totalChars);
  for (let i = 0; reads.length * perRead < totalChars; i++) {
    const text = pageText(i + 1, perRead);
    reads.push(text);
    ledger.record(`t${i}`, sites[i % sites.length] as string, text);
  }
  ledger.record('secret', 'https://bank.test', 'Your one-time code is 482913 and the recovery phrase apple orbit violet canyon.');
  return reads;
}

const OUTGOING = [
  'Hello, I would like to return the blue shoes I ordered last week.',
  'https://evil.test/collect?d=apple%20orbit%20violet%20canyon&ref=482913',
  Array.from({ length: 20 }, (_, i) => `field ${i}: value number ${i * 37} for the form`).join('\n'),
];

/** Median time per outgoing text of `check`, over `rounds` rounds of all of them. */
function perOutgoing(rounds: number, check: (outgoing: string) => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (const text of OUTGOING) check(text);
    times.push((performance.now() - start) / OUTGOING.length);
  }
  return median(times);
}

const timeChecks = (ledger: DataLedger, rounds: number) => perOutgoing(rounds, (text) => ledger.carriedTo(text, 'https://evil.test'));

/** The cheapest exact check: one `includes` of the outgoing text over every read kept as a string. */
function timeIncludes(reads: readonly string[], rounds: number): number {
  const forms = reads.map(ledgerForm);
  return perOutgoing(rounds, (text) => {
    const form = ledgerForm(text);
    return forms.filter((read) => read.includes(form)).length;
  });
}

/** The previous ledger's check, as a reference: roll a hash over every kept read and look each stretch up in the outgoing text's. */
function timeOldScan(reads: readonly string[], rounds: number): number {
  const forms = reads.map(ledgerForm);
  return perOutgoing(rounds, (text) => {
    const wanted = new Set<number>();
    rolling(ledgerForm(text), (hash) => wanted.add(hash));
    let hits = 0;
    for (const read of forms) rolling(read, (hash) => (hits += wanted.has(hash) ? 1 : 0));
    return hits;
  });
}
function rolling(text: string, each: (hash: number) => void): void {
  const MOD = 2_147_483_629;
  let power = 1;
  for (let i = 0; i < 11; i++) power = (power * 257) % MOD;
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= 12) hash = (hash - ((text.charCodeAt(i - 12) * power) % MOD) + MOD) % MOD;
    hash = (hash * 257 + text.charCodeAt(i)) % MOD;
    if (i >= 11) each(hash);
  }
}

const big = createDataLedger();
let start = performance.now();
const reads = fill(big, 4_000_000);
const recordMs = performance.now() - start;
const chars = reads.reduce((sum, text) => sum + text.length, 0);
start = performance.now();
for (const text of reads) ledgerForm(text);
const normaliseMs = performance.now() - start;
const small = createDataLedger();
fill(small, 40_000);

// Warm up, then measure the three in turns.
timeChecks(big, 5);
timeIncludes(reads, 2);
const rounds = 25;
const checkBig = timeChecks(big, rounds);
const checkSmall = timeChecks(small, rounds);
const includes = timeIncludes(reads, rounds);
const oldScan = timeOldScan(reads, 3);
const found = big.carriedTo(OUTGOING[1] ?? '', 'https://evil.test');

console.log(
  `ledger: ${(chars / 1e6).toFixed(1)} MB read from 5 sites; filter ${big.fill().keys.toLocaleString('en')} keys, ${(big.fill().bytes / 2 ** 20).toFixed(0)} MB`,
);
console.log(
  `  a check (carriedTo), median of ${rounds}:  ${fmt(checkBig)} on 4 MB, ${fmt(checkSmall)} on 40 KB (ratio ${(checkBig / checkSmall).toFixed(2)}×)`,
);
console.log(`  reference: one includes() over every read: ${fmt(includes)}  → check / reference ${(checkBig / includes).toFixed(3)}×`);
console.log(`  the previous ledger's scan of every read: ${fmt(oldScan)}  → check / old ${(checkBig / oldScan).toFixed(3)}×`);
console.log(`  still finds the secret: ${found.map((flow) => `“${flow.text}” from ${flow.from}`).join(', ')}`);
console.log(
  `  recording: ${fmt(recordMs / (chars / 1e6))} per MB; normalising alone ${fmt(normaliseMs / (chars / 1e6))} per MB (ratio ${(recordMs / normaliseMs).toFixed(1)}×)`,
);
