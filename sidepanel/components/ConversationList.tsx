/** Past conversations: the full title on up to two lines, the site, when, and how it stands; open, export, delete. */
import type { AppModel } from '../models/app-model.js';
import type { ConversationSummary } from '../models/types.js';

const when = (time: number): string => new Date(time).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** How a conversation stands, in words. */
const STATUS_WORDS: Readonly<Record<ConversationSummary['runStatus'], string>> = {
  idle: 'Finished',
  running: 'Working now',
  interrupted: 'Interrupted: open it to resume',
  error: 'Stopped with an error',
};

/** A title to show: the worker names a conversation after its first message. */
const titleOf = (conversation: ConversationSummary) => conversation.title || 'Untitled';

/** "Save as shortcut": its first message becomes a shortcut's prompt; the panel says under which name. */
async function saveAsShortcut(app: AppModel, conversationId: string, title: string): Promise<void> {
  const name = await app.schedules.saveConversation(conversationId, title);
  app.conversation.addNotice(
    name
      ? {
          level: 'info',
          code: 'SHORTCUT_SAVED',
          message: `Saved as the shortcut /${name}.`,
          suggestion: 'Type /' + name + ' in the message box to run it; rename it in Settings → Shortcuts.',
        }
      : { level: 'error', code: 'SHORTCUT_NOT_SAVED', message: app.schedules.error.value ?? 'The shortcut could not be saved.', suggestion: 'Try again.' },
  );
}

/** The conversations page. */
export function ConversationList({ app }: { app: AppModel }) {
  const current = app.conversation.conversationId.value;
  // Conversations nobody asked anything in are not worth a row, unless it is the one shown.
  const list = app.conversations.list.value.filter((conversation) => !conversation.empty || conversation.id === current);
  return (
    <section class="conversations" aria-labelledby="conversations-title">
      <div class="section-head">
        <h2 id="conversations-title">Conversations</h2>
        <button type="button" onClick={() => app.newChat()}>
          New chat
        </button>
      </div>
      {app.conversations.loaded.value && list.length === 0 && <p class="muted">No conversations yet.</p>}
      {app.exports.error.value && (
        <p class="field-error" role="alert">
          {app.exports.error.value}
        </p>
      )}
      <ul class="conversation-list">
        {list.map((conversation) => {
          const title = titleOf(conversation);
          const busy = app.exports.busy.value === conversation.id;
          return (
            <li
              key={conversation.id}
              data-conversation-id={conversation.id}
              data-run-status={conversation.runStatus}
              class={conversation.id === current ? 'current' : undefined}
            >
              <button
                type="button"
                class="conversation-open"
                aria-current={conversation.id === current ? 'true' : undefined}
                onClick={() => app.openConversation(conversation.id)}
              >
                <span class="conversation-title">{title}</span>
                <span class="conversation-meta muted">
                  {conversation.site ? `${conversation.site} · ` : ''}
                  {when(conversation.updatedAt)}
                </span>
                <span class={`conversation-status status-${conversation.runStatus}`}>{STATUS_WORDS[conversation.runStatus]}</span>
              </button>
              <div class="conversation-actions">
                <button
                  type="button"
                  class="icon-button"
                  disabled={busy}
                  aria-label={`Export “${title}” as Markdown`}
                  onClick={() => void app.exports.export(conversation.id, 'markdown')}
                >
                  Markdown
                </button>
                <button
                  type="button"
                  class="icon-button"
                  disabled={busy}
                  aria-label={`Export “${title}” as JSON`}
                  onClick={() => void app.exports.export(conversation.id, 'json')}
                >
                  JSON
                </button>
                {conversation.runStatus === 'idle' && !conversation.empty && (
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={`Save as shortcut: “${title}”`}
                    onClick={() => void saveAsShortcut(app, conversation.id, title)}
                  >
                    Save as shortcut
                  </button>
                )}
                <button type="button" class="icon-button" aria-label={`Delete conversation “${title}”`} onClick={() => app.deleteConversation(conversation.id)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
