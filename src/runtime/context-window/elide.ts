/**
 * What leaves what is sent: screenshots older than the newest few, and page reads a newer read of the same
 * tab and document has superseded. Each becomes a one-line note (an image note keeps the result's own text;
 * a read stub keeps the stored id `read_result` brings it back with). The transcript itself is never changed.
 *
 * Prompt cache. A provider caches the request prefix; changing a result at position p makes everything after
 * p a cache write (1.25× the input price at Anthropic) instead of a read (0.1×). So stubs are frozen per
 * tool-use id (byte-identical on every later request), and superseded reads are stubbed only when it is worth
 * a rewrite: when the tokens they free reach `minTokens` and `ratio` × the tokens that would be written to the
 * cache again (what stays after the earliest of them). Screenshots over the limit always go (the limit is a promise), and any
 * superseded read after the point a screenshot note already rewrites rides along for free. bench/context.bench.ts
 * measures cache reads and writes for several settings.
 */
import type { Message, ToolResultBlock, ToolResultContentBlock } from '../model/types.js';
import { blockTokens, messageTokens } from './tokens.js';

/** When superseded reads are stubbed (see the file comment). */
export interface RewriteThreshold {
  /** Never rewrite for fewer tokens than this. */
  minTokens: number;
  /** Rewrite when the freed tokens reach this share of what stays after the earliest stub (written again). */
  ratio: number;
}

/** Options for eliding. */
export interface ElisionOptions {
  /** Screenshots (images in tool results) kept in full, newest first. Default 3. */
  keepImages: number;
  rewrite: RewriteThreshold;
}

export const DEFAULT_KEEP_IMAGES = 3;
/**
 * Measured by bench/context.bench.ts (30 steps, corpus page bbc-1, modelled Anthropic cache, Sonnet prices):
 * stubbing at once cost $0.89 (most cache writes); this default $0.82 with one full read left in the last
 * request; ratio 2 $0.77 but 16% more bytes (0.23× the full transcript's, over the aim of 0.2) and two full
 * reads; stubbing only alongside image notes $0.93; the full transcript $0.87. Bytes fall 4–5× whatever the
 * setting; cost is where the settings differ.
 */
export const DEFAULT_REWRITE: RewriteThreshold = { minTokens: 2_000, ratio: 0.5 };

/** Frozen replacement content per tool-use id: what is sent instead of the result's own content. JSON-safe. */
export type Stubs = Record<string, ToolResultContentBlock[]>;

/** One tool result in the transcript, where it sits, and what the tool call was. */
interface Located {
  block: ToolResultBlock;
  messageIndex: number;
  toolName: string;
  /** The assistant turn (1-based) whose call made it. */
  step: number;
}

/** Every tool result from `from` on, in transcript order. */
function locateResults(messages: readonly Message[], from: number): Located[] {
  const names = new Map<string, { name: string; step: number }>();
  const found: Located[] = [];
  let step = 0;
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role === 'assistant') step++;
    for (const block of message.content) {
      if (block.type === 'tool_use') names.set(block.id, { name: block.name, step });
      if (block.type === 'tool_result' && messageIndex >= from) {
        const call = names.get(block.tool_use_id);
        found.push({ block, messageIndex, toolName: call?.name ?? 'a tool', step: call?.step ?? step });
      }
    }
  }
  return found;
}

/** When a result was made, as the model can place it: the clock time (fixed, so the note never changes) and its turn. */
const when = (result: Located) => {
  const at = result.block.meta?.at;
  return `${at === undefined ? '' : `at ${new Date(at).toISOString().slice(11, 19)} UTC `}in your turn ${result.step}`;
};

/** The note an image becomes: what it was, when, and how to get a new one. */
export function imageNote(result: Located, keepImages: number): ToolResultContentBlock {
  return {
    type: 'text',
    text: `[Image removed to save context (only the newest ${keepImages} stay), taken ${when(result)}. Call ${result.toolName} for a current view.]`,
  };
}

/** The stub a superseded read becomes, keeping the id its full text is stored under. */
export function readStub(result: Located, storedId: string): ToolResultContentBlock {
  const read = result.block.meta?.read;
  const what = read ? `${result.toolName} of ${read.document}` : result.toolName;
  const readBack = JSON.stringify({ id: storedId });
  return {
    type: 'text',
    text: `[Superseded by a later read of the same page: ${what}, taken ${when(result)}. Full text: read_result ${readBack}]`,
  };
}

