/** One tool call (or a parallel group), rendered through the view registry. */
import { toolLabel } from '../lib/names.js';
import type { ToolCallView } from '../models/types.js';
import { viewFor } from '../tools/registry.js';
import type { ViewContext } from '../tools/types.js';

const STATUS_LABEL: Record<ToolCallView['status'], string> = {
  running: 'Running',
  done: 'Done',
  error: 'Failed',
  rejected: 'Denied',
  cancelled: 'Cancelled',
};

/** The badge text: a call cut off by a worker restart did not fail, it was interrupted (data-status stays `error`). */
function badgeLabel(call: ToolCallView): string {
  if (call.status === 'running' && call.queued) return 'Queued';
  if (call.status === 'error' && call.error?.code === 'INTERRUPTED') return 'Interrupted';
  return STATUS_LABEL[call.status];
}

function body(call: ToolCallView, context: ViewContext) {
  const view = viewFor(call.name);
  switch (call.status) {
    case 'running':
      if (context.awaitingPermission(call.toolUseId)) return <p class="muted">Waiting for your answer…</p>;
      return call.queued ? <p class="muted">Queued: waits for the calls before it.</p> : view.progress(call, context);
    case 'done':
      return view.result(call, context);
    case 'rejected':
      return view.rejected(call, context);
    case 'error':
    case 'cancelled':
      return view.error(call, context);
  }
}

/** The element tests and assistive tech find a call by: data-tool-use-id, data-tool-name, data-status. */
export function ToolCall({ call, context }: { call: ToolCallView; context: ViewContext }) {
  const view = viewFor(call.name);
  return (
    <article
      class={`tool-call status-${call.status}`}
      data-tool-use-id={call.toolUseId}
      data-tool-name={call.name}
      data-status={call.status}
      aria-busy={call.status === 'running'}
    >
      <header class="tool-call-header">
        <span class={`status-badge status-${call.status}`}>{badgeLabel(call)}</span>
        <span class="tool-call-title">{view.call(call, context)}</span>
        {call.notSent && (
          <span class="muted not-sent" title="To keep requests small, the model now gets a one-line note for this result; it can read it again.">
            no longer sent in full
          </span>
        )}
      </header>
      <div class="tool-call-body">{body(call, context)}</div>
    </article>
  );
}

/** One call, or several parallel calls of one tool under the tool's grouped header. */
export function ToolGroup({ calls, context }: { calls: ToolCallView[]; context: ViewContext }) {
  const first = calls[0];
  if (!first) return null;
  if (calls.length === 1) return <ToolCall call={first} context={context} />;
  return (
    <section class="tool-group" aria-label={`${calls.length} calls of ${toolLabel(first.name)}`}>
      {viewFor(first.name).grouped(calls, context)}
      {calls.map((call) => (
        <ToolCall key={call.toolUseId} call={call} context={context} />
      ))}
    </section>
  );
}
