/** `find`: elements matching words, best first, across the page and its frames. */
import { z } from 'zod';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { isToolErrorLike } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { oneLine } from '../../shared/untrusted-text.js';
import { frameReader, matchFrame, MAX_FRAME_NESTING } from './frames.js';
import { originOf } from '../../runtime/permission-rules.js';
import { framePrefix, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  query: z
    .string()
    .min(1)
    .max(200)
    .describe('The element’s visible text, label, placeholder or name, optionally with a role word (e.g. "email textbox", "Sign in button").'),
  limit: z.number().int().min(1).max(50).default(20).describe('How many matches to return, best first (1–50, default 20).'),
  tab_id: tabIdField(),
});

/** Finds elements by name, text, label, placeholder or role. */
export const find = buildTool<typeof inputSchema, string>({
  name: 'find',
  aliases: ['find_element', 'browser_find'],
  isEnabled: pageToolEnabled,
  searchHint: 'locate element by text label name role',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Finds elements on the page whose accessible name, visible text, label or placeholder match the query, best match first, with refs, in the same line format as read_page: `- button "Sign in" [ref=e12]`.',
    'Put a role word in the query to narrow it ("search textbox", "Next link", "Price columnheader"); a role word includes its relatives (textbox: search boxes and comboboxes too; checkbox: switches). Searches open shadow DOM and frames; hidden elements are skipped.',
    'A grid or list that renders only some of its rows (a virtual or paged grid) is searched only in what it renders: the result names it and how to reach the rest.',
    'Use find when you know what you are looking for; use read_page to understand the page or when find returns nothing.',
  ].join('\n'),
  description: (input) => `Find “${input.query}” on the page`,
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 10_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const frames = frameReader(context, tabId);
    const matches: Array<{ line: string; score: number }> = [];
    // Each frame's matches are its origin's; a frame without one (about:blank, srcdoc) takes its parent's.
    const reads: LedgerRead[] = [];
    const missing: string[] = [];
    const partial: string[] = [];
    let total = 0;
    const ask = async (frameId: number, nesting: number, timeoutMs?: number, parentOrigin?: string): Promise<string> => {
      const result = await sendPageCommand(
        context,
        tabId,
        { type: 'find', query: input.query, limit: input.limit, refPrefix: framePrefix(frameId) },
        frameId,
        timeoutMs,
      );
      context.snapshots.rememberDocument(tabId, frameId, result.documentId);
      context.snapshots.update(tabId, frameId === 0 ? result.url : (context.snapshots.get(tabId)?.url ?? result.url), result.elements);
      matches.push(...result.matches);
      const parts = result.partial.map((grid) => `- ${grid.line} (${grid.extent})`);
      partial.push(...parts);
      const origin = originOf(result.url) ?? parentOrigin;
      if (origin !== undefined && result.matches.length + parts.length > 0)
        reads.push({ origin, text: [...result.matches.map((m) => m.line), ...parts].join('\n') });
      total += result.total;
      if (result.frames.length > 0 && nesting < MAX_FRAME_NESTING) {
        // The visible frames inside, in parallel, within the read's frame budget; one that cannot answer is named.
        const tree = await frames.tree();
        const claimed = new Set<number>();
        await Promise.all(
          result.frames.map(async (marker) => {
            const match = matchFrame(tree, frameId, marker, claimed);
            if ('missing' in match) return missing.push(`a frame (${match.missing})`);
            const wait = frames.waitLeft();
            return ask(match.frameId, nesting + 1, wait, origin).catch((error: unknown) => {
              if (!isToolErrorLike(error)) throw error;
              missing.push(
                `a frame (${oneLine(marker.src, 200) || 'no address'}: ${error.code === 'TIMEOUT' ? `it did not answer within ${(wait / 1000).toFixed(1)} s` : error.code})`,
              );
            });
          }),
        );
      }
      return result.url;
    };
    // The top frame is the page: its failure is the call's.
    const url = oneLine(await ask(0, 0), 2_000);
    matches.sort((a, b) => b.score - a.score);
    const shown = matches.slice(0, input.limit);
    const query = oneLine(input.query, 200);
    const counts = new Map<string, number>();
    for (const reason of missing) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    const reasons = [...counts].map(([reason, count]) => (count > 1 ? `${count}× ${reason}` : reason));
    const notSearched =
      reasons.length > 0 ? `\n(Not searched: ${reasons.slice(0, 5).join('; ')}${reasons.length > 5 ? `; and ${reasons.length - 5} more kinds` : ''}.)` : '';
    // What a grid does not render was not searched: a model took "1 match" in a virtual grid for the only one.
    const inPart =
      partial.length > 0 ? `\nSearched only in part, as these render only some of their items; a match may be among the others:\n${partial.join('\n')}` : '';
    if (shown.length === 0) {
      return {
        data: `No visible element on ${url} matches “${query}”${partial.length > 0 ? ' among what is rendered' : ''}. Try fewer or other words, or call read_page to see what is there.${inPart}${notSearched}`,
        reads,
      };
    }
    const more = total > shown.length ? `\n(${total - shown.length} weaker matches not shown; raise limit or refine the query.)` : '';
    const among = partial.length > 0 ? ' among what is rendered' : '';
    return {
      data: `${shown.length} match${shown.length === 1 ? '' : 'es'} for “${query}”${among} on ${url}, best first:\n${shown.map((m) => m.line).join('\n')}${more}${inPart}${notSearched}`,
      reads,
    };
  },
});
