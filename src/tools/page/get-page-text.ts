/** `get_page_text`: the page's readable text as Markdown (the article only, by default). */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { oneLine, safeMultiline } from '../../shared/untrusted-text.js';
import { originOf } from '../../runtime/permission-rules.js';
import { readDocument, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  main_content: z
    .boolean()
    .default(true)
    .describe('true (default): only the main article, extracted with Mozilla Readability (drops menus, ads, footers). false: all text of the page.'),
  tab_id: tabIdField(),
});

/** Returns the page text as Markdown. */
export const getPageText = buildTool<typeof inputSchema, string>({
  name: 'get_page_text',
  aliases: ['get_text', 'extract_content', 'get_page_content'],
  isEnabled: pageToolEnabled,
  searchHint: 'article text markdown read content summarize',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Returns the readable text of the page as Markdown: title, headings, paragraphs, lists, links and tables. With main_content (default) only the main article, as a reader view would show it; if the page has no article, the whole page text is returned and the result says so.',
    'Use it to read, summarize or quote a page. It has no refs: to act on elements use read_page or find.',
  ].join('\n'),
  description: (input) => (input.main_content ? 'Read the article text' : 'Read all text of the page'),
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 50_000,
  async call(input, context) {
    const tabId = targetTab(input, context);
    const text = await sendPageCommand(context, tabId, { type: 'page_text', mainContent: input.main_content });
    const note = input.main_content && !text.usedReadability ? '(No main article was found; this is the whole page text.)\n\n' : '';
    // Invisible controls (a bidi override, zero-width characters) show as escapes: what the model reads is what is there.
    const data = `Source: ${oneLine(text.url, 2_000)}\n${note}\n${safeMultiline(text.markdown) || '(the page has no text)'}`;
    // The text is the page's as it was read, whatever the tab showed when the call was judged.
    const origin = originOf(text.url);
    return {
      data,
      ...(origin ? { reads: [{ origin, text: data }] } : {}),
      // All of the page's text covers the article too; the article alone does not cover the rest.
      readScope: { document: readDocument(tabId, text.url), view: input.main_content ? 'article' : 'all text', whole: !input.main_content },
    };
  },
});
