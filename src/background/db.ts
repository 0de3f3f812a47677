/**
 * The service worker's IndexedDB (idb), database `pagewright`:
 * - `conversations` (key `id`; index `byTab`): title, bound tab, times.
 * - `transcripts` (key `conversationId`): the entries the panel renders (`transcriptEntrySchema`).
 * - `runs` (key `conversationId`): the model transcript, the run status, and the last checkpoint of
 *   the run (saved after every step), so a run cut off by a worker stop is shown as interrupted and
 *   can be resumed.
 * - `grants` (key `key` = origin + tool): "Always allow on this site".
 * Results stored over budget live in A's database `pagewright-results`; memory in `pagewright-memory`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SiteGrant } from '../runtime/permission-types.js';
import type { RunCheckpoint } from '../runtime/loop.js';
import type { Message, Usage } from '../runtime/model/types.js';
import type { z } from 'zod';
import type { runStateSchema, transcriptEntrySchema } from '../shared/protocol.js';

export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;
export type RunState = z.infer<typeof runStateSchema>;

export interface ConversationRecord {
  id: string;
  title: string;
  tabId?: number;
  windowId?: number;
  createdAt: number;
  updatedAt: number;
}

/** The model-side state of a conversation and its latest run. */
export interface RunRecord {
  conversationId: string;
  /** The model transcript (what the next request sends). */
  messages: Message[];
  /** 'running' while a run is active; a 'running' record found at startup was cut off. */
  status: 'idle' | 'running' | 'interrupted' | 'error';
  runId?: string;
  checkpoint?: RunCheckpoint;
  error?: { code: string; message: string; suggestion: string; retryAfterMs?: number };
  usage?: Usage;
}

interface PagewrightDb extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byTab: number } };
  transcripts: { key: string; value: { conversationId: string; entries: TranscriptEntry[] } };
  runs: { key: string; value: RunRecord };
  grants: { key: string; value: SiteGrant & { key: string } };
}

/** Typed access to the worker's database. */
export interface PagewrightStore {
  listConversations(): Promise<ConversationRecord[]>;
  getConversation(id: string): Promise<ConversationRecord | undefined>;
  /** The most recently updated conversation bound to a tab. */
  latestConversationForTab(tabId: number): Promise<ConversationRecord | undefined>;
  putConversation(record: ConversationRecord): Promise<void>;
  deleteConversation(id: string): Promise<void>;
  getTranscript(conversationId: string): Promise<TranscriptEntry[]>;
  putTranscript(conversationId: string, entries: TranscriptEntry[]): Promise<void>;
  getRun(conversationId: string): Promise<RunRecord | undefined>;
  putRun(record: RunRecord): Promise<void>;
  listRuns(): Promise<RunRecord[]>;
  listGrants(): Promise<SiteGrant[]>;
  addGrant(grant: SiteGrant): Promise<void>;
  /** Removes one grant (Settings → "Always allowed on these sites"); false when there was none. */
  revokeGrant(grant: SiteGrant): Promise<boolean>;
}

const grantKey = (grant: SiteGrant) => `${grant.origin} ${grant.tool}`;

/** Opens (and creates or upgrades) the database. Works with fake-indexeddb in unit tests. */
export function createPagewrightStore(dbName = 'pagewright'): PagewrightStore {
  let db: Promise<IDBPDatabase<PagewrightDb>> | undefined;
  const open = () =>
    (db ??= openDB<PagewrightDb>(dbName, 1, {
      upgrade(database) {
        const conversations = database.createObjectStore('conversations', { keyPath: 'id' });
        conversations.createIndex('byTab', 'tabId');
        database.createObjectStore('transcripts', { keyPath: 'conversationId' });
        database.createObjectStore('runs', { keyPath: 'conversationId' });
        database.createObjectStore('grants', { keyPath: 'key' });
      },
    }));
  return {
    async listConversations() {
      const all = await (await open()).getAll('conversations');
      return all.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async getConversation(id) {
      return (await open()).get('conversations', id);
    },
    async latestConversationForTab(tabId) {
      const all = await (await open()).getAllFromIndex('conversations', 'byTab', tabId);
      return all.sort((a, b) => b.updatedAt - a.updatedAt)[0];
    },
    async putConversation(record) {
      await (await open()).put('conversations', record);
    },
    async deleteConversation(id) {
      const tx = (await open()).transaction(['conversations', 'transcripts', 'runs'], 'readwrite');
      await Promise.all([tx.objectStore('conversations').delete(id), tx.objectStore('transcripts').delete(id), tx.objectStore('runs').delete(id), tx.done]);
    },
    async getTranscript(conversationId) {
      return (await (await open()).get('transcripts', conversationId))?.entries ?? [];
    },
    async putTranscript(conversationId, entries) {
      await (await open()).put('transcripts', { conversationId, entries });
    },
    async getRun(conversationId) {
      return (await open()).get('runs', conversationId);
    },
    async putRun(record) {
      await (await open()).put('runs', record);
    },
    async listRuns() {
      return (await open()).getAll('runs');
    },
    async listGrants() {
      return (await (await open()).getAll('grants')).map(({ origin, tool }) => ({ origin, tool }));
    },
    async addGrant(grant) {
      await (await open()).put('grants', { ...grant, key: grantKey(grant) });
    },
    async revokeGrant(grant) {
      const tx = (await open()).transaction('grants', 'readwrite');
      const existed = (await tx.store.getKey(grantKey(grant))) !== undefined;
      if (existed) await tx.store.delete(grantKey(grant));
      await tx.done;
      return existed;
    },
  };
}
