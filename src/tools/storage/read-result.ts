/** `read_result`: reads, page by page, a tool result that was stored because it was over budget. */
import { z } from 'zod';
import { DEFAULT_READ_LIMIT, readStoredResult } from '../../runtime/budget.js';
import { buildTool } from '../../runtime/tool.js';

const MAX_LIMIT = 40_000;
const DEFAULT_LIMIT = DEFAULT_READ_LIMIT;

const inputSchema = z.strictObject({
  id: z.string().min(1).max(200).describe('The stored result id given in the preview of a long result (e.g. "r_1a2b3c").'),
  offset: z.number().int().min(0).default(0).describe('The character to start at (0 = the beginning, default).'),
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
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Reads more of a tool result that was too long to show in full. Such results end with a preview that names a stored result id and its total size.',
    `Give the \`id\`, an \`offset\` (default 0) and a \`limit\` (default ${DEFAULT_LIMIT.toLocaleString('en')}, at most ${MAX_LIMIT.toLocaleString('en')} characters).`,
    'Returns a header (range, total, next offset), then the text. Read on with the next offset, or stop once you have what you need.',
    'For fresh page content call read_page or get_page_text again instead.',
  ].join('\n'),
  description: (input) => `Read stored result ${input.id} from character ${input.offset}`,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  // It limits itself with `limit`; storing its output again would send the model in circles.
  maxResultSizeChars: Infinity,
  async call(input, context) {
    const page = await readStoredResult(context.resultStore, input.id, input.offset, input.limit);
    const end = page.offset + page.content.length;
    return {
      data: {
        id: page.id,
        offset: page.offset,
        end,
        total_chars: page.totalChars,
        remaining_chars: page.totalChars - end,
        next_offset: page.nextOffset ?? null,
        content: page.content,
      },
    };
  },
  mapResultForModel(output) {
    const where = output.next_offset === null ? 'this is the end.' : `${output.remaining_chars} characters left; continue with offset ${output.next_offset}.`;
    const header = `[Stored result ${output.id}: characters ${output.offset}–${output.end} of ${output.total_chars}; ${where}]`;
    return [{ type: 'text', text: `${header}\n${output.content}` }];
  },
});
