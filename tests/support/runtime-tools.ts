/** Small tools for runtime tests: each exists to exercise one rule. */
import { z } from 'zod';
import { ToolError } from '../../src/runtime/errors.js';
import type { ToolUseContext } from '../../src/runtime/context.js';
import type { ToolUseBlock } from '../../src/runtime/model/types.js';
import { StreamingToolExecutor, type StreamingToolExecutorOptions, type TurnResults } from '../../src/runtime/streaming-executor.js';
import { buildTool } from '../../src/runtime/tool.js';
import type { CanUseTool } from '../../src/runtime/tool.js';

/** One whole message's calls through the turn's executor, as the loop hands them over when none started while it streamed. */
export const runTurn = (toolUses: ToolUseBlock[], context: ToolUseContext, options: StreamingToolExecutorOptions): Promise<TurnResults> =>
  new StreamingToolExecutor(context, options).finish(toolUses);

/** Allows everything, recording what it was asked. */
export function allowAll(): CanUseTool & { asked: string[] } {
  const asked: string[] = [];
  const canUseTool: CanUseTool = async (tool) => {
    asked.push(tool.name);
    return { behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } };
  };
  return Object.assign(canUseTool, { asked });
}

export const echoTool = buildTool({
  name: 'echo',
  aliases: ['say'],
  searchHint: 'repeat some text back unchanged',
  inputSchema: z.object({
    text: z.string().min(1).describe('What to repeat'),
    loud: z.boolean().default(false).describe('Upper-case it'),
    times: z.number().int().min(1).max(5).default(1).describe('How often'),
  }),
  prompt: 'Repeats the text.',
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  async call(input) {
    const text = input.text.repeat(input.times);
    return { data: input.loud ? text.toUpperCase() : text };
  },
});

/** Waits `ms` (abortable) and returns its label. Concurrency-safe; interrupt behaviour set by `behavior`. */
export function sleeper(name: string, options: { behavior?: 'cancel' | 'block'; safe?: boolean; log?: string[] } = {}) {
  return buildTool({
    name,
    searchHint: 'wait a while then answer with a label',
    inputSchema: z.object({ ms: z.number().describe('How long to wait'), label: z.string().describe('What to answer') }),
    prompt: 'Waits, then answers.',
    isConcurrencySafe: () => options.safe ?? true,
    isReadOnly: () => true,
    interruptBehavior: () => options.behavior ?? 'cancel',
    async call(input, context) {
      options.log?.push(`start ${input.label}`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, input.ms);
        // 'block' tools ignore interrupts by design; the controller they get is only aborted for hard stops.
        context.abortController.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
      options.log?.push(`end ${input.label}`);
      return { data: input.label };
    },
  });
}

/** Never settles, and ignores its signal: only the executor's race can end it. */
export const hangTool = buildTool({
  name: 'hang',
  searchHint: 'never finish at all for abort tests',
  inputSchema: z.object({}),
  prompt: 'Never returns.',
  interruptBehavior: () => 'cancel',
  call: () => new Promise<never>(() => undefined),
});

export const throwTool = buildTool({
  name: 'explode',
  searchHint: 'always fail with a plain error',
  inputSchema: z.object({ coded: z.boolean().default(false).describe('Throw a ToolError with a code') }),
  prompt: 'Always throws.',
  async call(input) {
    if (input.coded) throw new ToolError('STALE_REF', 'Ref e12 is gone.', { suggestion: 'Take a new snapshot.', details: { ref: 'e12' } });
    throw new Error('kaboom');
  },
});
