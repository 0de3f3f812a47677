/**
 * What Pagewright guarantees, proven again in a real Firefox: data read on one site does not leave for
 * another unasked (auto mode); a same-site address that redirects to another site is held by the landing
 * guard (declarativeNetRequest session rules, as in Chrome); and no content script of the extension can
 * read the API key — Firefox gives content scripts all of storage.local, so the key is not kept there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIREFOX_SETTINGS_DB } from '../../src/background/firefox-settings-db.js';
import { launchFirefoxExtension, type FirefoxHarness } from '../support/firefox.js';
import { startMockModelServer, type MockModelServer } from '../support/mock-model-server.js';
import { startTrustSites, type TrustSites } from '../support/trust-sites.js';
import { resultText } from '../support/model-results.js';
import { answerPrompt, clickOn, fillIn, MOCK_KEY, mockSettings, send, waitForText, waitInPage } from './helpers.js';

let ff: FirefoxHarness;
let mock: MockModelServer;
let sites: TrustSites;

beforeAll(async () => {
  [sites, mock] = await Promise.all([startTrustSites(), startMockModelServer()]);
  ff = await launchFirefoxExtension({ settings: mockSettings(mock.url, 'auto') });
});
afterAll(async () => {
  await ff?.close();
  await Promise.all([mock?.close(), sites?.close()]);
});
beforeEach(() => {
  mock.reset();
  sites.reset();
});

describe('Firefox: data and landings', () => {
  it('data read on one site asks before it leaves for another, even in auto mode; denied, it never arrives', async () => {
    const secret = 'ACCT-7731-2290-5512';
    const page = await ff.newPage(sites.bank.page('statement', `<!doctype html><title>Statement</title><h1>Statement</h1><p>Account ${secret}</p>`));
    const panel = await ff.openPanel(await ff.tabIdOf(page));
    mock.enqueue(
      { toolCalls: [{ id: 'read', name: 'get_page_text', input: {} }] },
      { toolCalls: [{ id: 'away', name: 'navigate', input: { url: `${sites.site.origin}/c?d=${secret}` } }] },
      { text: 'Finished the flow.' },
    );
    await send(panel, 'Look up my account on the other site.');
    const prompt = await answerPrompt(panel, 'Deny');
    await waitForText(panel, 'Finished the flow.');
    expect(resultText(mock, 'read').text).toContain(secret);
    expect(prompt).toContain(secret.toLowerCase());
    expect(resultText(mock, 'away')).toMatchObject({ isError: true, text: expect.stringContaining('PERMISSION_DENIED') });
    expect(sites.site.received(secret)).toBe(false);
    await Promise.all([panel.close(), page.close()]);
  });

  it('a same-site address that redirects to another site is stopped before the request leaves; the tab stays', async () => {
    const home = sites.site.page('home', '<!doctype html><title>Home</title><h1>Home</h1>');
    const page = await ff.newPage(home);
    const panel = await ff.openPanel(await ff.tabIdOf(page));
    mock.enqueue({ toolCalls: [{ id: 'go', name: 'navigate', input: { url: '/out/hello' } }] }, { text: 'Finished redirect.' });
    await send(panel, 'Open the outgoing link.');
    await waitForText(panel, 'Finished redirect.');
    const result = resultText(mock, 'go');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text).error).toMatchObject({ code: 'LANDING_BLOCKED', message: expect.stringContaining(new URL(sites.evil.origin).host) });
    expect(sites.site.requests.some((r) => r.url === '/out/hello')).toBe(true);
    expect(sites.evil.requests).toEqual([]);
    await waitInPage(page, 'the tab to stay home', (url: string) => location.href === url, home);
    await Promise.all([panel.close(), page.close()]);
  });
});

describe('Firefox: the API key stays out of content scripts', () => {
  it('a key saved in the panel reaches the model, and a content script of the extension, which reads storage.local, finds it nowhere', async () => {
    const newKey = 'sk-saved-in-the-panel-7f3a9c21e4b8';
    const page = await ff.newPage(sites.site.page('plain', '<!doctype html><title>Plain</title><p>Hello</p>'));
    const tabId = await ff.tabIdOf(page);
    // The person saves a new key in Settings, as the product stores it.
    const settingsPanel = await ff.openPanel(tabId);
    await clickOn(settingsPanel, '::-p-aria([name="Settings"][role="button"])');
    await fillIn(settingsPanel, '#field-anthropic-apiKey', newKey);
    await clickOn(settingsPanel, '[data-section="model"] ::-p-aria([name="Save"][role="button"])');
    await waitForText(settingsPanel, 'Saved.');
    await settingsPanel.close();
    const panel = await ff.openPanel(tabId);
    mock.enqueue({ text: 'Using the new key.' });
    await send(panel, 'Hello');
    await waitForText(panel, 'Using the new key.');
    expect(mock.requests[0]?.headers['x-api-key']).toBe(newKey);

    // storage.local is open to content scripts in Firefox: a probe the extension writes there is read back below.
    await ff.inExtension(() => chrome.storage.local.set({ probe: 'visible-to-content-scripts' }), undefined);
    // The same powers as Pagewright's own content script: injected by the extension into the page.
    const seen = await ff.inExtension(
      async ({ id, dbName }) => {
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: id },
          func: async (name: string) => {
            const local = await chrome.storage.local.get(null);
            const opened = await new Promise<string[]>((ok) => {
              const open = indexedDB.open(name);
              open.onsuccess = () => ok([...open.result.objectStoreNames]);
              open.onerror = () => ok(['error']);
            });
            const asked = await Promise.race([
              // The worker answers only its own pages: nothing comes back (undefined, or no receiver at all).
              chrome.runtime.sendMessage({ method: 'status.get', params: {} }).then(
                (reply: unknown) => (reply === undefined ? 'no answer' : JSON.stringify(reply)),
                () => 'no answer',
              ),
              new Promise<string>((ok) => setTimeout(() => ok('no answer'), 2_000)),
            ]);
            return { local: JSON.stringify(local), opened, asked };
          },
          args: [dbName],
        });
        return result?.result as { local: string; opened: string[]; asked: string };
      },
      { id: tabId, dbName: FIREFOX_SETTINGS_DB.name },
    );
    expect(seen.local).toContain('visible-to-content-scripts');
    expect(seen.local).not.toContain(newKey);
    expect(seen.local).not.toContain(MOCK_KEY);
    expect(seen.local).not.toContain('anthropic');
    // Its IndexedDB is the page's: the database of that name there is a new, empty one.
    expect(seen.opened).toEqual([]);
    expect(seen.asked).toBe('no answer');
    await Promise.all([panel.close(), page.close()]);
  });
});
