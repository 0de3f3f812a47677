/**
 * The agent's notes that last across conversations (`memory_*` tools, listed in settings), kept in the
 * database's `notes` store. Every limit is enforced here, in one place, so the tools, the worker's
 * `memory.list`/`memory.delete` requests and the settings view all see the same rules and the same
 * structured errors.
 */
import type { MemoryStore } from '../runtime/context.js';
import { ToolError } from '../runtime/errors.js';
import type { Database } from './database.js';

export type { MemoryEntry } from './database.js';

const STORE = 'notes';

/** The limits of the memory store. Sizes are counted in characters (what the model writes). */
export const MEMORY_LIMITS = {
  keyMinChars: 1,
  keyMaxChars: 100,
  valueMaxChars: 20_000,
  maxEntries: 200,
  /** Keys plus values of all entries together. */
  totalMaxChars: 500_000,
} as const;

/** Error codes of the memory store. */
export const MEMORY_ERROR_CODES = ['INVALID_KEY', 'VALUE_TOO_LARGE', 'MEMORY_FULL', 'NOT_FOUND'] as const;

// Printable: no control, format, surrogate, private-use or unassigned characters (\p{C}), so a key
// shows the same in the settings list as in the model's transcript and cannot hide text.
const PRINTABLE = /^[^\p{C}]+$/u;

/** Checks a key against the rules; returns the error to throw, or undefined when the key is fine. */
export function checkMemoryKey(key: string): ToolError | undefined {
  const rules = `Keys are ${MEMORY_LIMITS.keyMinChars}–${MEMORY_LIMITS.keyMaxChars} printable characters without leading or trailing spaces, e.g. "user_preferences" or "project/notes".`;
  if (key.length < MEMORY_LIMITS.keyMinChars || key.length > MEMORY_LIMITS.keyMaxChars) {
    return new ToolError('INVALID_KEY', `The memory key is ${key.length} characters long.`, { suggestion: rules, details: { key: key.slice(0, 120) } });
  }
  if (!PRINTABLE.test(key)) {
    return new ToolError('INVALID_KEY', 'The memory key contains control or other non-printable characters.', { suggestion: rules, details: { key } });
  }
  if (key.trim() !== key) {
    return new ToolError('INVALID_KEY', 'The memory key starts or ends with whitespace.', { suggestion: rules, details: { key } });
  }
  return undefined;
}

/** Checks a value's size; returns the error to throw, or undefined when it fits. */
export function checkMemoryValue(value: string): ToolError | undefined {
  if (value.length > MEMORY_LIMITS.valueMaxChars) {
    return new ToolError('VALUE_TOO_LARGE', `The value is ${value.length} characters; one note holds at most ${MEMORY_LIMITS.valueMaxChars}.`, {
      suggestion: 'Shorten or summarize the note, or split it over several keys (e.g. "notes/1", "notes/2").',
      details: { valueChars: value.length, limitChars: MEMORY_LIMITS.valueMaxChars },
    });
  }
  return undefined;
}

/** The characters an entry counts against the total limit. */
export const entryChars = (entry: { key: string; value: string }): number => entry.key.length + entry.value.length;

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

function memoryFull(message: string, entries: number, totalChars: number): ToolError {
  return new ToolError('MEMORY_FULL', message, {
    suggestion: 'List the notes with memory_read (no key), delete ones no longer needed with memory_delete, or shorten this note; then retry.',
    details: { entries, totalChars, maxEntries: MEMORY_LIMITS.maxEntries, totalMaxChars: MEMORY_LIMITS.totalMaxChars },
  });
}
