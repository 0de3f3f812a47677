/** `screenshot`: the visible part of the tab, given to the model as an image. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { requireBrowser, tabIdField, tabOrigin, targetTab } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({ tab_id: tabIdField() });

/** What `screenshot` returns (the image itself travels in newMessages). */
export interface ScreenshotOutput {
  tab_id: number;
  url: string;
  title: string;
  media_type: string;
  bytes: number;
}

/** Captures the visible tab. */
export const screenshot = buildTool<typeof inputSchema, ScreenshotOutput>({
  name: 'screenshot',
  aliases: ['take_screenshot', 'browser_take_screenshot'],
  isEnabled: pageToolEnabled,
  searchHint: 'capture image picture visible tab look',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Takes a screenshot of the visible part of the tab and shows it to you as an image (in the message after the tool result). Use it when layout, colours, images or canvas content matter, or to check what the person sees.',
    'It has no refs: to act, use read_page or find. To see another part of the page, scroll first.',
  ].join('\n'),
  description: () => 'Take a screenshot',
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 2_000,
  mapResultForModel: (output) => [
    { type: 'text', text: `Screenshot of tab ${output.tab_id} (${output.title || 'untitled'} — ${output.url}), ${output.media_type}, ${Math.round(output.bytes / 1024)} KB; the image follows.` },
  ],
  async call(input, context) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    const tab = await browser.getTab(tabId);
    const image = await browser.captureVisibleTab(tabId);
    return {
      data: { tab_id: tabId, url: tab.url, title: tab.title, media_type: image.mediaType, bytes: Math.round((image.data.length * 3) / 4) },
      newMessages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: `Screenshot of tab ${tabId} (${tab.url}):` },
            { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } },
          ],
        },
      ],
    };
  },
});
