/**
 * The runs of this worker: one per conversation, several at once. Starts a run (a new message, a
 * resumed cut-off run, a quick action), stops it, shows a conversation's state to a panel, and at
 * startup turns runs the browser cut off into interrupted ones that can be resumed without re-running
 * their calls.
 *
 * Platform-free apart from its dependencies (passed in), so it is unit-tested in Node with fakes.
 */
import { createBudgetState, type BudgetState, type ResultStore } from '../runtime/budget-types.js';
import type { BrowserBridge } from '../runtime/browser.js';
import { initialAppState, type AppState, type MemoryStore } from '../runtime/context.js';
import { restoreRunState } from '../runtime/checkpoint.js';
import type { ModelClient } from '../runtime/model/types.js';
import { appendPersonMessage } from '../runtime/steering.js';
import type { PermissionContext, PersonChoice, SiteGrant } from '../runtime/permission-types.js';
import type { Tools } from '../runtime/tool.js';
import { isDeferredTool } from '../runtime/registry.js';
import type { Notice, RunState } from '../shared/protocol/panel.js';
import { closeUnfinishedCalls } from '../shared/transcript.js';
import type { ConversationRecord, ConversationStore, RunRecord } from '../storage/conversations.js';
import type { ActivityStore } from '../storage/activity.js';
import type { GrantStore } from '../storage/grants.js';
import { Conversations, NEW_CONVERSATION_TITLE } from './conversations.js';
import type { KeepAlive } from './keepalive.js';
import { notice, Panels, type PanelLink } from './panels.js';
import { checkSettingsForRun, runConfigFrom, type SettingsResult } from './run-settings.js';
import { RunSession, type DrivenBy, type Unattended } from './run-session.js';
import { listedSiteOf, titleOf } from './conversation-list.js';
import type { WorkerModelEndpoint } from './model-for-settings.js';

export interface RunManagerDeps {
  conversations: ConversationStore;
  grants: GrantStore;
  resultStore: ResultStore;
  memory?: MemoryStore;
  browser?: BrowserBridge;
  activity?: ActivityStore;
  loadSettings(): Promise<SettingsResult>;
  createModel(endpoint: WorkerModelEndpoint): ModelClient;
  /** The run's tool pool; may wait (briefly, with a deadline) for MCP servers that are still connecting. */
  getTools(permissions: PermissionContext, options: { simpleMode: boolean }): Tools | Promise<Tools>;
  keepAlive?: KeepAlive;
  /** Called when a run has ended, however it ended (trusted input detaches from its tabs). */
  onRunEnded?: (runId: string) => void;
  now?: () => number;
  newId?: () => string;
}

export { appendPersonMessage } from '../runtime/steering.js';

/** A run nobody watches (a schedule): judged in its own mode; a call that would ask is refused and reported. */
export interface UnattendedRun extends Unattended {
  permissionMode: PermissionContext['mode'];
}

/**
 * A run a coding agent drives over MCP (src/background/external/): who drives it, the mode its calls are
 * judged in (Settings → Coding agents), its tools (the pool, filtered), and the note the model history
 * starts with so a later run in the panel knows whose calls these were.
 */
export interface DrivenRun extends DrivenBy {
  permissionMode: PermissionContext['mode'];
  tools(pool: Tools): Tools;
  note: string;
}

/** Owns every conversation's runs in this worker. */
export class RunManager {
  readonly panels = new Panels();
  readonly conversations: Conversations;
  private readonly active = new Map<string, { session: RunSession; done: Promise<void> }>();
  private readonly now: () => number;
  private readonly newId: () => string;
  /** Startup recovery; every command waits for it. */
  readonly ready: Promise<void>;

  constructor(private readonly deps: RunManagerDeps) {
    this.now = deps.now ?? Date.now;
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.conversations = new Conversations(deps.conversations, this.panels, (id) => this.active.has(id), this.now, this.newId);
    this.ready = this.recoverCutOffRuns();
  }

  attach(link: PanelLink): void {
    this.panels.attach(link);
  }

  detach(link: PanelLink): void {
    this.panels.detach(link);
  }

  /** True while the conversation has a run. */
  isRunning(conversationId: string): boolean {
    return this.active.has(conversationId);
  }

  /** Resolves when the conversation's current run (if any) has ended. */
  async settled(conversationId: string): Promise<void> {
    await this.active.get(conversationId)?.done;
  }

