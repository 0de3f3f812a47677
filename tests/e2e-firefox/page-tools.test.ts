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
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';
import { mockSettings, send, waitForText } from './helpers.js';

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
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'find', name: 'find', input: () => ({ query: 'Pro' }) }),
      callNext({ id: 'type', name: 'type', input: () => ({ ref: refIn(resultText(mock, 'read').text, 'textbox "Full name"'), text: 'Ada Lovelace' }) }),
      callNext({ id: 'click', name: 'click', input: () => ({ ref: refIn(resultText(mock, 'find').text, 'radio "Pro"') }) }),
      callNext({
        id: 'fill',
        name: 'fill_form',
        input: () => {
          const tree = resultText(mock, 'read').text;
          return {
            fields: [
              { ref: refIn(tree, 'textbox "Email"'), value: 'ada@example.com' },
              { ref: refIn(tree, 'combobox "Country"'), value: 'Japan' },
            ],
          };
        },
      }),
      { text: 'Form done.' },
    );
    const page = await run(`${fixtures.url}/page/form.html`, 'Form done.');

    expect(resultText(mock, 'read').text).toMatch(/button "Create account" \[ref=e\d+\]/);
    expect(resultText(mock, 'find').text).toMatch(/radio "Pro" \[ref=e\d+\]/);
    for (const id of ['type', 'click']) {
      expect(resultText(mock, id).isError, resultText(mock, id).text).toBe(false);
      expect(resultText(mock, id).text).toContain(SYNTHETIC);
    }
    expect(resultText(mock, 'type').text).toMatch(/^Typed 12 characters into textbox "Full name"/);
    expect(resultText(mock, 'click').text).toMatch(/it is now checked/);
    expect(resultText(mock, 'fill').isError, resultText(mock, 'fill').text).toBe(false);
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
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'add1', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "What needs to be done?"'), text: 'buy milk', submit: true }) }),
      callNext({
        id: 'add2',
        name: 'type',
        input: () => ({ ref: refIn(resultText(mock, 'read').text, 'textbox "What needs to be done?"'), text: 'water plants', submit: true }),
      }),
      callNext({ id: 'read2', name: 'read_page', input: () => ({}) }),
      callNext({
        id: 'done',
        name: 'click',
        input: (tree) => {
          const lines = tree.split('\n');
          const row = lines.findIndex((line) => line.includes('water plants'));
          const checkbox = lines.slice(0, row + 1).findLast((line) => /checkbox.*\[ref=e\d+\]/.test(line)) ?? '';
          return { ref: /\[ref=(e\d+)\]/.exec(checkbox)?.[1] ?? 'missing' };
        },
      }),
      { text: 'To-dos done.' },
    );
    const page = await run(`${apps.url}/react/index.html`, 'To-dos done.');

    for (const id of ['add1', 'add2', 'done']) {
      expect(resultText(mock, id).isError, resultText(mock, id).text).toBe(false);
      expect(resultText(mock, id).text, id).toContain(SYNTHETIC);
      expect(resultText(mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultText(mock, 'add2').text).toMatch(/gained 1 item "water plants"|"water plants"/);
    expect(resultText(mock, 'done').text).toMatch(/it is now checked/);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('react-todos') ?? '[]') as Array<{ title: string; completed: boolean }>);
    expect(saved.map((todo) => [todo.title, todo.completed])).toEqual([
      ['buy milk', false],
      ['water plants', true],
    ]);
  });

  it('a page that ignores synthetic events: the result says which input was used, and that nothing changed', async () => {
    mock.enqueue(
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'like', name: 'click', input: (tree) => ({ ref: refIn(tree, 'button "Like"') }) }),
      { text: 'Liked.' },
    );
    const page = await run(`${fixtures.url}/ignores-synthetic`, 'Liked.');
    expect(resultText(mock, 'like')).toMatchObject({ isError: false, text: expect.stringContaining(`${SYNTHETIC}. Then: no visible change`) });
    expect(await page.evaluate(() => document.getElementById('likes')?.textContent)).toBe('0 likes');
  });
});
