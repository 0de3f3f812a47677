/**
 * Every page tool end to end: the mock model calls it through the real extension (side panel → service
 * worker → content script in the fixture page), each reply computed from what the extension sent
 * (refs read out of the previous tool result), and the test checks the page's real state afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, lastResultText, resultImage, resultText } from '../support/model-results.js';
import { send, toolCall } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';
import { imageSize } from '../../src/runtime/context-window/image-size.js';

describe('page tools through the side panel', () => {
  const e2e = useExtension({ fixtures: 'tests/fixtures', mock: true });
  // A second origin, for the cross-origin frame.
  let other: FixtureServer;
  beforeAll(async () => {
    other = await startFixtureServer('tests/fixtures');
  });
  afterAll(() => other?.close());
  const openFixture = (path: string) => e2e.open(`/page/${path}`);

  it('read_page stitches same- and cross-origin frames in, and click acts inside a frame by its prefixed ref', async () => {
    const { page, tabId } = await openFixture(`frames.html?other=${encodeURIComponent(other.url)}`);
    await page.frameLocator('#cross').locator('#inner').waitFor();
    e2e.mock.enqueue(
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
    await converse(e2e, tabId, 'Click the button in the second frame', 'Clicked in the frame.');
    const tree = resultText(e2e.mock, 'tu_read').text;
    expect(tree).toMatch(/- iframe "Same origin frame" \[ref=e\d+\]:\n\s+- heading "Inside the frame" \[level=2\] \[ref=f\d+e\d+\]/);
    expect(tree).toMatch(/- iframe "Cross origin frame" \[ref=e\d+\]:\n\s+- heading "Inside the frame"/);
    expect(tree.match(/button "Frame button" \[ref=f\d+e\d+\]/g)).toHaveLength(2);
    expect(resultText(e2e.mock, 'tu_click')).toEqual({
      text: 'Clicked button "Frame button" [trusted input]. Then: text "Clicks: 0" became "Clicks: 1".',
      isError: false,
    });
    expect(await page.frameLocator('#cross').locator('#count').textContent()).toBe('1');
    expect(await page.frameLocator('#same').locator('#count').textContent()).toBe('0');
  });

  it('find, type and select_option: typed values reach a React-style controlled input', async () => {
    const { page, tabId } = await openFixture('react.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_find', name: 'find', input: { query: 'name textbox' } }] },
      callNext({ id: 'tu_type', name: 'type', input: (found) => ({ ref: refIn(found, 'textbox "Name"'), text: 'Grace Hopper' }) }),
      { text: 'Typed the name.' },
    );
    await converse(e2e, tabId, 'Type the name', 'Typed the name.');
    expect(resultText(e2e.mock, 'tu_find').text).toMatch(/^1 match for “name textbox”.*\n- textbox "Name" \[ref=e\d+\]$/);
    expect(await page.textContent('#state')).toBe('Grace Hopper');

    const form = await openFixture('form.html');
    e2e.mock.reset();
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: { filter: 'interactive' } }] },
      callNext({ id: 'tu_select', name: 'select_option', input: (tree) => ({ ref: refIn(tree, 'combobox "Country"'), values: ['Japan'] }) }),
      () => ({
        toolCalls: [
          { id: 'tu_missing', name: 'select_option', input: { ref: refIn(resultText(e2e.mock, 'tu_read').text, 'combobox "Country"'), values: ['Atlantis'] } },
        ],
      }),
      { text: 'Selected the country.' },
    );
    await converse(e2e, form.tabId, 'Pick Japan', 'Selected the country.');
    expect(resultText(e2e.mock, 'tu_select').text).toBe(
      'Selected "Japan" in combobox "Country" (set by script, with input and change events). Then: its value is now "Japan".',
    );
    expect(await form.page.inputValue('#country')).toBe('jp');
    const missing = resultText(e2e.mock, 'tu_missing');
    expect(missing.isError).toBe(true);
    expect(JSON.parse(missing.text)).toMatchObject({
      error: { code: 'OPTION_NOT_FOUND', options: ['Choose…', 'Germany (value de)', 'France (value fr)', 'Japan (value jp)'] },
    });
  });

  it('fill_form fills a labelled form and click submits it: the server receives the values', async () => {
    const { page, tabId } = await openFixture('form.html');
    let tree = '';
    e2e.mock.enqueue(
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
    const panel = await e2e.panel(tabId);
    await send(panel, 'Sign me up');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Create account/);
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await panel.getByText('Submitted the form.').waitFor();
    expect(resultText(e2e.mock, 'tu_fill').text).toMatch(/^Filled 7 fields:/);
    await page.waitForURL(/\/echo$/);
    const received = await page.textContent('#received');
    for (const pair of ['full_name=Ada Lovelace', 'email=ada@example.com', 'country=fr', 'newsletter=yes', 'plan=pro', 'volume=7', 'start=2026-03-04'])
      expect(received).toContain(pair);
  });

  it('click on "Delete account" asks the person; denied, the page is untouched', async () => {
    const { page, tabId } = await openFixture('danger.html');
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_find', name: 'find', input: { query: 'Delete account' } }] },
      callNext({ id: 'tu_delete', name: 'click', input: (found) => ({ ref: refIn(found, 'button "Delete account"') }) }),
      { text: 'The person declined.' },
    );
    const panel = await e2e.panel(tabId);
    await send(panel, 'Delete my account');
    const dialog = panel.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete account');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await panel.getByText('The person declined.').waitFor();
    expect(JSON.parse(resultText(e2e.mock, 'tu_delete').text)).toMatchObject({ error: { code: 'PERMISSION_DENIED' } });
    expect(await page.textContent('#status')).toBe('active');
  });

  it('click reports ELEMENT_COVERED naming the overlay; after dismissing it the click lands', async () => {
    const { page, tabId } = await openFixture('overlay.html');
    let tree = '';
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        tree = lastResultText(request);
        return { toolCalls: [{ id: 'tu_covered', name: 'click', input: { ref: refIn(tree, 'Add to basket') } }] };
      },
      () => ({ toolCalls: [{ id: 'tu_accept', name: 'click', input: { ref: refIn(tree, 'Accept all') } }] }),
      () => ({ toolCalls: [{ id: 'tu_add', name: 'click', input: { ref: refIn(tree, 'Add to basket') } }] }),
      { text: 'Added after the banner.' },
    );
    await converse(e2e, tabId, 'Add it to the basket', 'Added after the banner.');
    const covered = JSON.parse(resultText(e2e.mock, 'tu_covered').text) as { error: { code: string; message: string; suggestion: string } };
    expect(covered.error.code).toBe('ELEMENT_COVERED');
    expect(covered.error.message).toContain('"Cookie consent"');
    expect(await page.textContent('#basket')).toBe('1');
  });

  it('press_key, hover (found with tool_search), wait_for and scroll', async () => {
    const { page, tabId } = await openFixture('interactions.html');
    let tree = '';
    e2e.mock.enqueue(
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
    const panel = await converse(e2e, tabId, 'Try the interactions', 'All done here.');
    // The page's own handler shows what it received: a keyboard reports Control+A as the key "a".
    expect(resultText(e2e.mock, 'tu_key').text).toMatch(
      /^Pressed Control\+A on textbox "Shortcut field" \[trusted input\]\. Then: its value is still "some text"; text "Last key: none" became "Last key: Control\+a"/,
    );
    expect(await page.textContent('#lastkey')).toBe('Control+a');
    expect(resultText(e2e.mock, 'tu_hover').text).toMatch(/^Hovering over button "Products" \[trusted input\]\. Then: /);
    expect(resultText(e2e.mock, 'tu_hover').text).not.toContain('no visible change');
    expect(await page.isVisible('#menu')).toBe(true);
    expect(resultText(e2e.mock, 'tu_wait').text).toMatch(/^Done after [\d.]+ s: “Details loaded” appeared and “Loading…” disappeared\.$/);
    expect(await page.textContent('#details')).toBe('Details loaded');
    expect(resultText(e2e.mock, 'tu_scroll').text).toMatch(/^Scrolled the page down by \d+px; page position x=0, y=\d+.*\. Then: /);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect.poll(() => toolCall(panel, 'tu_wait').getAttribute('data-status')).toBe('done');
  });

  it('get_page_text returns the article as Markdown; screenshot gives the model an image', async () => {
    const { page, tabId } = await openFixture('article.html');
    e2e.mock.enqueue(
      {
        toolCalls: [
          { id: 'tu_text', name: 'get_page_text', input: {} },
          { id: 'tu_shot', name: 'screenshot', input: {} },
        ],
      },
      { text: 'Read and looked.' },
    );
    const panel = await e2e.panel(tabId);
    // Only the visible tab of a window can be captured: show the page, as a person with the side panel would.
    await page.bringToFront();
    await page.setViewportSize({ width: 1800, height: 1000 });
    await send(panel, 'Summarize this page');
    await panel.getByText('Read and looked.').waitFor();
    const text = resultText(e2e.mock, 'tu_text').text;
    expect(text).toContain('# How tides work');
    expect(text).toContain('| Bay of Fundy | 16 |');
    expect(text).not.toContain('Privacy');
    // 'mock-model' is not a known cloud model, so it gets JPEG (what every vision server decodes).
    expect(resultText(e2e.mock, 'tu_shot').text).toMatch(/^Screenshot of tab \d+ \(How tides work — .*\), 1280×\d+, image\/jpeg/);
    // The image travels inside the tool result, scaled in the worker from the 1800 px wide capture.
    const image = resultImage(e2e.mock, 'tu_shot');
    expect(image?.media_type).toBe('image/jpeg');
    const size = imageSize(image?.data ?? '');
    expect(size?.width).toBe(1280);
    expect(size?.height).toBeLessThanOrEqual(1280);
    expect(JSON.stringify(e2e.mock.requests.at(-1)?.body ?? {}).match(/"type":"image"/g)).toHaveLength(1);
  });

  it('navigate waits for the load and returns the final URL and title; old refs are stale afterwards', async () => {
    const { page, tabId } = await openFixture('navigate.html');
    // A person has used the page: Chrome's back button skips entries nobody interacted with.
    await page.click('h1');
    let tree = '';
    e2e.mock.enqueue(
      { toolCalls: [{ id: 'tu_read', name: 'read_page', input: {} }] },
      (request) => {
        tree = lastResultText(request);
        return { toolCalls: [{ id: 'tu_nav', name: 'navigate', input: { url: 'landing.html?via=navigate' } }] };
      },
      () => ({ toolCalls: [{ id: 'tu_stale', name: 'click', input: { ref: refIn(tree, 'button "Continue"') } }] }),
      { toolCalls: [{ id: 'tu_back', name: 'navigate', input: { action: 'back' } }] },
      { text: 'Went and came back.' },
    );
    const panel = await e2e.panel(tabId);
    await send(panel, 'Go to the landing page and back');
    // After the navigation the tab's snapshot holds none of the old refs, so the click is STALE_REF at
    // validation: no prompt the person could not judge, nothing sent to the page.
    await panel.getByText('Went and came back.').waitFor();
    expect(await panel.getByRole('dialog').count()).toBe(0);
    expect(resultText(e2e.mock, 'tu_nav').text).toBe(`Loaded ${e2e.fixtures.url}/page/landing.html?via=navigate\nTitle: Landing page`);
    expect(JSON.parse(resultText(e2e.mock, 'tu_stale').text)).toMatchObject({ error: { code: 'STALE_REF' } });
    expect(resultText(e2e.mock, 'tu_back').text).toBe(`Loaded ${e2e.fixtures.url}/page/navigate.html\nTitle: Start page`);
    expect(page.url()).toBe(`${e2e.fixtures.url}/page/navigate.html`);
  });
});
