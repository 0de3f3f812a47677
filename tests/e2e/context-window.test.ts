/**
 * The context window end to end: a long scripted run on a real saved page (the readability corpus) in the
 * built extension. The model's last request carries only the newest screenshots and one full read of the
 * page, while the panel still shows every screenshot; a run budget stops a run before it is passed.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../support/corpus.js';
import { useExtension } from '../support/e2e.js';
import type { MockReply } from '../support/mock-model-server.js';
import { send } from '../support/panel-driver.js';

type WireBlock = { type: string; tool_use_id?: string; content?: Array<{ type: string; text?: string; source?: { media_type: string } }> };
const resultsIn = (body: { messages?: Array<{ content: unknown }> }): WireBlock[] =>
  (body.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? (m.content as WireBlock[]) : [])).filter((b) => b.type === 'tool_result');

describe('the context window in the extension', () => {
  // A known model: its profile (window, WebP screenshots, prices) applies.
  const e2e = useExtension({ fixtures: CORPUS_DIR, mock: { model: 'claude-sonnet-4-5' } });
  const openPage = () => e2e.open('/medium-1/source.html', { waitUntil: 'domcontentloaded' });

  it('sends only the newest three screenshots and one full read of the page; the panel keeps them all', async () => {
    const { page, tabId } = await openPage();
    const steps: MockReply[] = [];
    for (let n = 1; n <= 5; n++) {
      steps.push({ toolCalls: [{ id: `shot_${n}`, name: 'screenshot', input: {} }] }, { toolCalls: [{ id: `read_${n}`, name: 'read_page', input: {} }] });
      steps.push({ toolCalls: [{ id: `scroll_${n}`, name: 'scroll', input: { direction: 'down' } }] });
    }
    e2e.mock.enqueue(...steps, { text: 'Looked through the page.' });
    const panel = await e2e.panel(tabId);
    // Only the visible tab of a window can be captured: show the page, as a person with the side panel would.
    await page.bringToFront();
    await send(panel, 'Look through this page');
    await panel.getByText('Looked through the page.').waitFor({ timeout: 120_000 });

    const last = resultsIn(e2e.mock.requests.at(-1)?.body ?? {});
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
    await e2e.ext.setSettings({ ...e2e.settings, runBudget: { maxTokens: 12_000 } });
    try {
      const { tabId } = await openPage();
      e2e.mock.enqueue(...Array.from({ length: 6 }, (_, n): MockReply => ({ toolCalls: [{ id: `r${n}`, name: 'read_page', input: {} }] })), {
        text: 'Never reached.',
      });
      const panel = await e2e.panel(tabId);
      await send(panel, 'Read this page again and again');
      await panel.getByText(/Stopped before the next step: this run has used [\d,]+ of its 12,000-token budget/).waitFor({ timeout: 60_000 });
      expect(e2e.mock.requests.length).toBeLessThan(6);
      expect(e2e.mock.pending()).toBeGreaterThan(0);
    } finally {
      await e2e.ext.setSettings(e2e.settings);
    }
  });
});
