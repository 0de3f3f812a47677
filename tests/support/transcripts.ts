/** Transcript builders for the context-window tests: calls, page reads and screenshots as the loop records them. */
import type { Message, ReadScope, ToolResultBlock } from '../../src/runtime/model/types.js';

/** A page's worth of read_page text (about 2,300 tokens). */
export const PAGE_TEXT = Array.from({ length: 200 }, (_, i) => `- link "Item ${i}: a product with a long name" [ref=e${i}]`).join('\n');

/** An assistant message calling one tool. */
export const callOf = (id: string, name: string, input: Record<string, unknown> = {}): Message => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name, input }],
});

/** The user message carrying one result. */
export const resultsOf = (...blocks: ToolResultBlock[]): Message => ({ role: 'user', content: blocks });

/** A read_page result of `document` (view `all` unless given). */
export function readResult(
  id: string,
  document: string,
  options: { view?: string; whole?: boolean; text?: string; at?: number; storedId?: string } = {},
): ToolResultBlock {
  const view = options.view ?? 'all';
  const read: ReadScope = { document, view, whole: options.whole ?? view === 'all' };
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: [{ type: 'text', text: `Page: ${document}\n${options.text ?? PAGE_TEXT}` }],
    meta: { at: options.at ?? Date.UTC(2026, 0, 2, 14, 2, 11), read, ...(options.storedId ? { storedId: options.storedId } : {}) },
  };
}

/** A screenshot result: its text line and an image. */
export function shotResult(id: string, at = Date.UTC(2026, 0, 2, 14, 5, 0)): ToolResultBlock {
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: [
      { type: 'text', text: `Screenshot of tab 1 (Shop — https://shop.test/), image/webp, 50 KB:` },
      { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: `UklGR${id}${'A'.repeat(4000)}` } },
    ],
    meta: { at },
  };
}

/** A person's message. */
export const said = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

/** A turn: a call and its result. */
export const turn = (id: string, name: string, result: ToolResultBlock): Message[] => [callOf(id, name), resultsOf(result)];
