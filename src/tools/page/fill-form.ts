/** `fill_form`: fills several fields in one call (text, checkboxes, radios, selects, ranges, dates). */
import { z } from 'zod';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { ToolError } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { fieldIsSensitive } from '../safety/destructive.js';
import { judgeFillCall } from '../safety/judge-fill.js';
import { performAction } from './act.js';
import { knownElement, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { pageToolEnabled } from '../availability.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { quoted } from '../../shared/untrusted-text.js';

const inputSchema = z.strictObject({
  fields: z
    .array(
      z.strictObject({
        ref: refField('The field.'),
        value: z
          .string()
          .max(10_000)
          .describe(
            'The value (up to 10,000 characters): text for text fields; "true"/"false" for checkboxes and radios; an option label or value for selects; a number for ranges; YYYY-MM-DD for dates, HH:MM for times.',
          ),
      }),
    )
    .min(1)
    .max(50)
    .describe('The fields to fill, 1–50, in order.'),
  tab_id: tabIdField(),
});

/** How far the fill is: fields done of all, and the frame being filled now (0 is the page itself). */
export interface FillProgress {
  filled: number;
  total: number;
  frame?: number;
}

/**
 * The fields by name, as the prompt and `npm start` print them: `"Name", "Email"`, the first three and
 * then "and 2 more"; a field this run has not read (its ref unknown) is counted, not named.
 */
function fieldNames(input: z.output<typeof inputSchema>, context: ToolUseContext | undefined): string {
  const names = input.fields.map((field) => {
    const element = knownElement(context, input, field.ref);
    const name = element?.name || element?.row;
    return name ? quoted(name, 60) : undefined;
  });
  const count = input.fields.length;
  if (names.some((name) => name === undefined)) return `${count} form field${count === 1 ? '' : 's'}`;
  const shown = names.slice(0, 3).join(', ');
  return count > 3 ? `${shown} and ${count - 3} more` : shown;
}

/** Fills form fields by ref, all in one frame per call group. */
export const fillForm = buildTool<typeof inputSchema, string, FillProgress>({
  name: 'fill_form',
  aliases: ['form_input', 'browser_fill_form'],
  isEnabled: pageToolEnabled,
  searchHint: 'fill several form fields inputs checkboxes',
  inputSchema,
  prompt: [
    'Fills several form fields at once: text fields and text areas (the value replaces the content), checkboxes and radios ("true"/"false"), selects (an option label or value), ranges, dates (YYYY-MM-DD) and times. Values are set so that framework-controlled forms (React, Vue) see them.',
    'Returns one line per field ("ok" or the error for that field). If any ref is stale nothing is filled (STALE_REF: call read_page again). It does not submit: click the submit button afterwards (or press_key Enter in a field). The last line says what changed on the page (e.g. a validation message).',
    'Use type to type into one field with keystrokes or to submit with Enter. Filling password or payment fields asks the person first.',
  ].join('\n'),
  description: (input, context) => `Fill ${fieldNames(input, context)}`,
  validateInput: (input, context) =>
    validateKnownRefs(
      context,
      input,
      input.fields.map((field) => field.ref),
    ),
  permissionSubject: (input, context) => tabOrigin(input, context),
  isDestructive: (input, context) => input.fields.some((field) => fieldIsSensitive(knownElement(context, input, field.ref)).destructive),
  // Each field against its own frame's origin; a call that spans sites asks.
  checkPermissions: (input, context) => judgeFillCall(input, context),
  interruptBehavior: () => 'block',
  maxResultSizeChars: 10_000,
  async call(input, context, _canUseTool, _parent, onProgress) {
    const tabId = targetTab(input, context);
    // Group by frame: each frame's content script fills its own fields.
    const byFrame = new Map<number, Array<{ ref: string; value: string; full: string }>>();
    for (const field of input.fields) {
      const { frameId, local } = splitRef(field.ref);
      byFrame.set(frameId, [...(byFrame.get(frameId) ?? []), { ref: local, value: field.value, full: field.ref }]);
    }
    const lines: string[] = [];
    const effects: string[] = [];
    // Each frame's lines are that frame's: one call may fill a page and another site's frame in it.
    const reads: LedgerRead[] = [];
    let failed = 0;
    for (const [frameId, fields] of byFrame) {
      onProgress({ filled: lines.length, total: input.fields.length, frame: frameId });
      const before = lines.length;
      const { line, reads: frameReads } = await performAction(context, { tabId, frameId, what: `Filled ${fields.length} fields` }, async () => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const result = await sendPageCommand(
          context,
          tabId,
          { type: 'fill', ...(documentId ? { documentId } : {}), fields: fields.map(({ ref, value }) => ({ ref, value })) },
          frameId,
        );
        result.results.forEach((entry, index) => {
          const full = fields[index]?.full ?? entry.ref;
          if (!entry.ok) failed++;
          lines.push(`${full}: ${entry.ok ? 'ok' : `error ${entry.code ?? ''}`} — ${entry.message}`);
        });
        return {
          done: `Filled ${result.results.filter((entry) => entry.ok).length} of ${fields.length} fields${frameId === 0 ? '' : ` in frame ${frameId}`}`,
          via: '(values set by script, with input and change events)',
        };
      });
      effects.push(line);
      for (const read of frameReads) reads.push({ origin: read.origin, text: [...lines.slice(before), line].join('\n') });
    }
    onProgress({ filled: lines.length, total: input.fields.length });
    if (failed > 0) {
      throw new ToolError('FILL_INCOMPLETE', `${failed} of ${input.fields.length} fields could not be filled:\n${lines.join('\n')}\n${effects.join('\n')}`, {
        suggestion: 'The fields marked ok are filled. Fix the others as their errors say (read_page shows the current state), then continue.',
      });
    }
    return { data: `Filled ${input.fields.length} field${input.fields.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n${effects.join('\n')}`, reads };
  },
});
