/**
 * The trimmed tool-use context the service worker holds per run: abort tree, agent identity, the
 * state bridge, budget state, permission context, the per-tab snapshot cache, the current tab, the
 * tool pool, a way to ask the person, and the platform ports (browser, stores) that tools act through.
 */
import type { BrowserBridge } from './browser.js';
import type { ImageOptions } from './context-window/models.js';
import type { ModelClient } from './model/types.js';
import { createBudgetState, type BudgetState, type ResultStore } from './budget-types.js';
import { createDataLedger, type DataLedger } from './data-ledger.js';
import { createSnapshotCache, type SnapshotCache } from './page-state.js';
import type { FlowApproval, PermissionContext, Plan, PermissionRequest, PersonChoice, SiteGrant } from './permission-types.js';
import type { Tools } from './tool.js';

/** Run-wide state. Tools read it with `getAppState` and change it with `setAppState`. */
export interface AppState {
  /** Deferred tools `tool_search` has loaded in this run, in the order they were found. */
  readonly discoveredTools: readonly string[];
  /** Site grants given during this run ("Always allow on this site"); persisted by the extension. */
  readonly grants: readonly SiteGrant[];
  /** "Allow for this task": a tool on a site, for this run only. */
  readonly taskGrants?: readonly SiteGrant[];
  /** "Allow for this task" on a data prompt: read data may go from one site to another for this run. */
  readonly approvedFlows?: readonly FlowApproval[];
  /** Plan mode: the plan the person approved in this run (a newer approved plan replaces it). */
  readonly plan?: Plan;
}

export const initialAppState = (): AppState => ({ discoveredTools: [], grants: [], taskGrants: [], approvedFlows: [] });

/** The agent's notes that last across conversations. */
export interface MemoryStore {
  list(): Promise<Array<{ key: string; value: string; updatedAt: number }>>;
  get(key: string): Promise<{ key: string; value: string; updatedAt: number } | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export interface ToolUseContext {
  /** Aborting this cancels the call (or batch, turn, run) it belongs to. Children follow their parent. */
  readonly abortController: AbortController;
  readonly agentId: string;
  readonly agentType: 'main' | 'subagent';
  getAppState(): AppState;
  /** A no-op for sub-agents: they must not change the run's state. */
  setAppState(update: (prior: AppState) => AppState): void;
  /** Always reaches the root run, even from a sub-agent. */
  setAppStateForTasks(update: (prior: AppState) => AppState): void;
  /** Which results were replaced by previews, frozen per tool-use id. */
  readonly budget: BudgetState;
  readonly resultStore: ResultStore;
  readonly permissions: PermissionContext;
  /** What this run has seen of each tab (its own: never shared with another run). */
  readonly snapshots: SnapshotCache;
  /** What this run has read and from which origin, so data carried elsewhere is judged (its own). */
  readonly ledger: DataLedger;
  /** The tab the run acts on by default. `switch_tab` changes it through a context modifier. */
  readonly currentTabId: number | undefined;
  /** The window the run belongs to (for `list_tabs`). */
  readonly windowId: number | undefined;
  /** The tools this run may use (all, including deferred ones). */
  readonly tools: Tools;
  /** Asks the person (permission prompts). Absent when no UI is attached. */
  readonly askPerson?: (request: PermissionRequest, signal: AbortSignal) => Promise<PersonChoice>;
  /** The browser, as seen by tools. Absent in contexts without one (unit tests of runtime-only tools). */
  readonly browser?: BrowserBridge;
  /** How images for this run's model are sized and encoded (its profile's `image`); default DEFAULT_IMAGE_OPTIONS. */
  readonly imageOptions?: ImageOptions;
  readonly memory?: MemoryStore;
  /** The run's model, for tools that run a helper agent on it. Absent where no tool needs one. */
  readonly model?: ModelClient;
}

/** What a root context needs; everything else has a default. */
export interface RootContextOptions extends Partial<
  Omit<ToolUseContext, 'agentType' | 'getAppState' | 'setAppState' | 'setAppStateForTasks' | 'resultStore' | 'permissions' | 'tools'>
> {
  agentId: string;
  resultStore: ResultStore;
  permissions: PermissionContext;
  tools: ToolUseContext['tools'];
  appState?: AppState;
}

/**
 * The context of a run's main agent. Its app state lives here; `setAppState` and `setAppStateForTasks`
 * both change it. `budget`, `snapshots` and `ledger` default to fresh ones, `currentTabId`/`windowId` to none.
 */
export function createRootContext(options: RootContextOptions): ToolUseContext {
  const { appState: initial, ...rest } = options;
  let appState = initial ?? initialAppState();
  const setAppState = (update: (prior: AppState) => AppState) => {
    appState = update(appState);
  };
  return {
    abortController: new AbortController(),
    budget: createBudgetState(),
    snapshots: createSnapshotCache(),
    ledger: createDataLedger(),
    currentTabId: undefined,
    windowId: undefined,
    ...rest,
    agentType: 'main',
    getAppState: () => appState,
    setAppState,
    setAppStateForTasks: setAppState,
  };
}

/** What a sub-agent's context may have of its own instead of its parent's. */
export interface SubagentContextOptions {
  agentId: string;
  tools?: ToolUseContext['tools'];
  /** Its view of the browser (a helper's own background tabs). */
  browser?: BrowserBridge;
  currentTabId?: number;
}

/**
 * A sub-agent's context, derived from its parent: it reads the run's state but cannot change it
 * (`setAppState` is a no-op, so a helper agent cannot load tools or grant sites for the whole run);
 * `setAppStateForTasks` still reaches the root, for the few things that must (task bookkeeping). Its
 * abort controller follows the parent's, and aborting it leaves the parent running. It has its own
 * result budget and its own view of each tab (its reads never replace the refs its parent holds); its
 * transcript is its own loop's. Permissions, the person, the stores and the model are the parent's.
 */
export function createSubagentContext(parent: ToolUseContext, options: SubagentContextOptions): ToolUseContext {
  const abortController = new AbortController();
  const follow = () => abortController.abort(parent.abortController.signal.reason);
  if (parent.abortController.signal.aborted) follow();
  else {
    parent.abortController.signal.addEventListener('abort', follow, { once: true });
    // Release the parent's listener when the child ends first, so long runs don't accumulate them.
    abortController.signal.addEventListener('abort', () => parent.abortController.signal.removeEventListener('abort', follow), { once: true });
  }
  return {
    ...parent,
    abortController,
    agentId: options.agentId,
    agentType: 'subagent',
    budget: createBudgetState(),
    snapshots: createSnapshotCache(),
    tools: options.tools ?? parent.tools,
    ...(options.browser ? { browser: options.browser } : {}),
    ...('currentTabId' in options ? { currentTabId: options.currentTabId } : {}),
    setAppState: () => {},
    setAppStateForTasks: (update) => parent.setAppStateForTasks(update),
  };
}
