/** The view of `navigate` (src/tools/page/navigate.ts): the target, and where the tab landed. */
import type { NavigateProgress, navigate } from '../../../src/tools/page/navigate.js';
import { inputField, ProgressLine, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';

/** Only http(s) URLs become links; anything else is shown as text. */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const STAGES: ReadonlyArray<{ stage: NavigateProgress['stage']; label: string }> = [
  { stage: 'started', label: 'Requested' },
  { stage: 'committed', label: 'Page arriving' },
  { stage: 'dom_ready', label: 'Content ready' },
  { stage: 'loaded', label: 'Loaded' },
];

/** Where a navigation is: the stage the browser reported last, of four, and the address it is at. */
export function navigationProgress(progress: NavigateProgress | undefined): { fraction: number; label: string } {
  const index = progress ? STAGES.findIndex((entry) => entry.stage === progress.stage) : -1;
  if (!progress || index < 0) return { fraction: 0, label: 'Starting…' };
  return { fraction: (index + 1) / STAGES.length, label: `${STAGES[index]?.label ?? progress.stage} — ${progress.url}` };
}

export const view: ToolView<typeof navigate> = {
  progress: (call) => <ProgressLine name="Navigating" {...navigationProgress(call.progress)} />,
  call: (call) => {
    const action = inputField(call, 'action');
    const url = inputField(call, 'url');
    return (
      <span>
        <strong>{action ? `Go ${action}` : 'Navigate'}</strong>
        {url && (
          <span>
            {' '}
            to <code class="url">{url}</code>
          </span>
        )}
      </span>
    );
  },
  result: (call) => {
    // The output is absent only when it was too large to cross to the panel: say what the model got.
    if (!call.output) return <p class="result-line">{resultText(call) || 'Loaded.'}</p>;
    const { url, title } = call.output;
    const href = safeHttpUrl(url);
    return (
      <p class="result-line">
        Now on{' '}
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {title || url}
          </a>
        ) : (
          <code>{url}</code>
        )}
      </p>
    );
  },
};