  /** What the popup shows. */
  async status(): Promise<{ runs: Array<{ conversationId: string; tabId?: number; title: string }> }> {
    await this.ready;
    const runs = [];
    for (const conversationId of this.active.keys()) {
      const conversation = await this.conversations.get(conversationId);
      runs.push({
        conversationId,
        title: conversation?.title ?? NEW_CONVERSATION_TITLE,
        ...(conversation?.tabId !== undefined ? { tabId: conversation.tabId } : {}),
      });
    }
    return { runs };
  }

  /** Starts a run in the tab's conversation (a new one when the tab's conversation is busy). */
  async quickAction(tabId: number, prompt: string): Promise<{ conversationId: string; notice?: Notice }> {
    await this.ready;
    let conversation = await this.conversations.forTab(tabId);
    if (this.active.has(conversation.id)) conversation = await this.conversations.create(tabId);
    const refusal = await this.startRun(conversation.id, { text: prompt });
    if (refusal) this.panels.toConversation(conversation.id, refusal);
    return { conversationId: conversation.id, ...(refusal ? { notice: refusal } : {}) };
  }

  /** Starts a run (a new message, or resuming a cut-off run). Returns a notice when it cannot start. */
  async startRun(
    conversationId: string,
    what: { text: string; interrupt?: boolean; announce?: boolean; unattended?: UnattendedRun } | { resume: true } | { driven: DrivenRun },
  ): Promise<Notice | undefined> {
    await this.ready;
    const running = this.active.get(conversationId);
    const driven = 'driven' in what ? what.driven : undefined;
    const unattended = 'text' in what ? what.unattended : undefined;
    const drivenBy = running?.session.drivenBy;
    if (running && 'text' in what && drivenBy !== undefined)
      return notice(
        'DRIVEN_BY_AGENT',
        `${drivenBy} is using this conversation, and your messages do not reach it.`,
        `Tell ${drivenBy} what you want where you talk to it. Here you answer its prompts, and Stop ends its calls.`,
      );
    if (running && 'text' in what) {
      // Steering: the message waits for the run's next turn boundary (or, with interrupt, for it to stop).
      running.session.enqueue(what.text, what.interrupt === true);
      return undefined;
    }
    if (running) return notice('RUN_ACTIVE', 'A run is already working in this conversation.', 'Wait for it to finish, or press Stop first.');
    const conversation = await this.conversations.get(conversationId);
    if (!conversation) return notice('NOT_FOUND', 'That conversation no longer exists.', 'Start a new chat.');
    const named = 'text' in what && conversation.title === NEW_CONVERSATION_TITLE;
    if (named) conversation.title = titleOf(what.text);
    // A driven run asks no model of the person's, so it needs no key; the settings must still be valid.
    const loaded = await this.deps.loadSettings();
    const checked = driven && loaded.ok ? loaded : checkSettingsForRun(loaded);
    if (!checked.ok) {
      // Refused before any reply: the list still names the conversation by what the person asked.
      if (named) await this.conversations.put(conversation).then(() => this.conversations.broadcastList());
      return checked.notice;
    }

    const record: RunRecord = (await this.conversations.getRun(conversationId)) ?? { conversationId, messages: [], status: 'idle' };
    if ('resume' in what && record.status !== 'interrupted')
      return notice('NOTHING_TO_RESUME', 'There is no interrupted run to resume here.', 'Send a message to continue the conversation.');
    const restored = record.checkpoint ? restoreRunState(record.checkpoint) : undefined;
    const entries = await this.conversations.getTranscript(conversationId);

    let messages = record.messages;
    if ('text' in what) {
      messages = appendPersonMessage(messages, what.text);
      entries.push({ kind: 'message', message: { role: 'user', content: [{ type: 'text', text: what.text }] } });
    }
    if (driven) {
      messages = appendPersonMessage(messages, driven.note);
      if (conversation.title === NEW_CONVERSATION_TITLE) conversation.title = driven.client;
    }
    conversation.updatedAt = this.now();

    // Resuming keeps the run's tab, discovered tools and frozen budget decisions; a new message starts
    // fresh, except that tools found in this conversation stay loaded: the model need not search again,
    // and the tools it is sent (the front of the cached prompt prefix) stay the same bytes.
    const resuming = 'resume' in what && restored !== undefined;
    const found = record.discoveredTools ?? restored?.appState.discoveredTools ?? [];
    const storedGrants = await this.deps.grants.list().catch(() => [] as SiteGrant[]);
    // Every "always allow" given during a run is also stored; one that is in the checkpoint but no longer
    // stored was revoked in Settings since, and must not come back with Resume.
    const stillGranted = (grant: SiteGrant) => storedGrants.some((stored) => stored.origin === grant.origin && stored.tool === grant.tool);
    const appState: AppState = resuming
      ? { ...restored.appState, grants: restored.appState.grants.filter(stillGranted) }
      : { ...initialAppState(), discoveredTools: found };
    const budget: BudgetState = resuming ? restored.budget : createBudgetState();
    const currentTabId = resuming ? restored.currentTabId : conversation.tabId;
    const tab = currentTabId !== undefined ? await this.deps.browser?.getTab(currentTabId).catch(() => undefined) : undefined;
    // The list shows which site a conversation worked on: the host of its run's tab.
    const site = listedSiteOf(tab?.url);
    if (site) conversation.site = site;
    // The settings are read here, once: everything after takes the run's configuration. A driven run is
    // judged in the mode the person chose for outside sessions, and gets the whole tool set.
    const fromSettings = runConfigFrom(checked.settings, storedGrants);
    const mode = driven?.permissionMode ?? unattended?.permissionMode;
    const config = mode
      ? { ...fromSettings, permissions: { ...fromSettings.permissions, mode }, simpleMode: !driven && fromSettings.simpleMode }
      : fromSettings;

    const pool = await this.deps.getTools(config.permissions, { simpleMode: config.simpleMode });
    const tools = driven ? driven.tools(pool) : pool;
    // The client was sent every schema (tools/list): nothing of its pool is deferred.
    const startState: AppState = driven ? { ...appState, discoveredTools: tools.filter(isDeferredTool).map((tool) => tool.name) } : appState;
    // The tools may have taken a moment: another start for this conversation may have won meanwhile.
    if (this.active.has(conversationId))
      return notice('RUN_ACTIVE', 'A run is already working in this conversation.', 'Wait for it to finish, or press Stop first.');
    const runId = this.newId();
    const session = new RunSession(
      {
        conversationId,
        runId,
        config,
        messages,
        entries,
        appState: startState,
        budget,
        tools,
        currentTabId,
        tab,
        ...(record.dataSources ? { dataSources: record.dataSources } : {}),
        contextWindow: resuming ? { kind: 'resume', state: restored.contextWindow } : { kind: 'next', previous: record.contextWindow },
        ...(driven ? { drivenBy: driven } : {}),
        ...(unattended ? { unattended } : {}),
      },
      { ...this.deps, conversations: this.conversations, panels: this.panels, now: this.now },
    );
    const release = this.deps.keepAlive?.acquire() ?? (() => {});
    const active = { session, done: Promise.resolve() };
    this.active.set(conversationId, active);

    await this.conversations.put(conversation);
    // No stale error, and no stale checkpoint for a new message: if the worker stops before the loop's
    // first checkpoint, recovery must find the person's new message (in `messages`), not an older run.
    await this.conversations.saveRun({
      conversationId,
      messages,
      status: 'running',
      runId,
      discoveredTools: [...startState.discoveredTools],
      ...(resuming && record.checkpoint ? { checkpoint: { ...record.checkpoint, messages } } : {}),
    });
    await this.conversations.saveTranscript(conversationId, entries);
    this.panels.toConversation(conversationId, { type: 'run_state', conversationId, run: { status: 'running', runId } });
    // A message the panels have not put in their transcript (it was queued, or is the queue's leftover).
    if ('text' in what && what.announce)
      this.panels.toConversation(conversationId, {
        type: 'agent_event',
        conversationId,
        runId,
        event: { type: 'person_message', id: `${runId}:start`, text: what.text },
      });
    void this.conversations.broadcastList();

    active.done = (async () => {
      const final = await session.run();
      this.active.delete(conversationId);
      release();
      this.deps.onRunEnded?.(runId);
      await this.conversations.saveRun(final);
      const totals = await this.conversations.addRunTotals(conversationId, final);
      this.panels.toConversation(conversationId, { type: 'run_state', conversationId, run: runStateOf(final), ...(totals ? { totals } : {}) });
      void this.conversations.broadcastList();
      await this.keepUnderStorageCap(config.storageCapMb, conversationId);
      await this.afterRun(conversationId, session.takeLeftover(), final);
    })();
    return undefined;
  }

