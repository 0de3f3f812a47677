/**
 * One run of the agent in one conversation: its ToolUseContext (with its own view of each tab), its
 * permission bridge to the panel, its transcript, and its checkpoints. It runs the loop, folds every
 * event into the transcript the panels show, and saves what a worker restart needs.
 */
import type { BudgetState, ResultStore } from '../runtime/budget-types.js';
import { decorateBridge, type BrowserBridge, type TabInfo } from '../runtime/browser.js';
import { createRootContext, type AppState, type MemoryStore, type ToolUseContext } from '../runtime/context.js';
import { createDataLedger, seedLedger, type DataLedger, type LedgerSources } from '../runtime/data-ledger.js';
import { carryOver, contextWindowForRun, type ContextWindowStart, type ImageOptions } from '../runtime/context-window/index.js';
import type { AgentEvent } from '../runtime/events.js';
import { INTERRUPT_REASON } from '../runtime/abort.js';
import { messageOf } from '../runtime/errors.js';
import { runAgent } from '../runtime/loop.js';
import { stopAfterTurns } from '../runtime/stop-conditions.js';
import { type RunCheckpoint } from '../runtime/checkpoint.js';
import type { Message, ModelClient, Usage } from '../runtime/model/types.js';
import { createCanUseTool, originOf } from '../runtime/permissions.js';
import type { Tools } from '../runtime/tool.js';
import type { QueuedMessage } from '../runtime/steering.js';
import type { RunCostState, RunState } from '../shared/protocol/panel.js';
import { foldAgentEvent, closeUnfinishedCalls, type TranscriptEntry } from '../shared/transcript.js';
import type { ActivityStore } from '../storage/activity.js';
import type { RunRecord } from '../storage/conversations.js';
import { ActivityRecorder } from './activity-recorder.js';
import type { GrantStore } from '../storage/grants.js';
import type { Conversations } from './conversations.js';
import type { WorkerModelEndpoint } from './model-for-settings.js';
import type { Panels } from './panels.js';
import { PermissionBridge } from './permission-bridge.js';
import type { PermissionRequest } from '../runtime/permission-types.js';
import type { WorkerRunConfig } from './run-settings.js';
import { systemPromptFor } from './system-prompt.js';

/** What every run of this worker shares. */
export interface RunServices {
  conversations: Conversations;
  panels: Panels;
  grants: GrantStore;
  resultStore: ResultStore;
  memory?: MemoryStore;
  browser?: BrowserBridge;
  /** Where every action that changed something is logged, per conversation. */
  activity?: ActivityStore;
  createModel(endpoint: WorkerModelEndpoint): ModelClient;
  now: () => number;
}

/**
 * A run driven from outside instead of by the person's model: a coding agent over MCP
 * (src/background/external/). Its calls go through this same run (registry, executor, prompts, ledger,
 * budget, activity log); only where the calls come from differs, so it has no context window to manage
 * and no turn limit (the person ends it with Stop or Disconnect).
 */
export interface DrivenBy {
  /** Who asks, as the activity log and the panel name it ("Claude Code"). */
  client: string;
  /** Stands in for the model: each of its turns is the calls the client sent. */
  model: ModelClient;
  /** The run's view of the browser (only the tabs the client may use), instead of the panel's. */
  browser?(bridge: BrowserBridge, runId: string): BrowserBridge;
}

/** What one run starts from. */
export interface RunPlan {
  conversationId: string;
  runId: string;
  /** The run's configuration, derived from the settings when it started (`run-settings.ts`). */
  config: WorkerRunConfig;
  messages: Message[];
  entries: TranscriptEntry[];
  appState: AppState;
  budget: BudgetState;
  tools: Tools;
  currentTabId: number | undefined;
  tab: TabInfo | undefined;
  /** Where the conversation's earlier tool results came from (tool-use id → origin), for the data ledger. */
  dataSources?: LedgerSources;
  /** Where the context window starts: the checkpoint's state when resuming, the last run's otherwise. */
  contextWindow: ContextWindowStart;
  /** Set for a run a coding agent drives over MCP. */
  drivenBy?: DrivenBy;
  /** Set for a run nobody watches (a schedule): a call that would ask is refused instead. */
  unattended?: Unattended;
}

/** A run nobody watches: there is no one to answer a prompt, so each one is refused and reported here. */
export interface Unattended {
  refused(request: PermissionRequest): void;
}

/** What the model is told when an unattended run's act would have asked. */
export const UNATTENDED_REFUSAL =
  'Nobody is watching this scheduled run, so an act that needs the person’s approval is refused. Do only what needs no approval, and say in your answer what you could not do.';

