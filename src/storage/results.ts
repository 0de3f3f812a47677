/**
 * Tool results stored over the model's budget (see `src/runtime/budget.ts`), in IndexedDB. A run tags each
 * record with its conversation: deleting the conversation deletes them, and they count towards the
 * conversation's bytes for the storage cap.
 */
import type { ResultStore } from '../runtime/budget-types.js';
import type { Database } from './database.js';

/** The `ResultStore` the extension uses; a record's `conversationId` ties it to its conversation. */
export function createIdbResultStore(database: Database): ResultStore {
  return {
    async put(record) {
      const { conversationId } = record;
      const tx = (await database()).transaction(['results', 'conversations'], 'readwrite');
      const previous = await tx.objectStore('results').get(record.id);
      await tx.objectStore('results').put({ ...record, ...(conversationId !== undefined ? { conversationId } : {}) });
      if (conversationId !== undefined) {
        const conversation = await tx.objectStore('conversations').get(conversationId);
        const delta = record.content.length - (previous?.content.length ?? 0);
        if (conversation) await tx.objectStore('conversations').put({ ...conversation, storedBytes: Math.max(0, (conversation.storedBytes ?? 0) + delta) });
      }
      await tx.done;
    },
    async get(id) {
      return (await database()).get('results', id);
    },
  };
}