  /** After a run: the oldest conversations go first when the person's storage cap is passed (never a running one). */
  private async keepUnderStorageCap(capMb: number, justUsed: string): Promise<void> {
    try {
      const deleted = await this.conversations.enforceCap(capMb * 1024 * 1024, new Set([...this.active.keys(), justUsed]));
      if (deleted.length === 0) return;
      const names = deleted.map((title) => `“${title}”`).join(', ');
      this.panels.toAll(
        notice(
          'STORAGE_CAP',
          `To stay under the storage cap of ${capMb} MB, the oldest conversation${deleted.length === 1 ? ' was' : 's were'} deleted: ${names}.`,
          'Export conversations you want to keep, or raise the cap in Settings.',
          'info',
        ),
      );
    } catch (error) {
      console.warn('Pagewright: keeping under the storage cap failed', error);
    }
  }

  /**
   * Messages the run ended without delivering: the next run (Stop and send, or they came in as it
   * ended), or back to the person's message box (they pressed Stop, the run failed or was deleted).
   */
  private async afterRun(conversationId: string, leftover: { texts: string[]; send: boolean }, final: RunRecord): Promise<void> {
    if (leftover.texts.length === 0) return;
    if (leftover.send && final.status !== 'error') {
      const refusal = await this.startRun(conversationId, { text: leftover.texts.join('\n\n'), announce: true });
      if (!refusal) return;
    }
    this.panels.toConversation(conversationId, { type: 'queue_returned', conversationId, texts: leftover.texts });
  }

