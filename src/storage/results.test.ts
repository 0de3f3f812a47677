import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { persistOversizedResult, readStoredResult } from '../runtime/budget.js';
import { ToolError } from '../runtime/errors.js';
import type { ToolResultContentBlock } from '../runtime/model/types.js';
import { openDatabase } from './database.js';
import { createIdbResultStore } from './results.js';

const text = (t: string): ToolResultContentBlock[] => [{ type: 'text', text: t }];
const lines = (n: number, width = 49) => Array.from({ length: n }, (_, i) => `${String(i).padStart(6, '0')} ${'x'.repeat(width - 7)}`).join('\n');

describe('IndexedDB store and readStoredResult', () => {
  it('round-trips a stored result and reads it in pages', async () => {
    const store = createIdbResultStore(openDatabase(`results-test-${Math.random()}`));
    const full = lines(400);
    await persistOversizedResult({ toolUseId: 'p', toolName: 'big', content: text(full) }, store, 'Too long');
    const first = await readStoredResult(store, 'result_p', 0, 10_000);
    expect(first).toEqual({ id: 'result_p', content: full.slice(0, 10_000), offset: 0, totalChars: full.length, nextOffset: 10_000 });
    const last = await readStoredResult(store, 'result_p', 10_000, 100_000);
    expect(last.content).toBe(full.slice(10_000));
    expect(last.nextOffset).toBeUndefined();
  });

  it('reports an unknown id and an offset past the end as structured errors', async () => {
    const store = createIdbResultStore(openDatabase(`results-test-${Math.random()}`));
    await expect(readStoredResult(store, 'result_missing')).rejects.toMatchObject({ code: 'RESULT_NOT_FOUND' });
    await store.put({ id: 'r', toolUseId: 't', toolName: 'big', content: 'abc', createdAt: 0 });
    const error = await readStoredResult(store, 'r', 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).toPayload()).toMatchObject({ code: 'INVALID_INPUT', totalChars: 3 });
  });
});
