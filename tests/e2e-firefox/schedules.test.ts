/**
 * The Firefox build runs a scheduled shortcut from its event page: the alarm the background sets when the
 * settings change wakes it, the run opens its page in a tab of its own, asks the model with the prompt
 * filled from that tab (its address and title: not the blank page a new tab starts on), stores its
 * result and closes the tab. Headless Firefox lists no notification afterwards (notifications.getAll is
 * empty), so the notification is checked in Chromium only (tests/e2e/shortcuts.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { launchFirefoxExtension, type FirefoxHarness } from '../support/firefox.js';
import { lastUserTextOf, startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';
import { mockSettings } from './helpers.js';

describe('Firefox: a scheduled shortcut', () => {
  let ff: FirefoxHarness;
  let fixtures: FixtureServer;
  let mock: MockModelServer;

  beforeAll(async () => {
    [fixtures, mock] = await Promise.all([startFixtureServer(), startMockModelServer()]);
    ff = await launchFirefoxExtension({ settings: mockSettings(mock.url, 'ask') });
  });
  afterAll(async () => {
    await ff?.close();
    await Promise.all([mock?.close(), fixtures?.close()]);
  });

  it('runs at its time in a tab of its own, stores its result and closes its tab', async () => {
    const startUrl = `${fixtures.url}/page/article.html?scheduled`;
    mock.enqueue({ text: 'The article is still there.' });
    await ff.setSettings({
      ...mockSettings(mock.url, 'ask'),
      shortcuts: [
        {
          id: 'check',
          name: 'check-article',
          prompt: 'Check {{title}} at {{url}}.',
          contexts: [],
          schedule: { when: { kind: 'once', at: Date.now() + 5_000 }, startUrl },
        },
      ],
    });
    const [request] = await mock.waitForRequests(1, 60_000);
    expect(lastUserTextOf(request!)).toContain('How tides work⟧ at ⟦from');
    const stored = async () =>
      ff.inExtension(async () => (await chrome.storage.local.get('scheduleStates'))['scheduleStates'] as Record<string, { lastResult?: unknown }>, null);
    await expect
      .poll(async () => (await stored())['check']?.lastResult, { timeout: 30_000 })
      .toMatchObject({ status: 'done', text: 'The article is still there.' });
    expect(await ff.inExtension(async (url) => (await chrome.tabs.query({ url })).length, startUrl)).toBe(0);
  });
});
