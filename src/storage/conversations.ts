/**
 * Conversations, the transcripts the panel renders, and each conversation's run record. Transcripts and
 * model messages are kept one row per item, and a save writes only the rows that changed since the last
 * save in this worker (items are compared by identity: the fold and the loop replace what changed and
 * keep the rest), so what a step writes is proportional to the step, not to the conversation.
 */
import type { IDBPTransaction } from 'idb';
import type { Message } from '../runtime/model/types.js';
import type { TranscriptEntry } from '../shared/transcript.js';
import type { ConversationRecord, Database, PagewrightDb, RunRecord } from './database.js';

export type { ConversationRecord, RunRecord } from './database.js';

/** A run record without its messages: what lists and status checks need. */
export type RunSummary = Omit<RunRecord, 'messages' | 'checkpoint'> & { checkpoint?: Omit<NonNullable<RunRecord['checkpoint']>, 'messages'> };

/** Typed access to conversations, transcripts and runs. */
export interface ConversationStore {
  listConversations(): Promise<ConversationRecord[]>;
  getConversation(id: string): Promise<ConversationRecord | undefined>;
  /** The most recently updated conversation bound to a tab. */
  latestConversationForTab(tabId: number): Promise<ConversationRecord | undefined>;
  putConversation(record: ConversationRecord): Promise<void>;
  /** Deletes the conversation with its transcript, messages, run and stored results, in one transaction. */
  deleteConversation(id: string): Promise<void>;
  getTranscript(conversationId: string): Promise<TranscriptEntry[]>;
  /** Saves the transcript: the rows that changed since the last save (all of them the first time). */
  putTranscript(conversationId: string, entries: readonly TranscriptEntry[]): Promise<void>;
  getRun(conversationId: string): Promise<RunRecord | undefined>;
  /** Saves the run record; its messages go to rows, the changed ones only. */
  putRun(record: RunRecord): Promise<void>;
  /** Every run record, without messages. */
  listRuns(): Promise<RunSummary[]>;
  /** Changes a run record's fields other than its messages. */
  updateRun(conversationId: string, update: (run: RunSummary) => RunSummary): Promise<void>;
}

type RowStore = 'entries' | 'messages';
const rowsOf = (conversationId: string) => IDBKeyRange.bound([conversationId, 0], [conversationId, Infinity]);
const sizeOf = (value: unknown) => JSON.stringify(value)?.length ?? 0;

