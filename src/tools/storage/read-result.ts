/** `read_result`: reads, page by page, a tool result that was stored because it was over budget. */
import { z } from 'zod';
import { ToolError } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';

const MAX_LIMIT = 40_000;
const DEFAULT_LIMIT = 20_000;

const inputSchema = z.strictObject({
  id: z.string().min(1).max(200).describe('The stored result id given in the preview of a long result (e.g. "r_1a2b3c").'),
  offset: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('The character to start at (0 = the beginning, default). Use the `next_offset` of the previous read to continue.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(DEFAULT_LIMIT)
    .describe(`How many characters to read, 1–${MAX_LIMIT.toLocaleString('en')} (default ${DEFAULT_LIMIT.toLocaleString('en')}).`),
});

/** What `read_result` returns: one slice of the stored text and where to continue. */
export interface ReadResultOutput {
  id: string;
  tool_name: string;
  offset: number;
  end: number;
  total_chars: number;
  remaining_chars: number;
  /** Where the next read starts; null when this slice reached the end. */
  next_offset: number | null;
  content: string;
}

/** Reads a stored over-budget result in slices; its own output is bounded by `limit`, so it is never stored again. */
export const readResult = buildTool<typeof inputSchema, ReadResultOutput>({
  name: 'read_result',
  searchHint: 'more of long truncated stored output continue',
  inputSchema,
  prompt: [
    'Reads more of a tool result that was too long to show in full. Such results end with a preview that names a stored result id and its total size.',
    `Give the \`id\`, an \`offset\` (default 0) and a \`limit\` (default ${DEFAULT_LIMIT.toLocaleString('en')}, at most ${MAX_LIMIT.toLocaleString('en')} characters).`,
    'Returns a header line with the character range, the total, how many characters are left and the next offset, followed by the text itself. Read on with the next offset until nothing is left, or stop once you have what you need.',
    'Unknown ids give NOT_FOUND; an offset at or past the end gives OFFSET_OUT_OF_RANGE with the total size. For fresh page content call read_page or get_page_text again instead; for saved notes use memory_read.',
  ].join('\n'),
  description: (input) => `Read stored result ${input.id} from character ${input.offset}`,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  // It limits itself with `limit`; storing its output again would send the model in circles.
  maxResultSizeChars: Infinity,
  async call(input, context) {
    const stored = await context.resultStore.get(input.id);
    if (!stored) {
      throw new ToolError('NOT_FOUND', `No stored result has the id "${input.id}".`, {
        suggestion: 'Copy the id exactly from the preview of the long result; if that result came from an earlier session, run the tool again.',
        details: { id: input.id },
      });
    }
    const total = stored.content.length;
    if (input.offset >= total && !(total === 0 && input.offset === 0)) {
      throw new ToolError('OFFSET_OUT_OF_RANGE', `Offset ${input.offset} is past the end: stored result "${input.id}" has ${total} characters.`, {
        suggestion: total > 0 ? `Use an offset from 0 to ${total - 1}; you have already read to the end if you got here by next_offset.` : 'The stored result is empty.',
        details: { id: input.id, total_chars: total },
      });
    }
    const end = Math.min(total, input.offset + input.limit);
    return {
      data: {
        id: stored.id,
        tool_name: stored.toolName,
        offset: input.offset,
        end,
        total_chars: total,
        remaining_chars: total - end,
        next_offset: end < total ? end : null,
        content: stored.content.slice(input.offset, end),
      },
    };
  },
  mapResultForModel(output) {
    const where =
      output.next_offset === null
        ? 'this is the end.'
        : `${output.remaining_chars} characters left; continue with offset ${output.next_offset}.`;
    const header = `[Stored result ${output.id} (from ${output.tool_name}): characters ${output.offset}–${output.end} of ${output.total_chars}; ${where}]`;
    return [{ type: 'text', text: `${header}\n${output.content}` }];
  },
});
