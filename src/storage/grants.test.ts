import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { createGrantStore } from './grants.js';

describe('GrantStore', () => {
  it('adds, lists and revokes "always allow on this site" grants one by one', async () => {
    const store = createGrantStore(openDatabase(`grants-${Math.random()}`));
    await store.add({ origin: 'https://a.test', tool: 'click' });
    await store.add({ origin: 'https://a.test', tool: 'type' });
    await store.add({ origin: 'https://a.test', tool: 'click' }); // the same grant twice is one entry
    expect(await store.list()).toHaveLength(2);
    expect(await store.revoke({ origin: 'https://a.test', tool: 'click' })).toBe(true);
    expect(await store.list()).toEqual([{ origin: 'https://a.test', tool: 'type' }]);
    // Revoking what is not there says so and changes nothing.
    expect(await store.revoke({ origin: 'https://a.test', tool: 'click' })).toBe(false);
    expect(await store.revoke({ origin: 'https://b.test', tool: 'type' })).toBe(false);
    expect(await store.list()).toEqual([{ origin: 'https://a.test', tool: 'type' }]);
  });
});