/** Replaces stubbed results' content; everything else is passed through as is (the same objects). */
export function applyStubs(messages: readonly Message[], stubs: Readonly<Stubs>): Message[] {
  return messages.map((message) => {
    if (message.role !== 'user' || !message.content.some((block) => block.type === 'tool_result' && stubs[block.tool_use_id])) return message;
    return {
      ...message,
      content: message.content.map((block) => {
        const stub = block.type === 'tool_result' ? stubs[block.tool_use_id] : undefined;
        return stub && block.type === 'tool_result' ? { ...block, content: stub } : block;
      }),
    };
  });
}

/** Reads a newer one by the same tool of the same document and view (or a whole one) has superseded. */
function supersededReads(results: readonly Located[]): Located[] {
  const out: Located[] = [];
  for (const [index, result] of results.entries()) {
    const read = result.block.meta?.read;
    if (!read || result.block.is_error) continue;
    const newer = results.slice(index + 1).some((later) => {
      const other = later.block.meta?.read;
      return (
        other !== undefined &&
        !later.block.is_error &&
        later.toolName === result.toolName &&
        other.document === read.document &&
        (other.whole || other.view === read.view)
      );
    });
    if (newer) out.push(result);
  }
  return out;
}

/** What to elide now: image notes that must go, and superseded reads worth a rewrite. */
export interface ElisionPlan {
  images: Located[];
  reads: Located[];
}

/**
 * Decides what to elide in `messages` (the part of the transcript still sent, from `from`), given what is
 * already stubbed. Pure: storing the reads' full text and freezing the stubs is `freezeStubs`' job.
 */
export function planElisions(messages: readonly Message[], from: number, stubs: Readonly<Stubs>, options: ElisionOptions): ElisionPlan {
  const results = locateResults(messages, from);
  const open = results.filter((result) => !stubs[result.block.tool_use_id]);

  // Images: the newest `keepImages` (counting image blocks, newest first) stay; any older one goes.
  const images: Located[] = [];
  let seen = 0;
  for (const result of [...results].reverse()) {
    const count = result.block.content.filter((block) => block.type === 'image').length;
    if (count === 0 || stubs[result.block.tool_use_id]) continue;
    if (seen >= options.keepImages) images.push(result);
    seen += count;
  }
  images.reverse();

  const candidates = supersededReads(results).filter((result) => open.includes(result) && !images.includes(result));
  if (candidates.length === 0) return { images, reads: [] };
  const forcedFrom = images[0]?.messageIndex ?? Infinity;
  // After the first forced change the cache is rewritten anyway, so those reads cost nothing extra.
  const free = candidates.filter((result) => result.messageIndex >= forcedFrom);
  const paid = candidates.filter((result) => result.messageIndex < forcedFrom);
  const freed = paid.reduce((sum, result) => sum + blockTokens(result.block) - 60, 0);
  const earliest = paid[0]?.messageIndex ?? Infinity;
  const after = messages.slice(Number.isFinite(earliest) ? earliest : messages.length).reduce((sum, message) => sum + messageTokens(message), 0);
  // What the rewrite costs is writing again what stays after the earliest stub: everything from there but the freed part.
  const worthIt = paid.length > 0 && freed >= options.rewrite.minTokens && freed >= options.rewrite.ratio * (after - freed);
  return { images, reads: worthIt ? [...paid, ...free] : free };
}

/** Where a stub's full text goes when it has no stored id yet. */
export interface StubStore {
  /** Stores `content` under the id for this tool-use id and returns the id; throws when it cannot. */
  store(toolUseId: string, toolName: string, content: string): Promise<string>;
}

/**
 * Turns a plan into frozen stubs. A read whose text is not stored yet is stored first; one that cannot be
 * stored stays in full (a stub must always lead back to the text). Returns the new stubs only.
 */
export async function freezeStubs(plan: ElisionPlan, keepImages: number, store: StubStore): Promise<Stubs> {
  const fresh: Stubs = {};
  for (const result of plan.images) {
    fresh[result.block.tool_use_id] = result.block.content.map((block) => (block.type === 'image' ? imageNote(result, keepImages) : block));
  }
  for (const result of plan.reads) {
    let storedId = result.block.meta?.storedId;
    if (storedId === undefined) {
      const text = result.block.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
      try {
        storedId = await store.store(result.block.tool_use_id, result.toolName, text);
      } catch {
        continue;
      }
    }
    fresh[result.block.tool_use_id] = [readStub(result, storedId)];
  }
  return fresh;
}
