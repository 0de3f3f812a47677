/** Past conversations: open, export (Markdown or JSON), delete, or start a new chat. */
import type { AppModel } from '../models/app-model.js';

const when = (time: number): string => new Date(time).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** The conversations page. */
export function ConversationList({ app }: { app: AppModel }) {
  const list = app.conversations.list.value;
  const current = app.conversation.conversationId.value;
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
        {list.map((conversation) => (
          <li key={conversation.id} data-conversation-id={conversation.id} class={conversation.id === current ? 'current' : undefined}>
            <button
              type="button"
              class="conversation-open"
              aria-current={conversation.id === current ? 'true' : undefined}
              onClick={() => app.openConversation(conversation.id)}
            >
              <span class="conversation-title">{conversation.title || 'Untitled'}</span>
              <span class="muted conversation-meta">
                {when(conversation.updatedAt)}
                {conversation.runStatus !== 'idle' ? ` · ${conversation.runStatus}` : ''}
              </span>
            </button>
            <button
              type="button"
              class="icon-button"
              disabled={app.exports.busy.value === conversation.id}
              aria-label={`Export “${conversation.title || 'Untitled'}” as Markdown`}
              onClick={() => void app.exports.export(conversation.id, 'markdown')}
            >
              Markdown
            </button>
            <button
              type="button"
              class="icon-button"
              disabled={app.exports.busy.value === conversation.id}
              aria-label={`Export “${conversation.title || 'Untitled'}” as JSON`}
              onClick={() => void app.exports.export(conversation.id, 'json')}
            >
              JSON
            </button>
            <button
              type="button"
              class="icon-button danger"
              aria-label={`Delete conversation “${conversation.title || 'Untitled'}”`}
              onClick={() => app.deleteConversation(conversation.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
