/**
 * get_page_text's own lines around the page's text, in headless Chromium through the content script's
 * command handler: the page's title heads the text once (not again when the page's `<h1>` says it), and a
 * text field shows what it holds now, fenced so its value cannot write Markdown of its own.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

const textOf = async (body: string, title = 'New post') => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`);
  return (await run<{ markdown: string }>(page, { type: 'page_text', mainContent: false })).markdown;
};

describe('page text', { timeout: 60_000 }, () => {
  it('heads the text with the title once, when the page’s first heading is not it already', async () => {
    expect(await textOf('<h1>New post</h1><p>Body</p>')).toBe('# New post\n\nBody');
    expect(await textOf('<h1>Drafts</h1><p>Body</p>')).toBe('# New post\n\n# Drafts\n\nBody');
  });

  it('shows what a text field holds now, never a password, a value with backticks fenced past them', async () => {
    await page.setContent(
      '<!doctype html><html><head><title>Form</title></head><body><label>Title <input name="title"></label> <label>Code <input name="code"></label> <label>Secret <input type="password" name="p"></label> <label>Empty <input name="e"></label></body></html>',
    );
    await page.fill('input[name=title]', 'Weekly update');
    await page.fill('input[name=code]', 'use `x`\n# heading');
    await page.fill('input[name=p]', 'hunter2');
    const { markdown } = await run<{ markdown: string }>(page, { type: 'page_text', mainContent: false });
    expect(markdown).toBe('# Form\n\nTitle `Weekly update` Code ``use `x` # heading`` Secret  Empty');
  });
});
