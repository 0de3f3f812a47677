/**
 * The fallback when the debugger cannot attach: the content script's synthetic events, in a real
 * Chromium without the extension. They must carry every field a keyboard gives (keyCode, which,
 * charCode, keypress for Enter and printable keys, beforeinput/input with an inputType), so a handler
 * that checks `event.which === 13` still works; and the effect observer must see what they did.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, send } from '../support/content-harness.js';
import { usePlainBrowser } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { refIn } from '../support/tree-lines.js';

const plain = usePlainBrowser();
let server: FixtureServer;
let page: Page;

beforeAll(async () => {
  server = await startFixtureServer();
  page = await plain.browser.newPage();
});
afterAll(async () => {
  await server?.close();
});

type KeyLog = Array<{ type: string; key?: string; keyCode?: number; which?: number; charCode?: number; inputType?: string; data?: string; trusted: boolean }>;
const keyLog = () => page.evaluate(() => (window as unknown as { __keyLog: unknown }).__keyLog) as Promise<KeyLog>;

describe('synthetic input (no debugger)', () => {
  it('type + Enter reaches a which === 13 handler, with keyCode, which, charCode, keypress and inputType', async () => {
    await page.goto(`${server.url}/input/keys.html`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    const field = refIn(text, 'textbox "New entry"');
    const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref: field, refPrefix: '' });
    await run(page, { type: 'type', ref: field, text: 'ab', clear: true, submit: true });
    const effects = await run<{ changes: string[]; target?: string }>(page, { type: 'observe_end', token, quietMs: 100, maxMs: 1_000 });
    expect(await page.locator('#entries li').allTextContents()).toEqual(['ab']);
    expect(effects.changes.join('; ')).toMatch(/^list "Entries" \[ref=e\d+\] gained 1 item "ab" \[ref=e\d+\]/);
    expect(effects.target).toBe('its value was cleared by the page (empty again)');

    const log = await keyLog();
    expect(log.every((event) => !event.trusted)).toBe(true); // honest: these are synthetic
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'a', keyCode: 65, which: 65, charCode: 0 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keypress', key: 'a', keyCode: 97, which: 97, charCode: 97 }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'beforeinput', inputType: 'insertText', data: 'a' }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'input', inputType: 'insertText', data: 'b' }));
    expect(log).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'Enter', keyCode: 13, which: 13 }));
    // The page's handler cancelled that keydown, so no keypress follows it, as in a real browser.
    expect(log.some((event) => event.type === 'keypress' && event.key === 'Enter')).toBe(false);
  });

  it('press_key takes the names models use and refuses others with the valid names', async () => {
    await page.goto(`${server.url}/input/keys.html`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    const field = refIn(text, 'textbox "New entry"');
    await run(page, { type: 'type', ref: field, text: 'tea', clear: true, submit: false });
    await page.evaluate(() => ((window as unknown as { __keyLog: unknown[] }).__keyLog.length = 0));
    const pressed = await run<{ summary: string }>(page, { type: 'press_key', key: 'Return', ref: field });
    expect(pressed.summary).toBe('Pressed Enter on textbox "New entry".');
    expect(await page.locator('#entries li').allTextContents()).toEqual(['tea']);
    expect((await keyLog()).filter((event) => event.type.startsWith('key'))).toEqual([
      expect.objectContaining({ type: 'keydown', key: 'Enter', keyCode: 13, which: 13, charCode: 0 }),
      expect.objectContaining({ type: 'keyup', key: 'Enter', keyCode: 13, which: 13 }),
    ]);
    const tag = refIn(text, 'textbox "New tag"');
    await run(page, { type: 'type', ref: tag, text: 'green\n', clear: true, submit: false });
    expect(await page.locator('#tags li').allTextContents()).toEqual(['green']); // keypress charCode 13
    const bad = await send(page, { type: 'press_key', key: 'Entr' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', suggestion: expect.stringContaining('Enter, Escape, Tab') } });
  });

  it('the observer says "nothing changed" plainly, names a redrawn target\'s successor, and lists refs made stale', async () => {
    await page.setContent(`<ul id="list"><li><input type="checkbox" class="toggle"> milk</li><li><input type="checkbox" class="toggle"> tea</li></ul><button id="noop">Nothing</button>
      <script>
        // Redraws the whole list on every change, as many apps do.
        document.getElementById('list').addEventListener('change', (event) => {
          const done = event.target.checked;
          document.getElementById('list').innerHTML = '<li><input type="checkbox" class="toggle"' + (done ? ' checked' : '') + '> milk</li><li><input type="checkbox" class="toggle"> tea</li>';
        });
      </script>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', filter: 'all', refPrefix: '' });
    const noop = refIn(text, 'button "Nothing"');
    let { token } = await run<{ token: string }>(page, { type: 'observe_start', ref: noop, refPrefix: '' });
    await run(page, { type: 'click', ref: noop, button: 'left', clickCount: 1, modifiers: [] });
    expect(await run(page, { type: 'observe_end', token, quietMs: 100, maxMs: 1_000 })).toMatchObject({ changes: [], staleRefs: [] });

    // An unnamed control is named by the row it sits in.
    const box = refIn(text, 'checkbox in "milk"');
    ({ token } = await run<{ token: string }>(page, { type: 'observe_start', ref: box, refPrefix: '' }));
    await run(page, { type: 'click', ref: box, button: 'left', clickCount: 1, modifiers: [] });
    const redrawn = await run<{ target: string; staleRefs: string[]; changes: string[] }>(page, { type: 'observe_end', token, quietMs: 100, maxMs: 1_000 });
    expect(redrawn.target).toMatch(/^it was redrawn as checkbox in "milk" \[ref=e\d+\]; it is now checked$/);
    expect(redrawn.staleRefs[0]).toMatch(new RegExp(`^${box} \\(now e\\d+\\)$`));
    expect(redrawn.changes).toEqual([]); // same items, same text: a redraw is not a change of the list
  });

  it('a control whose caption the act changes is said to read otherwise, not to have appeared', async () => {
    // As swagger-ui's "Try it out": the same button turns into "Cancel" and an "Execute" button appears.
    await page.setContent(
      `<div id="op"><div><button id="try" onclick="this.textContent = 'Cancel'; document.getElementById('exec').hidden = false">Try it out</button></div><div><button id="exec" hidden>Execute</button></div></div>`,
    );
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    const tryIt = refIn(text, 'button "Try it out"');
    const { token } = await run<{ token: string }>(page, { type: 'observe_start', ref: tryIt, refPrefix: '' });
    await run(page, { type: 'click', ref: tryIt, button: 'left', clickCount: 1, modifiers: [] });
    const effects = await run<{ changes: string[]; target?: string; targetChanged?: boolean }>(page, {
      type: 'observe_end',
      token,
      quietMs: 100,
      maxMs: 1_000,
    });
    expect(effects.target).toBe('it now reads "Cancel"');
    expect(effects.targetChanged).toBe(true);
    expect(effects.changes).toEqual([expect.stringMatching(/^button "Execute" \[ref=e\d+\] appeared$/)]);
  });

  it('a cover that is only passing (a transition moving it away) is waited out; one that stays is still refused', async () => {
    // As TiddlyWiki inserts a tiddler: the next panel overlaps the new one until a margin transition ends.
    await page.setContent(`<style>#slide { transition: margin-top 400ms linear; } #stay { position: fixed; inset: 0 auto auto 0; width: 100%; height: 60px; background: #eee; }</style>
      <div style="height: 40px"><button id="go" onclick="this.textContent = 'Pressed'">Go</button></div>
      <div id="slide" style="margin-top: -40px; height: 40px; position: relative; background: #ccc">Next panel</div>
      <button id="hidden" style="margin-top: 100px">Kept under</button>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
    const go = refIn(text, 'button "Go"');
    await page.evaluate(() => {
      void document.body.offsetHeight; // the start of the transition, as a page forces it
      document.getElementById('slide')!.style.marginTop = '0px';
    });
    await run(page, { type: 'click', ref: go, button: 'left', clickCount: 1, modifiers: [] });
    expect(await page.locator('#go').textContent()).toBe('Pressed');

    // A cover that does not move is still named, and nothing is clicked.
    await page.evaluate(() => {
      const stay = document.createElement('div');
      stay.id = 'stay';
      stay.textContent = 'Fixed banner';
      document.body.append(stay);
      document.getElementById('go')!.textContent = 'Go';
    });
    const covered = await send(page, { type: 'click', ref: go, button: 'left', clickCount: 1, modifiers: [] });
    expect(covered).toMatchObject({ ok: false, error: { code: 'ELEMENT_COVERED', message: expect.stringContaining('Fixed banner') } });
    expect(await page.locator('#go').textContent()).toBe('Go');
  });
});
