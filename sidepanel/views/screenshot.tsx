/** screenshot: the captured image, shown at panel width (click opens it full size in a new tab). */
import type { ToolCallView } from '../models/types.js';
import { resultImages, resultText } from './shared.js';
import type { ToolView } from './types.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The screenshot's data URL: from the result's image block, or from the output (`{dataUrl}` / `{data, mediaType}`). */
export function screenshotSource(call: ToolCallView): string | undefined {
  const fromContent = resultImages(call)[0];
  if (fromContent) return fromContent;
  const output = call.output;
  if (typeof output !== 'object' || output === null) return undefined;
  const record = output as Record<string, unknown>;
  // Why: only data: URLs of image types are shown; a page-controlled URL would make the panel fetch it.
  if (typeof record.dataUrl === 'string' && /^data:image\/(png|jpeg|webp|gif);base64,/.test(record.dataUrl)) return record.dataUrl;
  const mediaType = record.mediaType ?? record.media_type;
  if (typeof record.data === 'string' && typeof mediaType === 'string' && IMAGE_TYPES.has(mediaType)) return `data:${mediaType};base64,${record.data}`;
  return undefined;
}

/** The screenshot view. */
export const screenshotView: ToolView = {
  call: () => <strong>Screenshot of the visible tab</strong>,
  result: (call) => {
    const src = screenshotSource(call);
    if (!src) return <p class="muted">{resultText(call) || 'Screenshot taken (sent to the model).'}</p>;
    return (
      <figure class="screenshot">
        <img src={src} alt="Screenshot of the visible part of the tab" />
      </figure>
    );
  },
};
