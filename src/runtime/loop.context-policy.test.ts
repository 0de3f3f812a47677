/** The loop's one context-window hook, with a hand-written policy: what it is given, and what the loop does with its answers. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryResultStore } from './budget.js';
import { createRootContext } from './context.js';
import type { ContextPolicy, TurnBoundary } from './context-window/types.js';
import type { AgentEvent } from './events.js';
import type { RunCheckpoint } from './checkpoint.js';
import { runAgent } from './loop.js';
import { createScriptedClient } from './model/scripted.js';
import type { Message, Usage } from './model/types.js';
import { buildTool } from './tool.js';

const echo = buildTool({
  name: 'echo',
  searchHint: 'repeat the text',
  prompt: 'Returns the text.',
  inputSchema: z.object({ text: z.string().describe('What to repeat') }),
  async call(input) {
    return { data: input.text };
  },
});

const usage = (input: number): Usage => ({ inputTokens: input, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 });

function recordingPolicy(answer: (boundary: TurnBoundary, call: number) => Awaited<ReturnType<ContextPolicy['prepare']>>) {
  const seen: { boundaries: TurnBoundary[]; observed: Usage[] } = { boundaries: [], observed: [] };
  const policy: ContextPolicy = {
    async prepare(boundary) {
      seen.boundaries.push({ ...boundary, messages: structuredClone(boundary.messages) as Message[] });
      return answer(boundary, seen.boundaries.length);
    },
    observe(u) {
      seen.observed.push(u);
    },
    snapshot: () => ({ stubs: { marker: [{ type: 'text', text: `after ${seen.boundaries.length} boundaries` }] } }),
  };
  return { policy, seen };
}

async function run(policy: ContextPolicy) {
  const model = createScriptedClient([
    { toolCalls: [{ name: 'echo', input: { text: 'a' } }], usage: usage(100) },
    { text: 'Done.', usage: usage(200) },
  ]);
  const context = createRootContext({
    agentId: 'r',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools: [echo],
  });
  const events: AgentEvent[] = [];
  const checkpoints: RunCheckpoint[] = [];
  const result = await runAgent({
    runId: 'r',
    model,
    system: 'Sys.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Echo a' }] }],
    context,
    canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } }),
    onEvent: (e) => events.push(e),
    contextPolicy: policy,
    checkpointer: { save: async (c) => void checkpoints.push(structuredClone(c)) },
  });
  return { result, model, events, checkpoints };
}

describe('runAgent with a context policy', () => {
  it('asks before every request with the whole transcript, sends what it answers, and reports each reply’s usage', async () => {
    const { policy, seen } = recordingPolicy((boundary) => ({
      messages: [{ role: 'user', content: [{ type: 'text', text: `projected ${boundary.messages.length}` }] }],
    }));
    const { model, result } = await run(policy);
    expect(seen.boundaries.map((b) => b.messages.length)).toEqual([1, 3]);
    expect(seen.boundaries[0]?.system).toContain('Sys.');
    expect(seen.boundaries[0]?.tools.map((t) => t.name)).toEqual(['echo']);
    expect(model.requests.map((r) => r.messages)).toEqual([
      [{ role: 'user', content: [{ type: 'text', text: 'projected 1' }] }],
      [{ role: 'user', content: [{ type: 'text', text: 'projected 3' }] }],
    ]);
    expect(seen.observed).toEqual([usage(100), usage(200)]);
    // The transcript itself is never the projection.
    expect(result.messages).toHaveLength(4);
  });

  it('stops before the request when the policy says so, counting what the policy itself spent', async () => {
    const { policy } = recordingPolicy((_b, call) =>
      call === 1
        ? { messages: [..._b.messages] }
        : { stop: 'budget', error: { code: 'BUDGET_EXCEEDED', message: 'Stopped before the next step.', suggestion: 'Raise it.' }, usage: usage(7) },
    );
    const { model, result, events } = await run(policy);
    expect(model.requests).toHaveLength(1);
    expect(result).toMatchObject({ reason: 'budget', error: { code: 'BUDGET_EXCEEDED' } });
    expect(result.usage.inputTokens).toBe(107);
    expect(events.at(-1)).toEqual({
      type: 'run_finished',
      reason: 'budget',
      error: { code: 'BUDGET_EXCEEDED', message: 'Stopped before the next step.', suggestion: 'Raise it.' },
    });
    expect(events.filter((e) => e.type === 'turn_started')).toHaveLength(1);
  });

  it('saves the policy’s state with every checkpoint', async () => {
    const { policy } = recordingPolicy((boundary) => ({ messages: [...boundary.messages] }));
    const { checkpoints } = await run(policy);
    expect(checkpoints.length).toBeGreaterThan(2);
    expect(checkpoints.at(-1)?.contextWindow).toEqual({ stubs: { marker: [{ type: 'text', text: 'after 2 boundaries' }] } });
  });
});
