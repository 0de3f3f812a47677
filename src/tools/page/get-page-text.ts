/** `get_page_text`: the page's readable text as Markdown (the article only, by default). */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { oneLine, safeMultiline } from '../../shared/untrusted-text.js';
import { originOf } from '../../runtime/permission-rules.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { frameReader } from './frames.js';
import { readDocument, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  main_content: z
    .boolean()
    .default(true)
    .describe('true (default): only the main article, extracted with Mozilla Readability (drops menus, ads, footers). false: all text of the page.'),
  tab_id: tabIdField(),
});

/** The most frames whose text a whole-page read adds, and the most text taken from each. */
const MAX_FRAMES = 10;
const MAX_FRAME_CHARS = 10_000;

/** One frame's text, as read, with the origin it is the data of. */
interface FrameText {
  origin: string | undefined;
  text: string;
}

/**
 * The text of the tab's frames (a comment widget served from another site, an embedded form), each
 * under a heading that names its address, read in the frame's own document: get_page_text left a frame's
 * text out. Frames that do not answer within the shared frame budget, or have no text, are left out.
 */
async function framesText(context: ToolUseContext, tabId: number): Promise<FrameText[]> {
  const reader = frameReader(context, tabId);
  const frames = (await reader.tree()).filter((frame) => frame.frameId !== 0 && !frame.failed && /^https?:/.test(frame.url)).slice(0, MAX_FRAMES);
  const texts = await Promise.all(
    frames.map(async (frame) => {
      const read = await sendPageCommand(context, tabId, { type: 'page_text', mainContent: false }, frame.frameId, reader.waitLeft()).catch(() => undefined);
      const markdown = read?.markdown.trim();
      if (!read || !markdown) return undefined;
      const clipped = markdown.length > MAX_FRAME_CHARS ? `${markdown.slice(0, MAX_FRAME_CHARS)}\n\n(… the rest of this frame's text was left out)` : markdown;
      return { origin: originOf(read.url), text: `## Frame: ${oneLine(read.url, 300)}\n\n${safeMultiline(clipped)}` };
    }),
  );
  return texts.filter((text): text is FrameText => text !== undefined);
}

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
    "With main_content false the text of the page's frames follows, each under a heading with its address (a comment widget, an embedded form).",
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
    const own = `Source: ${oneLine(text.url, 2_000)}\n${note}\n${safeMultiline(text.markdown) || '(the page has no text)'}`;
    // The whole page's text includes its frames' text, each the data of its own frame's origin (a
    // secret shown in another site's frame is that site's, not the top page's).
    const frames = input.main_content ? [] : await framesText(context, tabId);
    const data = [own, ...frames.map((frame) => frame.text)].join('\n\n');
    // The text is the page's as it was read, whatever the tab showed when the call was judged.
    const origin = originOf(text.url);
    const reads = [
      ...(origin ? [{ origin, text: own }] : []),
      ...frames.flatMap((frame) => (frame.origin ? [{ origin: frame.origin, text: frame.text }] : [])),
    ];
    return {
      data,
      ...(reads.length > 0 ? { reads } : {}),
      // All of the page's text covers the article too; the article alone does not cover the rest.
      readScope: { document: readDocument(tabId, text.url), view: input.main_content ? 'article' : 'all text', whole: !input.main_content },
    };
  },
});
