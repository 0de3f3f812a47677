/**
 * The plan card: plan mode's one prompt. It shows the agent's steps and the sites it will act on, says in
 * plain words what approving lets it do and what will still ask, and offers Approve plan or Deny (with a
 * reason for the agent). It is the permission dialog's body for an `update_plan` request, so it queues,
 * traps focus and answers through the same bridge as every other prompt; Deny holds the focus.
 */
import type { RefObject } from 'preact';
import type { Plan } from '../../src/runtime/permission-types.js';
import type { ConversationModel } from '../models/conversation-model.js';
import { DenyReason } from './DenyReason.js';

/** A site as a person reads it: the host, with the scheme only when it is not https. */
export function planSiteLabel(site: string): string {
  try {
    const url = new URL(site);
    return url.protocol === 'https:' ? url.host : `${url.host} (http, not encrypted)`;
  } catch {
    return site;
  }
}

/** What still asks after the plan is approved, in the person's words (src/runtime/plan-mode.ts). */
export const STILL_ASKS = [
  'anything that cannot be undone: deleting, paying, sending, posting a form',
  'sending what it read on one site to another',
  'going to, or acting on, any site not listed above',
  'whatever your own rules say to ask about',
] as const;

/** The body of the permission dialog for a plan to approve. */
export function PlanCard({
  model,
  plan,
  queued,
  dialogRef,
  denyRef,
}: {
  model: ConversationModel;
  plan: Plan;
  queued: number | undefined;
  dialogRef: RefObject<HTMLDivElement | null>;
  denyRef: RefObject<HTMLButtonElement | null>;
}) {
  const request = model.pendingPermission.value;
  const hosts = plan.sites.map(planSiteLabel);
  return (
    <div class="dialog-backdrop">
      <div
        ref={dialogRef}
        class="dialog permission plan-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="permission-title"
        aria-describedby="plan-allows"
        data-tool-use-id={request?.toolUseId}
        data-tool-name={request?.toolName}
      >
        <h2 id="permission-title">Approve this plan?</h2>
        <p class="plan-intro muted">The agent will do this:</p>
        <ol class="plan-steps">
          {plan.steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
        <p class="plan-intro muted">{hosts.length === 1 ? 'On this site:' : 'On these sites:'}</p>
        <ul class="plan-sites">
          {hosts.map((host) => (
            <li key={host}>{host}</li>
          ))}
        </ul>
        <p id="plan-allows" class="plan-allows">
          If you approve, it clicks, types and fills forms on {hosts.length === 1 ? 'this site' : 'these sites'} without asking each time, until this task ends.
        </p>
        <p class="plan-intro">It still asks you first before:</p>
        <ul class="plan-still-asks">
          {STILL_ASKS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <DenyReason model={model} />
        <div class="dialog-actions">
          <button ref={denyRef} type="button" class="deny" onClick={() => model.respondToPermission('deny', model.denyReason.value)}>
            Deny
          </button>
          <button type="button" class="primary" onClick={() => model.respondToPermission('allow_once')}>
            Approve plan
          </button>
        </div>
        {queued ? (
          <p class="permission-queued">
            {queued} more {queued === 1 ? 'request waits' : 'requests wait'} after this one.
          </p>
        ) : null}
      </div>
    </div>
  );
}
