/** The list of past conversations, with open / new / delete. */
import { signal } from '@preact/signals';
import type { PanelToWorker, WorkerToPanel } from '../../src/shared/protocol/panel.js';
import type { ConversationSummary } from './types.js';

/** Conversation list state and actions. */
export class ConversationsModel {
  readonly list = signal<ConversationSummary[]>([]);
  /** Whether the list has arrived at least once (so "No conversations yet" is not shown too early). */
  readonly loaded = signal(false);

  constructor(private readonly send: (message: PanelToWorker) => void) {}

  apply(message: WorkerToPanel): void {
    if (message.type !== 'conversations') return;
    this.list.value = [...message.conversations].sort((a, b) => b.updatedAt - a.updatedAt);
    this.loaded.value = true;
  }

  refresh(): void {
    this.send({ type: 'list_conversations' });
  }

  open(conversationId: string): void {
    this.send({ type: 'open_conversation', conversationId });
  }

  /** Starts a new conversation bound to the tab. */
  create(tabId: number): void {
    this.send({ type: 'new_conversation', tabId });
  }

  /** Deletes at once in the list; the worker's next `conversations` message confirms. */
  remove(conversationId: string): void {
    this.list.value = this.list.value.filter((conversation) => conversation.id !== conversationId);
    this.send({ type: 'delete_conversation', conversationId });
  }
}
