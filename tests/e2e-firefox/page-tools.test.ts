/**
 * The page tools in a real Firefox, driven by the scripted model through the built add-on: read_page,
 * find, click, type and fill_form on a fixture form, and on a real app nobody here wrote (TodoMVC's React
 * build from npm, which adds a to-do on keydown `which === 13`). Firefox has no trusted input path for
 * extensions, so every act goes through synthetic events with the legacy fields, and every result says
 * `[synthetic events: Firefox]`; the pages' own state says whether the acts worked.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';
import { send, useFirefox, waitForText } from './helpers.js';

const SYNTHETIC = '[synthetic events: Firefox]';
/** A page that counts only a person's clicks (a bot defence): synthetic ones change nothing at all. */
const IGNORES_SYNTHETIC = `<!doctype html><meta charset="utf-8"><title>People only</title><h1>People only</h1>
<button id="like">Like</button><p id="likes">0 likes</p>
<script>let likes = 0; document.getElementById('like').addEventListener('click', (event) => {
  if (event.isTrusted) document.getElementById('likes').textContent = ++likes + ' likes'; });</script>`;

describe('Firefox: page tools', () => {
  const w = useFirefox({
    mode: 'auto',
    routes: (_req, res, pathname) => {
      if (pathname !== '/ignores-synthetic') return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(IGNORES_SYNTHETIC);
      return true;
    },
  });
  let apps: FixtureServer;
  beforeAll(async () => {
    apps = await startFixtureServer('node_modules/todomvc/examples');
  });
  afterAll(() => apps?.close());

  /** Opens `url`, runs the scripted steps from a panel on its tab, and waits for `done`. */
  async function run(url: string, done: string): Promise<Page> {
    const page = await w.ff.newPage(url);
    w.opened.push(page);
    const panel = await w.ff.openPanel(await w.ff.tabIdOf(page));
    w.opened.push(panel);
    await send(panel, 'Do the task on this page.');
    await waitForText(panel, done);
    return page;
  }

  it('read_page, find, type, click and fill_form on a form: the page changes, each result says how', async () => {
    w.mock.enqueue(
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'find', name: 'find', input: () => ({ query: 'Pro' }) }),
      callNext({ id: 'type', name: 'type', input: () => ({ ref: refIn(resultText(w.mock, 'read').text, 'textbox "Full name"'), text: 'Ada Lovelace' }) }),
      callNext({ id: 'click', name: 'click', input: () => ({ ref: refIn(resultText(w.mock, 'find').text, 'radio "Pro"') }) }),
      callNext({
        id: 'fill',
        name: 'fill_form',
        input: () => {
          const tree = resultText(w.mock, 'read').text;
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
    const page = await run(`${w.fixtures.url}/page/form.html`, 'Form done.');

    expect(resultText(w.mock, 'read').text).toMatch(/button "Create account" \[ref=e\d+\]/);
    expect(resultText(w.mock, 'find').text).toMatch(/radio "Pro" \[ref=e\d+\]/);
    for (const id of ['type', 'click']) {
      expect(resultText(w.mock, id).isError, resultText(w.mock, id).text).toBe(false);
      expect(resultText(w.mock, id).text).toContain(SYNTHETIC);
    }
    expect(resultText(w.mock, 'type').text).toMatch(/^Typed 12 characters into textbox "Full name"/);
    expect(resultText(w.mock, 'click').text).toMatch(/it is now checked/);
    expect(resultText(w.mock, 'fill').isError, resultText(w.mock, 'fill').text).toBe(false);
    const state = await page.evaluate(() => ({
      name: (document.querySelector('#full-name') as HTMLInputElement).value,
      email: (document.querySelector('input[name=email]') as HTMLInputElement).value,
      country: (document.querySelector('#country') as HTMLSelectElement).value,
      plan: (document.querySelector('input[name=plan]:checked') as HTMLInputElement).value,
    }));
    expect(state).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', country: 'jp', plan: 'pro' });
  });

  it('TodoMVC (React, from npm): adds two to-dos with Enter and completes one, in the app’s own storage', async () => {
    w.mock.enqueue(
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'add1', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "What needs to be done?"'), text: 'buy milk', submit: true }) }),
      callNext({
        id: 'add2',
        name: 'type',
        input: () => ({ ref: refIn(resultText(w.mock, 'read').text, 'textbox "What needs to be done?"'), text: 'water plants', submit: true }),
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
      expect(resultText(w.mock, id).isError, resultText(w.mock, id).text).toBe(false);
      expect(resultText(w.mock, id).text, id).toContain(SYNTHETIC);
      expect(resultText(w.mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultText(w.mock, 'add2').text).toMatch(/gained 1 item "water plants"|"water plants"/);
    expect(resultText(w.mock, 'done').text).toMatch(/it is now checked/);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('react-todos') ?? '[]') as Array<{ title: string; completed: boolean }>);
    expect(saved.map((todo) => [todo.title, todo.completed])).toEqual([
      ['buy milk', false],
      ['water plants', true],
    ]);
  });

  it('a page that ignores synthetic events: the result says which input was used, and that nothing changed', async () => {
    w.mock.enqueue(
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'like', name: 'click', input: (tree) => ({ ref: refIn(tree, 'button "Like"') }) }),
      { text: 'Liked.' },
    );
    const page = await run(`${w.fixtures.url}/ignores-synthetic`, 'Liked.');
    expect(resultText(w.mock, 'like')).toMatchObject({ isError: false, text: expect.stringContaining(`${SYNTHETIC}. Then: no visible change`) });
    expect(await page.evaluate(() => document.getElementById('likes')?.textContent)).toBe('0 likes');
  });
});
