/** The view of `wait_for` (src/tools/page/wait-for.ts): what it waits for, and its progress as a bar. */
import type { waitFor, WaitProgress } from '../../../src/tools/page/wait-for.js';
import { inputField, ProgressLine, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';

/** wait_for's own limit: `seconds`, default 10. */
const DEFAULT_SECONDS = 10;

/** How far a wait is, against the call's `seconds` limit. */
export function waitProgress(progress: WaitProgress | undefined, limitSeconds: number): { fraction?: number; label: string } {
  if (!progress) return { label: 'Waiting…' };
  const label = `Waiting for ${progress.waiting_for} — ${Math.round(progress.elapsed_seconds)} s of ${Math.round(limitSeconds)} s`;
  return limitSeconds > 0 ? { fraction: Math.min(1, progress.elapsed_seconds / limitSeconds), label } : { label };
}

function what(call: Parameters<NonNullable<ToolView['call']>>[0]): string {
  const text = inputField(call, 'text');
  const gone = inputField(call, 'text_gone');
  const seconds = inputField(call, 'seconds');
  if (text) return `until “${text}” appears`;
  if (gone) return `until “${gone}” is gone`;
  return seconds ? `${seconds} s` : '';
}

export const view: ToolView<typeof waitFor> = {
  call: (call) => (
    <span>
      <strong>Wait</strong> {what(call)}
    </span>
  ),
  progress: (call) => {
    const seconds = Number(inputField(call, 'seconds') ?? DEFAULT_SECONDS);
    const { fraction, label } = waitProgress(call.progress, Number.isFinite(seconds) ? seconds : DEFAULT_SECONDS);
    return <ProgressLine name="Waiting" {...(fraction !== undefined ? { fraction } : {})} label={label} />;
  },
  result: (call) => <p class="result-line">{resultText(call) || 'Done waiting.'}</p>,
};
