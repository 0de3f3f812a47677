import { describe, expect, it } from 'vitest';
import { ActivityModel } from './activity-model.js';

const entry = {
  id: 'r:t',
  conversationId: 'c1',
  runId: 'r',
  toolUseId: 't',
  at: 0,
  tool: 'type',
  did: 'Type into textbox',
  status: 'done',
  outcome: 'ok',
  allowedBy: 'auto mode',
  allowedByKind: 'mode',
};

describe('ActivityModel', () => {
  it('loads a conversation’s log through the worker and exports it as JSON and CSV files', async () => {
    const requests: unknown[] = [];
    const model = new ActivityModel(async (request) => (requests.push(request), { ok: true, data: { entries: [entry] } }));
    await model.refresh('c1');
    expect(requests).toEqual([{ method: 'activity.list', params: { conversationId: 'c1' } }]);
    expect(model.entries.value).toHaveLength(1);
    const json = model.exportAs('json');
    expect(json).toMatchObject({ mimeType: 'application/json', filename: expect.stringMatching(/^pagewright-activity-.*\.json$/) });
    expect(JSON.parse(json.content)[0]).toMatchObject({ tool: 'type', time: '1970-01-01T00:00:00.000Z' });
    expect(model.exportAs('csv').content.split('\r\n')[1]).toContain('"type","Type into textbox"');
  });
  it('shows the worker’s error instead of an empty log', async () => {
    const model = new ActivityModel(async () => ({ ok: false, error: { code: 'FAILED', message: 'No database.', suggestion: 'Reload.' } }));
    await model.refresh('c1');
    expect(model.error.value).toBe('No database. Reload.');
  });
});
