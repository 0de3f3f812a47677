/** ELEMENT_COVERED's cover ref through the worker: the frame's prefix added everywhere it is named, and the cover cached so it can be acted on. */
import { describe, expect, it } from 'vitest';
import { isToolErrorLike } from '../../runtime/errors.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { sendPageCommand, validateKnownRefs } from './page-call.js';

describe('a cover named by its ref', () => {
  it('gets its frame’s prefix in the message, the advice and the details, and joins the snapshot cache', async () => {
    const browser = new FakeBrowser([{ id: 1, active: true, url: 'https://shop.test/' }], {
      answer: () => ({
        ok: false,
        error: {
          code: 'ELEMENT_COVERED',
          message: 'combobox "Size" is covered by text "Medium" [ref=e9], part of the same control.',
          suggestion: 'Act on e9 instead (click it; for files, upload_file with ref e9).',
          cover: 'part of the same control',
          coverRef: 'e9',
          coverSummary: { role: 'generic', name: 'Medium', tag: 'span' },
        },
      }),
    });
    const context = createTestContext([], { browser });
    context.snapshots.update(1, 'https://shop.test/', { f3e2: { role: 'combobox', name: 'Size' } });
    const error = await sendPageCommand(context, 1, { type: 'locate', ref: 'e2', purpose: 'click' }, 3).catch((caught: unknown) => caught);
    expect(isToolErrorLike(error)).toBe(true);
    const payload = error as { message: string; suggestion: string; details: Record<string, unknown> };
    expect(payload.message).toContain('[ref=f3e9]');
    expect(payload.suggestion).toBe('Act on f3e9 instead (click it; for files, upload_file with ref f3e9).');
    expect(payload.details).toEqual({ cover: 'part of the same control', coverRef: 'f3e9' });
    expect(context.snapshots.get(1)?.elements['f3e9']).toEqual({ role: 'generic', name: 'Medium', tag: 'span' });
    expect(validateKnownRefs(context, {}, ['f3e9'])).toEqual({ ok: true });
  });
});
