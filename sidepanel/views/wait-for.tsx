/** wait_for: what it waits for, and progress while waiting (elapsed of the limit, as a bar). */
import type { ToolCallView } from '../models/types.js';
import { inputField, resultText } from './shared.js';
import type { ToolView } from './types.js';

/** wait_for's own limit: `seconds`, default 10. */
const DEFAULT_SECONDS = 10;

/**
 * Reads wait_for's progress `{elapsed_seconds, waiting_for}` against the call's `seconds` limit; also
 * `{elapsedMs, totalMs}` and `{message}` shapes.
 */
export function waitProgress(progress: unknown, limitSeconds?: number): { fraction?: number; label: string } {
  if (typeof progress === 'string') return { label: progress };
  if (typeof progress !== 'object' || progress === null) return { label: 'Waiting…' };
  const record = progress as Record<string, unknown>;
  const elapsed = typeof record.elapsed_seconds === 'number' ? record.elapsed_seconds : typeof record.elapsedMs === 'number' ? record.elapsedMs / 1000 : undefined;
  const total = typeof record.totalMs === 'number' ? record.totalMs / 1000 : limitSeconds;
  const message = typeof record.message === 'string' ? record.message : typeof record.waiting_for === 'string' ? `Waiting for ${record.waiting_for}` : undefined;
  if (elapsed !== undefined && total !== undefined && total > 0 && message !== undefined) {
    return { fraction: Math.min(1, elapsed / total), label: `${message} — ${Math.round(elapsed)} s of ${Math.round(total)} s` };
  }
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

/** The wait_for view. */
export const waitForView: ToolView = {
  call: (call) => (
    <span>
      <strong>Wait</strong> {what(call)}
    </span>
  ),
  progress: (call) => {
    const seconds = Number(inputField(call, 'seconds') ?? DEFAULT_SECONDS);
    const { fraction, label } = waitProgress(call.progress, Number.isFinite(seconds) ? seconds : DEFAULT_SECONDS);
    return (
      <div class="progress">
        {fraction !== undefined && <progress value={fraction} max={1} aria-label="Waiting" />}
        <span class="muted"> {label}</span>
      </div>
    );
  },
  result: (call) => <p class="result-line">{resultText(call) || 'Done waiting.'}</p>,
};
