/**
 * The Firefox build in a real Firefox: the panel (opened as a page) chats with the mock provider over real
 * SSE, asks before acting and takes both answers, starts a run from the toolbar popup's "Summarize this
 * page", keeps the conversation across a reload of the background, and greets a newcomer with the setup card.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';
import { answerPrompt, clickOn, MOCK_KEY, send, setViewport, useFirefox, waitForText } from './helpers.js';

describe('Firefox: the panel', () => {
  const w = useFirefox({ mode: 'ask' });

  it('chats with the model over a real event stream', async () => {
    const page = await w.ff.newPage(`${w.fixtures.url}/page/article.html`);
    w.opened.push(page);
    const panel = await w.ff.openPanel(await w.ff.tabIdOf(page));
    w.opened.push(panel);
    w.mock.enqueue({ text: 'Hello from the model, streamed in pieces.', chunkDelayMs: 20 });
    await send(panel, 'Say hello');
    await waitForText(panel, 'Hello from the model, streamed in pieces.');
    expect(w.mock.requests).toHaveLength(1);
    expect(w.mock.requests[0]?.headers['x-api-key']).toBe(MOCK_KEY);
    expect(JSON.stringify(w.mock.requests[0]?.body.messages)).toContain('Say hello');
  });

  it('asks before acting in ask mode: allowed, the act happens; denied, it does not and the model is told why', async () => {
    const page = await w.ff.newPage(`${w.fixtures.url}/page/form.html`);
    w.opened.push(page);
    const panel = await w.ff.openPanel(await w.ff.tabIdOf(page));
    w.opened.push(panel);
    const field = () => refIn(resultText(w.mock, 'read').text, 'textbox "Full name"');
    w.mock.enqueue(
      callNext({ id: 'read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'allowed', name: 'type', input: () => ({ ref: field(), text: 'Ada' }) }),
      callNext({ id: 'denied', name: 'type', input: () => ({ ref: field(), text: ' Lovelace' }) }),
      { text: 'Typing done.' },
    );
    await send(panel, 'Fill in my name.');
    const first = await answerPrompt(panel, 'Allow once');
    const second = await answerPrompt(panel, 'Deny');
    await waitForText(panel, 'Typing done.');
    expect(first).toContain('Ada');
    expect(second).toContain('Lovelace');
    expect(resultText(w.mock, 'allowed').text).toContain('[synthetic events: Firefox]');
    expect(resultText(w.mock, 'denied')).toMatchObject({ isError: true, text: expect.stringContaining('PERMISSION_DENIED') });
    expect(await page.evaluate(() => (document.querySelector('#full-name') as HTMLInputElement).value)).toBe('Ada');
  });

  it('the toolbar popup’s "Summarize this page" starts a run in the tab’s conversation', async () => {
    const page = await w.ff.newPage(`${w.fixtures.url}/page/article.html`);
    w.opened.push(page);
    const tabId = await w.ff.tabIdOf(page);
    w.mock.enqueue({ text: 'Here is the summary.' });
    // The popup as the toolbar shows it, open beside the page (it reads the window's active tab: the page).
    const popup = await w.ff.openExtensionPage('popup/index.html');
    w.opened.push(popup);
    await clickOn(popup, '::-p-text(Summarize this page)', { closes: true });
    await w.mock.waitForRequests(1);
    expect(JSON.stringify(w.mock.requests[0]?.body.messages)).toContain(`Summarize this page (⟦from ${w.fixtures.url}: ${w.fixtures.url}/page/article.html⟧)`);
    const panel = await w.ff.openPanel(tabId);
    w.opened.push(panel);
    await waitForText(panel, 'Here is the summary.');
  });

  it('keeps the conversation across a reload of the background', async () => {
    const page = await w.ff.newPage(`${w.fixtures.url}/page/article.html?reload`);
    w.opened.push(page);
    const tabId = await w.ff.tabIdOf(page);
    const panel = await w.ff.openPanel(tabId);
    w.mock.enqueue({ text: 'Noted: the code word is heron.' });
    await send(panel, 'Remember the code word heron.');
    await waitForText(panel, 'Noted: the code word is heron.');

    await w.ff.reloadExtension();
    const again = await w.ff.openPanel(tabId);
    w.opened.push(again);
    await waitForText(again, 'Noted: the code word is heron.');
    w.mock.enqueue({ text: 'It was heron.' });
    await send(again, 'What was the code word?');
    await waitForText(again, 'It was heron.');
    // The model got the whole conversation back, from the stored run.
    const messages = JSON.stringify(w.mock.requests[1]?.body.messages);
    expect(messages).toContain('Remember the code word heron.');
    expect(messages).toContain('Noted: the code word is heron.');
  });

  // Last: it leaves the demo model set up, as a newcomer who pressed "Try it without a key" has it.
  it('with nothing set up, shows the setup card at 400 px with nothing overflowing, and the demo model reads the page without a key', async () => {
    await w.ff.setSettings({});
    const page = await w.ff.newPage(`${w.fixtures.url}/page/article.html?first-run`);
    w.opened.push(page);
    const panel = await w.ff.openPanel(await w.ff.tabIdOf(page));
    w.opened.push(panel);
    await setViewport(panel, 400, 800);
    await waitForText(panel, 'Try it without a key');
    const wide = await panel.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((element) => element.tagName.toLowerCase()),
    );
    expect(wide).toEqual([]);
    // For a person to look at: the sidebar's first screen in Firefox.
    mkdirSync('.tmp/panel-shots', { recursive: true });
    await panel.screenshot({ path: '.tmp/panel-shots/firefox-first-run-400.png' });

    await clickOn(panel, '::-p-aria([name="Try it without a key"][role="button"])');
    await panel.waitForSelector('textarea[aria-label="Message"]:not([disabled])');
    await send(panel, 'Summarize this page');
    await waitForText(panel, '(demo model)');
    expect(await panel.evaluate(() => document.body.innerText)).toMatch(/\d+ words/);
  });
});
