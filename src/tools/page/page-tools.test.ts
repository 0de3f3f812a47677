/** The page tools against a fake browser: safety defaults, frame stitching, refs to frames, safety, errors (the contract: src/tools/contract.test.ts). */
import { describe, expect, it } from 'vitest';
import type { FrameInfo, TabInfo } from '../../runtime/browser.js';
import { DEFAULT_IMAGE_OPTIONS } from '../../runtime/context-window/models.js';
import { ToolError } from '../../runtime/errors.js';
import { executeToolCall } from '../../runtime/execute.js';
import type { AnyTool, CanUseTool } from '../../runtime/tool.js';
import { click } from './click.js';
import { fillForm } from './fill-form.js';
import { find } from './find.js';
import { getPageText } from './get-page-text.js';
import { hover } from './hover.js';
import { navigate } from './navigate.js';
import { pressKey } from './press-key.js';
import { readPage } from './read-page.js';
import { screenshot } from './screenshot.js';
import { scroll } from './scroll.js';
import { selectOption } from './select-option.js';
import { typeText } from './type.js';
import { waitFor } from './wait-for.js';
import { FakeBrowser, type SentCommand } from '../../../tests/support/fake-browser.js';
import { createTestContext } from '../../../tests/support/tool-context.js';

const PAGE_TOOLS: AnyTool[] = [readPage, find, getPageText, click, typeText, fillForm, selectOption, pressKey, scroll, hover, waitFor, screenshot, navigate];

/** A valid input per tool (tools not listed take `{ ref: 'e1' }`). */
const SAMPLE_INPUTS: Record<string, Record<string, unknown>> = {
  read_page: {},
  find: { query: 'x' },
  get_page_text: {},
  screenshot: {},
  wait_for: {},
  scroll: {},
  navigate: { url: 'https://x.test' },
  fill_form: { fields: [{ ref: 'e1', value: 'x' }] },
  press_key: { key: 'Enter' },
  select_option: { ref: 'e1', values: ['a'] },
  type: { ref: 'e1', text: 'x' },
};

/** A browser whose content scripts answer from a function of frame id and command; a frame 5 on another site. */
function fakeBrowser(answer: (sent: SentCommand) => unknown, tab: Partial<TabInfo> = {}): FakeBrowser {
  const url = tab.url ?? 'https://shop.test/account';
  return new FakeBrowser([{ id: 1, active: true, url, title: 'Account', ...tab }], {
    answer,
    frames: [
      { frameId: 0, parentFrameId: -1, url },
      { frameId: 5, parentFrameId: 0, url: 'https://other.test/frame' },
    ],
  });
}

const ok = (result: unknown) => ({ ok: true, result });
const frameInfo = (frameId: number, parentFrameId: number | null, path: number[] | null, url: string): FrameInfo => ({
  frameId,
  parentFrameId,
  url,
  path,
  failed: false,
  loading: false,
});
const snapshotReply = (over: Record<string, unknown>) =>
  ok({ documentId: 'doc', url: 'https://shop.test/account', title: 'Account', text: '', elements: {}, frames: [], nodeCount: 1, truncated: false, ...over });

async function call(tool: AnyTool, input: Record<string, unknown>, context: ReturnType<typeof createTestContext>, onProgress: (p: unknown) => void = () => {}) {
  const parsed = tool.inputSchema.parse(input);
  return tool.call(parsed, context, async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }), undefined, onProgress);
}

describe('page tool defaults', () => {
  it('reads are read-only, concurrency-safe and cancel on interrupt; actions are neither and block; scroll is read-only but runs alone', () => {
    const reads = ['read_page', 'find', 'get_page_text', 'screenshot', 'wait_for'];
    for (const tool of PAGE_TOOLS) {
      const input = tool.inputSchema.parse(SAMPLE_INPUTS[tool.name] ?? { ref: 'e1' });
      const read = reads.includes(tool.name);
      // Scrolling changes only what is in view (so it is a read), but it moves the page the other calls see.
      expect(tool.isReadOnly(input), tool.name).toBe(read || tool.name === 'scroll');
      expect(tool.isConcurrencySafe(input), tool.name).toBe(read);
      expect(tool.interruptBehavior(), tool.name).toBe(read ? 'cancel' : 'block');
      expect(tool.maxResultSizeChars, tool.name).toBeLessThanOrEqual(50_000);
    }
    expect(readPage.maxResultSizeChars).toBeGreaterThan(click.maxResultSizeChars);
    expect(hover.shouldDefer).toBe(true);
    expect(PAGE_TOOLS.filter((tool) => tool.shouldDefer).map((tool) => tool.name)).toEqual(['hover']);
  });
});

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

