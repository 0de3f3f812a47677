/** The page tools against a fake browser: safety defaults, frame stitching, refs to frames, safety, errors (the contract: src/tools/contract.test.ts). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_OPTIONS } from '../../runtime/context-window/models.js';
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
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { call, fakeBrowser, ok, snapshotReply } from '../../../tests/support/page-tool-fakes.js';
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

  it('scroll to a ref that only panels moved for says what moved and not the page position that did not change', async () => {
    const browser = fakeBrowser(() =>
      ok({
        documentId: 'doc',
        url: 'https://flows.test/',
        summary: 'Scrolled spinbutton "every" into view: the panel around it scrolled down by 240px (now at its bottom).',
        scrollX: 0,
        scrollY: 0,
        atTop: true,
        atBottom: true,
        pageMoved: false,
        moved: true,
      }),
    );
    const context = createTestContext([scroll], { browser });
    context.snapshots.update(1, 'https://flows.test/', { e2: { role: 'spinbutton', name: 'every' } });
    const result = await call(scroll, { ref: 'e2' }, context);
    expect(result.data).toContain('Scrolled spinbutton "every" into view: the panel around it scrolled down by 240px (now at its bottom)');
    expect(result.data).not.toContain('page position');
    expect(result.data).not.toMatch(/no visible change/);
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

  it('fill_form names its fields (an unnamed one by its row), the first three and then how many more', () => {
    const context = createTestContext([]);
    context.snapshots.update(1, 'https://shop.test/account', {
      e1: { role: 'textbox', name: 'Name' },
      e2: { role: 'textbox', name: 'Email' },
      e3: { role: 'checkbox', name: '', row: 'Buy milk' },
      e4: { role: 'textbox', name: 'City' },
      e5: { role: 'textbox', name: 'Zip' },
    });
    const described = (...refs: string[]) => fillForm.description(fillForm.inputSchema.parse({ fields: refs.map((ref) => ({ ref, value: 'x' })) }), context);
    expect(described('e1', 'e2')).toBe('Fill "Name", "Email"');
    expect(described('e1', 'e2', 'e3', 'e4', 'e5')).toBe('Fill "Name", "Email", "Buy milk" and 2 more');
    expect(described('e1', 'e999')).toBe('Fill 2 form fields');
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

  it('a screenshot of a tab whose frames cannot be listed counts as showing an unknown site too', async () => {
    const browser = Object.assign(
      fakeBrowser(() => ok({})),
      {
        listFrames: async () => {
          throw new Error('No tab with id: 1');
        },
      },
    );
    const context = createTestContext([screenshot], { browser });
    const result = await call(screenshot, {}, context);
    expect(result.reads).toEqual([
      { origin: 'https://shop.test', image: true },
      { origin: 'unknown', image: true },
    ]);
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
