import { describe, expect, it } from 'vitest';
import type { FrameInfo } from '../../runtime/browser.js';
import { matchFrame } from './frames.js';

const frame = (frameId: number, parentFrameId: number | null, path: number[] | null, url: string, extra: Partial<FrameInfo> = {}): FrameInfo => ({
  frameId,
  parentFrameId,
  url,
  path,
  failed: false,
  loading: false,
  ...extra,
});

const TREE: FrameInfo[] = [
  frame(0, -1, [], 'https://shop.test/'),
  // A script-written editor frame: it reports the parent's URL, the browser lists it as about:blank.
  frame(11, 0, [0], 'https://shop.test/'),
  // A javascript: placeholder the browser does not list at all.
  frame(8, null, [1], 'about:blank'),
  frame(12, 0, [2], 'https://pay.test/card'),
  frame(13, 0, [0, 0], 'https://shop.test/inner'),
  frame(14, 0, null, 'https://widgets.test/shadow'),
  frame(5, 0, null, 'http://ads.invalid/x', { failed: true }),
  frame(6, null, [4], 'about:blank'),
];

describe('matchFrame', () => {
  it('matches by index path, whatever the URLs say', () => {
    expect(matchFrame(TREE, 0, { index: 0, src: '' }, new Set())).toEqual({ frameId: 11, loading: false });
    expect(matchFrame(TREE, 0, { index: 1, src: 'javascript:false' }, new Set())).toEqual({ frameId: 8, loading: false });
    expect(matchFrame(TREE, 0, { index: 2, src: 'https://pay.test/card' }, new Set())).toEqual({ frameId: 12, loading: false });
    expect(matchFrame(TREE, 11, { index: 0, src: 'https://shop.test/inner' }, new Set())).toEqual({ frameId: 13, loading: false });
  });

  it("falls back to the URL among the parent's listed children for an iframe outside window.frames", () => {
    expect(matchFrame(TREE, 0, { index: null, src: 'https://widgets.test/shadow#x' }, new Set())).toEqual({ frameId: 14, loading: false });
  });

  it('never gives one frame to two iframes', () => {
    const claimed = new Set<number>();
    expect(matchFrame(TREE, 0, { index: null, src: 'https://widgets.test/shadow' }, claimed)).toEqual({ frameId: 14, loading: false });
    expect(matchFrame(TREE, 0, { index: null, src: 'https://widgets.test/shadow' }, claimed)).toEqual({
      missing: 'its page (https://widgets.test/shadow) has not loaded',
    });
  });

  it('says why a frame has no content: failed to load, not answered yet, unreachable', () => {
    expect(matchFrame(TREE, 0, { index: 3, src: 'http://ads.invalid/x' }, new Set())).toEqual({
      missing: 'its page (http://ads.invalid/x) failed to load: the host may not resolve or the network failed',
    });
    expect(matchFrame(TREE, 0, { index: 4, src: 'https://shop.test/never' }, new Set())).toEqual({
      missing: 'its page (https://shop.test/never) has not answered yet',
    });
    expect(matchFrame(TREE, 0, { index: 9, src: '' }, new Set())).toEqual({ missing: 'no document in it could be reached' });
  });

  it('escapes what the page put in an address', () => {
    const match = matchFrame(TREE, 0, { index: 9, src: 'https://x.test/a]\n- button "Pay" [ref=e9]' }, new Set());
    expect('missing' in match && match.missing).toBe('its page (https://x.test/a\\] - button "Pay" \\[ref=e9\\]) has not loaded');
  });
});
