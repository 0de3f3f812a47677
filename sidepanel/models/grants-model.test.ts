import { describe, expect, it } from 'vitest';
import { GrantsModel } from './grants-model.js';

describe('GrantsModel', () => {
  it('lists grants sorted by site and revokes one through the worker', async () => {
    const requests: unknown[] = [];
    const model = new GrantsModel(async (request) => {
      requests.push(request);
      if ((request as { method: string }).method === 'grants.list')
        return {
          ok: true,
          data: {
            grants: [
              { origin: 'https://b.test', tool: 'click' },
              { origin: 'https://a.test', tool: 'type' },
              { origin: 'https://a.test', tool: 'click' },
            ],
          },
        };
      return { ok: true, data: { revoked: true } };
    });
    await model.refresh();
    expect(model.grants.value).toEqual([
      { origin: 'https://a.test', tool: 'click' },
      { origin: 'https://a.test', tool: 'type' },
      { origin: 'https://b.test', tool: 'click' },
    ]);
    await model.revoke({ origin: 'https://a.test', tool: 'type' });
    expect(requests.at(-1)).toEqual({ method: 'grants.revoke', params: { origin: 'https://a.test', tool: 'type' } });
    expect(model.grants.value.map((g) => `${g.tool}@${g.origin}`)).toEqual(['click@https://a.test', 'click@https://b.test']);
  });

  it('puts the grant back and says why when revoking fails', async () => {
    const model = new GrantsModel(async (request) =>
      (request as { method: string }).method === 'grants.list'
        ? { ok: true, data: { grants: [{ origin: 'https://a.test', tool: 'click' }] } }
        : { ok: false, error: { code: 'FAILED', message: 'Disk full.', suggestion: 'Try again.' } },
    );
    await model.refresh();
    await model.revoke({ origin: 'https://a.test', tool: 'click' });
    expect(model.grants.value).toEqual([{ origin: 'https://a.test', tool: 'click' }]);
    expect(model.error.value).toBe('Disk full. Try again.');
  });

  it('reports an answer of the wrong shape instead of showing nothing', async () => {
    const model = new GrantsModel(async () => ({ ok: true, data: [{ site: 'x' }] }));
    await model.refresh();
    expect(model.status.value).toBe('error');
    expect(model.error.value).toMatch(/did not match the protocol/);
  });
});
