/** The panel's layout: header, notices, the current page (chat, conversations, settings), the permission prompt. */
import type { AppModel } from '../models/app-model.js';
import { ActivityView } from './ActivityView.js';
import { Composer } from './Composer.js';
import { ControlBanner } from './ControlBanner.js';
import { ConversationList } from './ConversationList.js';
import { Examples } from './Examples.js';
import { Notices } from './Notices.js';
import { PermissionDialog } from './PermissionDialog.js';
import { RunStatus } from './RunStatus.js';
import { SettingsView } from './SettingsView.js';
import { SetupCard } from './SetupCard.js';
import { Transcript } from './Transcript.js';

function Header({ app }: { app: AppModel }) {
  const page = app.page.value;
  const title = app.conversation.title.value;
  const toggle = (target: 'conversations' | 'settings' | 'activity') => app.showPage(page === target ? 'chat' : target);
  return (
    <header class="app-header">
      <h1 class="app-title" title={title}>
        <img src="/icons/32.png" alt="" width={18} height={18} />
        <span class="app-title-text">{page === 'chat' && title && title !== 'New conversation' ? title : 'Pagewright'}</span>
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

/**
 * No model is ready yet: the chat is the setup card (a transcript already there stays shown below it).
 * Settings that are stored but invalid have their own notice, with the way to fix them.
 */
const needsSetup = (app: AppModel) => app.settings.loaded.value && app.settings.storedProblem.value === undefined && !app.settings.ready.value;

/** The chat page: the setup card or a line about the demo model, the transcript, the run's state. */
function Chat({ app }: { app: AppModel }) {
  const setup = needsSetup(app);
  const demo = !setup && app.settings.saved.value.provider === 'demo';
  return (
    <>
      {setup && <SetupCard app={app} />}
      {demo && (
        <p class="demo-line" role="note">
          <span>You are trying the demo model: it echoes you and reads pages, but does no real thinking.</span>{' '}
          <button type="button" class="link-button" onClick={() => app.showPage('settings', 'model')}>
            Set up a real model
          </button>
        </p>
      )}
      <Transcript model={app.conversation} fullResults={app.fullResults} empty={setup ? null : <Examples app={app} />} />
      <RunStatus model={app.conversation} onOpenSettings={() => app.showPage('settings', 'model')} />
    </>
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
          {page === 'chat' && <Chat app={app} />}
        </main>
        {page === 'chat' && <Composer model={app.conversation} ready={!needsSetup(app)} shortcuts={app.settings.saved.value.shortcuts} />}
      </div>
      <PermissionDialog model={app.conversation} />
    </>
  );
}
