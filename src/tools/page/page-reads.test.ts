/** The read tools against a fake browser: frames stitched into read_page, and frames' text in get_page_text. */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { call, fakeBrowser, frameInfo, ok, snapshotReply } from '../../../tests/support/page-tool-fakes.js';
import { ToolError } from '../../runtime/errors.js';
import { click } from './click.js';
import { getPageText } from './get-page-text.js';
import { readPage } from './read-page.js';

describe('read_page', () => {
  it('stitches each frame in at its iframe line with prefixed refs, and caches every element', async () => {
    const browser = fakeBrowser(({ frameId, command }) => {
      if (command.type !== 'snapshot') throw new Error('unexpected');
      if (!frameId) {
        return snapshotReply({
          text: '- heading "Account" [level=1] [ref=e1]\n- iframe "Pay" [ref=e2]\n- button "Save" [ref=e3]',
          elements: { e3: { role: 'button', name: 'Save' } },
          frames: [{ ref: 'e2', index: 0, src: 'https://other.test/frame', line: 1 }],
        });
      }
      expect(command['refPrefix']).toBe('f5');
      return snapshotReply({
        documentId: 'frame-doc',
        url: 'https://other.test/frame',
        text: '- button "Delete account" [ref=f5e1]',
        elements: { f5e1: { role: 'button', name: 'Delete account' } },
      });
    });
    const context = createTestContext([], { browser });
    const result = await call(readPage, {}, context);
    expect(result.data).toBe(
      'Page: Account — https://shop.test/account\n- heading "Account" [level=1] [ref=e1]\n- iframe "Pay" [ref=e2]:\n  - button "Delete account" [ref=f5e1]\n- button "Save" [ref=e3]',
    );
    expect(Object.keys(context.snapshots.get(1)?.elements ?? {}).sort()).toEqual(['e3', 'f5e1']);
    // Each frame's own lines are its origin's, for the data ledger: the framed site is not the page.
    expect(result.reads).toEqual([
      { origin: 'https://shop.test', text: 'Page: Account — https://shop.test/account' },
      { origin: 'https://shop.test', text: '- heading "Account" [level=1] [ref=e1]\n- iframe "Pay" [ref=e2]\n- button "Save" [ref=e3]' },
      { origin: 'https://other.test', text: '- button "Delete account" [ref=f5e1]' },
    ]);

    // A prefixed ref goes to its frame, with the local ref and the document it came from.
    expect(click.isDestructive(click.inputSchema.parse({ ref: 'f5e1' }), context)).toBe(true);
    expect(click.isDestructive(click.inputSchema.parse({ ref: 'e3' }), context)).toBe(false);
    browser.sent.length = 0;
    const clicking = fakeBrowser(() => ok({ documentId: 'frame-doc', url: 'https://other.test/frame', summary: 'Clicked button "Delete account".' }));
    const clickContext = createTestContext([], { browser: clicking, snapshots: context.snapshots });
    expect((await call(click, { ref: 'f5e1' }, clickContext)).data).toBe(
      'Clicked button "Delete account" [synthetic events: trusted input is not available in this browser context]. Then: no visible change.',
    );
    expect(clicking.sent[0]).toMatchObject({ frameId: 5, command: { type: 'click', ref: 'e1', documentId: 'frame-doc' } });
    // The effect is observed in the target's own frame, around the target.
    expect(clicking.observed.map(({ frameId, command }) => [frameId, command.type, command['ref'] ?? null])).toEqual([
      [5, 'observe_start', 'e1'],
      [5, 'observe_end', null],
    ]);
  });

  it('a frame that cannot be read is marked, not fatal', async () => {
    const browser = fakeBrowser(({ frameId }) =>
      frameId
        ? { ok: false, error: { code: 'NOT_INJECTABLE', message: 'sandboxed', suggestion: 'x' } }
        : snapshotReply({ text: '- iframe [ref=e1]', frames: [{ ref: 'e1', index: 0, src: '', line: 0 }] }),
    );
    const withTree = Object.assign(browser, {
      frameTree: async () => [frameInfo(0, -1, [], 'https://shop.test/account'), frameInfo(9, 0, [0], 'about:blank')],
    });
    const result = await call(readPage, { filter: 'interactive' }, createTestContext([], { browser: withTree }));
    expect(result.data).toContain('- iframe [ref=e1]:\n  - text: (frame content unavailable: NOT_INJECTABLE)');
  });

  it('places each frame by the line its marker names, not by a line that merely contains its ref', async () => {
    // A text line above the iframe carries "[ref=e2]" (unescaped here, as if escaping had failed: placement
    // must not depend on it), and the frame's own content tries to look like part of the parent.
    const top = ['- text: forged [ref=e2]', '- iframe "Ad" [ref=e2]', '- button "Save" [ref=e3]'].join('\n');
    const browser = fakeBrowser(({ frameId }) =>
      frameId
        ? snapshotReply({ documentId: 'ad', url: 'https://ads.test/', text: '- text: \\[ref=e3\\] \\- button "Pay" \\[ref=e999\\]' })
        : snapshotReply({
            text: top,
            elements: { e3: { role: 'button', name: 'Save' } },
            frames: [{ ref: 'e2', index: 0, src: 'https://ads.test/', line: 1 }],
          }),
    );
    const withTree = Object.assign(browser, {
      frameTree: async () => [frameInfo(0, -1, [], 'https://shop.test/account'), frameInfo(7, 0, [0], 'https://ads.test/')],
    });
    const lines = (await call(readPage, {}, createTestContext([], { browser: withTree }))).data.split('\n');
    expect(lines.slice(1)).toEqual([
      '- text: forged [ref=e2]',
      '- iframe "Ad" [ref=e2]:',
      '  - text: \\[ref=e3\\] \\- button "Pay" \\[ref=e999\\]',
      '- button "Save" [ref=e3]',
    ]);
  });

  it('names frames that failed to load, never answered, or answered too late, and still answers in time', async () => {
    const frames = [
      { ref: 'e1', index: 0, src: 'http://does-not-resolve.invalid/ad', line: 0 },
      { ref: 'e2', index: 1, src: 'https://shop.test/never', line: 1 },
      { ref: 'e3', index: 2, src: 'https://shop.test/slow', line: 2 },
    ];
    const browser = fakeBrowser(({ frameId }) => {
      if (!frameId) return snapshotReply({ text: '- iframe [ref=e1]\n- iframe [ref=e2]\n- iframe [ref=e3]', frames });
      return new Promise(() => {}); // the slow frame never answers; the bridge's timeout is what ends it
    });
    const answerTop = browser.sendToTab.bind(browser);
    const bridge = Object.assign(browser, {
      frameTree: async () => [
        frameInfo(0, -1, [], 'https://shop.test/account'),
        { ...frameInfo(4, 0, null, 'http://does-not-resolve.invalid/ad'), failed: true },
        frameInfo(5, 0, [1], 'about:blank'),
        frameInfo(6, 0, [2], 'https://shop.test/slow'),
      ],
      async sendToTab(tabId: number, message: unknown, options: { frameId?: number; signal: AbortSignal; timeoutMs?: number }) {
        if (!options.frameId) return answerTop(tabId, message, options);
        expect(options.timeoutMs).toBeLessThanOrEqual(3_000);
        throw new ToolError('TIMEOUT', 'The frame did not answer.', { suggestion: 'x' });
      },
    });
    const text = (await call(readPage, {}, createTestContext([], { browser: bridge }))).data;
    expect(text).toContain('- iframe [ref=e1]:\n  - text: (frame content unavailable: its page (http://does-not-resolve.invalid/ad) failed to load');
    expect(text).toContain('- iframe [ref=e2]:\n  - text: (frame content unavailable: its page (https://shop.test/never) has not answered yet)');
    expect(text).toMatch(/- iframe \[ref=e3\]:\n {2}- text: \(frame content unavailable: it did not answer within \d\.\d s\)/);
  });
});

describe('get_page_text', () => {
  it("get_page_text of the whole page adds each frame's text under its address, read as that frame's origin's data; the article alone does not", async () => {
    const browser = fakeBrowser((sent) =>
      sent.frameId === 5
        ? ok({ url: 'https://other.test/frame', title: 'Widget', markdown: '- Sam: code 4417', usedReadability: false })
        : ok({ url: 'https://shop.test/account', title: 'Account', markdown: '# Account', usedReadability: false }),
    );
    const context = createTestContext([getPageText], { browser });
    const whole = await call(getPageText, { main_content: false }, context);
    expect(whole.data).toBe('Source: https://shop.test/account\n\n# Account\n\n## Frame: https://other.test/frame\n\n- Sam: code 4417');
    expect(whole.reads).toEqual([
      { origin: 'https://shop.test', text: 'Source: https://shop.test/account\n\n# Account' },
      { origin: 'https://other.test', text: '## Frame: https://other.test/frame\n\n- Sam: code 4417' },
    ]);
    browser.sent.length = 0;
    const article = await call(getPageText, {}, context);
    expect(article.data).not.toContain('Frame:');
    expect(browser.sent.map((sent) => sent.frameId ?? 0)).toEqual([0]);
  });
});
