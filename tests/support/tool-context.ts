/** A `ToolUseContext` for unit tests of the runtime and of tools: in-memory state, and the ports a test gives. */
import { createMemoryResultStore } from '../../src/runtime/budget.js';
import type { ResultStore } from '../../src/runtime/budget-types.js';
import type { BrowserBridge } from '../../src/runtime/browser.js';
import { createRootContext, type AppState, type MemoryStore, type ToolUseContext } from '../../src/runtime/context.js';
import { ToolError } from '../../src/runtime/errors.js';
import type { Tools } from '../../src/runtime/tool.js';

/** A context whose app state lives in a local variable; `state()` reads it back. */
export function createTestContext(
  tools: Tools,
  overrides: Partial<Omit<ToolUseContext, 'getAppState' | 'setAppState' | 'setAppStateForTasks'>> & { appState?: AppState } = {},
): ToolUseContext & { state(): AppState } {
  const { agentType: _agentType, ...rest } = overrides;
  const context = createRootContext({
    agentId: 'test-agent',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: 1,
    windowId: 1,
    tools,
    ...rest,
  });
  return { ...context, state: () => context.getAppState() };
}

/** A context for calling tools directly: no pool, and no current tab unless given. */
export function fakeContext(
  options: {
    browser?: BrowserBridge;
    memory?: MemoryStore;
    resultStore?: ResultStore;
    currentTabId?: number;
    windowId?: number;
    tools?: Tools;
    appState?: AppState;
  } = {},
): ToolUseContext {
  const { tools, currentTabId, ...rest } = options;
  return createTestContext(tools ?? [], { ...rest, currentTabId });
}

/** Runs `promise` and returns the ToolError it rejects with (fails the test otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Never called: permission checks are not what tests using it exercise. */
export const noCanUseTool = async () => {
  throw new Error('canUseTool must not be called by these tools');
};
