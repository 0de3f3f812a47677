/** Below the transcript: a run error as a person wants it, "Interrupted" with Resume, token usage. */
import { describeRunError } from '../lib/provider-errors.js';
import type { ConversationModel } from '../models/conversation-model.js';
import type { ConversationTotals, RunCostState } from '../../src/shared/protocol/panel.js';
import type { PanelUsage } from '../models/types.js';
import { conversationCostLine, runCostLine, totalTokens } from '../lib/cost-words.js';

const STOP_REASONS: Record<string, string> = {
  max_turns: 'Stopped: the run reached its turn limit.',
  aborted: 'The run was stopped.',
  budget: 'Stopped before the next step: it could pass the run budget set in Settings.',
};

/** Token usage of one run and its cost (see cost-words.ts). */
export function UsageLine({ usage, cost }: { usage: PanelUsage; cost?: RunCostState | undefined }) {
  return (
    <p class="usage muted" aria-label="Token usage for this run">
      {runCostLine(usage, cost)}
    </p>
  );
}

/** What the conversation's runs used together. */
export function ConversationMeter({ totals }: { totals: ConversationTotals }) {
  return (
    <p class="usage muted cost-meter" aria-label="Usage of this conversation">
      {conversationCostLine(totals)}
    </p>
  );
}

/** The run's state under the transcript. */
export function RunStatus({ model, onOpenSettings }: { model: ConversationModel; onOpenSettings: () => void }) {
  const run = model.run.value;
  const reason = model.lastStopReason.value;
  const error = run.error;
  const totals = model.totals.value;
  const usage = run.cost?.usage ?? run.usage;
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
      {/* A run that failed before the model answered (or the demo model) used no tokens: "0 tokens" is only noise. */}
      {usage && totalTokens(usage) > 0 && <UsageLine usage={usage} cost={run.cost} />}
      {/* With one run the conversation's line would only repeat the run's. */}
      {totals && totals.runs > 1 && totalTokens(totals.usage) > 0 && <ConversationMeter totals={totals} />}
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
