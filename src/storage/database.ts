/**
 * Pagewright's one IndexedDB database (idb), and the one place its schema and versions are written.
 * Every store the extension keeps lives here:
 * - `conversations` (key `id`; index `byTab`): title, bound tab, times.
 * - `transcripts` (key `conversationId`): the entries the panel renders (`src/shared/transcript.ts`).
 * - `runs` (key `conversationId`): the model transcript, the run status and the run's last checkpoint,
 *   so a run cut off by a worker stop is shown as interrupted and can be resumed.
 * - `grants` (key `key` = origin + tool): "Always allow on this site".
 * - `results` (key `id`): tool results stored over the model's budget (`read_result` pages through them).
 * - `notes` (key `key`): the agent's memory, kept across conversations.
 * Unit tests open it on fake-indexeddb under a name of their own.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredResult } from '../runtime/budget-types.js';
import type { RunCheckpoint } from '../runtime/checkpoint.js';
import type { Message, Usage } from '../runtime/model/types.js';
import type { RunError } from '../runtime/errors.js';
import type { SiteGrant } from '../runtime/permission-types.js';
import type { TranscriptEntry } from '../shared/transcript.js';

/** A conversation, bound to the tab it belongs to (if any). */
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
  error?: RunError;
  usage?: Usage;
  /** Deferred tools found with tool_search so far in this conversation: they stay loaded for its next runs. */
  discoveredTools?: string[];
}

/** One of the agent's notes. */
export interface MemoryEntry {
  key: string;
  value: string;
  updatedAt: number;
}

export interface PagewrightDb extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byTab: number } };
  transcripts: { key: string; value: { conversationId: string; entries: TranscriptEntry[] } };
  runs: { key: string; value: RunRecord };
  grants: { key: string; value: SiteGrant & { key: string } };
  results: { key: string; value: StoredResult };
  notes: { key: string; value: MemoryEntry };
}

/**
 * The versions, in order: each step creates what its version added. Never edit a step that shipped;
 * add the next one.
 */
const UPGRADES: ReadonlyArray<(database: IDBPDatabase<PagewrightDb>) => void> = [
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
];

export const DATABASE_VERSION = UPGRADES.length;

/** Opens the database lazily, once; every store factory takes this. */
export type Database = () => Promise<IDBPDatabase<PagewrightDb>>;

/** A lazy opener for the database `name` (the extension's is `pagewright`). */
export function openDatabase(name = 'pagewright'): Database {
  let opened: Promise<IDBPDatabase<PagewrightDb>> | undefined;
  return () =>
    (opened ??= openDB<PagewrightDb>(name, DATABASE_VERSION, {
      upgrade(database, oldVersion) {
        for (const step of UPGRADES.slice(oldVersion)) step(database);
      },
    }));
}
