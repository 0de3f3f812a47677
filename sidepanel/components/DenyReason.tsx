/** The folded "why" a person may give with Deny, sent to the agent with the denial (every prompt, the plan card too). */
import type { ConversationModel } from '../models/conversation-model.js';

/** The reason box, bound to the conversation's pending deny reason. */
export function DenyReason({ model }: { model: ConversationModel }) {
  return (
    <details class="permission-reason">
      <summary>Tell the agent why (if you deny)</summary>
      <label for="permission-reason-text">Reason, sent to the agent with Deny</label>
      <textarea
        id="permission-reason-text"
        rows={2}
        maxLength={2000}
        value={model.denyReason.value}
        onInput={(event) => (model.denyReason.value = event.currentTarget.value)}
      />
    </details>
  );
}
