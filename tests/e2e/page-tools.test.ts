/**
 * Every page tool end to end: the mock model calls it through the real extension (side panel → service
 * worker → content script in the fixture page), each reply computed from what the extension sent
 * (refs read out of the previous tool result), and the test checks the page's real state afterwards.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, type MockModelServer, type MockReply, type RecordedRequest } from '../support/mock-model-server.js';
import { imageSize } from '../../src/runtime/context-window/image-size.js';
import { lastResultText, mockSettings, send, toolCall } from './tab-storage-helpers.js';

/** The ref on the first line of a tool result that contains `needle`. */
function refIn(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  const ref = line && /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`No ref for ${needle} in:\n${text.slice(0, 3_000)}`);
  return ref;
}

/**
 * The result the model got for a tool call, found in any user message of any recorded request (a
 * screenshot adds an image message after the results, so the results are not always the last message).
 */
function resultText(server: MockModelServer, toolUseId: string): { text: string; isError: boolean } {
  for (const request of server.requests) {
    const messages = (request.body?.['messages'] ?? []) as Array<{ role: string; content: unknown }>;
    for (const message of messages) {
      if (message.role !== 'user' || !Array.isArray(message.content)) continue;
      for (const block of message.content as Array<{
        type: string;
        tool_use_id?: string;
        content?: Array<{ type: string; text?: string }>;
        is_error?: boolean;
      }>) {
        if (block.type === 'tool_result' && block.tool_use_id === toolUseId) {
          return {
            text: (block.content ?? [])
              .filter((c) => c.type === 'text')
              .map((c) => c.text ?? '')
              .join('\n'),
            isError: block.is_error === true,
          };
        }
      }
    }
  }
  throw new Error(`No request carried a result for ${toolUseId}`);
}

/** The image block inside the tool result the model got for a call (Anthropic wire format). */
function resultImage(server: MockModelServer, toolUseId: string): { media_type: string; data: string } | undefined {
  for (const request of server.requests) {
    for (const message of (request.body?.['messages'] ?? []) as Array<{ content: unknown }>) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Array<{
        type: string;
        tool_use_id?: string;
        content?: Array<{ type: string; source?: { media_type: string; data: string } }>;
      }>) {
        if (block.type === 'tool_result' && block.tool_use_id === toolUseId) return block.content?.find((c) => c.type === 'image')?.source;
      }
    }
  }
  return undefined;
}

/** A model reply that calls one tool with an input computed from the previous tool result. */
const next =
  (id: string, name: string, input: (previous: string) => Record<string, unknown>) =>
  (request: RecordedRequest): MockReply => ({
    toolCalls: [{ id, name, input: input(lastResultText(request)) }],
  });