  /** Interrupts the conversation's run, if any. */
  stop(conversationId: string): void {
    this.active.get(conversationId)?.session.stop();
  }

  /** The person's answer to the conversation's pending prompt. */
  answerPermission(conversationId: string, toolUseId: string, choice: PersonChoice): void {
    this.active.get(conversationId)?.session.permissionBridge.answer(toolUseId, choice);
  }

  /** Stops the conversation's run, then deletes it with its transcript and run state. */
  async deleteConversation(conversationId: string): Promise<void> {
    const active = this.active.get(conversationId);
    if (active) {
      active.session.abort('deleted');
      await active.done;
    }
    await this.conversations.delete(conversationId);
  }

  /** Unbinds conversations from a closed tab (or every tab after a browser restart). */
  async forgetTab(tabId: number | undefined): Promise<void> {
    await this.ready;
    await this.conversations.forgetTab(tabId);
  }

  /** Sends a panel the whole state of a conversation: transcript, run, any prompt waiting. */
  async postState(link: PanelLink, conversation: ConversationRecord): Promise<void> {
    const active = this.active.get(conversation.id)?.session;
    const record = await this.conversations.getRun(conversation.id);
    const transcript = active ? [...active.transcript] : await this.conversations.getTranscript(conversation.id);
    const run: RunState = active ? active.state : record ? runStateOf(record) : { status: 'idle' };
    const pending = active?.permissionBridge.pending;
    link.post({
      type: 'conversation_state',
      conversationId: conversation.id,
      title: conversation.title,
      ...(conversation.tabId !== undefined ? { tabId: conversation.tabId } : {}),
      transcript,
      run,
      ...(pending ? { pendingPermission: pending } : {}),
      ...(conversation.totals ? { totals: conversation.totals } : {}),
    });
  }

  /** Tells a panel the settings are invalid (it just connected). */
  async noticeIfSettingsInvalid(link: PanelLink): Promise<void> {
    const settings = await this.deps.loadSettings();
    if (!settings.ok) link.post(notice('SETTINGS_INVALID', settings.message, settings.suggestion));
  }

  /**
   * After a worker stop, a run record still marked 'running' was cut off: its in-flight calls get the
   * INTERRUPTED result (nothing is re-run), and it is shown as interrupted with Resume.
   */
  private async recoverCutOffRuns(): Promise<void> {
    let cutOff: string[];
    try {
      cutOff = (await this.deps.conversations.listRuns()).filter((run) => run.status === 'running').map((run) => run.conversationId);
    } catch (error) {
      console.warn('Pagewright: could not read saved runs', error);
      return;
    }
    for (const conversationId of cutOff) {
      const record = await this.deps.conversations.getRun(conversationId);
      if (!record) continue;
      const restored = record.checkpoint ? restoreRunState(record.checkpoint) : undefined;
      const messages = restored?.messages ?? record.messages;
      await this.deps.conversations.putRun({
        ...record,
        messages,
        status: 'interrupted',
        ...(record.checkpoint ? { checkpoint: { ...record.checkpoint, messages } } : {}),
      });
      const entries = await this.deps.conversations.getTranscript(conversationId);
      await this.deps.conversations.putTranscript(conversationId, closeUnfinishedCalls(entries, 'worker_restarted'));
    }
  }
}

function runStateOf(record: RunRecord): RunState {
  return {
    status: record.status,
    ...(record.runId ? { runId: record.runId } : {}),
    ...(record.error ? { error: record.error } : {}),
    ...(record.usage ? { usage: record.usage } : {}),
    ...(record.cost ? { cost: record.cost } : {}),
  };
}
