/** The view of `read_page` (src/tools/page/read-page.ts): which part was read, then the tree. */
import type { readPage } from '../../../src/tools/page/read-page.js';
import { inputField, ProgressLine } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { treeResult } from './tree.js';

export const view: ToolView<typeof readPage> = {
  call: (call) => {
    const filter = inputField(call, 'filter');
    const ref = inputField(call, 'ref');
    return (
      <span>
        <strong>Read page</strong>
        {filter === 'interactive' ? ' (interactive elements)' : ''}
        {ref ? (
          <span>
            {' '}
            from <code>{ref}</code>
          </span>
        ) : (
          ''
        )}
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