export class RunSession {
  readonly runId: string;
  readonly conversationId: string;
  readonly permissionBridge: PermissionBridge;
  private readonly controller = new AbortController();
  /** What this run has read and from where (its own; seeded from the conversation). */
  private readonly ledger: DataLedger = createDataLedger();
  private readonly activity: ActivityRecorder;
  /** The worker's result store, tagging what this run stores with its conversation (deleted with it). */
  private readonly resultStore: ResultStore;
  private entries: TranscriptEntry[];
  private usage: Usage | undefined;
  private cost: RunCostState | undefined;
  /** What the person sent while the run works, delivered at the next turn boundary (the loop takes it). */
  private queue: QueuedMessage[] = [];
  private nextQueueId = 1;
  /** "Stop and send": the queued messages start the next run once this one has stopped. */
  private sendAfterStop = false;
  /** The person pressed Stop (plain): messages still queued go back to the message box. */
  private stoppedByPerson = false;

  constructor(
    private readonly plan: RunPlan,
    private readonly services: RunServices,
  ) {
    this.runId = plan.runId;
    this.conversationId = plan.conversationId;
    this.entries = plan.entries;
    this.activity = new ActivityRecorder({
      conversationId: plan.conversationId,
      runId: plan.runId,
      tools: plan.tools,
      now: services.now,
      ...(services.activity ? { store: services.activity } : {}),
      ...(plan.drivenBy ? { askedBy: plan.drivenBy.client } : {}),
    });
    seedLedger(this.ledger, plan.messages, plan.dataSources);
    // The tab's title and address reach the model in the system prompt: page-chosen text, from that page's origin.
    const tabOrigin = plan.tab ? originOf(plan.tab.url) : undefined;
    if (plan.tab && tabOrigin) this.ledger.record('tab', tabOrigin, `${plan.tab.title}\n${plan.tab.url}`);
    const shared = services.resultStore;
    this.resultStore = { put: (record) => shared.put({ ...record, conversationId: plan.conversationId }), get: (id) => shared.get(id) };
    this.permissionBridge = new PermissionBridge({
      show: (request) => services.panels.toConversation(plan.conversationId, { type: 'permission_request', conversationId: plan.conversationId, request }),
      resolved: (toolUseId) =>
        services.panels.toConversation(plan.conversationId, { type: 'permission_resolved', conversationId: plan.conversationId, toolUseId }),
    });
  }

  /** Who drives this run from outside, if a coding agent does (the panel's messages do not reach it). */
  get drivenBy(): string | undefined {
    return this.plan.drivenBy?.client;
  }

  /** The transcript as it stands, for a panel that binds mid-run. */
  get transcript(): readonly TranscriptEntry[] {
    return this.entries;
  }

  /** The run as a panel shows it: running, its usage so far, and what the person has queued. */
  get state(): RunState {
    return {
      status: 'running',
      runId: this.runId,
      ...(this.usage ? { usage: this.usage } : {}),
      ...(this.cost ? { cost: this.cost } : {}),
      ...(this.queue.length > 0 ? { queued: this.queue.map(({ id, text }) => ({ id, text })) } : {}),
    };
  }

  /** Interrupts the run: 'cancel' tools stop, 'block' tools finish, the model is not asked again. */
  stop(): void {
    if (!this.sendAfterStop) this.stoppedByPerson = true;
    this.controller.abort(INTERRUPT_REASON);
  }

  /**
   * The person's message while the run works: queued for the next turn boundary, or ("Stop and send",
   * `interrupt`) the run is interrupted the way each call's interruptBehavior says and the message is sent next.
   */
  enqueue(text: string, interrupt: boolean): void {
    this.queue.push({ id: `${this.runId}:q${this.nextQueueId++}`, text });
    if (interrupt) {
      this.sendAfterStop = true;
      this.stoppedByPerson = false;
      this.controller.abort(INTERRUPT_REASON);
    }
    this.postState();
  }

  /**
   * What is left in the queue once the run is over, and what to do with it: send it as the next run
   * (Stop and send, or it arrived as the run was ending), or give it back to the person (they pressed Stop).
   */
  takeLeftover(): { texts: string[]; send: boolean } {
    const texts = this.queue.map((message) => message.text);
    this.queue = [];
    return { texts, send: this.sendAfterStop || !this.stoppedByPerson };
  }

  private postState(): void {
    this.services.panels.toConversation(this.conversationId, { type: 'run_state', conversationId: this.conversationId, run: this.state });
  }

  /** Ends the run for good (its conversation is being deleted). */
  abort(reason: string): void {
    this.stoppedByPerson = true;
    this.sendAfterStop = false;
    this.controller.abort(reason);
  }

