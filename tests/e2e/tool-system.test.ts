/**
 * The tool system's mechanisms end to end, in headless Chromium through the built extension, with the mock
 * model speaking Anthropic's real stream: a read-only call runs while the reply is still streaming; a
 * message sent mid-run reaches the next request and the run goes on; Stop and send cancels a long wait_for
 * and sends; a helper agent reads two real saved pages in background tabs, reports, and its tabs close.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCorpus } from '../support/corpus.js';
import { useExtension } from '../support/e2e.js';
import type { FixtureServer } from '../support/fixture-server.js';
import { lastUserTextOf, systemOf, toolResultsOf, type MockReply, type RecordedRequest } from '../support/mock-model-server.js';
import { resultText } from '../support/model-results.js';
import { send, toolCall } from '../support/panel-driver.js';

const e2e = useExtension({ fixtures: 'tests/e2e/pages', mock: true });
let corpus: FixtureServer;

beforeAll(async () => {
  corpus = await serveCorpus();
});
afterAll(() => corpus?.close());

describe('streaming tool execution', () => {
  it('runs a read-only call while the model is still streaming its reply', async () => {
    const { panel } = await e2e.tabWithPanel('/plain.html');
    // The call's block completes first; the rest of the message waits until the test has seen the call done.
    let finishMessage = () => {};
    const messageMayEnd = new Promise<void>((resolve) => (finishMessage = resolve));
    e2e.mock.enqueue(
      {
        toolCalls: [{ id: 'tu_text', name: 'get_page_text', input: {} }],
        trailingText: 'While that loads, here is what I plan to do next. '.repeat(5),
        trailingAfter: messageMayEnd,
      },
      { text: 'The page says nothing moves.' },
    );
    await send(panel, 'What does this page say?');
    await toolCall(panel, 'tu_text').and(panel.locator('[data-status="done"]')).waitFor();
    // Done in the panel while the message it came in has not ended.
    expect(e2e.mock.requests[0]?.ended).toBe(false);
    finishMessage();
    await panel.getByText('The page says nothing moves.').waitFor();
    expect(resultText(e2e.mock, 'tu_text').text).toContain('nothing on it moves');
  });
});

describe('progress', () => {
  it('navigate shows the stages the browser reports while a page loads', async () => {
    // A page whose HTML arrives at once and whose image only when the test says: its DOM is ready long before it has loaded.
    let sendImage = () => {};
    const imageMaySend = new Promise<void>((resolve) => (sendImage = resolve));
    const slow: Server = createServer((req, res) => {
      if (req.url === '/slow.png') void imageMaySend.then(() => res.writeHead(404).end());
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Slow</title><h1>Slow page</h1><img src="/slow.png" alt="">');
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/page`;
    try {
      const { panel } = await e2e.tabWithPanel('/plain.html');
      e2e.mock.enqueue({ toolCalls: [{ id: 'tu_nav', name: 'navigate', input: { url: target } }] }, { text: 'There.' });
      await send(panel, 'Go to the slow page.');
      // The run has not read the page, so the site it would leave is unknown: navigate asks first.
      await panel.getByRole('dialog').getByRole('button', { name: 'Allow once' }).click();
      await toolCall(panel, 'tu_nav').getByText(`Content ready — ${target}`).waitFor();
      expect(await toolCall(panel, 'tu_nav').getAttribute('data-status')).toBe('running');
      sendImage();
      await toolCall(panel, 'tu_nav').and(panel.locator('[data-status="done"]')).waitFor();
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('steering', () => {
  it('delivers a message sent mid-run with the next request, and the run goes on', async () => {
    const { panel } = await e2e.tabWithPanel('/plain.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'tu_wait', name: 'wait_for', input: { seconds: 3 } }] }, (request) => ({
      text: `Understood: ${lastUserTextOf(request)}`,
    }));
    await send(panel, 'Wait a little, then summarise.');
    await toolCall(panel, 'tu_wait').and(panel.locator('[data-status="running"]')).waitFor();
    await send(panel, 'Use bullet points, please.');
    // Shown as queued while the wait goes on.
    await panel.locator('[data-queued="true"]', { hasText: 'Use bullet points, please.' }).waitFor();
    await panel.getByText('Understood: Use bullet points, please.').waitFor();
    expect(toolResultsOf(e2e.mock.requests[1] as RecordedRequest).map((result) => result.toolUseId)).toEqual(['tu_wait']);
    expect(lastUserTextOf(e2e.mock.requests[1] as RecordedRequest)).toBe('Use bullet points, please.');
    expect(await panel.locator('[data-queued="true"]').count()).toBe(0);
    await expect
      .poll(() => panel.locator('.message.person').allTextContents())
      .toEqual([expect.stringContaining('Wait a little'), expect.stringContaining('Use bullet points')]);
  });

  it('Stop and send cancels a long wait_for and sends the message', async () => {
    const { panel } = await e2e.tabWithPanel('/plain.html');
    e2e.mock.enqueue({ toolCalls: [{ id: 'tu_long', name: 'wait_for', input: { text: 'A text that never appears', seconds: 30 } }] }, (request) => ({
      text: `New plan: ${lastUserTextOf(request)}`,
    }));
    await send(panel, 'Wait for the results.');
    await toolCall(panel, 'tu_long').and(panel.locator('[data-status="running"]')).waitFor();
    await panel.getByRole('textbox', { name: 'Message' }).fill('Never mind, just read the heading.');
    await panel.getByRole('button', { name: 'Stop and send' }).click();
    await panel.getByText('New plan: Never mind, just read the heading.').waitFor();
    await expect.poll(() => toolCall(panel, 'tu_long').getAttribute('data-status')).toBe('cancelled');
    const cancelled = resultText(e2e.mock, 'tu_long');
    expect(cancelled.isError).toBe(true);
    expect(cancelled.text).toContain('CANCELLED');
    expect(e2e.mock.requests).toHaveLength(2);
  });
});

describe('a helper agent', () => {
  it('reads two real pages in background tabs, returns a report, and closes its tabs', async () => {
    const pages = [`${corpus.url}/medium-1/source.html`, `${corpus.url}/wikipedia/source.html`];
    const { panel } = await e2e.tabWithPanel(`${corpus.url}/001/source.html`);
    const tabsBefore = e2e.ext.context.pages().length;
    const helper = (request: RecordedRequest): MockReply => {
      const assistantTurns = (request.body.messages as Array<{ role: string }>).filter((m) => m.role === 'assistant').length;
      if (assistantTurns === 0) return { toolCalls: pages.map((url, i) => ({ id: `tu_open${i}`, name: 'open_tab', input: { url } })) };
      const results = toolResultsOf(request);
      if (assistantTurns === 1)
        return {
          toolCalls: results.map((r, i) => ({
            id: `tu_read${i}`,
            name: 'get_page_text',
            input: { tab_id: (JSON.parse(r.text) as { tab_id: number }).tab_id },
          })),
        };
      const sources = results.map((r) => `${/^Source: (\S+)/.exec(r.text)?.[1]} (${/Journalism|Mozilla/.exec(r.text)?.[0] ?? 'no match'})`);
      return { text: `Read ${sources.join(' and ')}.` };
    };
    e2e.mock.script((request) => {
      if (systemOf(request).startsWith('You are a research helper')) return helper(request);
      if (toolResultsOf(request).length === 0)
        return {
          toolCalls: [
            { id: 'tu_agent', name: 'agent', input: { description: 'Read two articles', prompt: `Read ${pages.join(' and ')} and say who each is about.` } },
          ],
        };
      return { text: `The helper says: ${toolResultsOf(request)[0]?.text.split('\n')[1] ?? ''}` };
    });
    await send(panel, 'Who are those two articles about?');
    await toolCall(panel, 'tu_agent').and(panel.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
    const report = `Read ${pages[0]} (Journalism) and ${pages[1]} (Mozilla).`;
    await panel.getByText(`The helper says: ${report}`).waitFor();
    // Its steps are shown in its group; its tabs are gone, and the person's tab was never left.
    expect(await toolCall(panel, 'tu_agent').locator('[data-step-tool="get_page_text"][data-status="done"]').count()).toBe(2);
    await expect.poll(() => e2e.ext.context.pages().length).toBe(tabsBefore);
    expect(e2e.ext.context.pages().some((page) => pages.includes(page.url()))).toBe(false);
    // The pages' text stayed with the helper: the main agent got the report only.
    const mainRequests = e2e.mock.requests.filter((request) => !systemOf(request).startsWith('You are a research helper'));
    expect(JSON.stringify(mainRequests.at(-1)?.body.messages)).not.toContain('Mozilla Foundation');
  });
});
