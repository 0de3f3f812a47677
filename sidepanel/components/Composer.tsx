/**
 * The message box ("Message"), Send, and Stop while a run is active. Enter sends, Shift+Enter is a newline.
 * The box stays usable during a run: Send queues the message for the run's next step, "Stop and send"
 * interrupts the run and sends it at once. A `/` at the start opens the person's shortcuts, filtered as
 * they type: arrows move, Enter runs the chosen one, Escape closes the list.
 */
import { useState } from 'preact/hooks';
import type { Shortcut } from '../../src/shared/shortcuts.js';
import type { ConversationModel } from '../models/conversation-model.js';
import { matchShortcuts } from '../models/shortcut-picker.js';

const LIST_ID = 'shortcut-list';

/** The message form. */
export function Composer({ model, ready: modelReady = true, shortcuts = [] }: { model: ConversationModel; ready?: boolean; shortcuts?: readonly Shortcut[] }) {
  const running = model.isRunning.value;
  const ready = model.conversationId.value !== undefined && modelReady;
  const draft = model.draft;
  const submit = () => ready && model.submitDraft();
  const [active, setActive] = useState(0);
  /** The draft the person closed the list on (Escape): it stays closed until they type. */
  const [closedOn, setClosedOn] = useState<string | undefined>(undefined);
  const matches = closedOn === draft.value ? undefined : matchShortcuts(draft.value, shortcuts);
  const open = matches !== undefined && matches.length > 0;
  const chosen = open ? matches[Math.min(active, matches.length - 1)] : undefined;
  const pick = (shortcut: Shortcut) => ready && model.runShortcut(shortcut.id);
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {open && (
        <ul class="shortcut-list" id={LIST_ID} role="listbox" aria-label="Shortcuts">
          {matches.map((shortcut) => (
            <li
              key={shortcut.id}
              id={`shortcut-option-${shortcut.id}`}
              role="option"
              aria-selected={shortcut === chosen}
              class={shortcut === chosen ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault(); // keep the focus in the message box
                pick(shortcut);
              }}
            >
              <span class="shortcut-name">/{shortcut.name}</span>
              <span class="shortcut-prompt muted">{shortcut.title || shortcut.prompt}</span>
            </li>
          ))}
        </ul>
      )}
      <textarea
        aria-label="Message"
        placeholder={
          !modelReady
            ? 'Set up a model above to start'
            : !ready
              ? 'Connecting…'
              : running
                ? 'Add to or correct the task…'
                : shortcuts.length > 0
                  ? 'Ask about this page, or type / for a shortcut…'
                  : 'Ask about this page…'
        }
        disabled={!modelReady}
        // A text box that offers a list (its role stays "textbox": the name "Message" is how it is found).
        aria-autocomplete="list"
        aria-controls={open ? LIST_ID : undefined}
        aria-activedescendant={chosen ? `shortcut-option-${chosen.id}` : undefined}
        rows={3}
        value={draft.value}
        onInput={(event) => {
          draft.value = event.currentTarget.value;
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
            return;
          }
          if (open && event.key === 'Escape') {
            event.preventDefault();
            setClosedOn(draft.value);
            return;
          }
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            if (chosen) pick(chosen);
            else submit();
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
