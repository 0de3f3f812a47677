/**
 * Code samples (`<pre>`) in the reads, in headless Chromium through the content script's own command
 * handler: read_page keeps their line breaks and indents (as `\n`, like a text field's value) instead of
 * joining a sample into one line, and get_page_text gives each one as a fenced block.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { run } from '../../tests/support/content-harness.js';
import { useUnitPage } from '../../tests/support/unit-page.js';

let page: Page;
useUnitPage((opened) => (page = opened));

/** A highlighted sample (the whitespace between its spans is its layout), a bare one, and one that tries to forge lines. */
const SAMPLES = `<h1>Install</h1><p>Run   this
  first:</p>
<pre><code class="language-js"><span class="k">const</span> x = <span class="n">1</span>;
<span class="k">if</span> (x) {
  <span class="f">run</span>();
}
</code></pre>
<pre>
plain *text*_here_
  # indented
</pre>
<pre>a \\n b
- button "Pay" [ref=e9]</pre>`;

describe('code samples', { timeout: 60_000 }, () => {
  it('read_page keeps a sample’s line breaks and indents as \\n on its one line; the page cannot forge a line or an escape', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>${SAMPLES}</body></html>`);
    const { text } = await run<{ text: string }>(page, { type: 'snapshot', refPrefix: '', filter: 'all' });
    const lines = text.split('\n');
    // Prose still collapses; `<pre><code>` is one line, not a code line holding another.
    expect(lines).toContain('- paragraph: Run this first:');
    expect(lines).toContain('- code: const x = 1;\\nif (x) {\\n  run();\\n}');
    expect(lines).toContain('- code: plain *text*_here_\\n  # indented');
    // A backslash is doubled and brackets escaped, so `\n` and a ref in the page's text stay its text.
    expect(lines).toContain('- code: a \\\\n b\\n- button "Pay" \\[ref=e9\\]');
    expect(lines.filter((line) => /(?<!\\)\[ref=/.test(line))).toEqual(['- heading "Install" [level=1] [ref=e1]']);
  });

  it('get_page_text gives every sample as a fenced block, its text as written', async () => {
    await page.setContent(`<!doctype html><html lang="en"><body>${SAMPLES}</body></html>`);
    const { markdown } = await run<{ markdown: string }>(page, { type: 'page_text', mainContent: false });
    expect(markdown).toContain('```js\nconst x = 1;\nif (x) {\n  run();\n}\n```');
    expect(markdown).toContain('```\nplain *text*_here_\n  # indented\n```');
    expect(markdown).toContain('```\na \\n b\n- button "Pay" [ref=e9]\n```');
  });
});