describe('page tools through the side panel', () => {
  let ext: ExtensionHarness;
  let fixtures: FixtureServer;
  let other: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  const openFixture = async (path: string) => {
    const page = await ext.context.newPage();
    opened.push(page);
    await page.goto(`${fixtures.url}/page/${path}`);
    return { page, tabId: await ext.tabIdOf(page) };
  };
  /** Opens the panel on the tab, sends a message, waits for the model's final text. */
  const converse = async (tabId: number, message: string, done: string) => {
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    await send(panel, message);
    await panel.getByText(done).waitFor({ timeout: 60_000 });
    return panel;
  };

  beforeAll(async () => {
    [fixtures, other, mock] = await Promise.all([startFixtureServer('tests/fixtures'), startFixtureServer('tests/fixtures'), startMockModelServer()]);
    ext = await launchExtension({ settings: mockSettings(mock.url) });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ext?.close();
    await mock?.close();
    await Promise.all([fixtures?.close(), other?.close()]);
  });

  it('read_page stitches same- and cross-origin frames in, and click acts inside a frame by its prefixed ref', async () => {
    const { page, tabId } = await openFixture(`frames.html?other=${encodeURIComponent(other.url)}`);
    await page.frameLocator('#cross').locator('#inner').waitFor();
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        // The cross-origin frame is the second "Frame button" in the stitched tree.
        const lines = lastResultText(request)
          .split('\n')
          .filter((l) => l.includes('Frame button'));
        return { toolCalls: [{ id: 'tu_click', name: 'click', input: { ref: /\[ref=(f\d+e\d+)\]/.exec(lines[1] ?? '')?.[1] } }] };
      },
      { text: 'Clicked in the frame.' },
    );
    await converse(tabId, 'Click the button in the second frame', 'Clicked in the frame.');
    const tree = resultText(mock, 'tu_read').text;
    expect(tree).toMatch(/- iframe "Same origin frame" \[ref=e\d+\]:\n\s+- heading "Inside the frame" \[level=2\] \[ref=f\d+e\d+\]/);
    expect(tree).toMatch(/- iframe "Cross origin frame" \[ref=e\d+\]:\n\s+- heading "Inside the frame"/);
    expect(tree.match(/button "Frame button" \[ref=f\d+e\d+\]/g)).toHaveLength(2);
    expect(resultText(mock, 'tu_click')).toEqual({
      text: 'Clicked button "Frame button" [trusted input]. Then: text "Clicks: 0" became "Clicks: 1".',
      isError: false,
    });
    expect(await page.frameLocator('#cross').locator('#count').textContent()).toBe('1');
    expect(await page.frameLocator('#same').locator('#count').textContent()).toBe('0');
  });

  it('find, type and select_option: typed values reach a React-style controlled input', async () => {
    const { page, tabId } = await openFixture('react.html');
    mock.enqueue(
      { toolCalls: [{ id: 'tu_find', name: 'find', input: { query: 'name textbox' } }] },
      next('tu_type', 'type', (found) => ({ ref: refIn(found, 'textbox "Name"'), text: 'Grace Hopper' })),
      { text: 'Typed the name.' },
    );
    await converse(tabId, 'Type the name', 'Typed the name.');
    expect(resultText(mock, 'tu_find').text).toMatch(/^1 match for “name textbox”.*\n- textbox "Name" \[ref=e\d+\]$/);
    expect(await page.textContent('#state')).toBe('Grace Hopper');

    const form = await openFixture('form.html');
    mock.reset();
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: { filter: 'interactive' } }] },
      next('tu_select', 'select_option', (tree) => ({ ref: refIn(tree, 'combobox "Country"'), values: ['Japan'] })),
      () => ({
        toolCalls: [
          { id: 'tu_missing', name: 'select_option', input: { ref: refIn(resultText(mock, 'tu_read').text, 'combobox "Country"'), values: ['Atlantis'] } },
        ],
      }),
      { text: 'Selected the country.' },
    );
    await converse(form.tabId, 'Pick Japan', 'Selected the country.');
    expect(resultText(mock, 'tu_select').text).toBe(
      'Selected "Japan" in combobox "Country" (set by script, with input and change events). Then: its value is now "Japan".',
    );
    expect(await form.page.inputValue('#country')).toBe('jp');
    const missing = resultText(mock, 'tu_missing');
    expect(missing.isError).toBe(true);
    expect(JSON.parse(missing.text)).toMatchObject({
      error: { code: 'OPTION_NOT_FOUND', options: ['Choose…', 'Germany (value de)', 'France (value fr)', 'Japan (value jp)'] },
    });
  });

  it('fill_form fills a labelled form and click submits it: the server receives the values', async () => {
    const { page, tabId } = await openFixture('form.html');
    let tree = '';
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: { filter: 'interactive' } }] },
      (request) => {
        tree = lastResultText(request);
        return {
          toolCalls: [
            {
              id: 'tu_fill',
              name: 'fill_form',
              input: {
                fields: [
                  { ref: refIn(tree, 'textbox "Full name"'), value: 'Ada Lovelace' },
                  { ref: refIn(tree, 'textbox "Email"'), value: 'ada@example.com' },
                  { ref: refIn(tree, 'combobox "Country"'), value: 'fr' },
                  { ref: refIn(tree, 'checkbox "Send me the newsletter"'), value: 'true' },
                  { ref: refIn(tree, 'radio "Pro"'), value: 'true' },
                  { ref: refIn(tree, 'slider "Volume"'), value: '7' },
                  { ref: refIn(tree, 'textbox "Start date"'), value: '2026-03-04' },
                ],
              },
            },
          ],
        };
      },
      () => ({ toolCalls: [{ id: 'tu_submit', name: 'click', input: { ref: refIn(tree, 'button "Create account"') } }] }),
      { text: 'Submitted the form.' },
    );
    // Submitting a form that posts is destructive: the person is asked.
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    await send(panel, 'Sign me up');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Create account/);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await panel.getByText('Submitted the form.').waitFor();
    expect(resultText(mock, 'tu_fill').text).toMatch(/^Filled 7 fields:/);
    await page.waitForURL(/\/echo$/);
    const received = await page.textContent('#received');
    for (const pair of ['full_name=Ada Lovelace', 'email=ada@example.com', 'country=fr', 'newsletter=yes', 'plan=pro', 'volume=7', 'start=2026-03-04'])
      expect(received).toContain(pair);
  });

  it('click on "Delete account" asks the person; denied, the page is untouched', async () => {
    const { page, tabId } = await openFixture('danger.html');
    mock.enqueue(
      { toolCalls: [{ id: 'tu_find', name: 'find', input: { query: 'Delete account' } }] },
      next('tu_delete', 'click', (found) => ({ ref: refIn(found, 'button "Delete account"') })),
      { text: 'The person declined.' },
    );
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    await send(panel, 'Delete my account');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete account');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await panel.getByText('The person declined.').waitFor();
    expect(JSON.parse(resultText(mock, 'tu_delete').text)).toMatchObject({ error: { code: 'PERMISSION_DENIED' } });
    expect(await page.textContent('#status')).toBe('active');
  });

  it('click reports ELEMENT_COVERED naming the overlay; after dismissing it the click lands', async () => {
    const { page, tabId } = await openFixture('overlay.html');
    let tree = '';
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        tree = lastResultText(request);
        return { toolCalls: [{ id: 'tu_covered', name: 'click', input: { ref: refIn(tree, 'Add to basket') } }] };
      },
      () => ({ toolCalls: [{ id: 'tu_accept', name: 'click', input: { ref: refIn(tree, 'Accept all') } }] }),
      () => ({ toolCalls: [{ id: 'tu_add', name: 'click', input: { ref: refIn(tree, 'Add to basket') } }] }),
      { text: 'Added after the banner.' },
    );
    await converse(tabId, 'Add it to the basket', 'Added after the banner.');
    const covered = JSON.parse(resultText(mock, 'tu_covered').text) as { error: { code: string; message: string; suggestion: string } };
    expect(covered.error.code).toBe('ELEMENT_COVERED');
    expect(covered.error.message).toContain('"Cookie consent"');
    expect(await page.textContent('#basket')).toBe('1');
  });

  it('press_key, hover (found with tool_search), wait_for and scroll', async () => {
    const { page, tabId } = await openFixture('interactions.html');
    let tree = '';
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        tree = lastResultText(request);
        return { toolCalls: [{ id: 'tu_key', name: 'press_key', input: { key: 'Control+A', ref: refIn(tree, 'Shortcut field') } }] };
      },
      { toolCalls: [{ id: 'tu_search', name: 'tool_search', input: { query: 'select:hover' } }] },
      () => ({ toolCalls: [{ id: 'tu_hover', name: 'hover', input: { ref: refIn(tree, 'button "Products"') } }] }),
      () => ({ toolCalls: [{ id: 'tu_load', name: 'click', input: { ref: refIn(tree, 'Load details') } }] }),
      { toolCalls: [{ id: 'tu_wait', name: 'wait_for', input: { text: 'Details loaded', text_gone: 'Loading…', seconds: 10 } }] },
      { toolCalls: [{ id: 'tu_scroll', name: 'scroll', input: { direction: 'down', amount: 1 } }] },
      { text: 'All done here.' },
    );
    const panel = await converse(tabId, 'Try the interactions', 'All done here.');
    // The page's own handler shows what it received: a keyboard reports Control+A as the key "a".
    expect(resultText(mock, 'tu_key').text).toMatch(
      /^Pressed Control\+A on textbox "Shortcut field" \[trusted input\]\. Then: its value is still "some text"; text "Last key: none" became "Last key: Control\+a"/,
    );
    expect(await page.textContent('#lastkey')).toBe('Control+a');
    expect(resultText(mock, 'tu_hover').text).toMatch(/^Hovering over button "Products" \[trusted input\]\. Then: /);
    expect(resultText(mock, 'tu_hover').text).not.toContain('no visible change');
    expect(await page.isVisible('#menu')).toBe(true);
    expect(resultText(mock, 'tu_wait').text).toMatch(/^Done after [\d.]+ s: “Details loaded” appeared and “Loading…” disappeared\.$/);
    expect(await page.textContent('#details')).toBe('Details loaded');
    expect(resultText(mock, 'tu_scroll').text).toMatch(/^Scrolled the page down by \d+px; page position x=0, y=\d+.*\. Then: /);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect.poll(() => toolCall(panel, 'tu_wait').getAttribute('data-status')).toBe('done');
  });

  it('get_page_text returns the article as Markdown; screenshot gives the model an image', async () => {
    const { page, tabId } = await openFixture('article.html');
    mock.enqueue(
      {
        toolCalls: [
          { id: 'tu_text', name: 'get_page_text', input: {} },
          { id: 'tu_shot', name: 'screenshot', input: {} },
        ],
      },
      { text: 'Read and looked.' },
    );
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    // Only the visible tab of a window can be captured: show the page, as a person with the side panel would.
    await page.bringToFront();
    await page.setViewportSize({ width: 1800, height: 1000 });
    await send(panel, 'Summarize this page');
    await panel.getByText('Read and looked.').waitFor();
    const text = resultText(mock, 'tu_text').text;
    expect(text).toContain('# How tides work');
    expect(text).toContain('| Bay of Fundy | 16 |');
    expect(text).not.toContain('Privacy');
    // 'mock-model' is not a known cloud model, so it gets JPEG (what every vision server decodes).
    expect(resultText(mock, 'tu_shot').text).toMatch(/^Screenshot of tab \d+ \(How tides work — .*\), 1280×\d+, image\/jpeg/);
    // The image travels inside the tool result, scaled in the worker from the 1800 px wide capture.
    const image = resultImage(mock, 'tu_shot');
    expect(image?.media_type).toBe('image/jpeg');
    const size = imageSize(image?.data ?? '');
    expect(size?.width).toBe(1280);
    expect(size?.height).toBeLessThanOrEqual(1280);
    expect(JSON.stringify(mock.requests.at(-1)?.body ?? {}).match(/"type":"image"/g)).toHaveLength(1);
  });

  it('navigate waits for the load and returns the final URL and title; old refs are stale afterwards', async () => {
    const { page, tabId } = await openFixture('navigate.html');
    // A person has used the page: Chrome's back button skips entries nobody interacted with.
    await page.click('h1');
    let tree = '';
    mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        tree = lastResultText(request);
        return { toolCalls: [{ id: 'tu_nav', name: 'navigate', input: { url: 'landing.html?via=navigate' } }] };
      },
      () => ({ toolCalls: [{ id: 'tu_stale', name: 'click', input: { ref: refIn(tree, 'button "Continue"') } }] }),
      { toolCalls: [{ id: 'tu_back', name: 'navigate', input: { action: 'back' } }] },
      { text: 'Went and came back.' },
    );
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    await send(panel, 'Go to the landing page and back');
    // After the navigation the tab's snapshot holds none of the old refs, so the click is STALE_REF at
    // validation: no prompt the person could not judge, nothing sent to the page.
    await panel.getByText('Went and came back.').waitFor();
    expect(await panel.getByRole('dialog').count()).toBe(0);
    expect(resultText(mock, 'tu_nav').text).toBe(`Loaded ${fixtures.url}/page/landing.html?via=navigate\nTitle: Landing page`);
    expect(JSON.parse(resultText(mock, 'tu_stale').text)).toMatchObject({ error: { code: 'STALE_REF' } });
    expect(resultText(mock, 'tu_back').text).toBe(`Loaded ${fixtures.url}/page/navigate.html\nTitle: Start page`);
    expect(page.url()).toBe(`${fixtures.url}/page/navigate.html`);
  });
});
