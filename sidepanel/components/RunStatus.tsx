/** Below the transcript: a run error as a person wants it, "Interrupted" with Resume, token usage. */
import { describeRunError } from '../lib/provider-errors.js';
import type { ConversationModel } from '../models/conversation-model.js';
import type { ConversationTotals, RunCostState } from '../../src/shared/protocol/panel.js';
import type { PanelUsage } from '../models/types.js';

const STOP_REASONS: Record<string, string> = {
  max_turns: 'Stopped: the run reached its turn limit.',
  aborted: 'The run was stopped.',
  budget: 'Stopped before the next step: it could pass the run budget set in Settings.',
};

const n = (value: number) => value.toLocaleString();
/** Dollars with enough digits to see a cheap run move: $0.0042, $0.056, $0.42, $4.20. */
export const dollars = (value: number) => `$${value < 0.01 ? value.toFixed(4) : value < 0.1 ? value.toFixed(3) : value.toFixed(2)}`;
const totalTokens = (usage: PanelUsage) => usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;

/** Token usage of one run (input, output, cache reads and writes) and its estimated cost against its budget. */
export function UsageLine({ usage, cost }: { usage: PanelUsage; cost?: RunCostState | undefined }) {
  const budget = cost?.budget;
  const money =
    cost === undefined
      ? ''
      : cost.costUsd === undefined
        ? ` · cost unknown (no price for ${cost.model}: add one in Settings)`
        : ` · ≈ ${dollars(cost.costUsd)}`;
  const limits = [budget?.maxCostUsd ? `${dollars(budget.maxCostUsd)}` : '', budget?.maxTokens ? `${n(budget.maxTokens)} tokens` : '']
    .filter(Boolean)
    .join(' or ');
  return (
    <p class="usage muted" aria-label="Token usage for this run">
      This run: {n(usage.inputTokens)} in · {n(usage.outputTokens)} out · {n(usage.cacheReadTokens)} cache reads
      {usage.cacheCreationTokens > 0 ? ` · ${n(usage.cacheCreationTokens)} cache writes` : ''}
      {money}
      {limits ? ` (budget ${limits})` : ''}
    </p>
  );
}

/** What the conversation's runs used together. */
export function ConversationMeter({ totals }: { totals: ConversationTotals }) {
  const unpriced = totals.runsWithoutPrice > 0 ? ` (${totals.runsWithoutPrice} without a price)` : '';
  return (
    <p class="usage muted cost-meter" aria-label="Usage of this conversation">
      Conversation: {totals.runs} run{totals.runs === 1 ? '' : 's'} · {n(totalTokens(totals.usage))} tokens · ≈ {dollars(totals.costUsd)}
      {unpriced}
    </p>
  );
}

/** The run's state under the transcript. */
export function RunStatus({ model, onOpenSettings }: { model: ConversationModel; onOpenSettings: () => void }) {
  const run = model.run.value;
  const reason = model.lastStopReason.value;
  const error = run.error;
  const totals = model.totals.value;
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
      {run.usage && run.usage.inputTokens + run.usage.outputTokens + run.usage.cacheReadTokens > 0 && (
        <UsageLine usage={run.cost?.usage ?? run.usage} cost={run.cost} />
      )}
      {totals && totals.runs > 0 && <ConversationMeter totals={totals} />}
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
