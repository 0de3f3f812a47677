import { describe, expect, it } from 'vitest';
import { describeState } from './observe-util.js';

describe('describeState', () => {
  it('says which way a column header now sorts after a click', () => {
    expect(describeState({ sorted: 'ascending', label: 'Price' }, { sorted: 'none', label: 'Price' })).toEqual({
      text: 'it is now sorted ascending',
      changed: true,
    });
    expect(describeState({ sorted: 'descending' }, { sorted: 'ascending' }).text).toBe('it is now sorted descending');
    expect(describeState({ sorted: 'none' }, { sorted: 'descending' }).text).toBe('it is now unsorted');
  });
  it('says nothing of a sort that did not change', () => {
    expect(describeState({ sorted: 'ascending' }, { sorted: 'ascending' })).toEqual({ text: '', changed: false });
  });
});
