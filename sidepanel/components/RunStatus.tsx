/** Below the transcript: a run error as a person wants it, "Interrupted" with Resume, token usage. */
import { describeRunError } from '../lib/provider-errors.js';
import type { ConversationModel } from '../models/conversation-model.js';
import type { PanelUsage } from '../models/types.js';

const STOP_REASONS: Record<string, string> = {
  max_turns: 'Stopped: the run reached its turn limit.',
  max_tool_calls: 'Stopped: the run reached its tool-call limit.',
  max_tokens: 'Stopped: the run reached its token limit.',
  wall_time: 'Stopped: the run reached its time limit.',
  aborted: 'The run was stopped.',
};

/** Token usage of one run: input, output, cache reads (and writes when any). */
export function UsageLine({ usage }: { usage: PanelUsage }) {
  const n = (value: number) => value.toLocaleString();
  return (
    <p class="usage muted" aria-label="Token usage for this run">
      Tokens: {n(usage.inputTokens)} in · {n(usage.outputTokens)} out · {n(usage.cacheReadTokens)} cache reads
      {usage.cacheCreationTokens > 0 ? ` · ${n(usage.cacheCreationTokens)} cache writes` : ''}
    </p>
  );
}

/** The run's state under the transcript. */
export function RunStatus({ model, onOpenSettings }: { model: ConversationModel; onOpenSettings: () => void }) {
  const run = model.run.value;
  const reason = model.lastStopReason.value;
  const error = run.error;
  return (
    <div class="run-status">
      {run.status === 'running' && (
        <p class="muted running-line" role="status">
          Working…
        </p>
      )}
      {error && run.status !== 'running' && <RunErrorCard error={error} retryAt={model.runErrorRetryAt.value} onOpenSettings={onOpenSettings} />}
      {run.status === 'interrupted' && (
        <div class="interrupted" role="status">
          <p>
            <strong>Interrupted.</strong> Calls that were in flight were not re-run.
          </p>
          <button type="button" onClick={() => model.resume()}>
            Resume
          </button>
        </div>
      )}
      {run.status === 'idle' && reason !== undefined && Object.hasOwn(STOP_REASONS, reason) && <p class="muted">{STOP_REASONS[reason]}</p>}
      {/* A run that failed before the model answered used no tokens: "0 in · 0 out" is only noise. */}
      {run.usage && run.usage.inputTokens + run.usage.outputTokens + run.usage.cacheReadTokens > 0 && <UsageLine usage={run.usage} />}
    </div>
  );
}

function RunErrorCard({
  error,
  retryAt,
  onOpenSettings,
}: {
  error: NonNullable<ConversationModel['run']['value']['error']>;
  retryAt: number | undefined;
  onOpenSettings: () => void;
}) {
  const view = describeRunError(error, retryAt);
  return (
    <div class="run-error" role="alert" data-error-code={error.code}>
      <p class="run-error-title">
        <strong>{view.title}</strong>
      </p>
      <p>{view.message}</p>
      {view.retry && <p class="retry">{view.retry}</p>}
      {view.suggestion && <p class="muted">{view.suggestion}</p>}
      {view.pointsToSettings && (
        <button type="button" class="link-button" onClick={onOpenSettings}>
          Open settings
        </button>
      )}
    </div>
  );
}
