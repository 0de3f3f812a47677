/** `screenshot`: the visible part of the tab, given to the model as an image inside the tool result. */
import { z } from 'zod';
import { DEFAULT_IMAGE_OPTIONS } from '../../runtime/context-window/models.js';
import type { ToolUseContext } from '../../runtime/context.js';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { ToolError } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import { originOf } from '../../runtime/permission-rules.js';
import { requireBrowser, sendPageCommand, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  region: z
    .strictObject({
      x: z.number().min(0).max(20_000).describe('CSS pixels from the left edge of the visible page.'),
      y: z.number().min(0).max(20_000).describe('CSS pixels from the top edge of the visible page.'),
      width: z.number().min(4).max(20_000).describe('Width of the part to zoom into, in CSS pixels.'),
      height: z.number().min(4).max(20_000).describe('Height of the part to zoom into, in CSS pixels.'),
    })
    .optional()
    .describe('Zoom into this part of the visible page (CSS pixels, as in the last screenshot) to read small text; default: the whole visible page.'),
  tab_id: tabIdField(),
});

/** What `screenshot` returns: where it was taken and the image's size (the image itself goes in `images`). */
export interface ScreenshotOutput {
  tab_id: number;
  url: string;
  title: string;
  media_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: number;
  width?: number;
  height?: number;
  /** Image pixels per CSS pixel of the page (points for click, hover and drag are CSS pixels). */
  scale?: number;
  /** The part of the page shown, in CSS pixels (the whole viewport, or the region asked for). */
  shows?: { x: number; y: number; width: number; height: number };
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

/** The region inside the viewport (clipped to it), or undefined when none of it is inside. */
export function clipRegion(
  region: { x: number; y: number; width: number; height: number },
  viewport: { width: number; height: number },
): { x: number; y: number; width: number; height: number } | undefined {
  const x = Math.max(0, Math.round(region.x));
  const y = Math.max(0, Math.round(region.y));
  const width = Math.min(viewport.width - x, Math.round(region.width));
  const height = Math.min(viewport.height - y, Math.round(region.height));
  return width >= 1 && height >= 1 ? { x, y, width, height } : undefined;
}

function regionOutside(region: { x: number; y: number }, viewport: { width: number; height: number } | undefined): ToolError {
  return new ToolError(
    'REGION_OUTSIDE',
    viewport
      ? `The region at (${region.x}, ${region.y}) is outside the visible page (${viewport.width}×${viewport.height} CSS pixels).`
      : 'The page did not say its size, so a region of it cannot be cut out.',
    { suggestion: 'Take a screenshot without region first; regions are CSS pixels of the visible page, as that screenshot states.' },
  );
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
    'Its result states its scale (image pixels per CSS pixel): click, hover and drag take points {x, y} in CSS pixels. region {x, y, width, height} zooms into a part of the page to read small text.',
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
    const shows = output.shows;
    const scale =
      output.scale && shows
        ? ` It shows the page from (${shows.x}, ${shows.y}), ${shows.width}×${shows.height} CSS pixels, at ${output.scale} image pixels per CSS pixel: a point in the image at (u, v) is the page point (${shows.x} + u / ${output.scale}, ${shows.y} + v / ${output.scale}) for click, hover and drag.`
        : '';
    return [
      {
        type: 'text',
        text: `Screenshot of tab ${output.tab_id} (${output.title || 'untitled'} — ${output.url}), ${size}${output.media_type}, ${Math.round(output.bytes / 1024)} KB.${scale}`,
      },
    ];
  },
  async call(input, context) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    const tab = await browser.getTab(tabId);
    // The viewport in CSS pixels, to state the image's scale (a page that cannot answer gets no scale, not a wrong one).
    const viewport = await sendPageCommand(context, tabId, { type: 'viewport' }).catch(() => undefined);
    const region = input.region && viewport ? clipRegion(input.region, viewport) : undefined;
    if (input.region && !region) throw regionOutside(input.region, viewport);
    const image = await browser.captureVisibleTab(
      tabId,
      context.imageOptions ?? DEFAULT_IMAGE_OPTIONS,
      region && viewport ? { ...region, viewportWidth: viewport.width } : undefined,
    );
    const shows = region ?? (viewport ? { x: 0, y: 0, width: viewport.width, height: viewport.height } : undefined);
    const scale = shows && image.width ? Math.round((image.width / shows.width) * 100) / 100 : undefined;
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
        ...(scale && shows ? { scale, shows } : {}),
      },
      images: [{ type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } }],
    };
  },
});
