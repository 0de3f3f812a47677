/** The message box ("Message"), Send, and Stop while a run is active. Enter sends, Shift+Enter is a newline. */
import type { ConversationModel } from '../models/conversation-model.js';

/** The message form. */
export function Composer({ model }: { model: ConversationModel }) {
  const running = model.isRunning.value;
  const ready = model.conversationId.value !== undefined;
  const draft = model.draft;
  const submit = () => model.submitDraft();
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        aria-label="Message"
        placeholder={ready ? 'Ask about this page…' : 'Connecting…'}
        rows={3}
        value={draft.value}
        onInput={(event) => (draft.value = event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div class="composer-actions">
        {running && (
          <button type="button" class="stop" onClick={() => model.stop()}>
            Stop
          </button>
        )}
        <button type="submit" class="primary" disabled={!ready || running || draft.value.trim() === ''}>
          Send
        </button>
      </div>
    </form>
  );
}
