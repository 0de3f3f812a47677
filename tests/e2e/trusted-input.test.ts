/**
 * Input as trusted as a person's, and results that say what followed, through the real extension:
 * the mock model drives click/type/press_key/handle_dialog on fixture pages whose handlers read
 * `which`/`keyCode`/`charCode`, ignore untrusted clicks, post a form on Enter, and open every kind of
 * JavaScript dialog. Each check reads the page's real state, and the result line the model got.
 */
import { describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { driveTask } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

describe('trusted input and effects on fixture pages', () => {
  // "Delete item" and answering its confirm ask the person; this suite allows both by rule to run unattended.
  const e2e = useExtension({ fixtures: 'tests/fixtures', mock: { rules: { allow: ['handle_dialog', 'click'], ask: [], deny: [] } } });
  // Playwright dismisses dialogs nobody listens for; a listener that does nothing leaves them to the agent.
  const open = (path: string) => e2e.open(`/input/${path}`, { prepare: (page) => page.on('dialog', () => undefined) });

  it('types and clicks below the fold: the browser’s hit test is asked at the point in view after the page scrolled', async () => {
    const { page, tabId } = await open('below-fold.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_city', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "Your city"'), text: 'Lyon' }) }),
      callNext({ id: 'tu_save', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'button "Save city"') }) }),
      { text: 'Saved.' },
    );
    await converse(e2e, tabId, 'Save Lyon as my city', 'Saved.');
    for (const id of ['tu_city', 'tu_save']) expect(resultText(e2e.mock, id).isError, resultText(e2e.mock, id).text).toBe(false);
    expect(await page.locator('#status').textContent()).toBe('saved Lyon');
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  });

  it('types and clicks in frames the page wrote by script (no address, document.write, appended nodes, srcdoc), which are the page’s own origin', async () => {
    const { page, tabId } = await open('written-frames.html');
    await page.locator('#status[data-ready="yes"]').waitFor({ state: 'attached' });
    // The srcdoc frame gets a code the page itself shows: a frame the page wrote is the page's own origin,
    // so in auto mode that asks nothing (it was judged as the code leaving for an origin "null").
    const TEXT = { written: 'hi written', built: 'hi built', inline: 'WF-5521-0932' } as const;
    const ref = (label: string) => refIn(resultText(e2e.mock, 'tu_read').text, label);
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'all' }) }),
      ...(['written', 'built', 'inline'] as const).flatMap((name) => [
        callNext({
          id: `tu_type_${name}`,
          name: 'type',
          input: () => ({ ref: ref(`textbox "${name[0]!.toUpperCase()}${name.slice(1)} note"`), text: TEXT[name] }),
        }),
        callNext({ id: `tu_save_${name}`, name: 'click', input: () => ({ ref: ref(`button "Save ${name}"`) }) }),
      ]),
      { text: 'Saved all three.' },
    );
    await converse(e2e, tabId, 'Write a note in each frame and save it', 'Saved all three.');
    const saved: string[] = [];
    for (const name of ['written', 'built', 'inline']) {
      for (const id of [`tu_type_${name}`, `tu_save_${name}`]) expect(resultText(e2e.mock, id).isError, resultText(e2e.mock, id).text).toBe(false);
      saved.push(await page.evaluate((frame) => (document.getElementById(frame) as HTMLIFrameElement).contentDocument!.querySelector('input')!.value, name));
    }
    expect(saved).toEqual([TEXT.written, TEXT.built, TEXT.inline]);
    expect(await page.locator('#saved li').allTextContents()).toEqual([`written: ${TEXT.written}`, `built: ${TEXT.built}`, `inline: ${TEXT.inline}`]);
  });

  it('type with submit reaches a keydown handler that checks which === 13, with trusted events and every legacy field', async () => {
    const { page, tabId } = await open('keys.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_type', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "New entry"'), text: 'buy milk', submit: true }) }),
      callNext({ id: 'tu_noop', name: 'press_key', input: () => ({ key: 'Return' }) }),
      callNext({ id: 'tu_tag', name: 'type', input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'textbox "New tag"'), text: 'green\n' }) }),
      callNext({ id: 'tu_bad', name: 'press_key', input: () => ({ key: 'Enterr' }) }),
      { text: 'Added.' },
    );
    await converse(e2e, tabId, 'Add buy milk', 'Added.');
    expect(await page.locator('#entries li').allTextContents()).toEqual(['buy milk']);
    const log = (await page.evaluate(() => (window as unknown as { __keyLog: Array<Record<string, unknown>> }).__keyLog)) as Array<Record<string, unknown>>;
    expect(log.every((event) => event['trusted'] === true)).toBe(true);
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'b', code: 'KeyB', keyCode: 66, which: 66 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keypress', key: 'b', charCode: 98 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'beforeinput', inputType: 'insertText', data: 'b' }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'Enter', code: 'Enter', keyCode: 13, which: 13 }));

    const typed = resultText(e2e.mock, 'tu_type');
    expect(typed.isError).toBe(false);
    expect(typed.text).toMatch(
      /^Typed 8 characters into textbox "New entry"; pressed Enter \[trusted input\]\. Then: its value was cleared by the page \(empty again\); list "Entries" \[ref=e\d+\] gained 1 item "buy milk" \[ref=e\d+\]\.$/,
    );
    // Enter again on the empty field: the handler ignores it, and the result says so plainly.
    expect(resultText(e2e.mock, 'tu_noop').text).toBe('Pressed Enter on the focused element [trusted input]. Then: no visible change.');
    // A keypress handler that checks charCode 13 adds the tag typed with a newline.
    expect(await page.locator('#tags li').allTextContents()).toEqual(['green']);
    expect(resultText(e2e.mock, 'tu_tag').text).toMatch(
      /^Typed 6 characters into textbox "New tag"; the newline was pressed as Enter \(the field has one line\) \[trusted input\]\. Then: its value was cleared by the page \(empty again\); list "Tags" \[ref=e\d+\] gained 1 item "green"/,
    );
    const bad = resultText(e2e.mock, 'tu_bad');
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('INVALID_INPUT');
    expect(bad.text).toContain('Enter, Escape, Tab, Backspace');
  });

  it('click reaches a button that ignores untrusted events', async () => {
    const { page, tabId } = await open('trusted-only.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_click', name: 'click', input: (tree) => ({ ref: refIn(tree, 'button "Like"') }) }),
      { text: 'Liked.' },
    );
    await converse(e2e, tabId, 'Like it', 'Liked.');
    expect(await page.textContent('#likes')).toBe('1 like');
    expect(await page.textContent('#ignored')).toBe('0 ignored');
    expect(resultText(e2e.mock, 'tu_click').text).toBe('Clicked button "Like" [trusted input]. Then: text "0 likes" became "1 like".');
  });

  it('Enter in a POST form submits it and the result names the page it loaded', async () => {
    const { page, tabId } = await open('post-form.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_type', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "Comment"'), text: 'first!\n' }) }),
      { text: 'Posted.' },
    );
    const panel = await e2e.panel(tabId);
    // The newline is the form's submission, a POST: it asks in every mode, saying what it posts where.
    const prompts = await driveTask(panel, 'Post first!', { decide: () => 'Allow once', finished: 'Posted.' });
    expect(prompts).toMatchObject([{ tool: 'type', flagged: true, text: expect.stringMatching(/submits the form .* \(POST \/echo\)/) }]);
    await page.locator('#received').waitFor();
    expect(await page.locator('#received li').allTextContents()).toEqual(['comment=first!']);
    expect(resultText(e2e.mock, 'tu_type').text).toMatch(
      /^Typed 7 characters into textbox "Comment"; the newline was pressed as Enter \(the field has one line\) \[trusted input\]\. Then: the tab loaded http:\/\/127\.0\.0\.1:\d+\/echo; every ref of the previous page is stale/,
    );
  });

  it('alert, confirm and prompt never hang: the result names the dialog, page commands fail fast, handle_dialog answers it', async () => {
    const { page, tabId } = await open('dialogs.html');
    let tree = '';
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_alert', name: 'click', input: (read) => ((tree = read), { ref: refIn(tree, 'button "Show alert"') }) }),
      callNext({ id: 'tu_blocked', name: 'find', input: () => ({ query: 'items' }) }),
      callNext({ id: 'tu_ok', name: 'handle_dialog', input: () => ({ accept: true }) }),
      callNext({ id: 'tu_confirm', name: 'click', input: () => ({ ref: refIn(tree, 'button "Delete item"') }) }),
      callNext({ id: 'tu_yes', name: 'handle_dialog', input: () => ({ accept: true }) }),
      callNext({ id: 'tu_prompt', name: 'click', input: () => ({ ref: refIn(tree, 'button "Rename"') }) }),
      callNext({ id: 'tu_name', name: 'handle_dialog', input: () => ({ accept: true, prompt_text: 'Grace' }) }),
      callNext({ id: 'tu_none', name: 'handle_dialog', input: () => ({ accept: true }) }),
      { text: 'Dialogs done.' },
    );
    await converse(e2e, tabId, 'Try the dialogs', 'Dialogs done.');
    expect(resultText(e2e.mock, 'tu_alert').text).toBe(
      'Clicked button "Show alert" [trusted input]. Then: a JavaScript alert dialog saying "Saved!" opened and the page is paused until it is answered: call handle_dialog to accept or dismiss it (or let the person answer it).',
    );
    expect(resultText(e2e.mock, 'tu_blocked').text).toContain('DIALOG_OPEN');
    expect(resultText(e2e.mock, 'tu_ok').text).toBe('Closed a JavaScript alert dialog saying "Saved!" [trusted input]. Then: new text "alert closed".');
    expect(resultText(e2e.mock, 'tu_confirm').text).toContain('a JavaScript confirm dialog saying "Delete \\"milk\\"?" opened');
    expect(resultText(e2e.mock, 'tu_yes').text).toMatch(
      /^Accepted a JavaScript confirm dialog saying "Delete \\"milk\\"\?" \[trusted input\]\. Then: list "Items" \[ref=e\d+\] lost 1 item "milk"/,
    );
    expect(resultText(e2e.mock, 'tu_name').text).toMatch(
      /^Accepted a JavaScript prompt dialog saying "Your name\?" with "Grace" \[trusted input\]\. Then: text "Name: nobody" became "Name: Grace"/,
    );
    expect(resultText(e2e.mock, 'tu_none').text).toContain('NO_DIALOG');
    expect(await page.textContent('#name')).toBe('Name: Grace');
    expect(await page.locator('#items li').count()).toBe(0);
  });

  it('a "Leave site?" dialog is reported, and Stay keeps the page', async () => {
    const { page, tabId } = await open('dialogs.html');
    let tree = '';
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_guard', name: 'click', input: (read) => ((tree = read), { ref: refIn(tree, 'checkbox "Unsaved changes"') }) }),
      callNext({ id: 'tu_leave', name: 'click', input: () => ({ ref: refIn(tree, 'link "Leave this page"') }) }),
      callNext({ id: 'tu_stay', name: 'handle_dialog', input: () => ({ accept: false }) }),
      { text: 'Stayed.' },
    );
    await converse(e2e, tabId, 'Leave, but stay', 'Stayed.');
    expect(resultText(e2e.mock, 'tu_guard').text).toBe('Clicked checkbox "Unsaved changes" [trusted input]. Then: it is now checked.');
    expect(resultText(e2e.mock, 'tu_leave').text).toContain('a "Leave site?" (beforeunload) dialog opened');
    expect(resultText(e2e.mock, 'tu_stay').text).toMatch(/^Chose Stay on a "Leave site\?" \(beforeunload\) dialog/);
    expect(new URL(page.url()).pathname).toBe('/input/dialogs.html');
  });
});
