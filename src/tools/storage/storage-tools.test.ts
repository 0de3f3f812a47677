import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '../../shared/memory-rules.js';
import { createIdbMemoryStore } from '../../storage/memory.js';
import { openDatabase } from '../../storage/database.js';
import { memoryDelete } from './memory-delete.js';
import { memoryRead } from './memory-read.js';
import { memoryWrite } from './memory-write.js';
import { readResult } from './read-result.js';
import { checkFilename, sanitizeFilename, saveFile } from './save-file.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { fakeContext, noCanUseTool, rejection } from '../../../tests/support/tool-context.js';
import { createMemoryResultStore } from '../../runtime/budget.js';

const noProgress = () => undefined;
let dbCounter = 0;
const memoryContext = () => fakeContext({ memory: createIdbMemoryStore(openDatabase(`tools-memory-${++dbCounter}`)) });

describe('read_result', () => {
  const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
  const context = fakeContext({
    resultStore: createMemoryResultStore([{ id: 'r_1', toolUseId: 'tu_1', toolName: 'get_page_text', content: text, createdAt: 0 }]),
  });
  const read = (input: Record<string, unknown>) => readResult.call(readResult.inputSchema.parse(input), context, noCanUseTool, undefined, noProgress);

  it('reads slices, says how much is left and where to continue, and ends with next_offset null', async () => {
    const first = await read({ id: 'r_1', limit: 5000 });
    expect(first.data).toMatchObject({ offset: 0, end: 5000, total_chars: text.length, remaining_chars: text.length - 5000, next_offset: 5000 });
    expect(first.data.content).toBe(text.slice(0, 5000));
    const [block] = readResult.mapResultForModel(first.data, 'tu_2');
    expect(block).toEqual({
      type: 'text',
      text: `[Stored result r_1: characters 0–5000 of ${text.length}; ${text.length - 5000} characters left; continue with offset 5000.]\n${text.slice(0, 5000)}`,
    });
    const last = await read({ id: 'r_1', offset: 5000, limit: 40_000 });
    expect(last.data).toMatchObject({ end: text.length, remaining_chars: 0, next_offset: null });
    expect(first.data.content + last.data.content).toBe(text);
    expect(readResult.mapResultForModel(last.data, 'tu_3')[0]).toMatchObject({ text: expect.stringContaining('this is the end.') });
  });

  it('uses offset 0 and a 20,000 limit by default', async () => {
    const { data } = await read({ id: 'r_1' });
    expect(data.offset).toBe(0);
    expect(data.end).toBe(Math.min(20_000, text.length));
  });

  it('gives RESULT_NOT_FOUND for an unknown id and INVALID_INPUT past the end', async () => {
    const missing = await rejection(read({ id: 'r_nope' }));
    expect(missing.code).toBe('RESULT_NOT_FOUND');
    expect(missing.suggestion).toMatch(/id/);
    const past = await rejection(read({ id: 'r_1', offset: text.length + 1 }));
    expect(past.code).toBe('INVALID_INPUT');
    expect(past.details).toMatchObject({ totalChars: text.length });
    // Exactly at the end: nothing left, said plainly rather than as an error.
    const atEnd = await read({ id: 'r_1', offset: text.length });
    expect(atEnd.data).toMatchObject({ content: '', remaining_chars: 0, next_offset: null });
  });

  it('bounds its own input and opts out of the result budget', () => {
    expect(readResult.maxResultSizeChars).toBe(Infinity);
    expect(readResult.inputSchema.safeParse({ id: 'r_1', limit: 40_001 }).success).toBe(false);
    expect(readResult.inputSchema.safeParse({ id: 'r_1', offset: -1 }).success).toBe(false);
    expect(readResult.inputSchema.safeParse({ id: '' }).success).toBe(false);
    expect(readResult.isReadOnly({ id: 'r_1', offset: 0, limit: 1 })).toBe(true);
    expect(readResult.isConcurrencySafe({ id: 'r_1', offset: 0, limit: 1 })).toBe(true);
    expect(readResult.interruptBehavior()).toBe('cancel');
  });
});

