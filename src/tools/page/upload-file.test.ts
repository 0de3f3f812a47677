/**
 * upload_file through the executor with the real permission system, against a fake content script: what
 * crosses to the page (the bytes, once, made before the prompt), what the person is shown (names, sizes,
 * first lines), page checks before any prompt, and files carrying another site's data judged as data leaving.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryResultStore } from '../../runtime/budget.js';
import { executeToolCall } from '../../runtime/execute.js';
import { createCanUseTool } from '../../runtime/permissions.js';
import type { PermissionMode, PermissionRequest } from '../../runtime/permission-types.js';
import { FakeBrowser, TINY_PNG, type SentCommand } from '../../../tests/support/fake-browser.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { accepts, typeOfName } from './upload-content.js';
import { uploadFile } from './upload-file.js';

const PAGE = 'https://shop.test/expenses';
const target = (over: Record<string, unknown> = {}) => ({
  documentId: 'doc',
  url: PAGE,
  origin: 'https://shop.test',
  kind: 'input',
  label: 'button "Attach receipt"',
  input: 'button "Choose File"',
  multiple: false,
  accept: '',
  ...over,
});

function setup(
  options: { mode?: PermissionMode; target?: Record<string, unknown>; error?: { code: string; message: string; suggestion: string }; frames?: string[] } = {},
) {
  const answer = ({ command }: SentCommand) => {
    if (command.type === 'file_target') return options.error ? { ok: false, error: options.error } : { ok: true, result: target(options.target) };
    if (command.type === 'upload') {
      const files = command['files'] as Array<{ name: string }>;
      return {
        ok: true,
        result: { documentId: 'doc', url: PAGE, summary: `Put ${files.length} file into the file input`, kind: 'input', held: files.map((f) => f.name) },
      };
    }
    throw new Error(`unexpected ${command.type}`);
  };
  const browser = new FakeBrowser([{ id: 1, active: true, url: PAGE, title: 'Expenses' }], {
    answer,
    frames: [{ frameId: 0, parentFrameId: -1, url: PAGE }, ...(options.frames ?? []).map((url, i) => ({ frameId: i + 1, parentFrameId: 0, url }))],
  });
  const asked: PermissionRequest[] = [];
  const context = createTestContext([uploadFile], {
    browser,
    resultStore: createMemoryResultStore([
      { id: 'result_t9', toolUseId: 't9', toolName: 'get_page_text', content: 'Quarterly report\nline two\nline three\nline four', createdAt: 1 },
    ]),
    permissions: { mode: options.mode ?? 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    appState: { discoveredTools: ['upload_file'], grants: [] },
    askPerson: async (request) => (asked.push(request), { choice: 'allow_once' }),
  });
  context.snapshots.update(1, PAGE, { e4: { role: 'button', name: 'Attach receipt' } });
  const run = (input: Record<string, unknown>) =>
    executeToolCall({ type: 'tool_use', id: 'u1', name: 'upload_file', input }, context, { canUseTool: createCanUseTool() });
  const uploads = () => browser.sent.filter((sent) => sent.command.type === 'upload').map((sent) => sent.command['files'] as Array<Record<string, unknown>>);
  return { run, asked, context, browser, uploads };
}

const text = (outcome: Awaited<ReturnType<ReturnType<typeof setup>['run']>>) =>
  outcome.decision.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('upload_file', () => {
  it('sends the written file once, as UTF-8 bytes, after a prompt that shows its name, size and first lines', async () => {
    const { run, asked, uploads } = setup();
    const outcome = await run({ ref: 'e4', files: [{ name: 'receipt.txt', content: 'Taxi 23,50 €\nAirport → hotel\nthird\nfourth' }] });
    expect(outcome.status, text(outcome)).toBe('done');
    expect(asked).toHaveLength(1);
    const facts = asked[0]?.effect?.facts ?? [];
    expect(facts).toContainEqual({ label: 'File', value: 'receipt.txt (45 bytes)' });
    expect(facts).toContainEqual({ label: 'It begins', value: 'Taxi 23,50 € ⏎ Airport → hotel ⏎ third' });
    expect(asked[0]?.effect?.summary).toContain('puts receipt.txt (45 bytes) into the file input button "Choose File"');
    const [files] = uploads();
    expect(files).toHaveLength(1);
    expect(files?.[0]).toMatchObject({ name: 'receipt.txt', type: 'text/plain', size: 45 });
    expect(Buffer.from(String(files?.[0]?.['base64']), 'base64').toString('utf8')).toBe('Taxi 23,50 €\nAirport → hotel\nthird\nfourth');
    // The model reads what the page did, never the bytes again.
    expect(text(outcome)).toContain('the input holds receipt.txt');
    expect(text(outcome)).not.toContain('Airport');
  });

  it('reads a stored long result whole, and a screenshot as a PNG of the tab', async () => {
    const { run, uploads } = setup({ mode: 'auto', target: { multiple: true } });
    const outcome = await run({ ref: 'e4', files: [{ name: 'report.md', from_result: 'result_t9' }, { screenshot: true }] });
    expect(outcome.status, text(outcome)).toBe('done');
    const [files] = uploads();
    expect(Buffer.from(String(files?.[0]?.['base64']), 'base64').toString('utf8')).toBe('Quarterly report\nline two\nline three\nline four');
    expect(files?.[0]).toMatchObject({ type: 'text/markdown' });
    expect(files?.[1]).toMatchObject({ name: 'screenshot.png', type: 'image/png', base64: TINY_PNG });
  });

  it('fails a page check before anyone is asked: not a file target, one file for a single input, a type it does not accept, an unknown result', async () => {
    const cases: Array<[Parameters<typeof setup>[0], Record<string, unknown>, string]> = [
      [
        { error: { code: 'NOT_A_FILE_TARGET', message: 'button "Delete" is neither…', suggestion: 'Give the ref of the file input' } },
        { files: [{ name: 'a.txt', content: 'x' }] },
        'NOT_A_FILE_TARGET',
      ],
      [
        {},
        {
          files: [
            { name: 'a.txt', content: 'x' },
            { name: 'b.txt', content: 'y' },
          ],
        },
        'TOO_MANY_FILES',
      ],
      [{ target: { accept: 'image/*,.pdf' } }, { files: [{ name: 'a.txt', content: 'x' }] }, 'FILE_TYPE_NOT_ACCEPTED'],
      [{}, { files: [{ name: 'a.txt', from_result: 'result_missing' }] }, 'RESULT_NOT_FOUND'],
      [{}, { files: [{ name: '../../.bashrc', content: 'x' }] }, 'INVALID_FILENAME'],
    ];
    for (const [options, input, code] of cases) {
      const { run, asked, uploads } = setup(options);
      const outcome = await run({ ref: 'e4', ...input });
      expect(outcome.error?.code, code).toBe(code);
      expect(asked, code).toHaveLength(0);
      expect(uploads(), code).toHaveLength(0);
    }
  });

  it('a file carrying text read on another site asks, in auto mode too; the same file of the page’s own text does not', async () => {
    const leaking = setup({ mode: 'auto' });
    leaking.context.ledger.record('r1', 'https://bank.test', 'Account 4481 2290 7715 balance 12,440.17 EUR');
    const outcome = await leaking.run({ ref: 'e4', files: [{ name: 'notes.txt', content: 'Account 4481 2290 7715 balance 12,440.17 EUR' }] });
    expect(leaking.asked).toHaveLength(1);
    expect(leaking.asked[0]?.why).toMatchObject({ type: 'data_flow' });
    expect(leaking.asked[0]?.effect?.dataFlows?.[0]).toMatchObject({ from: 'https://bank.test', to: 'https://shop.test' });
    expect(outcome.status).toBe('done'); // the person allowed it once

    const own = setup({ mode: 'auto' });
    own.context.ledger.record('r1', 'https://shop.test', 'Account 4481 2290 7715 balance 12,440.17 EUR');
    await own.run({ ref: 'e4', files: [{ name: 'notes.txt', content: 'Account 4481 2290 7715 balance 12,440.17 EUR' }] });
    expect(own.asked).toHaveLength(0);
  });

  it('a screenshot of a tab that frames another site carries what that frame showed: it asks in auto mode', async () => {
    const { run, asked } = setup({ mode: 'auto', frames: ['https://bank.test/widget'] });
    await run({ ref: 'e4', files: [{ screenshot: true }] });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.effect?.dataFlows).toEqual([
      { from: 'https://bank.test', to: 'https://shop.test', text: 'a screenshot of the tab (screenshot.png)', seen: 'screenshot' },
    ]);
  });

  it('names types by extension and matches accept lists as a browser’s picker does', () => {
    expect(typeOfName('a.CSV')).toBe('text/csv');
    expect(typeOfName('noext')).toBe('text/plain');
    expect(accepts('', 'a.txt', 'text/plain')).toBe(true);
    expect(accepts('image/*, .pdf', 'shot.png', 'image/png')).toBe(true);
    expect(accepts('image/*, .pdf', 'a.PDF', 'application/pdf')).toBe(true);
    expect(accepts('image/*, .pdf', 'a.txt', 'text/plain')).toBe(false);
    expect(accepts('text/csv', 'a.csv', 'text/csv')).toBe(true);
  });
});