  /** Runs the loop to its end; resolves with the run record to save. Never throws. */
  async run(): Promise<RunRecord> {
    const { plan, services } = this;
    const model = plan.drivenBy?.model ?? services.createModel(plan.config.model);
    // A driven run's history is the client's, not a prompt this run sends: nothing to elide or compact.
    const window = plan.drivenBy ? undefined : contextWindowForRun({ model, resultStore: this.resultStore, config: plan.config, start: plan.contextWindow });
    const context = this.createContext(model, window?.imageOptions);
    let final: RunRecord;
    try {
      const result = await runAgent({
        runId: plan.runId,
        model,
        ...(window ? { contextPolicy: window.policy } : {}),
        system: systemPromptFor(context.tools, plan.tab, services.now(), plan.config.permissions.mode),
        messages: plan.messages,
        context,
        canUseTool: createCanUseTool({ onGrant: (grant) => services.grants.add(grant) }),
        stopWhen: plan.drivenBy ? [] : [stopAfterTurns(plan.config.limits.maxTurns)],
        onEvent: (event) => this.onEvent(event),
        checkpointer: { save: (checkpoint) => this.checkpoint(checkpoint) },
        steering: { take: () => this.takeQueued() },
      });
      final = {
        conversationId: plan.conversationId,
        messages: result.messages,
        status: result.reason === 'model_error' ? 'error' : 'idle',
        runId: plan.runId,
        usage: result.usage,
        dataSources: this.ledger.sources(),
        ...(this.cost ? { cost: this.cost } : {}),
        discoveredTools: [...result.context.getAppState().discoveredTools],
        ...(result.error ? { error: result.error } : {}),
        contextWindow: (window ? carryOver(window.policy.snapshot()) : undefined) ?? { stubs: {} },
      };
    } catch (error) {
      // runAgent does not throw for model errors; anything here is a bug, shown rather than hidden.
      const message = messageOf(error);
      final = {
        conversationId: plan.conversationId,
        messages: plan.messages,
        status: 'error',
        runId: plan.runId,
        dataSources: this.ledger.sources(),
        discoveredTools: [...plan.appState.discoveredTools],
        error: { code: 'INTERNAL', message: `The run failed: ${message}`, suggestion: 'Try again; if it repeats, report it with this message.' },
      };
    }
    this.entries = closeUnfinishedCalls(this.entries, 'run_ended');
    await services.conversations.saveTranscript(plan.conversationId, this.entries);
    await this.activity.flushed();
    return final;
  }

  private createContext(model: ModelClient, imageOptions: ImageOptions | undefined): ToolUseContext {
    const { plan, services } = this;
    const browser =
      services.browser && (plan.drivenBy?.browser ? plan.drivenBy.browser(services.browser, plan.runId) : this.followingBrowser(services.browser));
    return createRootContext({
      ...(imageOptions ? { imageOptions } : {}),
      abortController: this.controller,
      agentId: plan.runId,
      appState: plan.appState,
      budget: plan.budget,
      resultStore: this.resultStore,
      permissions: plan.config.permissions,
      currentTabId: plan.currentTabId,
      windowId: plan.tab?.windowId,
      tools: plan.tools,
      ledger: this.ledger,
      askPerson: plan.unattended
        ? (request) => {
            plan.unattended?.refused(request);
            return Promise.resolve({ choice: 'deny', reason: UNATTENDED_REFUSAL });
          }
        : (request, signal) => this.permissionBridge.ask(request, signal),
      ...(browser ? { browser } : {}),
      ...(services.memory ? { memory: services.memory } : {}),
      // Helper agents (the agent tool) run on the run's own model.
      model,
    });
  }

  /** The loop's turn boundary: everything queued, unless the run is stopping (then it goes to the next run). */
  private takeQueued(): QueuedMessage[] {
    if (this.controller.signal.aborted || this.queue.length === 0) return [];
    const taken = this.queue;
    this.queue = [];
    return taken;
  }

  private onEvent(event: AgentEvent): void {
    if (event.type === 'usage') this.usage = event.total;
    this.activity.onEvent(event);
    if (event.type === 'run_cost') {
      const { type: _type, ...cost } = event;
      this.cost = cost;
    }
    const folded = foldAgentEvent(this.entries, event);
    this.entries = folded.entries;
    if (folded.save) void this.services.conversations.saveTranscript(this.conversationId, this.entries);
    this.services.panels.toConversation(this.conversationId, { type: 'agent_event', conversationId: this.conversationId, runId: this.runId, event });
    // After the message itself, so a panel never shows it nowhere in between.
    if (event.type === 'person_message') this.postState();
  }

  private async checkpoint(checkpoint: RunCheckpoint): Promise<void> {
    await this.services.conversations.saveRun({
      conversationId: this.conversationId,
      messages: checkpoint.messages,
      status: 'running',
      runId: this.runId,
      checkpoint,
      dataSources: this.ledger.sources(),
      ...(this.usage ? { usage: this.usage } : {}),
    });
  }

  /**
   * The run's view of the browser. When the agent brings another tab to the front (`switch_tab`,
   * `open_tab`), the conversation moves to that tab *before* it shows: a side panel that follows the
   * active tab then finds this same conversation there instead of opening the new tab's, and the next
   * run starts where the agent left off.
   */
  private followingBrowser(bridge: BrowserBridge): BrowserBridge {
    const follow = (tabId: number) => this.services.conversations.moveToTab(this.conversationId, tabId);
    return decorateBridge(bridge, {
      activateTab: async (tabId) => {
        await follow(tabId);
        return bridge.activateTab(tabId);
      },
      openTab: async (url, options) => {
        if (!options.active) return bridge.openTab(url, options);
        // Open in the background, move the conversation, then show it: no moment where the new tab is
        // in front while the conversation still belongs to the old one.
        const tab = await bridge.openTab(url, { ...options, active: false });
        await follow(tab.id);
        return bridge.activateTab(tab.id);
      },
    });
  }
}
