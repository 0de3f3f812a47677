/** The panel's layout: header, notices, the current page (chat, conversations, settings), the permission prompt. */
import type { AppModel } from '../models/app-model.js';
import { ActivityView } from './ActivityView.js';
import { Composer } from './Composer.js';
import { ControlBanner } from './ControlBanner.js';
import { ConversationList } from './ConversationList.js';
import { Notices } from './Notices.js';
import { PermissionDialog } from './PermissionDialog.js';
import { RunStatus } from './RunStatus.js';
import { SettingsView } from './SettingsView.js';
import { Transcript } from './Transcript.js';

function Header({ app }: { app: AppModel }) {
  const page = app.page.value;
  const title = app.conversation.title.value;
  const toggle = (target: 'conversations' | 'settings' | 'activity') => app.showPage(page === target ? 'chat' : target);
  return (
    <header class="app-header">
      <h1 class="app-title" title={title}>
        {page === 'chat' ? title || 'Pagewright' : 'Pagewright'}
      </h1>
      <nav class="app-nav" aria-label="Panel">
        <button type="button" onClick={() => app.newChat()}>
          New chat
        </button>
        <button type="button" aria-pressed={page === 'conversations'} onClick={() => toggle('conversations')}>
          Conversations
        </button>
        <button type="button" aria-pressed={page === 'activity'} onClick={() => toggle('activity')}>
          Activity
        </button>
        <button type="button" aria-pressed={page === 'settings'} onClick={() => toggle('settings')}>
          Settings
        </button>
        {!app.binding.pinned && (
          <button type="button" title="Open this panel in its own window" onClick={() => app.popOut()}>
            Pop out
          </button>
        )}
      </nav>
    </header>
  );
}

/** The whole panel; the permission dialog sits outside the inert area. */
export function App({ app }: { app: AppModel }) {
  const page = app.page.value;
  const prompting = app.conversation.pendingPermission.value !== undefined;
  return (
    <>
      {/* While the prompt is open the rest of the panel is inert: the dialog is truly modal. */}
      <div
        class="app"
        inert={prompting}
        // Stable hooks for tests: which tab the panel follows and which conversation (of which tab) it shows.
        data-bound-tab={app.binding.tabId.value}
        data-conversation-id={app.conversation.conversationId.value}
        data-conversation-tab={app.conversation.tabId.value}
      >
        <Header app={app} />
        <ControlBanner
          model={app.codingAgents}
          tabId={app.binding.tabId.value}
          conversationId={app.conversation.conversationId.value}
          onShowConversation={(id) => app.openConversation(id)}
        />
        <Notices app={app} />
        <main class="app-main">
          {page === 'settings' && <SettingsView app={app} />}
          {page === 'conversations' && <ConversationList app={app} />}
          {page === 'activity' && <ActivityView app={app} />}
          {page === 'chat' && (
            <>
              <Transcript model={app.conversation} fullResults={app.fullResults} />
              <RunStatus model={app.conversation} onOpenSettings={() => app.showPage('settings')} />
            </>
          )}
        </main>
        {page === 'chat' && <Composer model={app.conversation} />}
      </div>
      <PermissionDialog model={app.conversation} />
    </>
  );
}
