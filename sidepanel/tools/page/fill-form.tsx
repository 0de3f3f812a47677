/** The view of `fill_form` (src/tools/page/fill-form.ts): the fields, how far the fill is, then what the page reported. */
import type { FillProgress, fillForm } from '../../../src/tools/page/fill-form.js';
import { ProgressLine } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { actionCall, actionResult } from './action.js';

/** "Filled 3 of 12 fields (frame 2)". */
export function fillProgress(progress: FillProgress | undefined): { fraction?: number; label: string } {
  if (!progress) return { label: 'Filling…' };
  const where = progress.frame ? ` (frame ${progress.frame})` : '';
  return {
    fraction: progress.total > 0 ? progress.filled / progress.total : undefined,
    label: `Filled ${progress.filled} of ${progress.total} fields${where}`,
  };
}

export const view: ToolView<typeof fillForm> = {
  call: actionCall,
  result: actionResult,
  progress: (call) => <ProgressLine name="Filling" {...fillProgress(call.progress)} />,
};
