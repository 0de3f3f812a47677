/** `find`: elements matching words, best first, across the page and its frames. */
import { z } from 'zod';
import { isToolErrorLike } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { framePrefix, sendPageCommand, tabIdField, tabOrigin, targetTab } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  query: z.string().min(1).max(200).describe('Words to look for: the visible text, label, placeholder or accessible name of the element, optionally with a role word such as "button", "link", "textbox", "checkbox" (e.g. "email textbox", "Sign in button"). 1–200 characters.'),
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
    'Put a role word in the query to narrow it ("search textbox", "Next link"). Searches open shadow DOM and frames; hidden elements are skipped.',
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
    const frames = await (context.browser?.listFrames(tabId).catch(() => []) ?? Promise.resolve([]));
    const frameIds = [0, ...frames.map((frame) => frame.frameId).filter((id) => id !== 0)];
    const replies = await Promise.allSettled(
      frameIds.map(async (frameId) => ({ frameId, result: await sendPageCommand(context, tabId, { type: 'find', query: input.query, limit: input.limit, refPrefix: framePrefix(frameId) }, frameId) })),
    );
    const top = replies[0];
    // The top frame must answer; a child frame that cannot (sandboxed, about:blank) is just skipped.
    if (top?.status === 'rejected') throw top.reason;
    const matches: Array<{ line: string; score: number }> = [];
    let total = 0;
    let url = '';
    for (const reply of replies) {
      if (reply.status === 'rejected') {
        if (!isToolErrorLike(reply.reason)) throw reply.reason;
        continue;
      }
      const { frameId, result } = reply.value;
      if (frameId === 0) url = result.url;
      context.snapshots.rememberDocument(tabId, frameId, result.documentId);
      context.snapshots.update(tabId, frameId === 0 ? result.url : (context.snapshots.get(tabId)?.url ?? result.url), result.elements);
      matches.push(...result.matches);
      total += result.total;
    }
    matches.sort((a, b) => b.score - a.score);
    const shown = matches.slice(0, input.limit);
    if (shown.length === 0) {
      return { data: `No visible element on ${url} matches “${input.query}”. Try fewer or other words, or call read_page to see what is there.` };
    }
    const more = total > shown.length ? `\n(${total - shown.length} weaker matches not shown; raise limit or refine the query.)` : '';
    return { data: `${shown.length} match${shown.length === 1 ? '' : 'es'} for “${input.query}” on ${url}, best first:\n${shown.map((m) => m.line).join('\n')}${more}` };
  },
});
