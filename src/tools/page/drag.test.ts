import { describe, expect, it } from 'vitest';
import { searchTools } from '../agent/tool-search.js';
import { drag } from './drag.js';
import { dragPath } from './drag-input.js';
import { hover } from './hover.js';
import { click } from './click.js';
import { validatePointInput } from './point.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { call, fakeBrowser, ok } from '../../../tests/support/page-tool-fakes.js';

describe('drag', () => {
  it('is what tool_search loads for "drag drop move element", ahead of hover', () => {
    expect(searchTools([hover, drag, click], 'drag drop move element', 5)[0]?.name).toBe('drag');
    expect(searchTools([hover, drag], 'reorder kanban card', 5).map((t) => t.name)).toEqual(['drag']);
  });

  it('takes a ref or a point at each end, and refuses anything else with a clear error', () => {
    expect(drag.inputSchema.safeParse({ from: 'e3', to: 'f2e9' }).success).toBe(true);
    expect(drag.inputSchema.safeParse({ from: { x: 10, y: 20 }, to: 'e4', steps: 30 }).success).toBe(true);
    expect(drag.inputSchema.safeParse({ from: 'e3', to: { x: -1, y: 5 } }).success).toBe(false);
    expect(drag.inputSchema.safeParse({ from: 'button', to: 'e4' }).success).toBe(false);
    expect(drag.inputSchema.safeParse({ from: 'e3', to: 'e4', steps: 0 }).success).toBe(false);
    expect(drag.inputSchema.safeParse({ from: { x: 1, y: 2, z: 3 }, to: 'e4' }).success).toBe(false);
  });

  it('moves in even steps after two short nudges, ending exactly on the target', () => {
    const path = dragPath({ x: 0, y: 0 }, { x: 100, y: 0 }, 4);
    expect(path).toEqual([
      { x: 3, y: 0 },
      { x: 8, y: 0 },
      { x: 25, y: 0 },
      { x: 50, y: 0 },
      { x: 75, y: 0 },
      { x: 100, y: 0 },
    ]);
    // A drag of a few pixels (a slider nudge) gets no nudges beyond it.
    expect(dragPath({ x: 0, y: 0 }, { x: 4, y: 0 }, 2)).toEqual([
      { x: 2, y: 0 },
      { x: 4, y: 0 },
    ]);
  });
});

describe('points for click and hover', () => {
  const context = createTestContext([click, hover]);
  it('needs exactly a ref or both x and y, before any page is asked', async () => {
    expect(await validatePointInput(context, {})).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: expect.stringContaining('a ref, or a point') });
    expect(await validatePointInput(context, { x: 4 })).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'A point needs both x and y.' });
    expect(await validatePointInput(context, { ref: 'e1', x: 4, y: 5 })).toMatchObject({ ok: false, message: expect.stringContaining('not both') });
    expect(click.inputSchema.safeParse({ x: 12.5, y: 40 }).success).toBe(true);
    expect(hover.inputSchema.safeParse({ x: 12, y: -3 }).success).toBe(false);
  });

  it('checks a ref as before: one this run never read is STALE_REF', async () => {
    expect(await validatePointInput(context, { ref: 'e999', tab_id: 1 })).toMatchObject({ ok: false, code: 'STALE_REF' });
  });
});

describe('drag without trusted input (Firefox)', () => {
  /** A page whose content script answers the drag with `dragReply`. */
  function page(dragReply: unknown) {
    const browser = fakeBrowser(({ command }) => {
      if (command.type === 'drag') return dragReply;
      if (command.type === 'drag_place_start') return ok({ token: 'p1' });
      if (command.type === 'drag_place_end')
        return ok({ place: 'listitem "Gym" moved within list "Priorities" from 4th to 1st of 4', moved: true, stayed: false, item: 'listitem "Gym"' });
      return ok({});
    });
    const context = createTestContext([], { browser });
    context.snapshots.update(1, 'https://shop.test/account', { e1: { role: 'listitem', name: '' }, e2: { role: 'listitem', name: '' } });
    return { browser, context };
  }
  const dragged = ok({
    documentId: 'doc',
    url: 'https://shop.test/account',
    summary: 'Dragged',
    labels: { from: 'listitem "Gym"', to: 'listitem "Pay rent"' },
  });

  it('sends the whole drag to the ends’ frame as one synthetic command, names the ends as the page labels them and says where the item went', async () => {
    const { browser, context } = page(dragged);
    const result = await call(drag, { from: 'e1', to: 'e2', steps: 5 }, context);
    expect(browser.sent.find(({ command }) => command.type === 'drag')).toMatchObject({ command: { from: 'e1', to: 'e2', steps: 5 } });
    expect(result.data).toMatch(/^Dragged listitem "Gym" to listitem "Pay rent" \[synthetic events: [^\]]+\]\. Then: listitem "Gym" moved within list/);
  });

  it('refuses ends in two frames (a content script reaches only its own), and turns a redirected drop into TARGET_MOVED', async () => {
    const framed = page(dragged);
    framed.context.snapshots.update(1, 'https://shop.test/account', { e1: { role: 'listitem', name: '' } });
    await expect(call(drag, { from: 'e1', to: 'f5e3' }, framed.context)).rejects.toMatchObject({ code: 'DRAG_UNAVAILABLE' });
    const moved = page({
      ok: false,
      error: { code: 'TARGET_MOVED', message: 'region "Trash" is now where the drag was to drop. Nothing was dropped.', suggestion: '' },
    });
    await expect(call(drag, { from: 'e1', to: 'e2' }, moved.context)).rejects.toMatchObject({
      code: 'TARGET_MOVED',
      suggestion: expect.stringContaining('nothing was dropped'),
    });
  });
});
