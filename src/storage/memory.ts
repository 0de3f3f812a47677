/**
 * The agent's notes that last across conversations (`memory_*` tools, listed in settings), kept in the
 * database's `notes` store. Every write is checked against the rules in `src/shared/memory-rules.ts`,
 * the same rules the tools state, inside the transaction that makes it.
 */
import type { MemoryStore } from '../runtime/context.js';
import { checkMemoryKey, checkMemoryValue, entryChars, MEMORY_LIMITS, memoryFull } from '../shared/memory-rules.js';
import type { Database } from './database.js';

export type { MemoryEntry } from './database.js';

const STORE = 'notes';

/**
 * A `MemoryStore` in IndexedDB. `set` throws `ToolError` INVALID_KEY, VALUE_TOO_LARGE or MEMORY_FULL;
 * `get` returns undefined and `delete` false for a missing key (callers turn that into NOT_FOUND).
 */
export function createIdbMemoryStore(db: Database, now: () => number = Date.now): MemoryStore {
  return {
    async list() {
      const entries = await (await db()).getAll(STORE);
      return entries.sort((a, b) => a.key.localeCompare(b.key));
    },

    async get(key) {
      if (checkMemoryKey(key)) return undefined;
      return (await db()).get(STORE, key);
    },

    async set(key, value) {
      const keyError = checkMemoryKey(key);
      if (keyError) throw keyError;
      const valueError = checkMemoryValue(value);
      if (valueError) throw valueError;

      // One read-write transaction: the totals are checked and the write made atomically, so two
      // parallel writes cannot both squeeze under the limit.
      const tx = (await db()).transaction(STORE, 'readwrite');
      // An aborted transaction rejects `done`; the error we throw says why, so that rejection is expected.
      tx.done.catch(() => undefined);
      const all = await tx.store.getAll();
      const others = all.filter((entry) => entry.key !== key);
      const isNew = others.length === all.length;
      const totalAfter = others.reduce((sum, entry) => sum + entryChars(entry), 0) + entryChars({ key, value });
      if (isNew && others.length >= MEMORY_LIMITS.maxEntries) {
        tx.abort();
        throw memoryFull(`Memory already holds ${others.length} notes, the most it keeps.`, others.length, totalAfter - entryChars({ key, value }));
      }
      if (totalAfter > MEMORY_LIMITS.totalMaxChars) {
        tx.abort();
        throw memoryFull(
          `Saving this note would bring memory to ${totalAfter} characters; the limit is ${MEMORY_LIMITS.totalMaxChars}.`,
          others.length,
          totalAfter - entryChars({ key, value }),
        );
      }
      await tx.store.put({ key, value, updatedAt: now() });
      await tx.done;
    },

    async delete(key) {
      if (checkMemoryKey(key)) return false;
      const tx = (await db()).transaction(STORE, 'readwrite');
      const existing = await tx.store.getKey(key);
      if (existing !== undefined) await tx.store.delete(key);
      await tx.done;
      return existing !== undefined;
    },
  };
}
