/** wait_for: what it waits for, and progress while waiting (elapsed of the limit, as a bar). */
import type { ToolCallView } from '../models/types.js';
import { inputField, resultText } from './shared.js';
import type { ToolView } from './types.js';

/** Reads `{elapsedMs, totalMs}` / `{elapsed, total}` (seconds) / `{message}` progress shapes. */
export function waitProgress(progress: unknown): { fraction?: number; label: string } {
  if (typeof progress === 'string') return { label: progress };
  if (typeof progress !== 'object' || progress === null) return { label: 'Waiting…' };
  const record = progress as Record<string, unknown>;
  const elapsed = typeof record.elapsedMs === 'number' ? record.elapsedMs / 1000 : typeof record.elapsed === 'number' ? record.elapsed : undefined;
  const total = typeof record.totalMs === 'number' ? record.totalMs / 1000 : typeof record.total === 'number' ? record.total : undefined;
  const message = typeof record.message === 'string' ? record.message : undefined;
  if (elapsed !== undefined && total !== undefined && total > 0) {
    return { fraction: Math.min(1, elapsed / total), label: message ?? `${Math.round(elapsed)} s of ${Math.round(total)} s` };
  }
  return { label: message ?? 'Waiting…' };
}

function what(call: ToolCallView): string {
  const text = inputField(call, 'text');
  const gone = inputField(call, 'text_gone');
  const seconds = inputField(call, 'seconds');
  if (text) return `until “${text}” appears`;
  if (gone) return `until “${gone}” is gone`;
  return seconds ? `${seconds} s` : '';
}

export const waitForView: ToolView = {
  call: (call) => (
    <span>
      <strong>Wait</strong> {what(call)}
    </span>
  ),
  progress: (call) => {
    const { fraction, label } = waitProgress(call.progress);
    return (
      <div class="progress">
        {fraction !== undefined && <progress value={fraction} max={1} aria-label="Waiting" />}
        <span class="muted"> {label}</span>
      </div>
    );
  },
  result: (call) => <p class="result-line">{resultText(call) || 'Done waiting.'}</p>,
};
