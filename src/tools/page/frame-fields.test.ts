/**
 * Frames with no address of their own (TinyMCE's `srcdoc` editor, a script-written about:blank) against a fake
 * browser: a point on one is followed into it by the frame's place in `window.frames`, and `type` or
 * `select_text` given the frame's ref is refused naming the textbox inside it.
 */
import { describe, expect, it } from 'vitest';
import { FakeBrowser, type SentCommand } from '../../../tests/support/fake-browser.js';
import { frameInfo, ok } from '../../../tests/support/page-tool-fakes.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { resolvePoint } from './point.js';

const URL = 'https://mail.test/compose';

/** A page with two address-less frames: a blank ad (frame 4, window.frames[0]) and a srcdoc editor (frame 3, window.frames[1]). */
function editorPage(answer: (sent: SentCommand) => unknown): FakeBrowser {
  const browser = new FakeBrowser([{ id: 1, active: true, url: URL, title: 'Compose' }], {
    answer,
    frames: [
      { frameId: 0, parentFrameId: -1, url: URL },
      // The browser lists the editor first: listed order is no place in window.frames.
      { frameId: 3, parentFrameId: 0, url: 'about:srcdoc' },
      { frameId: 4, parentFrameId: 0, url: 'about:blank' },
    ],
  });
  return Object.assign(browser, {
    frameTree: async () => [frameInfo(0, -1, [], URL), frameInfo(4, 0, [0], 'about:blank'), frameInfo(3, 0, [1], 'about:srcdoc')],
  });
}

const editorSummary = { role: 'textbox', name: 'Rich Text Area', tag: 'body' };

describe('a point on a frame with no address of its own', () => {
  it('is followed into the frame at its place in window.frames, not the first frame whose address matches', async () => {
    const browser = editorPage(({ frameId, command }) => {
      if (command.type !== 'point_target') throw new Error(`unexpected ${command.type}`);
      // The parent says where the frame sits; its src is empty, as a srcdoc frame's is.
      if (!frameId) return ok({ kind: 'frame', index: 1, url: 'about:blank', nth: 0, x: 40, y: 20 });
      return ok({ kind: 'element', ref: 'e1', documentId: 'editor-doc', url: 'about:srcdoc', label: 'textbox "Rich Text Area"', summary: editorSummary });
    });
    const context = createTestContext([], { browser });
    const point = await resolvePoint(context, 1, { x: 130, y: 234 });
    expect(point).toMatchObject({ ref: 'f3e1', frameId: 3, local: 'e1', documentId: 'editor-doc', inFrame: { x: 40, y: 20 } });
    expect(browser.sent.map((sent) => [sent.frameId ?? 0, sent.command.type])).toEqual([
      [0, 'point_target'],
      [3, 'point_target'],
    ]);
    expect(context.snapshots.get(1)?.elements['f3e1']).toEqual(editorSummary);
  });
});
