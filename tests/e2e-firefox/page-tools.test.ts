/**
 * The page tools in a real Firefox, driven by the scripted model through the built add-on: read_page,
 * find, click, type and fill_form on a fixture form, and on a real app nobody here wrote (TodoMVC's React
 * build from npm, which adds a to-do on keydown `which === 13`). Firefox has no trusted input path for
 * extensions, so every act goes through synthetic events with the legacy fields, and every result says
 * `[synthetic events: Firefox]`; the pages' own state says whether the acts worked.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { launchFirefoxExtension, type FirefoxHarness } from '../support/firefox.js';
import { startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';
import { mockSettings, refIn, resultOf, send, step, waitForText } from './helpers.js';

const SYNTHETIC = '[synthetic events: Firefox]';
/** A page that counts only a person's clicks (a bot defence): synthetic ones change nothing at all. */
const IGNORES_SYNTHETIC = `<!doctype html><meta charset="utf-8"><title>People only</title><h1>People only</h1>
<button id="like">Like</button><p id="likes">0 likes</p>
<script>let likes = 0; document.getElementById('like').addEventListener('click', (event) => {
  if (event.isTrusted) document.getElementById('likes').textContent = ++likes + ' likes'; });</script>`;

describe('Firefox: page tools', () => {
  let ff: FirefoxHarness;
  let fixtures: FixtureServer;
  let apps: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  beforeAll(async () => {
    [fixtures, apps, mock] = await Promise.all([
      startFixtureServer('tests/fixtures', (_req, res, pathname) => {
        if (pathname !== '/ignores-synthetic') return false;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(IGNORES_SYNTHETIC);
        return true;
      }),
      startFixtureServer('node_modules/todomvc/examples'),
      startMockModelServer(),
    ]);
    ff = await launchFirefoxExtension({ settings: mockSettings(mock.url, 'auto') });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ff?.close();
    await Promise.all([mock?.close(), fixtures?.close(), apps?.close()]);
  });

  /** Opens `url`, runs the scripted steps from a panel on its tab, and waits for `done`. */
  async function run(url: string, done: string): Promise<Page> {
    const page = await ff.newPage(url);
    opened.push(page);
    const panel = await ff.openPanel(await ff.tabIdOf(page));
    opened.push(panel);
    await send(panel, 'Do the task on this page.');
    await waitForText(panel, done);
    return page;
  }

  it('read_page, find, type, click and fill_form on a form: the page changes, each result says how', async () => {
    mock.enqueue(
      step('read', 'read_page', () => ({ filter: 'interactive' })),
      step('find', 'find', () => ({ query: 'Pro' })),
      step('type', 'type', () => ({ ref: refIn(resultOf(mock, 'read').text, 'textbox "Full name"'), text: 'Ada Lovelace' })),
      step('click', 'click', () => ({ ref: refIn(resultOf(mock, 'find').text, 'radio "Pro"') })),
      step('fill', 'fill_form', () => {
        const tree = resultOf(mock, 'read').text;
        return {
          fields: [
            { ref: refIn(tree, 'textbox "Email"'), value: 'ada@example.com' },
            { ref: refIn(tree, 'combobox "Country"'), value: 'Japan' },
          ],
        };
      }),
      { text: 'Form done.' },
    );
    const page = await run(`${fixtures.url}/page/form.html`, 'Form done.');

    expect(resultOf(mock, 'read').text).toMatch(/button "Create account" \[ref=e\d+\]/);
    expect(resultOf(mock, 'find').text).toMatch(/radio "Pro" \[ref=e\d+\]/);
    for (const id of ['type', 'click']) {
      expect(resultOf(mock, id).isError, resultOf(mock, id).text).toBe(false);
      expect(resultOf(mock, id).text).toContain(SYNTHETIC);
    }
    expect(resultOf(mock, 'type').text).toMatch(/^Typed 12 characters into textbox "Full name"/);
    expect(resultOf(mock, 'click').text).toMatch(/it is now checked/);
    expect(resultOf(mock, 'fill').isError, resultOf(mock, 'fill').text).toBe(false);
    const state = await page.evaluate(() => ({
      name: (document.querySelector('#full-name') as HTMLInputElement).value,
      email: (document.querySelector('input[name=email]') as HTMLInputElement).value,
      country: (document.querySelector('#country') as HTMLSelectElement).value,
      plan: (document.querySelector('input[name=plan]:checked') as HTMLInputElement).value,
    }));
    expect(state).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', country: 'jp', plan: 'pro' });
  });

  it('TodoMVC (React, from npm): adds two to-dos with Enter and completes one, in the app’s own storage', async () => {
    mock.enqueue(
      step('read', 'read_page', () => ({ filter: 'interactive' })),
      step('add1', 'type', (tree) => ({ ref: refIn(tree, 'textbox "What needs to be done?"'), text: 'buy milk', submit: true })),
      step('add2', 'type', () => ({ ref: refIn(resultOf(mock, 'read').text, 'textbox "What needs to be done?"'), text: 'water plants', submit: true })),
      step('read2', 'read_page', () => ({})),
      step('done', 'click', (tree) => {
        const lines = tree.split('\n');
        const row = lines.findIndex((line) => line.includes('water plants'));
        const checkbox = lines.slice(0, row + 1).findLast((line) => /checkbox.*\[ref=e\d+\]/.test(line)) ?? '';
        return { ref: /\[ref=(e\d+)\]/.exec(checkbox)?.[1] ?? 'missing' };
      }),
      { text: 'To-dos done.' },
    );
    const page = await run(`${apps.url}/react/index.html`, 'To-dos done.');

    for (const id of ['add1', 'add2', 'done']) {
      expect(resultOf(mock, id).isError, resultOf(mock, id).text).toBe(false);
      expect(resultOf(mock, id).text, id).toContain(SYNTHETIC);
      expect(resultOf(mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultOf(mock, 'add2').text).toMatch(/gained 1 item "water plants"|"water plants"/);
    expect(resultOf(mock, 'done').text).toMatch(/it is now checked/);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('react-todos') ?? '[]') as Array<{ title: string; completed: boolean }>);
    expect(saved.map((todo) => [todo.title, todo.completed])).toEqual([
      ['buy milk', false],
      ['water plants', true],
    ]);
  });

  it('a page that ignores synthetic events: the result says which input was used, and that nothing changed', async () => {
    mock.enqueue(
      step('read', 'read_page', () => ({ filter: 'interactive' })),
      step('like', 'click', (tree) => ({ ref: refIn(tree, 'button "Like"') })),
      { text: 'Liked.' },
    );
    const page = await run(`${fixtures.url}/ignores-synthetic`, 'Liked.');
    expect(resultOf(mock, 'like')).toMatchObject({ isError: false, text: expect.stringContaining(`${SYNTHETIC}. Then: no visible change`) });
    expect(await page.evaluate(() => document.getElementById('likes')?.textContent)).toBe('0 likes');
  });
});
