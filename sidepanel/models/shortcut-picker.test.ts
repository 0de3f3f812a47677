import { describe, expect, it } from 'vitest';
import { matchShortcuts } from './shortcut-picker.js';

const shortcuts = [{ name: 'summarize' }, { name: 'triage-inbox' }, { name: 'sum-up' }, { name: 'translate' }];

describe('the / list', () => {
  it('opens on / alone with every shortcut, filters as the name is typed, prefix matches first', () => {
    expect(matchShortcuts('/', shortcuts)?.map((s) => s.name)).toEqual(['summarize', 'triage-inbox', 'sum-up', 'translate']);
    expect(matchShortcuts('/su', shortcuts)?.map((s) => s.name)).toEqual(['summarize', 'sum-up']);
    expect(matchShortcuts('/in', shortcuts)?.map((s) => s.name)).toEqual(['triage-inbox']);
    expect(matchShortcuts('/zzz', shortcuts)).toEqual([]);
  });
  it('stays closed for ordinary text, and once anything follows the name', () => {
    expect(matchShortcuts('summarize', shortcuts)).toBeUndefined();
    expect(matchShortcuts('/summarize this', shortcuts)).toBeUndefined();
    expect(matchShortcuts('a/b', shortcuts)).toBeUndefined();
  });
});
