/**
 * Type-level tests: each tool's own input and output types survive `buildTool` (and `withRetry`).
 * `expectTypeOf` checks at compile time, so `tsc` (run by `npm test`) fails if inference breaks; the
 * runtime assertions below only make sure the file runs.
 */
import { describe, expectTypeOf, it, expect } from 'vitest';
import { z } from 'zod';
import { withRetry } from '../../../src/runtime/execute.js';
import { buildTool, type Tool } from '../../../src/runtime/tool.js';

const inputSchema = z.object({
  url: z.string().describe('Where'),
  retries: z.number().int().default(2).describe('How often'),
  mode: z.enum(['fast', 'slow']).optional().describe('Speed'),
});
type Input = { url: string; retries: number; mode?: 'fast' | 'slow' | undefined };
type Output = { status: number; body: string };

const fetchLike = buildTool({
  name: 'fetch_like',
  inputSchema,
  prompt: 'Fetches.',
  isReadOnly: (input) => {
    expectTypeOf(input).toEqualTypeOf<Input>();
    return input.mode !== 'slow';
  },
  async call(input, _context, _canUseTool, _parent, onProgress: (p: { percent: number }) => void) {
    expectTypeOf(input).toEqualTypeOf<Input>();
    onProgress({ percent: 50 });
    return { data: { status: 200, body: input.url } satisfies Output as Output };
  },
  mapResultForModel(output) {
    expectTypeOf(output).toEqualTypeOf<Output>();
    return [{ type: 'text', text: output.body }];
  },
});

describe('buildTool inference', () => {
  it('keeps the input, output and progress types', () => {
    expectTypeOf(fetchLike).toEqualTypeOf<Tool<typeof inputSchema, Output, { percent: number }>>();
    expectTypeOf<Parameters<typeof fetchLike.call>[0]>().toEqualTypeOf<Input>();
    expectTypeOf<Awaited<ReturnType<typeof fetchLike.call>>['data']>().toEqualTypeOf<Output>();
    expectTypeOf<Parameters<typeof fetchLike.mapResultForModel>[0]>().toEqualTypeOf<Output>();
    expectTypeOf<Parameters<typeof fetchLike.isDestructive>[0]>().toEqualTypeOf<Input>();
    expect(fetchLike.name).toBe('fetch_like');
  });

  it('rejects calls with the wrong input type at compile time', () => {
    // @ts-expect-error url must be a string
    const wrong = () => fetchLike.isReadOnly({ url: 1, retries: 2 });
    expect(typeof wrong).toBe('function');
  });

  it('keeps the types through withRetry', () => {
    const retried = withRetry(fetchLike, { attempts: 2, isTransient: () => true });
    expectTypeOf(retried).toEqualTypeOf<typeof fetchLike>();
    expect(retried.name).toBe('fetch_like');
  });
});
