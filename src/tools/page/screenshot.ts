/** `screenshot`: the visible part of the tab, given to the model as an image inside the tool result. */
import { z } from 'zod';
import { DEFAULT_IMAGE_OPTIONS } from '../../runtime/context-window/models.js';
import type { ToolUseContext } from '../../runtime/context.js';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { buildTool } from '../../runtime/tool.js';
import { originOf } from '../../runtime/permission-rules.js';
import { requireBrowser, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({ tab_id: tabIdField() });

/** What `screenshot` returns: where it was taken and the image's size (the image itself goes in `images`). */
export interface ScreenshotOutput {
  tab_id: number;
  url: string;
  title: string;
  media_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: number;
  width?: number;
  height?: number;
}

/**
 * The origins a capture of the tab shows: the page's and every frame's, listed right after the capture.
 * A frame that cannot be listed is not known to be absent: when the list fails, the read is filed under
 * `unknown` as well, which counts as another site than any destination.
 */
export async function imageOrigins(context: ToolUseContext, tabId: number, url: string): Promise<LedgerRead[]> {
  const origins = new Set<string>();
  const top = originOf(url);
  if (top) origins.add(top);
  try {
    for (const frame of await requireBrowser(context).listFrames(tabId)) {
      const origin = originOf(frame.url);
      if (origin) origins.add(origin);
    }
  } catch {
    origins.add('unknown');
  }
  return [...origins].map((origin) => ({ origin, image: true }));
}

/** Captures the visible tab, scaled and encoded for the run's model (`context.imageOptions`). */
export const screenshot = buildTool<typeof inputSchema, ScreenshotOutput>({
  name: 'screenshot',
  aliases: ['take_screenshot', 'browser_take_screenshot'],
  isEnabled: pageToolEnabled,
  searchHint: 'capture image picture visible tab look',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Takes a screenshot of the visible part of the tab and shows it to you as an image in the result. Use it when layout, colours, images or canvas content matter, or to check what the person sees.',
    'It has no refs: to act, use read_page or find. To see another part of the page, scroll first. Only your newest few screenshots stay in the conversation; older ones are replaced by a note, so take a new one rather than relying on an old one.',
  ].join('\n'),
  description: () => 'Take a screenshot',
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 2_000,
  mapResultForModel: (output) => {
    const size = output.width && output.height ? `${output.width}×${output.height}, ` : '';
    return [
      {
        type: 'text',
        text: `Screenshot of tab ${output.tab_id} (${output.title || 'untitled'} — ${output.url}), ${size}${output.media_type}, ${Math.round(output.bytes / 1024)} KB:`,
      },
    ];
  },
  async call(input, context) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    const tab = await browser.getTab(tabId);
    const image = await browser.captureVisibleTab(tabId, context.imageOptions ?? DEFAULT_IMAGE_OPTIONS);
    return {
      // What the image shows is each of the tab's frames at capture time: a framed bank's secret drawn in it is the bank's.
      reads: await imageOrigins(context, tabId, tab.url),
      data: {
        tab_id: tabId,
        url: tab.url,
        title: tab.title,
        media_type: image.mediaType,
        bytes: Math.round((image.data.length * 3) / 4),
        ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
      },
      images: [{ type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } }],
    };
  },
});
