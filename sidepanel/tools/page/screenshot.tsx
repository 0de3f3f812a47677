/** The view of `screenshot` (src/tools/page/screenshot.ts): the captured image at panel width. */
import type { screenshot } from '../../../src/tools/page/screenshot.js';
import { resultImages, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';

export const view: ToolView<typeof screenshot> = {
  call: () => <strong>Screenshot of the visible tab</strong>,
  result: (call) => {
    // Only the image blocks the protocol allows become data: URLs; a page-controlled URL is never fetched.
    const src = resultImages(call)[0];
    if (!src) return <p class="muted">{resultText(call) || 'Screenshot taken (sent to the model).'}</p>;
    const caption = call.output ? `${call.output.title || call.output.url}` : undefined;
    return (
      <figure class="screenshot">
        <img src={src} alt="Screenshot of the visible part of the tab" />
        {caption && <figcaption class="muted">{caption}</figcaption>}
      </figure>
    );
  },
};
