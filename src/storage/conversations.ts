/** Conversations, the transcripts the panel renders, and each conversation's run record. */
import type { TranscriptEntry } from '../shared/transcript.js';
import type { ConversationRecord, Database, RunRecord } from './database.js';

export type { ConversationRecord, RunRecord } from './database.js';

/** Typed access to conversations, transcripts and runs. */
export interface ConversationStore {
  listConversations(): Promise<ConversationRecord[]>;
  getConversation(id: string): Promise<ConversationRecord | undefined>;
  /** The most recently updated conversation bound to a tab. */
  latestConversationForTab(tabId: number): Promise<ConversationRecord | undefined>;
  putConversation(record: ConversationRecord): Promise<void>;
  /** Deletes the conversation with its transcript and run, in one transaction. */
  deleteConversation(id: string): Promise<void>;
  getTranscript(conversationId: string): Promise<TranscriptEntry[]>;
  putTranscript(conversationId: string, entries: TranscriptEntry[]): Promise<void>;
  getRun(conversationId: string): Promise<RunRecord | undefined>;
  putRun(record: RunRecord): Promise<void>;
  listRuns(): Promise<RunRecord[]>;
}

export function createConversationStore(database: Database): ConversationStore {
  return {
    async listConversations() {
      const all = await (await database()).getAll('conversations');
      return all.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async getConversation(id) {
      return (await database()).get('conversations', id);
    },
    async latestConversationForTab(tabId) {
      const all = await (await database()).getAllFromIndex('conversations', 'byTab', tabId);
      return all.sort((a, b) => b.updatedAt - a.updatedAt)[0];
    },
    async putConversation(record) {
      await (await database()).put('conversations', record);
    },
    async deleteConversation(id) {
      const tx = (await database()).transaction(['conversations', 'transcripts', 'runs'], 'readwrite');
      await Promise.all([tx.objectStore('conversations').delete(id), tx.objectStore('transcripts').delete(id), tx.objectStore('runs').delete(id), tx.done]);
    },
    async getTranscript(conversationId) {
      return (await (await database()).get('transcripts', conversationId))?.entries ?? [];
    },
    async putTranscript(conversationId, entries) {
      await (await database()).put('transcripts', { conversationId, entries });
    },
    async getRun(conversationId) {
      return (await database()).get('runs', conversationId);
    },
    async putRun(record) {
      await (await database()).put('runs', record);
    },
    async listRuns() {
      return (await database()).getAll('runs');
    },
  };
}
