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

/** The frame holding focus (0: the top frame) and the links from it up to the top, child first. */
export async function focusedFrame(context: ToolUseContext, tabId: number): Promise<{ frameId: number; links: FrameLink[] }> {
  const frames = await requireBrowser(context)
    .listFrames(tabId)
    .catch(() => []);
  let frameId = 0;
  const links: FrameLink[] = [];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parent = frameId;
    const children = frames.filter((frame) => frame.parentFrameId === parent);
    const answers = await Promise.all(
      children.map(async (child) => {
        const nth = Math.max(0, children.filter((frame) => frame.url === child.url).indexOf(child));
        const answer = await sendPageCommand(context, tabId, { type: 'frame_focus', frameId: child.frameId, url: child.url, nth }, parent).catch(
          () => undefined,
        );
        return answer?.holds ? { child, nth } : undefined;
      }),
    );
    const next = answers.find((answer) => answer !== undefined);
    if (!next) break;
    links.unshift({ frameId: next.child.frameId, parentFrameId: parent, url: next.child.url, nth: next.nth, x: 0, y: 0 });
    frameId = next.child.frameId;
  }
  return { frameId, links };
}
