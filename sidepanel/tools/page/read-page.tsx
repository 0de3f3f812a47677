/** The view of `read_page` (src/tools/page/read-page.ts): "Read the page: 14 controls", the tree behind a toggle. */
import type { readPage } from '../../../src/tools/page/read-page.js';
import { inputField, ProgressLine } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { controlsFound, treeResult } from './tree.js';

/** read_page: the controls read, the tree behind a toggle. */
export const view: ToolView<typeof readPage> = {
  call: (call) => {
    const what = inputField(call, 'ref') ? 'part of the page' : inputField(call, 'filter') === 'interactive' ? "the page's controls" : 'the page';
    return call.status === 'done' ? (
      <span>
        <strong>Read {what}:</strong> {controlsFound(call)}
      </span>
    ) : (
      <span>
        <strong>Read page</strong>
        {what === 'the page' ? '' : ` (${what})`}
      </span>
    );
  },
  result: treeResult,
  // Reported on pages with frames: each frame is read in turn.
  progress: (call) =>
    call.progress ? (
      <ProgressLine
        name="Reading frames"
        fraction={call.progress.frames_done / Math.max(1, call.progress.frames_total)}
        label={`Read ${call.progress.frames_done} of ${call.progress.frames_total} frames`}
      />
    ) : (
      <ProgressLine name="Reading" label="Reading the page…" />
    ),
  grouped: (calls) => <p class="group-summary">{calls.length} page reads</p>,
};
