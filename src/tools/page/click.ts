/** `click`: clicks an element like a person, after checking it is visible, enabled and not covered. */
import { z } from 'zod';
import { isToolErrorLike } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { clickIsDestructive } from '../safety.js';
import { actOnRef, describeRef, knownElement, refField, tabIdField, tabOrigin, validateKnownRefs } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  ref: refField('The element to click.'),
  button: z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button: "left" (default), "right" (context menu) or "middle".'),
  click_count: z.number().int().min(1).max(3).default(1).describe('1 (default) for a click, 2 for a double click, 3 for a triple click (selects a paragraph).'),
  modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).max(4).default([]).describe('Keys held during the click, e.g. ["Control"] to open a link in a new tab (0–4 of Alt, Control, Meta, Shift; default: none).'),
  tab_id: tabIdField(),
});

/** Clicks an element by ref. */
export const click = buildTool<typeof inputSchema, string>({
  name: 'click',
  aliases: ['click_element', 'browser_click'],
  isEnabled: pageToolEnabled,
  searchHint: 'press button link tap activate',
  inSimpleMode: true,
  inputSchema,
  prompt: [
    'Clicks an element (by ref from read_page or find) the way a person would: scrolls it into view, checks it is visible, enabled and not covered, then sends the full pointer and mouse event sequence.',
    'Returns one line saying what was clicked. Errors: ELEMENT_COVERED names what is on top (e.g. a cookie banner: dismiss it first), ELEMENT_DISABLED, ELEMENT_NOT_VISIBLE, STALE_REF (call read_page again).',
    'If the click loads another page, the result says so; call read_page to see it. To type into a field use type; for dropdowns use select_option; for many fields fill_form.',
    'Clicks that cannot be undone (delete, pay, send, publish, a form that posts) ask the person first.',
  ].join('\n'),
  description: (input, context) => `Click ${describeRef(context, input, input.ref)}`,
  validateInput: (input, context) => validateKnownRefs(context, input, [input.ref]),
  permissionSubject: (input, context) => tabOrigin(input, context),
  isDestructive: (input, context) => clickIsDestructive(knownElement(context, input, input.ref)).destructive,
  interruptBehavior: () => 'block',
  maxResultSizeChars: 2_000,
  async call(input, context) {
    try {
      const result = await actOnRef<'click'>(context, input, input.ref, (ref, documentId) => ({
        type: 'click',
        ref,
        ...(documentId ? { documentId } : {}),
        button: input.button,
        clickCount: input.click_count,
        modifiers: input.modifiers,
      }));
      return { data: result.summary };
    } catch (error) {
      // The click usually reached the page and started a navigation that cut the reply off.
      if (isToolErrorLike(error) && error.code === 'NAVIGATED') {
        return { data: `Clicked ${describeRef(context, input, input.ref)}; the page then navigated. Call read_page to see the new page.` };
      }
      throw error;
    }
  },
});
