/** The view of `screenshot` (src/tools/page/screenshot.ts): a thumbnail that opens the image full size. */
import { useState } from 'preact/hooks';
import type { screenshot } from '../../../src/tools/page/screenshot.js';
import { ImageViewer } from '../../components/ImageViewer.js';
import { quote, REF_PATTERN } from '../../lib/names.js';
import { resultImages, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';

function Thumbnail({ src, caption }: { src: string; caption: string }) {
  const [open, setOpen] = useState(false);
  return (
    <figure class="screenshot">
      <button type="button" class="thumbnail" aria-label={`Open the screenshot of ${caption} full size`} onClick={() => setOpen(true)}>
        <img src={src} alt="" />
      </button>
      {open && <ImageViewer src={src} label={`Screenshot of ${caption}`} onClose={() => setOpen(false)} />}
    </figure>
  );
}

/** screenshot: a thumbnail that opens full size. */
export const view: ToolView<typeof screenshot> = {
  call: (call) => {
    const title = call.output ? call.output.title || call.output.url : '';
    return call.status === 'done' && title ? (
      <span>
        <strong>Screenshot</strong> of {quote(title)}
      </span>
    ) : (
      <strong>Screenshot</strong>
    );
  },
  result: (call) => {
    // Only the image blocks the protocol allows become data: URLs; a page-controlled URL is never fetched.
    const src = resultImages(call)[0];
    const text = resultText(call);
    if (!src) return <p class="muted">{text && !REF_PATTERN.test(text) ? text : 'Screenshot taken (it went to the agent).'}</p>;
    return <Thumbnail src={src} caption={call.output ? quote(call.output.title || call.output.url) : 'the tab'} />;
  },
};
