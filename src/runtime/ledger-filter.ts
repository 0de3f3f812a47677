/**
 * What the data ledger keeps of what a run read: a Bloom filter of (origin, stretch-or-code) hashes.
 * Why a filter and not the texts: it cannot forget — a flood of text only fills it, it never pushes the
 * secret read before the flood out (the old ledger dropped its oldest reads past 4 MB) — and a check
 * costs about the same however much was read. Its one error is a false "yes", which only makes
 * Pagewright ask once more; it never says "no" for something it was given.
 *
 * Blocked (each key's 16 bits sit in one 64-byte block, so a key costs one cache line to add or test),
 * at 48 bits a key: a false yes about once in seven million lookups of a full chunk. Chunks double in
 * size as it fills (512 KB first), so a short run costs 512 KB and a full one about 24 MB in six
 * chunks. Past `CAPACITY` keys it is full and takes no more: the ledger then treats every flow to
 * another origin as carrying data (see data-ledger.ts), so a full filter asks more, never less.
 */

/** 32-bit words in a block (512 bits: one cache line on most machines). */
const BLOCK_WORDS = 16;
const BLOCK_BITS = BLOCK_WORDS * 32;
const BITS_PER_KEY = 48;
const PROBES = 16;
/** Blocks in the first chunk (512 KB); each next chunk has twice as many. */
const FIRST_BLOCKS = 8_192;
/** Distinct keys the filter holds before it is full: about 4 MB of text read. */
export const CAPACITY = 4_063_232;

interface Chunk {
  words: Int32Array;
  blocks: number;
  keys: number;
  room: number;
}

/** A filter of keys, each the pair of mixed 32-bit hashes `a`, `b` of a text, under an origin's number. */
export class LedgerFilter {
  private readonly chunks: Chunk[] = [];
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
    return this.chunks.reduce((sum, chunk) => sum + chunk.words.byteLength, 0);
  }

  /**
   * Adds a key unless the newest chunk already has it (re-reading a page costs nothing; a key an older
   * chunk holds may be added once more, which only fills the filter a little sooner). Returns false when full.
   */
  add(origin: number, a: number, b: number): boolean {
    const first = firstProbe(origin, a);
    const step = probeStep(origin, b);
    let chunk = this.chunks[this.chunks.length - 1];
    if (chunk && inChunk(chunk, first, step)) return true;
    if (this.keys >= this.capacity) return false;
    if (!chunk || chunk.keys >= chunk.room) chunk = this.grow();
    const base = ((first >>> 0) % chunk.blocks) * BLOCK_WORDS;
    const words = chunk.words;
    let bit = step;
    for (let i = 0; i < PROBES; i++) {
      const at = (bit >>> 23) & (BLOCK_BITS - 1);
      words[base + (at >>> 5)] = (words[base + (at >>> 5)] as number) | (1 << (at & 31));
      bit = Math.imul(bit, 0x2c1b3c6d) + 0x297a2d39;
    }
    chunk.keys++;
    this.keys++;
    return true;
  }

  /** True when the key was added (or, rarely, falsely). */
  has(origin: number, a: number, b: number): boolean {
    return this.holds(firstProbe(origin, a), probeStep(origin, b));
  }

  private holds(first: number, step: number): boolean {
    for (let c = this.chunks.length - 1; c >= 0; c--) if (inChunk(this.chunks[c] as Chunk, first, step)) return true;
    return false;
  }

  /** The next chunk: twice the last, but no bigger than what is left of the capacity needs. */
  private grow(): Chunk {
    const last = this.chunks[this.chunks.length - 1];
    const left = Math.max(1, this.capacity - this.keys);
    const blocks = Math.max(1, Math.min(last ? last.blocks * 2 : FIRST_BLOCKS, Math.ceil((left * BITS_PER_KEY) / BLOCK_BITS)));
    const chunk = { words: new Int32Array(blocks * BLOCK_WORDS), blocks, keys: 0, room: Math.floor((blocks * BLOCK_BITS) / BITS_PER_KEY) || 1 };
    this.chunks.push(chunk);
    return chunk;
  }
}

function inChunk(chunk: Chunk, first: number, step: number): boolean {
  const base = ((first >>> 0) % chunk.blocks) * BLOCK_WORDS;
  const words = chunk.words;
  let bit = step;
  for (let i = 0; i < PROBES; i++) {
    const at = (bit >>> 23) & (BLOCK_BITS - 1);
    if (((words[base + (at >>> 5)] as number) & (1 << (at & 31))) === 0) return false;
    bit = Math.imul(bit, 0x2c1b3c6d) + 0x297a2d39;
  }
  return true;
}

// The key's hashes are already mixed (ledger-text.ts); the origin's number moves them to its own block and bits.
const firstProbe = (origin: number, a: number) => (a ^ Math.imul(origin + 1, 0x9e3779b1)) | 0;
const probeStep = (origin: number, b: number) => (b + Math.imul(origin + 1, 0x85ebca77)) | 1;
