/**
 * Pagewright's one IndexedDB database (idb), and the one place its schema and versions are written.
 * Every store the extension keeps lives here:
 * - `conversations` (key `id`; index `byTab`): title, bound tab, times, totals, bytes kept.
 * - `entries` (key [conversationId, index]): the transcript the panel renders (`src/shared/transcript.ts`),
 *   one row per entry, so a step writes the rows it changed and not the whole transcript again.
 * - `messages` (key [conversationId, index]): the model transcript, one row per message, likewise.
 * - `runs` (key `conversationId`): the run status and the run's last checkpoint (its messages are the rows
 *   above), so a run cut off by a worker stop is shown as interrupted and can be resumed.
 * - `transcripts`: the whole-array transcripts of version 1, read until a conversation is saved again.
 * - `grants` (key `key` = origin + tool): "Always allow on this site".
 * - `results` (key `id`; index `byConversation`): tool results stored over the model's budget (`read_result`
 *   pages through them), deleted with their conversation.
 * - `notes` (key `key`): the agent's memory, kept across conversations.
 * - `activity` (key `id`; index `byConversation`): every action that changed something, and who allowed it.
 * Unit tests open it on fake-indexeddb under a name of their own.
 */
import type { ContextWindowState } from '../runtime/context-window/types.js';
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { StoredResult } from '../runtime/budget-types.js';
import type { RunCheckpoint } from '../runtime/checkpoint.js';
import type { LedgerSources } from '../runtime/data-ledger.js';
import type { Message, Usage } from '../runtime/model/types.js';
import type { RunError } from '../runtime/errors.js';
import type { SiteGrant } from '../runtime/permission-types.js';
import type { ActivityEntry } from '../shared/activity.js';
import type { ConversationTotals, RunCostState } from '../shared/protocol/panel.js';
import type { TranscriptEntry } from '../shared/transcript.js';

/** A conversation, bound to the tab it belongs to (if any). */
export interface ConversationRecord {
  id: string;
  title: string;
  tabId?: number;
  windowId?: number;
  createdAt: number;
  updatedAt: number;
  /** What its runs have used together (tokens, estimated cost). */
  totals?: ConversationTotals;
  /** About how many bytes its transcript, messages and stored results take (for the storage cap). */
  storedBytes?: number;
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
  error?: RunError;
  usage?: Usage;
  /** Where each tool result the model has read came from (tool-use id → origin, or its lines by origin), for the run's data ledger. */
  dataSources?: LedgerSources;
  /** The run's last meter reading. */
  cost?: RunCostState;
  /** What the context window had elided and summarised when the run ended: the next run starts from it. */
  contextWindow?: ContextWindowState;
  /** Deferred tools found with tool_search so far in this conversation: they stay loaded for its next runs. */
  discoveredTools?: string[];
}

/** One of the agent's notes. */
export interface MemoryEntry {
  key: string;
  value: string;
  updatedAt: number;
}

/** One row of a conversation's list (transcript entries, model messages): its place, its size, its value. */
export interface RowOf<T> {
  conversationId: string;
  index: number;
  bytes: number;
  value: T;
}

export interface PagewrightDb extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byTab: number } };
  transcripts: { key: string; value: { conversationId: string; entries: TranscriptEntry[] } };
  entries: { key: [string, number]; value: RowOf<TranscriptEntry> };
  messages: { key: [string, number]; value: RowOf<Message> };
  runs: { key: string; value: RunRecord };
  grants: { key: string; value: SiteGrant & { key: string } };
  results: { key: string; value: StoredResult; indexes: { byConversation: string } };
  notes: { key: string; value: MemoryEntry };
  activity: { key: string; value: ActivityEntry; indexes: { byConversation: string } };
}

/**
 * The versions, in order: each step creates what its version added. Never edit a step that shipped;
 * add the next one.
 */
const UPGRADES: ReadonlyArray<
  (database: IDBPDatabase<PagewrightDb>, transaction: IDBPTransaction<PagewrightDb, StoreNames<PagewrightDb>[], 'versionchange'>) => void
> = [
  // 1: conversations, their transcripts and runs, site grants.
  (database) => {
    const conversations = database.createObjectStore('conversations', { keyPath: 'id' });
    conversations.createIndex('byTab', 'tabId');
    database.createObjectStore('transcripts', { keyPath: 'conversationId' });
    database.createObjectStore('runs', { keyPath: 'conversationId' });
    database.createObjectStore('grants', { keyPath: 'key' });
  },
  // 2: stored results and memory notes join the same database (they were databases of their own).
  (database) => {
    database.createObjectStore('results', { keyPath: 'id' });
    database.createObjectStore('notes', { keyPath: 'key' });
  },
  // 3: transcripts and model messages as rows (a step writes what it changed); results by conversation.
  (database, transaction) => {
    database.createObjectStore('entries', { keyPath: ['conversationId', 'index'] });
    database.createObjectStore('messages', { keyPath: ['conversationId', 'index'] });
    transaction.objectStore('results').createIndex('byConversation', 'conversationId');
  },
  // 4: the activity log, per conversation.
  (database) => {
    database.createObjectStore('activity', { keyPath: 'id' }).createIndex('byConversation', 'conversationId');
  },
];

export const DATABASE_VERSION = UPGRADES.length;

/** Opens the database lazily, once; every store factory takes this. */
export type Database = () => Promise<IDBPDatabase<PagewrightDb>>;

/** A lazy opener for the database `name` (the extension's is `pagewright`). */
export function openDatabase(name = 'pagewright'): Database {
  let opened: Promise<IDBPDatabase<PagewrightDb>> | undefined;
  return () =>
    (opened ??= openDB<PagewrightDb>(name, DATABASE_VERSION, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        for (const step of UPGRADES.slice(oldVersion)) step(database, transaction);
      },
    }));
}
