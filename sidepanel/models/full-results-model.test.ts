import { describe, expect, it } from 'vitest';
import { FullResultsModel } from './full-results-model.js';

describe('FullResultsModel', () => {
  it('fetches a stored result once and keeps the answer by stored id', async () => {
    const sent: unknown[] = [];
    const model = new FullResultsModel(async (message) => {
      sent.push(message);
      const { params } = message as { params: { storedId: string } };
      if (params.storedId === 's1') return { ok: true, data: { content: 'the whole text' } };
      return { ok: false, error: { code: 'RESULT_NOT_FOUND', message: 'Gone.', suggestion: 'Run it again.' } };
    });
    const first = model.open('s1');
    expect(model.byId.value.s1).toEqual({ status: 'loading' });
    await Promise.all([first, model.open('s1')]);
    expect(sent).toEqual([{ method: 'results.read', params: { storedId: 's1' } }]);
    expect(model.byId.value.s1).toEqual({ status: 'loaded', content: 'the whole text' });
    await model.open('s2');
    expect(model.byId.value.s2).toEqual({ status: 'error', message: 'Gone. Run it again.' });
  });
});
