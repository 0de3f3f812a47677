/**
 * The view of `agent` (src/tools/agent/agent.ts): a helper shown as a group — its job, its steps as they
 * happen (each a tool call with its status), then its report with the steps folded away. Parallel helpers
 * get a header counting how many have reported.
 */
import type { AgentProgress, AgentStep, agent } from '../../../src/tools/agent/agent.js';
import { REF_PATTERN } from '../../lib/names.js';
import { inputField, personDescription, RawOutput, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';

const STEP_LABEL: Record<AgentStep['status'], string> = { running: 'Running', done: 'Done', error: 'Failed', rejected: 'Denied', cancelled: 'Cancelled' };

/** The helper's steps, oldest first, with how many older ones are not shown. */
export function StepList({ progress }: { progress: AgentProgress }) {
  return (
    <ol class="agent-steps" aria-label="Helper steps">
      {progress.earlierSteps > 0 && <li class="muted">… {progress.earlierSteps} earlier steps</li>}
      {progress.steps.map((step) => (
        <li key={step.id} class={`agent-step status-${step.status}`} data-step-tool={step.tool} data-status={step.status}>
          <span class={`status-badge status-${step.status}`}>{STEP_LABEL[step.status]}</span> {personDescription(step.description)}
          {step.error && <span class="error-text"> — {REF_PATTERN.test(step.error) ? 'it did not work' : step.error}</span>}
        </li>
      ))}
    </ol>
  );
}

export const view: ToolView<typeof agent> = {
  call: (call) => (
    <span>
      <strong>Helper</strong> — {inputField(call, 'description') ?? 'research'}
    </span>
  ),
  progress: (call) => (
    <div class="agent-progress">
      <p class="progress muted">{call.progress ? `Turn ${call.progress.turn}${call.progress.note ? `: ${call.progress.note}` : ''}` : 'Starting…'}</p>
      {call.progress && <StepList progress={call.progress} />}
    </div>
  ),
  result: (call) => {
    const output = call.output;
    // Absent only when it was too large to cross to the panel: show what the model got.
    if (!output) return <RawOutput text={resultText(call)} />;
    const steps = output.steps.length + output.earlierSteps;
    return (
      <div class="agent-result">
        <p class="agent-report">{output.report || '(The helper wrote no report.)'}</p>
        <details class="collapsible">
          <summary>
            {steps} step{steps === 1 ? '' : 's'} in {output.turn} turn{output.turn === 1 ? '' : 's'}; {output.tabsClosed} background tab
            {output.tabsClosed === 1 ? '' : 's'} closed
          </summary>
          <StepList progress={output} />
        </details>
      </div>
    );
  },
  grouped: (calls) => {
    const done = calls.filter((call) => call.status !== 'running').length;
    return (
      <p class="group-summary">
        {calls.length} helpers working in parallel — {done} of {calls.length} finished
      </p>
    );
  },
};
