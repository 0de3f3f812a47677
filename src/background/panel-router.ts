/** The side panel's port messages, each handed to the part of the worker that owns it. */
import type { Notice, PanelToWorker } from '../shared/protocol/panel.js';
import { notice, type PanelLink } from './panels.js';
import type { RunManager } from './run-manager.js';

/** Handles one validated panel message. */
export async function routePanelMessage(
  manager: RunManager,
  link: PanelLink,
  message: PanelToWorker,
  shortcuts?: { run(conversationId: string, shortcutId: string): Promise<Notice | undefined> },
): Promise<void> {
  await manager.ready;
  const { conversations } = manager;
  switch (message.type) {
    case 'bind_tab': {
      const conversation = await conversations.forTab(message.tabId);
      link.conversationId = conversation.id;
      await manager.postState(link, conversation);
      return manager.noticeIfSettingsInvalid(link);
    }
    case 'open_conversation': {
      const conversation = await conversations.get(message.conversationId);
      if (!conversation) return link.post(notice('NOT_FOUND', 'That conversation no longer exists.', 'Pick another one from the list or start a new chat.'));
      link.conversationId = conversation.id;
      return manager.postState(link, conversation);
    }
    case 'new_conversation': {
      const conversation = await conversations.create(message.tabId);
      link.conversationId = conversation.id;
      await manager.postState(link, conversation);
      return conversations.broadcastList();
    }
    case 'delete_conversation':
      return manager.deleteConversation(message.conversationId);
    case 'list_conversations':
      return link.post({ type: 'conversations', conversations: await conversations.summaries() });
    case 'send_message':
    case 'resume': {
      const refusal = await manager.startRun(
        message.conversationId,
        message.type === 'resume' ? { resume: true } : { text: message.text, interrupt: message.interrupt === true, announce: message.whileRunning === true },
      );
      if (refusal) link.post(refusal);
      return;
    }
    case 'run_shortcut': {
      const refusal = shortcuts
        ? await shortcuts.run(message.conversationId, message.shortcutId)
        : notice('UNAVAILABLE', 'Shortcuts cannot run here.', 'Type the prompt instead.');
      if (refusal) link.post(refusal);
      return;
    }
    case 'stop':
      return manager.stop(message.conversationId);
    case 'permission_response':
      return manager.answerPermission(
        message.conversationId,
        message.toolUseId,
        message.choice === 'deny' ? { choice: 'deny', ...(message.reason ? { reason: message.reason } : {}) } : { choice: message.choice },
      );
  }
}
