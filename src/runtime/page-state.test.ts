import { describe, expect, it } from 'vitest';
import { createSnapshotCache } from './page-state.js';

describe('createSnapshotCache', () => {
  it('keys records by tab and URL and merges elements on the same URL', () => {
    const cache = createSnapshotCache(() => 5);
    cache.update(1, 'https://a.example/', { e1: { role: 'button', name: 'Delete' } });
    cache.update(1, 'https://a.example/', { e2: { role: 'link', name: 'Home' } });
    expect(Object.keys(cache.get(1)?.elements ?? {})).toEqual(['e1', 'e2']);
    expect(cache.get(1, 'https://a.example/other')).toBeUndefined();
    cache.update(1, 'https://a.example/other', { e9: { role: 'textbox', name: 'Email' } });
    expect(Object.keys(cache.get(1)?.elements ?? {})).toEqual(['e9']);
    cache.invalidate(1);
    expect(cache.get(1)).toBeUndefined();
  });

  it('remembers the document of each frame until the tab is invalidated', () => {
    const cache = createSnapshotCache();
    cache.rememberDocument(1, 0, 'doc-a');
    cache.rememberDocument(1, 3, 'doc-b');
    cache.rememberDocument(2, 0, 'doc-c');
    expect([cache.knownDocument(1, 0), cache.knownDocument(1, 3), cache.knownDocument(2, 0)]).toEqual(['doc-a', 'doc-b', 'doc-c']);
    cache.invalidate(1);
    expect([cache.knownDocument(1, 0), cache.knownDocument(1, 3), cache.knownDocument(2, 0)]).toEqual([undefined, undefined, 'doc-c']);
  });
});
