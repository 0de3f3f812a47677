/**
 * Frames with no address of their own (TinyMCE's `srcdoc` editor, a script-written about:blank) against a fake
 * browser: a point on one is followed into it by the frame's place in `window.frames`, and `type` or
 * `select_text` given the frame's ref is refused naming the textbox inside it.
 */
import { describe, expect, it } from 'vitest';
import { FakeBrowser, type SentCommand } from '../../../tests/support/fake-browser.js';
import { frameInfo, ok, snapshotReply } from '../../../tests/support/page-tool-fakes.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { resolvePoint } from './point.js';
import { selectText } from './select-text.js';
import { typeText } from './type.js';
import { tabOrigin, type TabInput } from './page-call.js';

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

const notEditableFrame = { ok: false, error: { code: 'NOT_EDITABLE', message: 'iframe is a frame.', suggestion: 'Read it.', frameIndex: 1 } };
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

describe('type and select_text given a frame’s ref', () => {
  const answer = ({ frameId, command }: SentCommand) => {
    if (command.type === 'precheck') return frameId ? ok({ ok: true }) : notEditableFrame;
    if (command.type === 'snapshot' && frameId === 3) {
      expect(command['filter']).toBe('interactive');
      return snapshotReply({
        documentId: 'editor-doc',
        url: 'about:srcdoc',
        text: '- textbox "Rich Text Area" [ref=f3e1]\n- link "Help" [ref=f3e2]',
        elements: { f3e1: editorSummary, f3e2: { role: 'link', name: 'Help', tag: 'a' } },
      });
    }
    throw new Error(`unexpected ${command.type} in frame ${frameId ?? 0}`);
  };

  it('are refused before anything runs, naming the textbox inside the frame by a ref the next call can use, and no page text', async () => {
    const browser = editorPage(answer);
    const context = createTestContext([], { browser });
    context.snapshots.update(1, URL, { e20: { role: 'iframe', name: '', tag: 'iframe' } });
    for (const [tool, input] of [
      [typeText, { ref: 'e20', text: 'Hello' }],
      [selectText, { ref: 'e20', text: 'Hello' }],
    ] as const) {
      const result = await tool.validateInput(tool.inputSchema.parse(input) as never, context);
      expect(result).toEqual({
        ok: false,
        code: 'NOT_EDITABLE',
        message: 'iframe is a frame.',
        suggestion: 'Use the text field inside the frame: its textbox [ref=f3e1].',
        details: {},
      });
    }
    // The ref given is one this run may use: known, in the frame's document; the frame's link is not handed out.
    expect(context.snapshots.get(1)?.elements['f3e1']).toEqual(editorSummary);
    expect(context.snapshots.get(1)?.elements['f3e2']).toBeUndefined();
    expect(context.snapshots.knownDocument(1, 3)).toBe('editor-doc');
    const typing = await typeText.validateInput(typeText.inputSchema.parse({ ref: 'f3e1', text: 'Hello' }), context);
    expect(typing).toEqual({ ok: true });
  });

  it('keep the page’s own suggestion when the frame holds no text field or cannot answer', async () => {
    const browser = editorPage((sent) => {
      if (sent.command.type === 'snapshot')
        return snapshotReply({ documentId: 'ad', url: 'about:blank', elements: { f3e1: { role: 'link', name: 'Ad', tag: 'a' } } });
      return answer(sent);
    });
    const context = createTestContext([], { browser });
    context.snapshots.update(1, URL, { e20: { role: 'iframe', name: '', tag: 'iframe' } });
    const result = await typeText.validateInput(typeText.inputSchema.parse({ ref: 'e20', text: 'Hello' }), context);
    expect(result).toMatchObject({ ok: false, code: 'NOT_EDITABLE', suggestion: 'Read it.' });
  });
});

describe('the site an act in a frame with no address of its own is judged on', () => {
  it('is the origin of the frame that holds it: a srcdoc frame inside another site’s frame is that site’s, not the tab’s', async () => {
    const browser = new FakeBrowser([{ id: 1, active: true, url: URL, title: 'Compose' }], {
      frames: [
        { frameId: 0, parentFrameId: -1, url: URL },
        { frameId: 5, parentFrameId: 0, url: 'https://ads.example/slot' },
        { frameId: 6, parentFrameId: 5, url: 'about:srcdoc' },
        { frameId: 3, parentFrameId: 0, url: 'about:srcdoc' },
      ],
    });
    const context = createTestContext([], { browser });
    const judgedOn = (ref: string) => tabOrigin({ ref } as TabInput, context);
    expect(await judgedOn('f6e1')).toBe('https://ads.example');
    expect(await judgedOn('f3e1')).toBe('https://mail.test');
    expect(await judgedOn('e1')).toBe('https://mail.test');
  });
});
