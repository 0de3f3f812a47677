/** A `ToolUseContext` for unit tests of the runtime and of tools: in-memory state, no browser. */
import { createMemoryResultStore } from '../../src/runtime/budget.js';
import { createRootContext, type AppState, type ToolUseContext } from '../../src/runtime/context.js';
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
