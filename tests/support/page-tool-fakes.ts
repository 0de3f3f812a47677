/**
 * A fake browser for the page tools' unit tests: content scripts that answer from a function of the
 * frame id and command, a frame 5 on another site, reply builders, and a tool called with everything allowed.
 */
import type { FrameInfo, TabInfo } from '../../src/runtime/browser.js';
import type { AnyTool } from '../../src/runtime/tool.js';
import { FakeBrowser, type SentCommand } from './fake-browser.js';
import type { createTestContext } from './tool-context.js';

/** A browser whose content scripts answer from a function of frame id and command; a frame 5 on another site. */
export function fakeBrowser(answer: (sent: SentCommand) => unknown, tab: Partial<TabInfo> = {}): FakeBrowser {
  const url = tab.url ?? 'https://shop.test/account';
  return new FakeBrowser([{ id: 1, active: true, url, title: 'Account', ...tab }], {
    answer,
    frames: [
      { frameId: 0, parentFrameId: -1, url },
      { frameId: 5, parentFrameId: 0, url: 'https://other.test/frame' },
    ],
  });
}

export const ok = (result: unknown) => ({ ok: true, result });
export const frameInfo = (frameId: number, parentFrameId: number | null, path: number[] | null, url: string): FrameInfo => ({
  frameId,
  parentFrameId,
  url,
  path,
  failed: false,
  loading: false,
});
export const snapshotReply = (over: Record<string, unknown>) =>
  ok({ documentId: 'doc', url: 'https://shop.test/account', title: 'Account', text: '', elements: {}, frames: [], nodeCount: 1, truncated: false, ...over });

export async function call(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ReturnType<typeof createTestContext>,
  onProgress: (p: unknown) => void = () => {},
) {
  const parsed = tool.inputSchema.parse(input);
  return tool.call(parsed, context, async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }), undefined, onProgress);
}
