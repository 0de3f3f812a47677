import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createPagewrightStore } from './db.js';

describe('PagewrightStore grants', () => {
  it('adds, lists and revokes "always allow on this site" grants one by one', async () => {
    const store = createPagewrightStore(`grants-${Math.random()}`);
    await store.addGrant({ origin: 'https://a.test', tool: 'click' });
    await store.addGrant({ origin: 'https://a.test', tool: 'type' });
    await store.addGrant({ origin: 'https://a.test', tool: 'click' }); // the same grant twice is one entry
    expect(await store.listGrants()).toHaveLength(2);
    expect(await store.revokeGrant({ origin: 'https://a.test', tool: 'click' })).toBe(true);
    expect(await store.listGrants()).toEqual([{ origin: 'https://a.test', tool: 'type' }]);
    // Revoking what is not there says so and changes nothing.
    expect(await store.revokeGrant({ origin: 'https://a.test', tool: 'click' })).toBe(false);
    expect(await store.revokeGrant({ origin: 'https://b.test', tool: 'type' })).toBe(false);
    expect(await store.listGrants()).toEqual([{ origin: 'https://a.test', tool: 'type' }]);
  });
});
