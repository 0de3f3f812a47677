/** `memory_write`: saves or replaces a note that lasts across conversations. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { MEMORY_LIMITS, checkMemoryValue } from '../../shared/memory-rules.js';
import { memoryKeyField, requireMemory, validateMemoryKey } from './memory-key.js';
import { memoryToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  key: memoryKeyField(),
  value: z
    .string()
    .describe(
      `The note's text (plain text or Markdown), at most ${MEMORY_LIMITS.valueMaxChars.toLocaleString('en')} characters. Replaces any note with the same key.`,
    ),
});

/** What `memory_write` returns. */
export interface MemoryWriteOutput {
  key: string;
  chars: number;
  replaced: boolean;
}

/** Saves a note under a key, replacing an existing one. Limited in size and count by the store. */
export const memoryWrite = buildTool<typeof inputSchema, MemoryWriteOutput>({
  name: 'memory_write',
  isEnabled: memoryToolEnabled,
  searchHint: 'remember save note for later conversations',
  inputSchema,
  prompt: [
    'Saves a note under a key so you can read it in later conversations (memory_read). Writing an existing key replaces its value.',
    `Limits: ${MEMORY_LIMITS.valueMaxChars.toLocaleString('en')} characters per note, ${MEMORY_LIMITS.maxEntries} notes, ${MEMORY_LIMITS.totalMaxChars.toLocaleString('en')} characters in all. Going over gives VALUE_TOO_LARGE or MEMORY_FULL with what to do.`,
    'Returns JSON `{key, chars, replaced}`. Save only what will help later (preferences, facts the person told you, progress on a long task); never save passwords or secrets.',
    'To write a file the person can open, use save_file instead.',
  ].join('\n'),
  description: (input) => `Save memory note "${input.key}" (${input.value.length} characters)`,
  validateInput(input) {
    const key = validateMemoryKey(input.key);
    if (!key.ok) return key;
    const error = checkMemoryValue(input.value);
    return error ? { ok: false, code: error.code, message: error.message, suggestion: error.suggestion, details: { ...error.details } } : { ok: true };
  },
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const memory = requireMemory(context);
    const replaced = (await memory.get(input.key)) !== undefined;
    await memory.set(input.key, input.value);
    return { data: { key: input.key, chars: input.value.length, replaced } };
  },
});
