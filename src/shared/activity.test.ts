import { describe, expect, it } from 'vitest';
import { activityToCsv, activityToJson, allowedByText, type ActivityEntry } from './activity.js';

const entry: ActivityEntry = {
  id: 'r1:t1',
  conversationId: 'c1',
  runId: 'r1',
  toolUseId: 't1',
  at: Date.UTC(2025, 0, 2, 3, 4, 5),
  site: 'https://shop.test',
  tool: 'click',
  did: 'Click button "Place order" — submits the form “Checkout” (POST /order)',
  status: 'done',
  outcome: '=HYPERLINK("http://evil.test")',
  allowedBy: 'the person (once)',
  allowedByKind: 'person',
};

describe('activity log', () => {
  it('says who allowed a call, for each kind of reason', () => {
    expect(allowedByText({ type: 'person', choice: 'allow_task' }).allowedBy).toBe('the person (for this task)');
    expect(allowedByText({ type: 'grant', origin: 'https://a.test', scope: 'always' }).allowedBy).toBe('a grant always on https://a.test');
    expect(allowedByText({ type: 'rule', rule: 'click(*.a.test)', behavior: 'allow' })).toEqual({
      allowedBy: 'the rule click(*.a.test)',
      allowedByKind: 'rule',
    });
    expect(allowedByText({ type: 'mode', mode: 'auto', detail: 'x' }).allowedBy).toBe('auto mode');
  });
  it('exports CSV with a header, quoted cells, ISO times, and page text that cannot run as a spreadsheet formula', () => {
    const csv = activityToCsv([entry]);
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe('at,site,tool,did,status,outcome,allowedBy,askedBy,conversationId,runId,toolUseId');
    expect(row).toBe(
      '"2025-01-02T03:04:05.000Z","https://shop.test","click","Click button ""Place order"" — submits the form “Checkout” (POST /order)","done","\'=HYPERLINK(""http://evil.test"")","the person (once)","","c1","r1","t1"',
    );
  });
  it('exports JSON with the time in words', () => {
    expect(JSON.parse(activityToJson([entry]))).toEqual([{ ...entry, time: '2025-01-02T03:04:05.000Z' }]);
  });
});
