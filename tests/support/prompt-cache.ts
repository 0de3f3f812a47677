/**
 * A model of Anthropic's prompt cache, to judge where cache breakpoints sit and what rewriting history costs,
 * in tests and benchmarks (the mock model server has no cache of its own). It follows the documented rules
 * (docs.anthropic.com, "Prompt caching"):
 *
 * - The prompt is a sequence of blocks in the order tools → system → messages.
 * - Each block marked `cache_control` (a breakpoint) writes the prefix that ends with it to the cache.
 * - For each breakpoint the API looks for a cached prefix ending at that block or at one of the 20 blocks
 *   before it; the longest one found is read. A byte changed anywhere before a point breaks every prefix
 *   that includes it.
 * - Tokens up to what was read are `cache_read`, from there to the last breakpoint `cache_creation`, the rest
 *   `input`. Prefixes shorter than the model's minimum (1,024 tokens for Sonnet) are not cached.
 *
 * Token counts are estimates (`blockTokens`), the same for every request, so ratios between runs hold.
 * Entries never expire here (a scripted run takes seconds; the real cache lives five minutes).
 */
import { createHash } from 'node:crypto';
import { blockTokens, textTokens } from '../../src/runtime/context-window/tokens.js';
import type { ContentBlock } from '../../src/runtime/model/types.js';
import type { MockUsage } from './mock-model-server.js';

/** How far back from a breakpoint the API looks for a cached prefix, in blocks. */
export const LOOKBACK_BLOCKS = 20;

interface PromptBlock {
  key: string;
  tokens: number;
  breakpoint: boolean;
}

/** The blocks of an Anthropic request body, in cache order. */
function blocksOf(body: Record<string, unknown>): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  const push = (kind: string, value: Record<string, unknown>, tokens: number) => {
    const { cache_control: mark, ...rest } = value;
    blocks.push({ key: `${kind}:${JSON.stringify(rest)}`, tokens, breakpoint: mark !== undefined });
  };
  for (const tool of (body['tools'] ?? []) as Array<Record<string, unknown>>)
    push('tool', tool, textTokens(JSON.stringify({ ...tool, cache_control: undefined })));
  const system = body['system'];
  if (typeof system === 'string') push('system', { text: system }, textTokens(system));
  else for (const block of (system ?? []) as Array<Record<string, unknown>>) push('system', block, textTokens(String(block['text'] ?? '')));
  for (const message of (body['messages'] ?? []) as Array<{ role: string; content: string | Array<Record<string, unknown>> }>) {
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    for (const block of content) push(message.role, block, blockTokens(block as unknown as ContentBlock));
  }
  return blocks;
}

/** A cache shared by every request of one run (or one model's traffic). */
export interface PromptCache {
  /** The usage Anthropic would report for this request body; the cache then holds its breakpoints' prefixes. */
  account(body: Record<string, unknown>, outputTokens?: number): MockUsage;
}

/** Creates an empty cache. `minTokens`: the model's minimum cacheable prefix (default 1,024). */
export function createPromptCache(options: { minTokens?: number } = {}): PromptCache {
  const minTokens = options.minTokens ?? 1_024;
  const entries = new Set<string>();
  return {
    account(body, outputTokens = 0) {
      const blocks = blocksOf(body);
      const hashes: string[] = [];
      const totals: number[] = [];
      let hash = createHash('sha256');
      let total = 0;
      for (const block of blocks) {
        hash = hash.copy().update(`\u0000${block.key}`);
        hashes.push(hash.copy().digest('hex'));
        total += block.tokens;
        totals.push(total);
      }
      const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
      let read = -1;
      for (const at of breakpoints) {
        for (let index = at; index >= Math.max(0, at - LOOKBACK_BLOCKS); index--) {
          if (entries.has(hashes[index] as string)) {
            read = Math.max(read, index);
            break;
          }
        }
      }
      const last = breakpoints[breakpoints.length - 1] ?? -1;
      const readTokens = read >= 0 ? (totals[read] as number) : 0;
      const upToLast = last >= 0 ? (totals[last] as number) : 0;
      const cacheable = upToLast >= minTokens;
      for (const at of breakpoints) if ((totals[at] as number) >= minTokens) entries.add(hashes[at] as string);
      const cacheCreationTokens = cacheable ? Math.max(0, upToLast - readTokens) : 0;
      return {
        inputTokens: total - readTokens - cacheCreationTokens,
        outputTokens,
        cacheReadTokens: readTokens,
        cacheCreationTokens,
      };
    },
  };
}
