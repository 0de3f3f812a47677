/**
 * Which frame holds the keyboard focus: from the top, each frame is asked whether its focus rests on
 * one of its child frames' iframes, down to the frame whose own element has it. A key pressed with no
 * ref goes there, so it is judged there — a Space typed into a rich editor inside a frame is typing,
 * not an unknown key "inside another frame" — and guarded there (the judged frame must still hold focus,
 * through every ancestor, when each key goes).
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { requireBrowser, sendPageCommand } from './page-call.js';
import type { FrameLink } from './pointer-check.js';

/** Frames nested deeper than this are not followed (the key is judged at the last frame found). */
const MAX_DEPTH = 8;

/** A frame of a tab as its parent is told to find its iframe (see `childFrame` in src/shared/protocol/page.ts). */
export interface ChildFrameInfo {
  frameId: number;
  parentFrameId: number;
  url: string;
  /** Its place in the parent's `window.frames`, when the frame could say. */
  index?: number;
}

/**
 * The tab's frames, each with its index in its parent's `window.frames` where the frame could tell it.
 * An address cannot tell apart frames that have none of their own (a script-written `about:blank` editor,
 * a `srcdoc`): found by address, the pointer was put on another frame's iframe and the press refused.
 */
export async function childFrames(context: ToolUseContext, tabId: number): Promise<ChildFrameInfo[]> {
  const browser = requireBrowser(context);
  const [listed, tree] = await Promise.all([
    browser.listFrames(tabId),
    browser.frameTree ? browser.frameTree(tabId, context.abortController.signal).catch(() => []) : Promise.resolve([]),
  ]);
  const pathOf = new Map(tree.map((frame) => [frame.frameId, frame.path]));
  return listed.map((frame) => {
    const path = pathOf.get(frame.frameId);
    const index = path && path.length > 0 ? path[path.length - 1] : undefined;
    return { ...frame, ...(index !== undefined ? { index } : {}) };
  });
}

/** The frame holding focus (0: the top frame) and the links from it up to the top, child first. */
export async function focusedFrame(context: ToolUseContext, tabId: number): Promise<{ frameId: number; links: FrameLink[] }> {
  const frames = await childFrames(context, tabId).catch(() => []);
  let frameId = 0;
  const links: FrameLink[] = [];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parent = frameId;
    const children = frames.filter((frame) => frame.parentFrameId === parent);
    const answers = await Promise.all(
      children.map(async (child) => {
        const nth = Math.max(0, children.filter((frame) => frame.url === child.url).indexOf(child));
        const where = { frameId: child.frameId, url: child.url, nth, ...(child.index !== undefined ? { index: child.index } : {}) };
        const answer = await sendPageCommand(context, tabId, { type: 'frame_focus', ...where }, parent).catch(() => undefined);
        return answer?.holds ? { child, nth } : undefined;
      }),
    );
    const next = answers.find((answer) => answer !== undefined);
    if (!next) break;
    const { child } = next;
    links.unshift({
      frameId: child.frameId,
      parentFrameId: parent,
      url: child.url,
      nth: next.nth,
      ...(child.index !== undefined ? { index: child.index } : {}),
      x: 0,
      y: 0,
    });
    frameId = next.child.frameId;
  }
  return { frameId, links };
}
