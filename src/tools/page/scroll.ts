/** `scroll`: brings an element into view, or scrolls the page by screens. */
import { z } from 'zod';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField(
    'Alone: scroll until this element is in the middle of the view. With direction, amount or to: scroll inside it (a grid, a list, a panel that scrolls on its own).',
  ).optional(),
  direction: z.enum(['up', 'down', 'left', 'right']).optional().describe('Scroll direction (default "down"): the page, or inside ref.'),
  amount: z.number().min(0.1).max(20).optional().describe('How far, in screens (0.1–20, default 1): of the page, or of ref.'),
  to: z.enum(['top', 'bottom']).optional().describe('With ref: scroll inside it to its top or bottom.'),
  tab_id: tabIdField(),
});

/** With a ref, a direction, amount or end asks to scroll inside that element rather than bring it into view. */
const inside = (input: z.infer<typeof inputSchema>): boolean => input.direction !== undefined || input.amount !== undefined || input.to !== undefined;

/** Scrolls by ref or by direction and amount. */
export const scroll = buildTool<typeof inputSchema, string>({
  name: 'scroll',
  aliases: ['scroll_page', 'browser_scroll'],
  isEnabled: pageToolEnabled,
  searchHint: 'move the page down or up to reveal more content',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Scrolls the page: with ref alone, until that element is in the middle of the view; otherwise by amount screens (default 1) in direction (default down). Pages that scroll an inner panel instead of the page scroll that panel.',
    'With ref and direction, amount or to ("top"/"bottom"): scrolls inside that element — a grid or list that renders only some of its rows (read_page says "40 of about 600 rows rendered") — and says which rows are in view now.',
    'Returns what moved (the page, or which panel and by how much), the page position when the page moved (and when the end was reached), then what followed (e.g. a list that loaded more items). Use it to load more of an endless list or to bring something into view before a screenshot; click and type scroll by themselves.',
  ].join('\n'),
  description: (input, context) =>
    input.ref && inside(input)
      ? `Scroll ${input.to ? `to the ${input.to} of` : `${input.direction ?? 'down'} in`} ${describeRef(context, input, input.ref)}`
      : input.ref
        ? `Scroll to ${describeRef(context, input, input.ref)}`
        : `Scroll ${input.direction ?? 'down'} ${input.amount ?? 1} screen${(input.amount ?? 1) === 1 ? '' : 's'}`,
  validateInput: (input, context): ValidationResult =>
    input.to && !input.ref
      ? {
          ok: false,
          message: '"to" scrolls inside an element: it needs a ref.',
          suggestion: 'Give the ref of the grid, list or panel to scroll to its top or bottom, or use direction and amount for the page.',
        }
      : input.to && input.direction
        ? {
            ok: false,
            message: 'Give either to or direction, not both.',
            suggestion: 'Use to: "bottom" to reach the end, or direction and amount to scroll by screens.',
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
        const within = inside(input);
        const result = local
          ? await sendPageCommand(
              context,
              tabId,
              {
                type: 'scroll',
                ref: local,
                ...(documentId ? { documentId } : {}),
                ...(within ? { direction: input.direction, amount: input.amount, to: input.to } : {}),
              },
              frameId,
            )
          : await sendPageCommand(context, tabId, { type: 'scroll', direction: input.direction ?? 'down', amount: input.amount ?? 1 });
        if (result.inside) return { done: `${result.summary.replace(/\.$/, '')}; its position x=${result.scrollX}, y=${result.scrollY}`, via: '' };
        // A ref brought into view by panels alone: the page's own position says nothing about it (Node-RED's
        // edit tray scrolled while the page read "x=0, y=0 (at the bottom of the page)").
        // What moved is said in the summary: anything else is "no other visible change", not "no visible change".
        const saysChange = result.moved === true;
        if (result.pageMoved === false) return { done: result.summary.replace(/\.$/, ''), via: '', saysChange };
        const end = result.atBottom ? ' (at the bottom of the page)' : result.atTop ? ' (at the top of the page)' : '';
        return { done: `${result.summary.replace(/\.$/, '')}; page position x=${result.scrollX}, y=${result.scrollY}${end}`, via: '', saysChange };
      },
    );
    return { data: line, reads };
  },
});
