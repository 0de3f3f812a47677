/**
 * Type-level tests: each tool's own input and output types survive `buildTool` (and `withRetry`).
 * `expectTypeOf` checks at compile time, so `tsc` (run by `npm test`) fails if inference breaks; the
 * runtime assertions below only make sure the file runs.
 */
import { describe, expectTypeOf, it, expect } from 'vitest';
import { z } from 'zod';
import { withRetry } from './execute.js';
import { buildTool, type Tool } from './tool.js';

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

describe('buildTool defaults', () => {
  it('fills what a definition leaves out with the fail-closed defaults', async () => {
    const bare = buildTool({ name: 'bare', inputSchema: z.object({}), prompt: 'p', call: async () => ({ data: { n: 1 } }) });
    expect(bare.isConcurrencySafe({})).toBe(false);
    expect(bare.isReadOnly({})).toBe(false);
    expect(bare.isDestructive({})).toBe(false);
    expect(bare.interruptBehavior()).toBe('block');
    expect(bare.isEnabled(undefined)).toBe(true);
    expect(bare.failureCancelsSiblings({})).toBe(false);
    expect(await bare.checkPermissions({}, undefined as never)).toEqual({ behavior: 'passthrough' });
    expect(await bare.validateInput({}, undefined as never)).toEqual({ ok: true });
    expect(bare.permissionSubject({}, undefined as never)).toBeUndefined();
    expect(bare.maxResultSizeChars).toBe(50_000);
    expect([bare.shouldDefer, bare.alwaysLoad, bare.isExternal]).toEqual([false, false, false]);
    expect(bare.aliases).toEqual([]);
    expect(bare.mapResultForModel({ n: 1 }, 't')).toEqual([{ type: 'text', text: '{\n  "n": 1\n}' }]);
  });

  it('keeps what a definition sets', () => {
    const set = buildTool({
      name: 'set',
      inputSchema: z.object({}),
      prompt: 'p',
      isReadOnly: () => true,
      interruptBehavior: () => 'cancel',
      maxResultSizeChars: Infinity,
      call: async () => ({ data: 1 }),
    });
    expect([set.isReadOnly({}), set.interruptBehavior(), set.maxResultSizeChars]).toEqual([true, 'cancel', Infinity]);
  });
});
