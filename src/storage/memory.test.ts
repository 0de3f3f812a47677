import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { MEMORY_LIMITS, checkMemoryKey } from '../shared/memory-rules.js';
import { createIdbMemoryStore } from './memory.js';
import { openDatabase } from './database.js';

let dbCounter = 0;
const freshStore = (now?: () => number) => createIdbMemoryStore(openDatabase(`memory-test-${++dbCounter}`), now);

async function thrown(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

describe('createIdbMemoryStore', () => {
  it('writes, reads, overwrites, lists sorted and deletes', async () => {
    let clock = 1000;
    const store = freshStore(() => clock);
    await store.set('zeta', 'last');
    await store.set('alpha', 'first');
    clock = 2000;
    await store.set('alpha', 'first, updated');
    expect(await store.get('alpha')).toEqual({ key: 'alpha', value: 'first, updated', updatedAt: 2000 });
    expect((await store.list()).map((e) => e.key)).toEqual(['alpha', 'zeta']);
    expect(await store.delete('alpha')).toBe(true);
    expect(await store.delete('alpha')).toBe(false);
    expect(await store.get('alpha')).toBeUndefined();
    expect((await store.list()).map((e) => e.key)).toEqual(['zeta']);
  });

  it('persists across store instances on the same database (across conversations)', async () => {
    const name = `memory-test-shared-${++dbCounter}`;
    await createIdbMemoryStore(openDatabase(name)).set('user_name', 'Ada');
    expect((await createIdbMemoryStore(openDatabase(name)).get('user_name'))?.value).toBe('Ada');
  });

  it('rejects bad keys with INVALID_KEY', async () => {
    const store = freshStore();
    for (const key of ['', 'x'.repeat(MEMORY_LIMITS.keyMaxChars + 1), 'tab\there', 'bell\u0007', ' padded', 'zero\u200bwidth']) {
      const error = await thrown(store.set(key, 'v'));
      expect(error.code).toBe('INVALID_KEY');
      expect(error.suggestion).toMatch(/printable/);
    }
    expect(checkMemoryKey('project/notes 1')).toBeUndefined();
    expect(checkMemoryKey('x'.repeat(MEMORY_LIMITS.keyMaxChars))).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('rejects an oversized value with VALUE_TOO_LARGE and stores nothing', async () => {
    const store = freshStore();
    await store.set('ok', 'x'.repeat(MEMORY_LIMITS.valueMaxChars));
    const error = await thrown(store.set('big', 'x'.repeat(MEMORY_LIMITS.valueMaxChars + 1)));
    expect(error.code).toBe('VALUE_TOO_LARGE');
    expect(error.details).toMatchObject({ valueChars: MEMORY_LIMITS.valueMaxChars + 1, limitChars: MEMORY_LIMITS.valueMaxChars });
    expect(await store.get('big')).toBeUndefined();
  });

  it('refuses a new entry past the entry limit with MEMORY_FULL, but still allows overwriting', async () => {
    const store = freshStore();
    for (let i = 0; i < MEMORY_LIMITS.maxEntries; i++) await store.set(`k${i}`, 'v');
    const error = await thrown(store.set('one-more', 'v'));
    expect(error.code).toBe('MEMORY_FULL');
    expect(error.suggestion).toMatch(/memory_delete/);
    await store.set('k0', 'overwritten');
    expect((await store.get('k0'))?.value).toBe('overwritten');
    expect((await store.list()).length).toBe(MEMORY_LIMITS.maxEntries);
  });

  it('refuses a write past the total size limit with MEMORY_FULL and keeps the old value', async () => {
    const store = freshStore();
    const big = 'x'.repeat(MEMORY_LIMITS.valueMaxChars);
    const fits = Math.floor(MEMORY_LIMITS.totalMaxChars / (big.length + 3));
    for (let i = 0; i < fits; i++) await store.set(`b${String(i).padStart(2, '0')}`, big);
    const error = await thrown(store.set('b99', big));
    expect(error.code).toBe('MEMORY_FULL');
    expect(error.details).toMatchObject({ totalMaxChars: MEMORY_LIMITS.totalMaxChars });
    expect(await store.get('b99')).toBeUndefined();
    // A smaller rewrite of an existing key is fine: only the difference counts.
    await store.set('b00', 'short');
    expect((await store.get('b00'))?.value).toBe('short');
  });

  it('answers get/delete of an invalid key as missing instead of throwing', async () => {
    const store = freshStore();
    expect(await store.get('')).toBeUndefined();
    expect(await store.delete('\u0000')).toBe(false);
  });
});
