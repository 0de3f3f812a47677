/** `memory_delete`: removes a saved note. Destructive: it cannot be restored. */
import { z } from 'zod';
import { buildTool } from '../../runtime/tool.js';
import { memoryKeyField, memoryNotFound, requireMemory, validateMemoryKey } from './memory-key.js';
import { memoryToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({ key: memoryKeyField().describe('The exact key of the note to delete (memory_read without a key lists them).') });

/** What `memory_delete` returns. */
export interface MemoryDeleteOutput {
  deleted: string;
}

/** Deletes a saved note for good (asks the person first). */
export const memoryDelete = buildTool<typeof inputSchema, MemoryDeleteOutput>({
  name: 'memory_delete',
  isEnabled: memoryToolEnabled,
  searchHint: 'forget remove saved note',
  inputSchema,
  prompt: [
    'Deletes one saved memory note for good. The person is asked first because it cannot be undone.',
    'Returns JSON `{deleted: key}`. A key that does not exist gives NOT_FOUND listing the keys that do.',
    'To change a note, write it again with memory_write instead; to see the notes, use memory_read without a key.',
  ].join('\n'),
  description: (input) => `Delete memory note "${input.key}"`,
  validateInput: (input) => validateMemoryKey(input.key),
  // Always asks: notes last across conversations and may be the person's; deleting one cannot be undone.
  isDestructive: () => true,
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    const memory = requireMemory(context);
    if (!(await memory.delete(input.key)))
      throw memoryNotFound(
        input.key,
        (await memory.list()).map((e) => e.key),
      );
    return { data: { deleted: input.key } };
  },
});
