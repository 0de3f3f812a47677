/**
 * The permission prompt: a modal dialog naming the tool, what it will really do (judged from the page
 * as it is now: the exact text typed, each field and value, the key and what it does, where a
 * navigation lands, data about to leave its site), the site and why it asks, with the answers the
 * request offers. Keyboard: focus moves in on open, Tab stays inside, Escape denies. Deny sends the
 * typed reason to the model.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { PersonChoiceKind } from '../../src/runtime/permission-types.js';
import type { ConversationModel } from '../models/conversation-model.js';
import type { DecisionReasonView, PanelPermissionRequest } from '../models/types.js';
import { PermissionEffect } from './PermissionEffect.js';

/** The label of each answer. */
export const CHOICE_LABELS: Readonly<Record<PersonChoiceKind, string>> = {
  allow_once: 'Allow once',
  allow_task: 'Allow for this task',
  allow_always: 'Always allow on this site',
  deny: 'Deny',
};

/** Why the prompt appears, in words. */
export function whyText(request: Pick<PanelPermissionRequest, 'why' | 'destructive' | 'site'>): string {
  const why: DecisionReasonView = request.why;
  const sentence = (text: string) => text.trim().replace(/\.$/, '');
  switch (why.type) {
    case 'destructive':
      return `This may not be undoable: ${why.detail}`;
    case 'rule':
      return `A permission rule asks before this: ${why.rule}`;
    case 'mode':
      return why.mode === 'ask'
        ? `Not allowed${request.site ? ' on this site' : ''} yet, and the permission mode is “ask”: ${sentence(why.detail)}.`
        : `The permission mode is “${why.mode}”: ${sentence(why.detail)}.`;
    case 'grant':
      return `A grant exists for ${why.origin}, but the call still needs a yes.`;
    case 'tool':
    case 'no_ui':
      return why.detail;
    case 'data_flow':
      return `Data would leave the site it was read on: ${sentence(why.detail)}.`;
    case 'mixed_sites':
      return `This acts on more than one site: ${sentence(why.detail)}.`;
    case 'person':
      return 'Asked before.';
  }
}

const FOCUSABLE = 'button:not([disabled]), textarea, input, select, a[href], [tabindex]:not([tabindex="-1"])';

/** The modal prompt for the pending permission request, if any. */
export function PermissionDialog({ model }: { model: ConversationModel }) {
  const request = model.pendingPermission.value;
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  const toolUseId = request?.toolUseId;

  useEffect(() => {
    if (toolUseId === undefined) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    // Destructive calls put the focus on Deny so a stray Enter does not approve them.
    (request?.destructive ? denyRef.current : firstRef.current)?.focus();
    // On the document, so Escape and the Tab trap work wherever the focus is (even after a click on the backdrop).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        model.respondToPermission('deny', model.denyReason.value);
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) return;
      const inside = dialogRef.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
    // Only a new request moves the focus and rebinds the keys.
  }, [toolUseId]);

  if (!request) return null;
  const deny = () => model.respondToPermission('deny', model.denyReason.value);
  return (
    <div class="dialog-backdrop">
      <div
        ref={dialogRef}
        class={`dialog permission${request.destructive ? ' destructive' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="permission-title"
        aria-describedby="permission-what"
        data-tool-use-id={request.toolUseId}
      >
        <h2 id="permission-title">
          Allow <code>{request.toolName}</code>?
        </h2>
        <p id="permission-what" class="permission-what">
          {request.description || request.toolName}
        </p>
        <dl class="permission-facts">
          {request.site && (
            <>
              <dt>Site</dt>
              <dd>{request.site}</dd>
            </>
          )}
          <dt>Why it asks</dt>
          <dd>{whyText(request)}</dd>
        </dl>
        <PermissionEffect request={request} />
        <details class="permission-input">
          <summary>Details</summary>
          <pre class="tool-text">{JSON.stringify(request.input, null, 2)}</pre>
        </details>
        {request.destructive && <p class="warning">This action may be irreversible.</p>}
        <label for="permission-reason">Reason (optional, sent to the agent if you deny)</label>
        <textarea
          id="permission-reason"
          rows={2}
          maxLength={2000}
          value={model.denyReason.value}
          onInput={(event) => (model.denyReason.value = event.currentTarget.value)}
        />
        <div class="dialog-actions">
          {request.choices.map((choice, index) =>
            choice === 'deny' ? (
              <button key={choice} ref={denyRef} type="button" class="danger" onClick={deny}>
                {CHOICE_LABELS.deny}
              </button>
            ) : (
              <button
                key={choice}
                ref={index === 0 ? firstRef : undefined}
                type="button"
                class={index === 0 ? 'primary' : undefined}
                onClick={() => model.respondToPermission(choice)}
              >
                {CHOICE_LABELS[choice]}
              </button>
            ),
          )}
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
