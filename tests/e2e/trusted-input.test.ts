/**
 * Input as trusted as a person's, and results that say what followed, through the real extension:
 * the mock model drives click/type/press_key/handle_dialog on fixture pages whose handlers read
 * `which`/`keyCode`/`charCode`, ignore untrusted clicks, post a form on Enter, and open every kind of
 * JavaScript dialog. Each check reads the page's real state, and the result line the model got.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';
import { driveTask, openReadyPanel } from '../support/panel-driver.js';
import { converse, refIn, resultOf, step } from './input-helpers.js';
import { mockSettings } from './tab-storage-helpers.js';

describe('trusted input and effects on fixture pages', () => {
  let ext: ExtensionHarness;
  let fixtures: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  const open = async (path: string) => {
    const page = await ext.context.newPage();
    // Playwright dismisses dialogs nobody listens for; a listener that does nothing leaves them to the agent.
    page.on('dialog', () => undefined);
    opened.push(page);
    await page.goto(`${fixtures.url}/input/${path}`);
    return { page, tabId: await ext.tabIdOf(page) };
  };

  beforeAll(async () => {
    [fixtures, mock] = await Promise.all([startFixtureServer('tests/fixtures'), startMockModelServer()]);
    // "Delete item" and answering its confirm ask the person; this suite allows both by rule to run unattended.
    ext = await launchExtension({ settings: { ...mockSettings(mock.url), rules: { allow: ['handle_dialog', 'click'], ask: [], deny: [] } } });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ext?.close();
    await mock?.close();
    await fixtures?.close();
  });

  it('type with submit reaches a keydown handler that checks which === 13, with trusted events and every legacy field', async () => {
    const { page, tabId } = await open('keys.html');
    mock.enqueue(
      step('tu_read', 'read_page', () => ({ filter: 'interactive' })),
      step('tu_type', 'type', (tree) => ({ ref: refIn(tree, 'textbox "New entry"'), text: 'buy milk', submit: true })),
      step('tu_noop', 'press_key', () => ({ key: 'Return' })),
      step('tu_tag', 'type', () => ({ ref: refIn(resultOf(mock, 'tu_read').text, 'textbox "New tag"'), text: 'green\n' })),
      step('tu_bad', 'press_key', () => ({ key: 'Enterr' })),
      { text: 'Added.' },
    );
    await converse(ext, opened, tabId, 'Add buy milk', 'Added.', mock);
    expect(await page.locator('#entries li').allTextContents()).toEqual(['buy milk']);
    const log = (await page.evaluate(() => (window as unknown as { __keyLog: Array<Record<string, unknown>> }).__keyLog)) as Array<Record<string, unknown>>;
    expect(log.every((event) => event['trusted'] === true)).toBe(true);
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'b', code: 'KeyB', keyCode: 66, which: 66 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keypress', key: 'b', charCode: 98 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'beforeinput', inputType: 'insertText', data: 'b' }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'Enter', code: 'Enter', keyCode: 13, which: 13 }));

    const typed = resultOf(mock, 'tu_type');
    expect(typed.isError).toBe(false);
    expect(typed.text).toMatch(
      /^Typed 8 characters into textbox "New entry"; pressed Enter \[trusted input\]\. Then: its value was cleared by the page \(empty again\); list "Entries" \[ref=e\d+\] gained 1 item "buy milk" \[ref=e\d+\]\.$/,
    );
    // Enter again on the empty field: the handler ignores it, and the result says so plainly.
    expect(resultOf(mock, 'tu_noop').text).toBe('Pressed Enter on the focused element [trusted input]. Then: no visible change.');
    // A keypress handler that checks charCode 13 adds the tag typed with a newline.
    expect(await page.locator('#tags li').allTextContents()).toEqual(['green']);
    expect(resultOf(mock, 'tu_tag').text).toMatch(
      /^Typed 6 characters into textbox "New tag"; the newline was pressed as Enter \(the field has one line\) \[trusted input\]\. Then: its value was cleared by the page \(empty again\); list "Tags" \[ref=e\d+\] gained 1 item "green"/,
    );
    const bad = resultOf(mock, 'tu_bad');
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('INVALID_INPUT');
    expect(bad.text).toContain('Enter, Escape, Tab, Backspace');
  });

  it('click reaches a button that ignores untrusted events', async () => {
    const { page, tabId } = await open('trusted-only.html');
    mock.enqueue(
      step('tu_read', 'read_page', () => ({})),
      step('tu_click', 'click', (tree) => ({ ref: refIn(tree, 'button "Like"') })),
      { text: 'Liked.' },
    );
    await converse(ext, opened, tabId, 'Like it', 'Liked.', mock);
    expect(await page.textContent('#likes')).toBe('1 like');
    expect(await page.textContent('#ignored')).toBe('0 ignored');
    expect(resultOf(mock, 'tu_click').text).toBe('Clicked button "Like" [trusted input]. Then: text "0 likes" became "1 like".');
  });

  it('Enter in a POST form submits it and the result names the page it loaded', async () => {
    const { page, tabId } = await open('post-form.html');
    mock.enqueue(
      step('tu_read', 'read_page', () => ({ filter: 'interactive' })),
      step('tu_type', 'type', (tree) => ({ ref: refIn(tree, 'textbox "Comment"'), text: 'first!\n' })),
      { text: 'Posted.' },
    );
    const panel = await openReadyPanel(ext, tabId);
    opened.push(panel);
    // The newline is the form's submission, a POST: it asks in every mode, saying what it posts where.
    const prompts = await driveTask(panel, 'Post first!', { decide: () => 'Allow once', finished: 'Posted.' });
    expect(prompts).toMatchObject([{ tool: 'type', flagged: true, text: expect.stringMatching(/submits the form .* \(POST \/echo\)/) }]);
    await page.locator('#received').waitFor();
    expect(await page.locator('#received li').allTextContents()).toEqual(['comment=first!']);
    expect(resultOf(mock, 'tu_type').text).toMatch(
      /^Typed 7 characters into textbox "Comment"; the newline was pressed as Enter \(the field has one line\) \[trusted input\]\. Then: the tab loaded http:\/\/127\.0\.0\.1:\d+\/echo; every ref of the previous page is stale/,
    );
  });

  it('alert, confirm and prompt never hang: the result names the dialog, page commands fail fast, handle_dialog answers it', async () => {
    const { page, tabId } = await open('dialogs.html');
    let tree = '';
    mock.enqueue(
      step('tu_read', 'read_page', () => ({})),
      step('tu_alert', 'click', (read) => ((tree = read), { ref: refIn(tree, 'button "Show alert"') })),
      step('tu_blocked', 'find', () => ({ query: 'items' })),
      step('tu_ok', 'handle_dialog', () => ({ accept: true })),
      step('tu_confirm', 'click', () => ({ ref: refIn(tree, 'button "Delete item"') })),
      step('tu_yes', 'handle_dialog', () => ({ accept: true })),
      step('tu_prompt', 'click', () => ({ ref: refIn(tree, 'button "Rename"') })),
      step('tu_name', 'handle_dialog', () => ({ accept: true, prompt_text: 'Grace' })),
      step('tu_none', 'handle_dialog', () => ({ accept: true })),
      { text: 'Dialogs done.' },
    );
    await converse(ext, opened, tabId, 'Try the dialogs', 'Dialogs done.', mock);
    expect(resultOf(mock, 'tu_alert').text).toBe(
      'Clicked button "Show alert" [trusted input]. Then: a JavaScript alert dialog saying "Saved!" opened and the page is paused until it is answered: call handle_dialog to accept or dismiss it (or let the person answer it).',
    );
    expect(resultOf(mock, 'tu_blocked').text).toContain('DIALOG_OPEN');
    expect(resultOf(mock, 'tu_ok').text).toBe('Closed a JavaScript alert dialog saying "Saved!" [trusted input]. Then: new text "alert closed".');
    expect(resultOf(mock, 'tu_confirm').text).toContain('a JavaScript confirm dialog saying "Delete \\"milk\\"?" opened');
    expect(resultOf(mock, 'tu_yes').text).toMatch(
      /^Accepted a JavaScript confirm dialog saying "Delete \\"milk\\"\?" \[trusted input\]\. Then: list "Items" \[ref=e\d+\] lost 1 item "milk"/,
    );
    expect(resultOf(mock, 'tu_name').text).toMatch(
      /^Accepted a JavaScript prompt dialog saying "Your name\?" with "Grace" \[trusted input\]\. Then: text "Name: nobody" became "Name: Grace"/,
    );
    expect(resultOf(mock, 'tu_none').text).toContain('NO_DIALOG');
    expect(await page.textContent('#name')).toBe('Name: Grace');
    expect(await page.locator('#items li').count()).toBe(0);
  });

  it('a "Leave site?" dialog is reported, and Stay keeps the page', async () => {
    const { page, tabId } = await open('dialogs.html');
    let tree = '';
    mock.enqueue(
      step('tu_read', 'read_page', () => ({})),
      step('tu_guard', 'click', (read) => ((tree = read), { ref: refIn(tree, 'checkbox "Unsaved changes"') })),
      step('tu_leave', 'click', () => ({ ref: refIn(tree, 'link "Leave this page"') })),
      step('tu_stay', 'handle_dialog', () => ({ accept: false })),
      { text: 'Stayed.' },
    );
    await converse(ext, opened, tabId, 'Leave, but stay', 'Stayed.', mock);
    expect(resultOf(mock, 'tu_guard').text).toBe('Clicked checkbox "Unsaved changes" [trusted input]. Then: it is now checked.');
    expect(resultOf(mock, 'tu_leave').text).toContain('a "Leave site?" (beforeunload) dialog opened');
    expect(resultOf(mock, 'tu_stay').text).toMatch(/^Chose Stay on a "Leave site\?" \(beforeunload\) dialog/);
    expect(new URL(page.url()).pathname).toBe('/input/dialogs.html');
  });
});
