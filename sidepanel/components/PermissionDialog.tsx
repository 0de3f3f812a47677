/**
 * The permission prompt: a modal dialog whose title says the act ("Click “Delete account”?"), the site,
 * one line of why in the person's terms, and the facts folded under Details (each field and value, the
 * key, where a navigation lands, the tool and its input). Data about to leave its site is shown in full,
 * not folded. Deny is the neutral default and holds the focus; for an act that cannot be undone the
 * warning comes first and "Allow once" is a plain button. Tab stays inside, Escape denies, focus goes
 * back where it was. Deny sends the typed reason to the model.
 */
import { useRef } from 'preact/hooks';
import type { PersonChoiceKind } from '../../src/runtime/permission-types.js';
import { hostOf, toolLabel } from '../lib/names.js';
import { promptConsequence, promptTitle, promptWarnings, promptWhy } from '../lib/prompt-words.js';
import type { ConversationModel } from '../models/conversation-model.js';
import { RawOutput } from '../tools/view-parts.js';
import { useFocusTrap } from './focus-trap.js';
import { PermissionEffect } from './PermissionEffect.js';
import { PlanCard } from './PlanCard.js';
import { DenyReason } from './DenyReason.js';

/** The label of each answer. */
export const CHOICE_LABELS: Readonly<Record<PersonChoiceKind, string>> = {
  allow_once: 'Allow once',
  allow_task: 'Allow for this task',
  allow_always: 'Always allow on this site',
  deny: 'Deny',
};

/** The modal prompt for the pending permission request, if any. */
export function PermissionDialog({ model }: { model: ConversationModel }) {
  const request = model.pendingPermission.value;
  const dialogRef = useRef<HTMLDivElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  // Deny is the default: a stray Enter never approves anything.
  useFocusTrap(dialogRef, request?.toolUseId, {
    initial: () => denyRef.current,
    onEscape: () => model.respondToPermission('deny', model.denyReason.value),
    // Sent from the message box, the Send button is disabled by the time the prompt closes: back to the box.
    fallback: () => document.querySelector<HTMLElement>('textarea[aria-label="Message"]'),
  });
  if (!request) return null;
  if (request.plan) return <PlanCard model={model} plan={request.plan} queued={request.queued} dialogRef={dialogRef} denyRef={denyRef} />;
  const deny = () => model.respondToPermission('deny', model.denyReason.value);
  const warnings = promptWarnings(request);
  const grave = warnings.length > 0;
  const consequence = promptConsequence(request);
  const allows = request.choices.filter((choice) => choice !== 'deny');
  return (
    <div class="dialog-backdrop">
      <div
        ref={dialogRef}
        class={`dialog permission${request.destructive ? ' destructive' : ''}${grave ? ' grave' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="permission-title"
        aria-describedby="permission-why"
        data-tool-use-id={request.toolUseId}
        data-tool-name={request.toolName}
      >
        {warnings.map((warning) => (
          <p key={warning} class="warning permission-warning">
            {warning}
          </p>
        ))}
        <h2 id="permission-title">{promptTitle(request)}</h2>
        {request.site && <p class="permission-site">on {hostOf(request.site)}</p>}
        <p id="permission-why" class="permission-why">
          {grave ? 'Check that this is what you asked for.' : promptWhy(request)}
        </p>
        {consequence && <p class="permission-consequence">{consequence}</p>}
        <PermissionEffect request={request} />
        <details class="permission-details">
          <summary>Details</summary>
          {request.effect?.summary && <p>What it will do: {request.effect.summary}</p>}
          {'detail' in request.why && <p>Why it asks: {request.why.detail}</p>}
          <PermissionEffect request={request} facts />
          <p>
            Tool: {toolLabel(request.toolName)} (<code>{request.toolName}</code>) — {request.description}
          </p>
          <RawOutput text={JSON.stringify(request.input, null, 2)} label="The call as the agent wrote it" />
        </details>
        <DenyReason model={model} />
        <div class="dialog-actions">
          <button ref={denyRef} type="button" class="deny" onClick={deny}>
            {CHOICE_LABELS.deny}
          </button>
          {allows.map((choice, index) => (
            <button key={choice} type="button" class={index === 0 && !grave ? 'primary' : undefined} onClick={() => model.respondToPermission(choice)}>
              {CHOICE_LABELS[choice]}
            </button>
          ))}
        </div>
        {request.queued ? (
          <p class="permission-queued">
            {request.queued} more {request.queued === 1 ? 'request waits' : 'requests wait'} after this one.
          </p>
        ) : null}
      </div>
    </div>
  );
}
