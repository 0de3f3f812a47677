/** `memory_read`: one saved note by key, or the list of notes with their sizes. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { MEMORY_LIMITS, entryChars } from '../../shared/memory-rules.js';
import { memoryKeyField, memoryNotFound, requireMemory, validateMemoryKey } from './memory-key.js';
import { memoryToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  key: memoryKeyField().optional().describe('The note to read. Leave it out to list every note’s key, size and last update instead.'),
});

/** What `memory_read` returns: one note, or the list. */
export type MemoryReadOutput =
  | { key: string; value: string; updated_at: string }
  | {
      notes: Array<{ key: string; chars: number; updated_at: string }>;
      total_chars: number;
      limits: { max_notes: number; max_total_chars: number; max_note_chars: number };
    };

/** Reads the agent's notes that last across conversations. */
export const memoryRead = buildTool<typeof inputSchema, MemoryReadOutput>({
  name: 'memory_read',
  isEnabled: memoryToolEnabled,
  searchHint: 'recall saved notes remembered across conversations',
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Reads your saved notes: memory that lasts across conversations (the person can see and delete them in settings).',
    'With `key`: returns JSON `{key, value, updated_at}`; a missing key gives NOT_FOUND listing the keys that exist.',
    'Without `key`: returns JSON `{notes: [{key, chars, updated_at}], total_chars, limits}` so you can see what is saved before reading one.',
    'Save or update a note with memory_write; remove one with memory_delete. For results stored because they were too long, use read_result instead.',
  ].join('\n'),
  description: (input) => (input.key === undefined ? 'List saved memory notes' : `Read memory note "${input.key}"`),
  validateInput: (input) => (input.key === undefined ? { ok: true } : validateMemoryKey(input.key)),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  shouldDefer: true,
  maxResultSizeChars: 50_000,
  async call(input, context) {
    const memory = requireMemory(context);
    if (input.key !== undefined) {
      const entry = await memory.get(input.key);
      if (!entry)
        throw memoryNotFound(
          input.key,
          (await memory.list()).map((e) => e.key),
        );
      return { data: { key: entry.key, value: entry.value, updated_at: new Date(entry.updatedAt).toISOString() } };
    }
    const entries = await memory.list();
    return {
      data: {
        notes: entries.map((e) => ({ key: e.key, chars: e.value.length, updated_at: new Date(e.updatedAt).toISOString() })),
        total_chars: entries.reduce((sum, e) => sum + entryChars(e), 0),
        limits: { max_notes: MEMORY_LIMITS.maxEntries, max_total_chars: MEMORY_LIMITS.totalMaxChars, max_note_chars: MEMORY_LIMITS.valueMaxChars },
      },
    };
  },
});
