/** `scroll`: brings an element into view, or scrolls the page by screens. */
import { z } from 'zod';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('Scroll until this element is in the middle of the view.').optional(),
  direction: z.enum(['up', 'down', 'left', 'right']).optional().describe('Scroll direction when no ref is given (default "down").'),
  amount: z.number().min(0.1).max(20).optional().describe('How far, in screens (0.1–20, default 1). Ignored with ref.'),
  tab_id: tabIdField(),
});

/** Scrolls by ref or by direction and amount. */
export const scroll = buildTool<typeof inputSchema, string>({
  name: 'scroll',
  aliases: ['scroll_page', 'browser_scroll'],
  isEnabled: pageToolEnabled,
  searchHint: 'move the page down or up to reveal more content',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Scrolls the page: with ref, until that element is in the middle of the view; otherwise by amount screens (default 1) in direction (default down). Pages that scroll an inner panel instead of the page scroll that panel.',
    'Returns what moved, the scroll position (and when the end was reached), then what followed (e.g. a list that loaded more items). Use it to load more of an endless list or to bring something into view before a screenshot; click and type scroll by themselves.',
  ].join('\n'),
  description: (input, context) =>
    input.ref
      ? `Scroll to ${describeRef(context, input, input.ref)}`
      : `Scroll ${input.direction ?? 'down'} ${input.amount ?? 1} screen${(input.amount ?? 1) === 1 ? '' : 's'}`,
  validateInput: (input, context): ValidationResult =>
    input.ref && (input.direction || input.amount)
      ? {
          ok: false,
          message: 'Give either ref or direction/amount, not both.',
          suggestion: 'Use ref to bring an element into view, or direction and amount to scroll by screens.',
        }
      : validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  // Scrolling changes what is in view, not the page: it runs unasked in every mode, read-only included
  // (a long page or a virtual list is read by scrolling). A list that loads more as it scrolls is reading on.
  isReadOnly: () => true,
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const { frameId, local } = input.ref ? splitRef(input.ref) : { frameId: 0, local: undefined };
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, what: input.ref ? `Scrolled to ${describeRef(context, input, input.ref)}` : 'Scrolled' },
      async () => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const result = local
          ? await sendPageCommand(context, tabId, { type: 'scroll', ref: local, ...(documentId ? { documentId } : {}) }, frameId)
          : await sendPageCommand(context, tabId, { type: 'scroll', direction: input.direction ?? 'down', amount: input.amount ?? 1 });
        const end = result.atBottom ? ' (at the bottom of the page)' : result.atTop ? ' (at the top of the page)' : '';
        return { done: `${result.summary.replace(/\.$/, '')}; page position x=${result.scrollX}, y=${result.scrollY}${end}`, via: '' };
      },
    );
    return { data: line, reads };
  },
});
