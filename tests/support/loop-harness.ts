/** The agent loop's test fixtures: a few tools, a root context, and a scripted run whose events and checkpoints are kept. */
import { z } from 'zod';
import { createMemoryResultStore } from '../../src/runtime/budget.js';
import type { RunCheckpoint } from '../../src/runtime/checkpoint.js';
import { createRootContext, initialAppState, type AppState, type ToolUseContext } from '../../src/runtime/context.js';
import type { AgentEvent } from '../../src/runtime/events.js';
import type { RunAgentOptions } from '../../src/runtime/loop.js';
import { createScriptedClient, type ScriptedStep } from '../../src/runtime/model/scripted.js';
import type { Message, ToolResultBlock } from '../../src/runtime/model/types.js';
import { TOOL_SEARCH_NAME } from '../../src/runtime/registry.js';
import { buildTool, type CanUseTool, type Tools } from '../../src/runtime/tool.js';
/** Returns the text it is given (concurrency-safe, read-only). */
export const echo = buildTool({
  name: 'echo',
  searchHint: 'repeat the given text back',
  prompt: 'Returns the text it is given.',
  inputSchema: z.object({ text: z.string().describe('The text to return') }),
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  async call(input) {
    return { data: `echo: ${input.text}` };
  },
});

/** Waits until aborted; 'cancel' so an interrupt stops it. */
export const slow = buildTool({
  name: 'slow',
  searchHint: 'wait until stopped',
  prompt: 'Waits until the run is stopped.',
  inputSchema: z.object({}),
  interruptBehavior: () => 'cancel',
  call: (_input, context) =>
    new Promise<{ data: string }>((_resolve, reject) => {
      const signal = context.abortController.signal;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true });
    }),
});

/** Loads the deferred tools it is asked for, the way tool_search does (the real one lives in src/tools). */
export const toolSearch = buildTool({
  name: TOOL_SEARCH_NAME,
  prompt: 'Loads deferred tools (test stand-in).',
  inputSchema: z.object({ query: z.string() }),
  async call(input, context) {
    const names = input.query.replace(/^select:/, '').split(',');
    context.setAppState((prior) => ({ ...prior, discoveredTools: [...prior.discoveredTools, ...names] }));
    return { data: `loaded ${names.join(', ')}` };
  },
});

/** A deferred tool: the model sees it only after tool_search loads it. */
export const zeta = buildTool({
  name: 'zeta_report',
  searchHint: 'rarely used report generator',
  prompt: 'Makes a report.',
  inputSchema: z.object({ topic: z.string().describe('What the report is about') }),
  shouldDefer: true,
  isConcurrencySafe: () => true,
  async call(input) {
    return { data: `report on ${input.topic}` };
  },
});

const allowAll: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });

// A root context over `tools` (auto mode, tab 7).
function makeContext(tools: Tools, initial: AppState = initialAppState()): ToolUseContext {
  return createRootContext({
    agentId: 'main',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: 7,
    windowId: 1,
    tools,
    appState: initial,
  });
}

/** A user message of plain text. */
export const userSays = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

/** A run of the scripted model over `steps`: its options, and the events and checkpoints it writes. */
export function setup(steps: ScriptedStep[], tools: Tools = [echo], overrides: Partial<RunAgentOptions> = {}) {
  const model = createScriptedClient(steps);
  const context = makeContext(tools);
  const events: AgentEvent[] = [];
  const checkpoints: RunCheckpoint[] = [];
  const options: RunAgentOptions = {
    runId: 'run-1',
    model,
    system: 'Caller instructions.',
    messages: [userSays('Please echo a and b.')],
    context,
    canUseTool: allowAll,
    onEvent: (event) => events.push(event),
    checkpointer: { save: async (checkpoint) => void checkpoints.push(structuredClone(checkpoint)) },
    ...overrides,
  };
  return { model, context, events, checkpoints, options };
}

/** The tool results inside a message. */
export const toolResultsIn = (message: Message | undefined): ToolResultBlock[] =>
  (message?.content ?? []).filter((b): b is ToolResultBlock => b.type === 'tool_result');
/** The text of a tool result. */
export const textOf = (result: ToolResultBlock | undefined) => (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('');
