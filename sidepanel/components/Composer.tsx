/**
 * The message box ("Message"), Send, and Stop while a run is active. Enter sends, Shift+Enter is a newline.
 * The box stays usable during a run: Send queues the message for the run's next step, "Stop and send"
 * interrupts the run and sends it at once.
 */
import type { ConversationModel } from '../models/conversation-model.js';

/** The message form. */
export function Composer({ model, ready: modelReady = true }: { model: ConversationModel; ready?: boolean }) {
  const running = model.isRunning.value;
  const ready = model.conversationId.value !== undefined && modelReady;
  const draft = model.draft;
  const submit = () => ready && model.submitDraft();
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
        placeholder={!modelReady ? 'Set up a model above to start' : !ready ? 'Connecting…' : running ? 'Add to or correct the task…' : 'Ask about this page…'}
        disabled={!modelReady}
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
        {running && draft.value.trim() !== '' && (
          <button type="button" title="Interrupt the run, then send this message" onClick={() => model.submitDraft({ interrupt: true })}>
            Stop and send
          </button>
        )}
        <button
          type="submit"
          class="primary"
          title={running ? 'Queued until the agent finishes its current step' : undefined}
          disabled={!ready || draft.value.trim() === ''}
        >
          Send
        </button>
      </div>
    </form>
  );
}
