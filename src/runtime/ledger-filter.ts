/**
 * What the data ledger keeps of what a run read: a Bloom filter of (origin, stretch-or-code) hashes.
 * Why a filter and not the texts: it cannot forget — a flood of text only fills it, it never pushes the
 * secret read before the flood out (the old ledger dropped its oldest reads past 4 MB) — and a check
 * costs the same however much was read. Its one error is a false "yes", which only makes Pagewright ask
 * once more; it never says "no" for something it was given.
 *
 * Sized at 32 bits a key with 16 probes (a false yes about once in three million lookups per chunk at
 * its fullest), in chunks of 512 KB allocated as it fills, so a short run costs 512 KB. Past
 * `CAPACITY` keys it is full and takes no more: the ledger then treats every flow to another origin as
 * carrying data (see data-ledger.ts), so a full filter asks more, never less.
 */

const CHUNK_BITS = 1 << 22;
const CHUNK_MASK = CHUNK_BITS - 1;
const KEYS_PER_CHUNK = CHUNK_BITS / 32;
const PROBES = 16;
/** Distinct keys the filter holds before it is full: about 4 MB of text read. */
export const CAPACITY = 31 * KEYS_PER_CHUNK;

/** A filter of keys, each the pair of mixed 32-bit hashes `a`, `b` of a text, under an origin's number. */
export class LedgerFilter {
  private readonly chunks: Int32Array[] = [];
  private inLast = 0;
  private keys = 0;

  /** `capacity`: distinct keys before it is full (tests use a small one to reach "full" quickly). */
  constructor(readonly capacity = CAPACITY) {}

  /** Distinct keys added so far (a false yes on adding makes this count a little low). */
  get size(): number {
    return this.keys;
  }

  /** True once the filter holds `capacity` keys: it takes no more. */
  get full(): boolean {
    return this.keys >= this.capacity;
  }

  /** Bytes allocated. */
  get bytes(): number {
    return this.chunks.length * (CHUNK_BITS / 8);
  }

  /** Adds a key unless the filter already says it has it (re-reading a page costs nothing). Returns false when full. */
  add(origin: number, a: number, b: number): boolean {
    const first = firstProbe(origin, a);
    const step = probeStep(origin, b);
    if (this.holds(first, step)) return true;
    if (this.keys >= this.capacity) return false;
    if (this.chunks.length === 0 || this.inLast >= KEYS_PER_CHUNK) {
      this.chunks.push(new Int32Array(CHUNK_BITS / 32));
      this.inLast = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1] as Int32Array;
    let bit = first;
    for (let i = 0; i < PROBES; i++) {
      const at = bit & CHUNK_MASK;
      chunk[at >>> 5] = (chunk[at >>> 5] as number) | (1 << (at & 31));
      bit = (bit + step) | 0;
    }
    this.inLast++;
    this.keys++;
    return true;
  }

  /** True when the key was added (or, rarely, falsely). */
  has(origin: number, a: number, b: number): boolean {
    return this.holds(firstProbe(origin, a), probeStep(origin, b));
  }

  private holds(first: number, step: number): boolean {
    const chunks = this.chunks;
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c] as Int32Array;
      let bit = first;
      let i = 0;
      for (; i < PROBES; i++) {
        const at = bit & CHUNK_MASK;
        if (((chunk[at >>> 5] as number) & (1 << (at & 31))) === 0) break;
        bit = (bit + step) | 0;
      }
      if (i === PROBES) return true;
    }
    return false;
  }
}

// The key's hashes are already mixed (ledger-text.ts); the origin's number moves them to its own probes.
const firstProbe = (origin: number, a: number) => (a ^ Math.imul(origin + 1, 0x9e3779b1)) | 0;
const probeStep = (origin: number, b: number) => (b + Math.imul(origin + 1, 0x85ebca77)) | 1;