describe('what reads cover (ReadScope)', () => {
  it('read_page and get_page_text say which document and view they read, so a newer read can supersede them', async () => {
    const browser = fakeBrowser(({ command }) =>
      command.type === 'snapshot'
        ? snapshotReply({ url: 'https://shop.test/account#orders', text: '- button "Save" [ref=e3]' })
        : ok({ url: 'https://shop.test/account', title: 'Account', markdown: '# Account', usedReadability: true }),
    );
    const context = createTestContext([], { browser });
    expect((await call(readPage, {}, context)).readScope).toEqual({ document: 'tab 1 at https://shop.test/account', view: 'all', whole: true });
    expect((await call(readPage, { filter: 'interactive' }, context)).readScope).toEqual({
      document: 'tab 1 at https://shop.test/account',
      view: 'interactive',
      whole: false,
    });
    expect((await call(readPage, { ref: 'e3', max_depth: 2 }, context)).readScope).toMatchObject({ view: 'all under e3 depth 2', whole: false });
    expect((await call(getPageText, {}, context)).readScope).toEqual({ document: 'tab 1 at https://shop.test/account', view: 'article', whole: false });
    expect((await call(getPageText, { main_content: false }, context)).readScope).toMatchObject({ view: 'all text', whole: true });
  });
});