export function createConversationStore(database: Database): ConversationStore {
  // What this worker last saved per conversation: the base the next save is compared with.
  const lastSaved: Record<RowStore, Map<string, readonly unknown[]>> = { entries: new Map(), messages: new Map() };

  /** Writes the changed rows of one list inside `tx`; returns how many bytes the conversation gained. */
  async function writeRows<S extends RowStore>(
    tx: WriteTx,
    store: S,
    conversationId: string,
    items: readonly PagewrightDb[S]['value']['value'][],
  ): Promise<number> {
    const last = lastSaved[store].get(conversationId);
    let first = 0;
    if (last) while (first < Math.min(last.length, items.length) && last[first] === items[first]) first++;
    const rows = tx.objectStore(store);
    let delta = 0;
    for (let index = first; index < items.length; index++) {
      const old = await rows.get([conversationId, index]);
      const bytes = sizeOf(items[index]);
      delta += bytes - (old?.bytes ?? 0);
      await rows.put({ conversationId, index, bytes, value: items[index] } as PagewrightDb[S]['value']);
    }
    for (
      let cursor = await rows.openCursor(IDBKeyRange.bound([conversationId, items.length], [conversationId, Infinity]));
      cursor;
      cursor = await cursor.continue()
    ) {
      delta -= cursor.value.bytes;
      await cursor.delete();
    }
    lastSaved[store].set(conversationId, items.slice());
    return delta;
  }

  async function addBytes(tx: WriteTx, conversationId: string, delta: number): Promise<void> {
    if (delta === 0) return;
    const conversations = tx.objectStore('conversations');
    const conversation = await conversations.get(conversationId);
    if (conversation) await conversations.put({ ...conversation, storedBytes: Math.max(0, (conversation.storedBytes ?? 0) + delta) });
  }

  const readEntries = async (conversationId: string): Promise<TranscriptEntry[]> =>
    (await (await database()).getAll('entries', rowsOf(conversationId))).map((row) => row.value);
  const readMessages = async (conversationId: string): Promise<Message[]> =>
    (await (await database()).getAll('messages', rowsOf(conversationId))).map((row) => row.value);

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
      // The byte count belongs to the rows' writers: a record read before a write must not undo it.
      const tx = (await database()).transaction('conversations', 'readwrite');
      const stored = await tx.store.get(record.id);
      await tx.store.put({ ...record, ...(stored?.storedBytes !== undefined ? { storedBytes: stored.storedBytes } : {}) });
      await tx.done;
    },
    async deleteConversation(id) {
      const tx = (await database()).transaction(['conversations', 'transcripts', 'runs', 'entries', 'messages', 'results', 'activity'], 'readwrite');
      const deletions: Array<Promise<unknown>> = [
        tx.objectStore('conversations').delete(id),
        tx.objectStore('transcripts').delete(id),
        tx.objectStore('runs').delete(id),
      ];
      deletions.push(tx.objectStore('entries').delete(rowsOf(id)), tx.objectStore('messages').delete(rowsOf(id)));
      // Its stored results and its activity log go with it (deleted by hand or by the storage cap).
      for (let cursor = await tx.objectStore('results').index('byConversation').openCursor(id); cursor; cursor = await cursor.continue())
        deletions.push(cursor.delete());
      for (let cursor = await tx.objectStore('activity').index('byConversation').openCursor(id); cursor; cursor = await cursor.continue())
        deletions.push(cursor.delete());
      await Promise.all([...deletions, tx.done]);
      lastSaved.entries.delete(id);
      lastSaved.messages.delete(id);
    },
    async getTranscript(conversationId) {
      const rows = await readEntries(conversationId);
      if (rows.length > 0 || lastSaved.entries.has(conversationId)) return rows;
      return (await (await database()).get('transcripts', conversationId))?.entries ?? [];
    },
    async putTranscript(conversationId, entries) {
      const tx = (await database()).transaction(['entries', 'conversations', 'transcripts'], 'readwrite');
      const fresh = !lastSaved.entries.has(conversationId);
      const delta = await writeRows(tx, 'entries', conversationId, entries);
      if (fresh) await tx.objectStore('transcripts').delete(conversationId);
      await addBytes(tx, conversationId, delta);
      await tx.done;
    },
    async getRun(conversationId) {
      const record = await (await database()).get('runs', conversationId);
      if (!record) return undefined;
      const messages = record.messages.length > 0 ? record.messages : await readMessages(conversationId);
      return { ...record, messages, ...(record.checkpoint ? { checkpoint: { ...record.checkpoint, messages } } : {}) };
    },
    async putRun(record) {
      const tx = (await database()).transaction(['runs', 'messages', 'conversations'], 'readwrite');
      const delta = await writeRows(tx, 'messages', record.conversationId, record.messages);
      // The checkpoint's messages are the run's: kept once, as rows.
      await tx
        .objectStore('runs')
        .put({ ...record, messages: [], ...(record.checkpoint ? { checkpoint: { ...record.checkpoint, messages: [] as Message[] } } : {}) });
      await addBytes(tx, record.conversationId, delta);
      await tx.done;
    },
    async listRuns() {
      const all = await (await database()).getAll('runs');
      return all.map(({ messages: _messages, checkpoint, ...rest }) => ({ ...rest, ...(checkpoint ? { checkpoint: withoutMessages(checkpoint) } : {}) }));
    },
    async updateRun(conversationId, update) {
      const tx = (await database()).transaction('runs', 'readwrite');
      const stored = await tx.store.get(conversationId);
      if (stored) {
        const { messages, checkpoint, ...rest } = stored;
        const { checkpoint: nextCheckpoint, ...next } = update({ ...rest, ...(checkpoint ? { checkpoint: withoutMessages(checkpoint) } : {}) });
        const record: RunRecord = { ...next, messages, ...(nextCheckpoint ? { checkpoint: { ...nextCheckpoint, messages: checkpoint?.messages ?? [] } } : {}) };
        await tx.store.put(record);
      }
      await tx.done;
    },
  };
}

type WriteTx = IDBPTransaction<PagewrightDb, Array<'entries' | 'messages' | 'conversations' | 'transcripts' | 'runs'>, 'readwrite'>;

function withoutMessages(checkpoint: NonNullable<RunRecord['checkpoint']>): Omit<NonNullable<RunRecord['checkpoint']>, 'messages'> {
  const { messages: _messages, ...rest } = checkpoint;
  return rest;
}
