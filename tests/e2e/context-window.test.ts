/**
 * The context window end to end: a long scripted run on a real saved page (the readability corpus) in the
 * built extension. The model's last request carries only the newest screenshots and one full read of the
 * page, while the panel still shows every screenshot; a run budget stops a run before it is passed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveCorpus } from '../support/corpus.js';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import type { FixtureServer } from '../support/fixture-server.js';
import { startMockModelServer, type MockModelServer, type MockReply } from '../support/mock-model-server.js';
import { send } from './tab-storage-helpers.js';

const settings = (url: string, extra: Record<string, unknown> = {}) => ({
  provider: 'anthropic',
  // A known model: its profile (window, WebP screenshots, prices) applies.
  anthropic: { apiKey: 'test-key', baseUrl: url, model: 'claude-sonnet-4-5' },
  permissionMode: 'auto',
  ...extra,
});

type WireBlock = { type: string; tool_use_id?: string; content?: Array<{ type: string; text?: string; source?: { media_type: string } }> };
const resultsIn = (body: { messages?: Array<{ content: unknown }> }): WireBlock[] =>
  (body.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? (m.content as WireBlock[]) : [])).filter((b) => b.type === 'tool_result');

describe('the context window in the extension', () => {
  let ext: ExtensionHarness;
  let corpus: FixtureServer;
  let mock: MockModelServer;
  const opened: Page[] = [];

  const openPage = async () => {
    const page = await ext.context.newPage();
    opened.push(page);
    await page.goto(`${corpus.url}/medium-1/source.html`, { waitUntil: 'domcontentloaded' });
    return { page, tabId: await ext.tabIdOf(page) };
  };

  beforeAll(async () => {
    [corpus, mock] = await Promise.all([serveCorpus(), startMockModelServer()]);
    ext = await launchExtension({ settings: settings(mock.url) });
  });
  beforeEach(async () => {
    mock.reset();
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  afterAll(async () => {
    await ext?.close();
    await mock?.close();
    await corpus?.close();
  });

  it('sends only the newest three screenshots and one full read of the page; the panel keeps them all', async () => {
    const { page, tabId } = await openPage();
    const steps: MockReply[] = [];
    for (let n = 1; n <= 5; n++) {
      steps.push({ toolCalls: [{ id: `shot_${n}`, name: 'screenshot', input: {} }] }, { toolCalls: [{ id: `read_${n}`, name: 'read_page', input: {} }] });
      steps.push({ toolCalls: [{ id: `scroll_${n}`, name: 'scroll', input: { direction: 'down' } }] });
    }
    mock.enqueue(...steps, { text: 'Looked through the page.' });
    const panel = await ext.openPanel(tabId);
    opened.push(panel);
    // Only the visible tab of a window can be captured: show the page, as a person with the side panel would.
    await page.bringToFront();
    await send(panel, 'Look through this page');
    await panel.getByText('Looked through the page.').waitFor({ timeout: 120_000 });

    const last = resultsIn(mock.requests.at(-1)?.body ?? {});
    const images = last.flatMap((b) => (b.content ?? []).filter((c) => c.type === 'image'));
    expect(images).toHaveLength(3);
    expect(images.every((c) => c.source?.media_type === 'image/webp')).toBe(true);
    const shots = last.filter((b) => b.tool_use_id?.startsWith('shot_'));
    expect(shots.map((b) => (b.content ?? []).some((c) => c.type === 'image'))).toEqual([false, false, true, true, true]);
    expect(JSON.stringify(shots[0])).toContain('Image removed to save context');
    const reads = last.filter((b) => b.tool_use_id?.startsWith('read_')).map((b) => b.content?.[0]?.text ?? '');
    expect(reads.filter((text) => text.startsWith('Page: '))).toHaveLength(1);
    expect(reads.at(-1)).toMatch(/^Page: /);
    expect(
      reads
        .slice(0, -1)
        .every((text) =>
          /^\[Superseded by a later read of the same page: read_page of tab \d+ at .*medium-1\/source\.html.* read_result \{"id":"result_read_\d"\}\]$/.test(
            text,
          ),
        ),
    ).toBe(true);
    // The person still sees every screenshot the agent took.
    await expect.poll(() => panel.locator('figure.screenshot img').count()).toBe(5);
  });

  it('stops a run before a request that could pass the run budget, and says why', async () => {
    await ext.setSettings(settings(mock.url, { runBudget: { maxTokens: 12_000 } }));
    try {
      const { tabId } = await openPage();
      mock.enqueue(...Array.from({ length: 6 }, (_, n): MockReply => ({ toolCalls: [{ id: `r${n}`, name: 'read_page', input: {} }] })), {
        text: 'Never reached.',
      });
      const panel = await ext.openPanel(tabId);
      opened.push(panel);
      await send(panel, 'Read this page again and again');
      await panel.getByText(/Stopped before the next step: this run has used [\d,]+ of its 12,000-token budget/).waitFor({ timeout: 60_000 });
      expect(mock.requests.length).toBeLessThan(6);
      expect(mock.pending()).toBeGreaterThan(0);
    } finally {
      await ext.setSettings(settings(mock.url));
    }
  });
});