describe('errors and safety', () => {
  it('page errors become structured ToolErrors with their context', async () => {
    const browser = fakeBrowser(() => ({ ok: false, error: { code: 'OPTION_NOT_FOUND', message: 'no option', suggestion: 'use one', options: ['A'] } }));
    await expect(call(selectOption, { ref: 'e1', values: ['Z'] }, createTestContext([], { browser }))).rejects.toMatchObject({
      code: 'OPTION_NOT_FOUND',
      suggestion: 'use one',
      details: { options: ['A'] },
    });
  });

  it('isDestructive judges from the snapshot cache alone: no message reaches the page', () => {
    const browser = fakeBrowser(() => {
      throw new Error('isDestructive must not ask the page');
    });
    const context = createTestContext([], { browser });
    context.snapshots.update(1, 'https://shop.test/account', {
      e1: { role: 'button', name: 'Delete account' },
      e2: { role: 'tab', name: 'Send feedback' },
      e3: { role: 'button', name: 'Search', submits: true, formMethod: 'get' },
      e4: { role: 'button', name: 'Save', submits: true, formMethod: 'post', formAction: 'https://shop.test/save' },
    });
    const verdicts = ['e1', 'e2', 'e3', 'e4', 'e99'].map((ref) => click.isDestructive(click.inputSchema.parse({ ref }), context));
    expect(verdicts).toEqual([true, false, false, true, true]); // e99 was never seen: unknown is unsafe
    expect(browser.sent).toHaveLength(0);
  });

  it('a ref the latest snapshot never had is STALE_REF before the person is asked or the page is touched', async () => {
    const browser = fakeBrowser(() => {
      throw new Error('the page must not be asked');
    });
    const asked: string[] = [];
    const canUseTool: CanUseTool = async (tool) => {
      asked.push(tool.name);
      return { behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } };
    };
    const context = createTestContext([click, fillForm, scroll], { browser });
    context.snapshots.update(1, 'https://shop.test/account', { e1: { role: 'button', name: 'Save' }, e2: { role: 'textbox', name: 'Email' } });
    const run = (name: string, input: unknown) => executeToolCall({ type: 'tool_use', id: `t-${name}`, name, input }, context, { canUseTool });

    const clicked = await run('click', { ref: 'e999' });
    expect(clicked.error).toMatchObject({ code: 'STALE_REF', refs: ['e999'] });
    expect(clicked.error?.suggestion).toMatch(/read_page or find/);
    const filled = await run('fill_form', {
      fields: [
        { ref: 'e2', value: 'a@b.c' },
        { ref: 'f3e1', value: 'x' },
      ],
    });
    expect(filled.error).toMatchObject({ code: 'STALE_REF', refs: ['f3e1'] });
    const scrolled = await run('scroll', { ref: 'e7' });
    expect(scrolled.error).toMatchObject({ code: 'STALE_REF' });
    expect(asked).toEqual([]);
    expect(browser.sent).toHaveLength(0);

    // Without a read of the tab in this run, refs belong to nobody here (another run's e2 may name
    // another element now): STALE_REF too, still before anyone is asked or the page is touched.
    context.snapshots.invalidate(1);
    const unread = await run('click', { ref: 'e2' });
    expect(unread.error).toMatchObject({ code: 'STALE_REF', refs: ['e2'] });
    expect(unread.error?.message).toMatch(/not handed out by a read of this tab in this task/);
    expect(asked).toEqual([]);
    expect(browser.sent).toHaveLength(0);
  });

  it('scroll with a ref and a direction or end scrolls inside that element and reports its own position; "to" needs a ref', async () => {
    const browser = fakeBrowser(() =>
      ok({
        documentId: 'doc',
        url: 'https://shop.test/account',
        summary: 'Scrolled grid down by 900px: rows 580–600 of 600 in view.',
        scrollX: 0,
        scrollY: 900,
        atTop: false,
        atBottom: true,
        inside: true,
      }),
    );
    const context = createTestContext([scroll], { browser });
    context.snapshots.update(1, 'https://shop.test/account', { e2: { role: 'grid', name: '' } });
    const result = await call(scroll, { ref: 'e2', to: 'bottom' }, context);
    expect(browser.sent[0]).toMatchObject({ command: { type: 'scroll', ref: 'e2', to: 'bottom' } });
    expect(result.data).toContain('Scrolled grid down by 900px: rows 580–600 of 600 in view; its position x=0, y=900');
    expect(result.data).not.toContain('page position');
    // A ref alone still brings the element into view: no direction goes to the page.
    browser.sent.length = 0;
    await call(scroll, { ref: 'e2' }, context);
    expect(browser.sent[0]?.command).not.toHaveProperty('to');
    expect(browser.sent[0]?.command).not.toHaveProperty('direction');
    expect(scroll.validateInput?.(scroll.inputSchema.parse({ to: 'top' }), context)).toMatchObject({
      ok: false,
      message: expect.stringContaining('needs a ref'),
    });
    expect(scroll.validateInput?.(scroll.inputSchema.parse({ ref: 'e2', to: 'top', direction: 'down' }), context)).toMatchObject({ ok: false });
  });

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

  it('type into a password field seen in the snapshot is destructive; an ordinary field is not', () => {
    const context = createTestContext([]);
    context.snapshots.update(1, 'https://shop.test/account', {
      e1: { role: 'textbox', name: 'Password', inputType: 'password' },
      e2: { role: 'textbox', name: 'Email', inputType: 'email' },
    });
    expect(typeText.isDestructive(typeText.inputSchema.parse({ ref: 'e1', text: 'x' }), context)).toBe(true);
    expect(typeText.isDestructive(typeText.inputSchema.parse({ ref: 'e2', text: 'x' }), context)).toBe(false);
    expect(
      fillForm.isDestructive(
        fillForm.inputSchema.parse({
          fields: [
            { ref: 'e2', value: 'a' },
            { ref: 'e1', value: 'b' },
          ],
        }),
        context,
      ),
    ).toBe(true);
  });

  it('navigate: another site is destructive and its subject is the target; history is not', async () => {
    const context = createTestContext([], { browser: fakeBrowser(() => null) });
    const away = navigate.inputSchema.parse({ url: 'https://evil.test/x' });
    expect(await navigate.checkPermissions(away, context)).toMatchObject({ behavior: 'ask', destructive: true, effect: { landing: 'https://evil.test' } });
    expect(await navigate.permissionSubject(away, context)).toBe('https://evil.test');
    expect(await navigate.checkPermissions(navigate.inputSchema.parse({ url: '/cart' }), context)).toMatchObject({ behavior: 'passthrough' });
    expect(await navigate.checkPermissions(navigate.inputSchema.parse({ action: 'back' }), context)).toMatchObject({ behavior: 'passthrough' });
    expect(await click.permissionSubject(click.inputSchema.parse({ ref: 'e1' }), context)).toBe('https://shop.test');
    expect(await navigate.validateInput(navigate.inputSchema.parse({}), context)).toMatchObject({ ok: false });
    expect(await navigate.validateInput(navigate.inputSchema.parse({ url: 'javascript:alert(1)' }), context)).toMatchObject({ ok: false, code: 'INVALID_URL' });
    const result = await call(navigate, { url: '/cart' }, context);
    expect(result.data).toEqual({ url: 'https://shop.test/cart', title: 'Landed' });
    expect(navigate.mapResultForModel(result.data, 't1')).toEqual([{ type: 'text', text: 'Loaded https://shop.test/cart\nTitle: Landed' }]);
  });

  it('screenshot puts the image inside its tool result, encoded as the run’s model needs', async () => {
    const browser = new FakeBrowser(undefined, { capture: { mediaType: 'image/webp', data: 'UklGRg==', width: 1280, height: 800 } });
    const outcome = await executeToolCall({ type: 'tool_use', id: 't1', name: 'screenshot', input: {} }, createTestContext([screenshot], { browser }), {
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
    });
    expect(outcome.newMessages).toEqual([]);
    expect(outcome.decision.content).toEqual([
      { type: 'text', text: expect.stringContaining('1280×800, image/webp') },
      { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
    ]);
    // The panel's copy of the output stays small: the image is only in the result.
    expect(JSON.stringify(outcome.output)).not.toContain('UklGRg');
    // Without a model profile the safe default goes to the bridge; with one, the profile's options.
    expect(browser.captures[0]).toEqual(DEFAULT_IMAGE_OPTIONS);
    const options = { maxEdge: 800, format: 'image/jpeg' as const, quality: 0.6 };
    await call(screenshot, {}, createTestContext([], { browser, imageOptions: options }));
    expect(browser.captures[1]).toEqual(options);
  });

  it('a screenshot is a read of every frame it shows: a secret drawn in another site’s frame leaves only with a yes', async () => {
    const browser = fakeBrowser(() => ok({}));
    const context = createTestContext([screenshot], { browser, permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const result = await call(screenshot, {}, context);
    expect(result.reads).toEqual([
      { origin: 'https://shop.test', image: true },
      { origin: 'https://other.test', image: true },
    ]);
    await executeToolCall({ type: 'tool_use', id: 't1', name: 'screenshot', input: {} }, context, {
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
    });
    // Typed into the page itself, the framed site's picture may be what is typed.
    expect(context.ledger.carriedTo('4821 7730', 'https://shop.test')).toEqual([{ from: 'https://other.test', text: '4821 7730', seen: 'screenshot' }]);
  });
});

describe('wait_for', () => {
  it('polls with progress until the text appears', async () => {
    let polls = 0;
    const browser = fakeBrowser(() => ok({ url: 'https://shop.test/', textFound: ++polls >= 3 }));
    const progress: unknown[] = [];
    const result = await call(waitFor, { text: 'Done', seconds: 5 }, createTestContext([], { browser }), (p) => progress.push(p));
    expect(result.data).toMatch(/^Done after [\d.]+ s: “Done” appeared\.$/);
    expect(polls).toBe(3);
    expect(progress).toHaveLength(2);
    expect(progress[0]).toMatchObject({ waiting_for: '“Done” to appear' });
  });

  it('times out with TIMEOUT and stops at once when cancelled', async () => {
    const browser = fakeBrowser(() => ok({ url: 'https://shop.test/', textFound: false }));
    await expect(call(waitFor, { text: 'Never', seconds: 0.3 }, createTestContext([], { browser }))).rejects.toMatchObject({ code: 'TIMEOUT' });
    const context = createTestContext([], { browser });
    const waiting = call(waitFor, { text: 'Never', seconds: 30 }, context);
    setTimeout(() => context.abortController.abort('interrupt'), 50);
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
