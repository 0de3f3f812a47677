/** A `ToolUseContext` for unit tests of the runtime and of tools: in-memory state, no browser. */
import { createMemoryResultStore } from '../../src/runtime/budget.js';
import { createBudgetState } from '../../src/runtime/budget-types.js';
import { createSnapshotCache, initialAppState, type AppState, type ToolUseContext } from '../../src/runtime/context.js';
import type { PermissionContext } from '../../src/runtime/permission-types.js';
import type { Tools } from '../../src/runtime/tool.js';

/** A context whose app state lives in a local variable; `state()` reads it back. */
export function createTestContext(
  tools: Tools,
  overrides: Partial<Omit<ToolUseContext, 'getAppState' | 'setAppState' | 'setAppStateForTasks'>> & { appState?: AppState } = {},
): ToolUseContext & { state(): AppState } {
  let appState = overrides.appState ?? initialAppState();
  const permissions: PermissionContext = { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] };
  const { appState: _ignored, ...rest } = overrides;
  return {
    abortController: new AbortController(),
    agentId: 'test-agent',
    agentType: 'main',
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setAppStateForTasks: (update) => {
      appState = update(appState);
    },
    budget: createBudgetState(),
    resultStore: createMemoryResultStore(),
    permissions,
    snapshots: createSnapshotCache(),
    currentTabId: 1,
    windowId: 1,
    tools,
    ...rest,
    state: () => appState,
  };
}