describe('memory tools', () => {
  it('write, list with sizes, read, overwrite and delete', async () => {
    const context = memoryContext();
    const write = (key: string, value: string) => memoryWrite.call({ key, value }, context, noCanUseTool, undefined, noProgress);
    expect((await write('prefs', 'dark mode')).data).toEqual({ key: 'prefs', chars: 9, replaced: false });
    expect((await write('prefs', 'light mode')).data).toEqual({ key: 'prefs', chars: 10, replaced: true });
    await write('todo', 'buy milk');
    const list = await memoryRead.call({}, context, noCanUseTool, undefined, noProgress);
    expect(list.data).toMatchObject({
      notes: [
        { key: 'prefs', chars: 10 },
        { key: 'todo', chars: 8 },
      ],
      total_chars: 'prefs'.length + 10 + 'todo'.length + 8,
      limits: { max_notes: MEMORY_LIMITS.maxEntries },
    });
    expect((await memoryRead.call({ key: 'prefs' }, context, noCanUseTool, undefined, noProgress)).data).toMatchObject({ key: 'prefs', value: 'light mode' });
    expect((await memoryDelete.call({ key: 'prefs' }, context, noCanUseTool, undefined, noProgress)).data).toEqual({ deleted: 'prefs' });
    const missing = await rejection(memoryRead.call({ key: 'prefs' }, context, noCanUseTool, undefined, noProgress));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.details).toMatchObject({ existing_keys: ['todo'] });
  });

  it('memory_delete of a missing key gives NOT_FOUND and is always destructive', async () => {
    const context = memoryContext();
    const error = await rejection(memoryDelete.call({ key: 'ghost' }, context, noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.suggestion).toMatch(/memory_write/);
    expect(memoryDelete.isDestructive({ key: 'ghost' }, context)).toBe(true);
    expect(memoryWrite.isDestructive({ key: 'a', value: 'b' }, context)).toBe(false);
  });

  it('validateInput refuses an oversized value and bad keys before any prompt', async () => {
    const context = memoryContext();
    const big = await memoryWrite.validateInput({ key: 'k', value: 'x'.repeat(MEMORY_LIMITS.valueMaxChars + 1) }, context);
    expect(big).toMatchObject({ ok: false, code: 'VALUE_TOO_LARGE' });
    expect(await memoryWrite.validateInput({ key: '', value: 'v' }, context)).toMatchObject({ ok: false, code: 'INVALID_KEY' });
    expect(await memoryDelete.validateInput({ key: 'a\nb' }, context)).toMatchObject({ ok: false, code: 'INVALID_KEY' });
    expect(await memoryRead.validateInput({ key: 'x'.repeat(101) }, context)).toMatchObject({ ok: false, code: 'INVALID_KEY' });
    expect(await memoryRead.validateInput({}, context)).toEqual({ ok: true });
  });

  it('passes MEMORY_FULL from the store through to the model', async () => {
    const context = memoryContext();
    for (let i = 0; i < MEMORY_LIMITS.maxEntries; i++) await context.memory?.set(`n${i}`, 'v');
    const error = await rejection(memoryWrite.call({ key: 'extra', value: 'v' }, context, noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('MEMORY_FULL');
  });

  it('gives MEMORY_UNAVAILABLE when the run has no memory store', async () => {
    expect((await rejection(memoryRead.call({}, fakeContext(), noCanUseTool, undefined, noProgress))).code).toBe('MEMORY_UNAVAILABLE');
  });

  it('is deferred; only memory_read is a concurrency-safe read', () => {
    for (const tool of [memoryRead, memoryWrite, memoryDelete]) expect(tool.shouldDefer).toBe(true);
    expect(memoryRead.isReadOnly({})).toBe(true);
    expect(memoryRead.isConcurrencySafe({})).toBe(true);
    expect(memoryWrite.isReadOnly({ key: 'a', value: 'b' })).toBe(false);
    expect(memoryWrite.isConcurrencySafe({ key: 'a', value: 'b' })).toBe(false);
    expect(memoryDelete.isConcurrencySafe({ key: 'a' })).toBe(false);
  });
});

describe('save_file', () => {
  it('downloads the content with the sanitized name and reports bytes', async () => {
    const browser = new FakeBrowser([]);
    const context = fakeContext({ browser });
    const input = saveFile.inputSchema.parse({ filename: 'notes: é?.md', content: 'héllo' });
    expect(input.mime_type).toBe('text/plain');
    const { data } = await saveFile.call(input, context, noCanUseTool, undefined, noProgress);
    expect(data).toEqual({ download_id: 1, filename: 'notes_ é_.md', bytes: 6 });
    expect(browser.downloads).toEqual([{ filename: 'notes_ é_.md', content: 'héllo', mimeType: 'text/plain' }]);
  });

  it('refuses path traversal, absolute paths and folders before any download', async () => {
    const context = fakeContext({ browser: new FakeBrowser([]) });
    for (const filename of ['../../etc/passwd', '..', 'a/b.txt', 'C:\\Windows\\x.txt', '/tmp/x', 'C:x.txt', '..\\up.txt']) {
      expect(await saveFile.validateInput({ filename, content: 'x', mime_type: 'text/plain' }, context)).toMatchObject({ ok: false, code: 'INVALID_FILENAME' });
    }
    expect(checkFilename('report.final.md')).toEqual({ ok: true });
  });

  it('sanitizes hidden, reserved and control-character names', () => {
    expect(sanitizeFilename('.bashrc')).toBe('bashrc');
    expect(sanitizeFilename('con.txt')).toBe('_con.txt');
    expect(sanitizeFilename('a\u0000b\tc.txt')).toBe('a_b_c.txt');
    expect(sanitizeFilename('name. . ')).toBe('name');
    expect(sanitizeFilename('...')).toBe('download.txt');
  });

  it('rejects a malformed MIME type and is a deferred action', () => {
    expect(saveFile.inputSchema.safeParse({ filename: 'a.txt', content: '', mime_type: 'text plain' }).success).toBe(false);
    expect(saveFile.shouldDefer).toBe(true);
    const input = { filename: 'a.txt', content: '', mime_type: 'text/plain' };
    expect(saveFile.isReadOnly(input)).toBe(false);
    expect(saveFile.isConcurrencySafe(input)).toBe(false);
    expect(saveFile.interruptBehavior()).toBe('block');
  });

  it('saving a file that runs code when opened (a program, a script, HTML) is destructive, so it asks in every mode; a note is not', () => {
    const context = fakeContext();
    for (const filename of ['setup.exe', 'run.sh', 'tool.py', 'page.html', 'notes.HTM ']) {
      expect(saveFile.isDestructive({ filename, content: '', mime_type: 'text/plain' }, context), filename).toBe(true);
    }
    for (const filename of ['notes.md', 'prices.csv', 'summary.txt']) {
      expect(saveFile.isDestructive({ filename, content: '', mime_type: 'text/plain' }, context), filename).toBe(false);
    }
  });
});
