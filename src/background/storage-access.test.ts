import { describe, expect, it } from 'vitest';
import { restrictStorageToExtension, type AccessLevelArea } from './storage-access.js';

describe('restrictStorageToExtension', () => {
  it('asks for trusted contexts only', async () => {
    const calls: unknown[] = [];
    const area: AccessLevelArea = { setAccessLevel: async (options) => void calls.push(options) };
    const reported: unknown[] = [];
    expect(await restrictStorageToExtension(area, (e) => reported.push(e))).toBe(true);
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
    expect(reported).toEqual([]);
  });
  it('reports a browser without the method or a refusal instead of failing the worker start', async () => {
    const reported: unknown[] = [];
    expect(await restrictStorageToExtension(undefined, (e) => reported.push(e))).toBe(false);
    expect(await restrictStorageToExtension({ setAccessLevel: () => Promise.reject(new Error('no')) }, (e) => reported.push(e))).toBe(false);
    expect(reported.map(String)).toEqual([expect.stringContaining('setAccessLevel is missing'), 'Error: no']);
  });
});
