/**
 * Wires the panel's models together: the port client feeds the conversation and list models; the tab
 * binding decides which conversation is shown; after a worker restart the binding is replayed so the
 * restored state appears.
 */
import { effect, signal } from '@preact/signals';
import type { WorkerToPanel } from '../../src/shared/protocol/panel.js';
import { ActivityModel } from './activity-model.js';
import { BindingModel, type TabsApi } from './binding-model.js';
import { CodingAgentsModel } from './coding-agents-model.js';
import { ConversationModel } from './conversation-model.js';
import { ConversationsModel } from './conversations-model.js';
import { GrantsModel } from './grants-model.js';
import { SchedulesModel } from './schedules-model.js';
import { KeyTestModel } from './key-test-model.js';
import { FullResultsModel } from './full-results-model.js';
import { ExportModel, type SaveFile } from './export-model.js';
import { McpModel } from './mcp-model.js';
import { StorageModel } from './storage-model.js';
import { MemoryModel } from './memory-model.js';
import { PortClient, type ConnectPort } from './port-client.js';
import { SettingsModel, type SettingsStorage } from './settings-model.js';
import type { SendMessage } from './worker-request.js';

/** The page the panel shows. */
export type PanelPage = 'chat' | 'conversations' | 'settings' | 'activity';

/** What the app needs from the browser, injected so the wiring is testable in Node. */
export interface AppDeps {
  connect: ConnectPort;
  tabs: TabsApi;
  settingsStorage: SettingsStorage;
  /** One-shot requests to the worker (`runtime.sendMessage`). */
  request: SendMessage;
  /** Saves an exported conversation through the browser's downloads. */
  saveFile?: SaveFile;
  pinnedTabId: number | undefined;
  /** Opens this panel in its own window bound to the tab. */
  openPopOut?: (tabId: number) => void;
  /** The title and address of a tab (host access lets the panel read them). */
  describeTab?: (tabId: number) => Promise<{ title: string; url: string } | undefined>;
  schedule?: (callback: () => void, ms: number) => unknown;
}

/** The root model: owns the other models and routes worker messages to them. */
export class AppModel {
  readonly page = signal<PanelPage>('chat');
  /** The Settings section shown (see components/settings/sections.ts). */
  readonly settingsSection = signal('model');
  /** The bound tab's page, for the example requests ("Summarize this page" on its site). */
  readonly tabPage = signal<{ title: string; url: string } | undefined>(undefined);
  /** "Test" in the setup card and Settings → Model. */
  readonly keyTest: KeyTestModel;
  readonly port: PortClient;
  readonly conversation: ConversationModel;
  readonly conversations: ConversationsModel;
  readonly settings: SettingsModel;
  readonly memory: MemoryModel;
  /** "Always allow on this site" grants, listed (and revoked) in Settings. */
  readonly grants: GrantsModel;
  /** Scheduled shortcuts' next runs and results, Pause and Delete; "Save as shortcut". */
  readonly schedules: SchedulesModel;
  /** Conversations saved as Markdown or JSON files. */
  readonly exports: ExportModel;
  /** How much is stored, for Settings. */
  readonly storage: StorageModel;
  /** The MCP servers' live states, for Settings. */
  readonly mcp: McpModel;
  /** Coding agents: Settings → Coding agents and the "Controlled by …" banner. */
  readonly codingAgents: CodingAgentsModel;
  /** The shown conversation's activity log. */
  readonly activity: ActivityModel;
  /** Over-budget results the person opened in a tool view. */
  readonly fullResults: FullResultsModel;
  readonly binding: BindingModel;
  /** A conversation the person opened from the list (kept across reconnects, dropped on tab switch). */
  private openedConversation: string | undefined;
  private disposeEffect: (() => void) | undefined;

  constructor(private readonly deps: AppDeps) {
    const send = (message: Parameters<PortClient['send']>[0]) => this.port.send(message);
    this.conversation = new ConversationModel(send);
    this.conversations = new ConversationsModel(send);
    this.settings = new SettingsModel(deps.settingsStorage);
    this.memory = new MemoryModel(deps.request);
    this.grants = new GrantsModel(deps.request);
    this.schedules = new SchedulesModel(deps.request, this.settings);
    this.fullResults = new FullResultsModel(deps.request);
    this.activity = new ActivityModel(deps.request);
    this.mcp = new McpModel(deps.request);
    this.codingAgents = new CodingAgentsModel(deps.request);
    this.keyTest = new KeyTestModel(deps.request);
    this.storage = new StorageModel(deps.request);
    this.exports = new ExportModel(deps.request, deps.saveFile ?? (async () => Promise.reject(new Error('Saving files is not available here.'))));
    this.binding = new BindingModel(deps.pinnedTabId);
    this.port = new PortClient({
      connect: deps.connect,
      onMessage: (message) => this.route(message),
      onConnected: () => this.rebind(),
      onInvalidMessage: (detail) =>
        this.conversation.addNotice({
          level: 'error',
          code: 'INVALID_MESSAGE',
          message: `The panel ignored a message from the extension that did not match the protocol (${detail}).`,
          suggestion: 'Reload the extension if the panel stops updating.',
        }),
      ...(deps.schedule ? { schedule: deps.schedule } : {}),
    });
  }

  /** Connects and starts following the tab. */
  async start(): Promise<void> {
    this.port.start();
    let first = true;
    this.disposeEffect = effect(() => {
      const tabId = this.binding.tabId.value;
      if (tabId !== undefined) void this.refreshTabPage(tabId);
      if (first) {
        first = false;
        return; // the connection's own rebind covers the first binding
      }
      if (tabId === undefined) return;
      this.openedConversation = undefined;
      this.port.send({ type: 'bind_tab', tabId });
    });
    // Following the active tab sets `tabId`, and the effect above binds it.
    await Promise.all([this.binding.start(this.deps.tabs), this.settings.load(), this.codingAgents.refresh()]);
  }

  dispose(): void {
    this.disposeEffect?.();
    this.binding.stop();
    this.port.close();
  }

  newChat(): void {
    const tabId = this.binding.tabId.value ?? this.conversation.tabId.value;
    if (tabId === undefined) return;
    this.openedConversation = undefined;
    this.conversations.create(tabId);
    this.page.value = 'chat';
  }

  openConversation(conversationId: string): void {
    this.openedConversation = conversationId;
    this.conversations.open(conversationId);
    this.page.value = 'chat';
  }

  deleteConversation(conversationId: string): void {
    this.conversations.remove(conversationId);
    if (conversationId === this.conversation.conversationId.value) {
      // The shown conversation is gone: show the tab's (new) conversation instead.
      this.openedConversation = undefined;
      const tabId = this.binding.tabId.value;
      if (tabId !== undefined) this.port.send({ type: 'bind_tab', tabId });
    }
    this.conversations.refresh();
  }

  /** Reads the bound tab's title and address again (the examples name its site). */
  async refreshTabPage(tabId = this.binding.tabId.value): Promise<void> {
    if (tabId === undefined || !this.deps.describeTab) return;
    const page = await this.deps.describeTab(tabId).catch(() => undefined);
    if (tabId === this.binding.tabId.value) this.tabPage.value = page;
  }

  /** Shows a page; for Settings, optionally a section ("Open settings" on a key error opens Model). */
  showPage(page: PanelPage, section?: string): void {
    if (section !== undefined) this.settingsSection.value = section;
    this.page.value = page;
    if (page === 'conversations') this.conversations.refresh();
    if (page === 'activity') void this.activity.refresh(this.conversation.conversationId.value);
    if (page === 'settings') {
      void this.settings.load();
      void this.memory.refresh();
      void this.grants.refresh();
      void this.schedules.refresh();
      void this.mcp.refresh();
      void this.storage.refresh();
      void this.codingAgents.refresh();
    }
  }

  popOut(): void {
    const tabId = this.binding.tabId.value;
    if (tabId !== undefined) this.deps.openPopOut?.(tabId);
  }

  private rebind(): void {
    const tabId = this.binding.tabId.value;
    if (tabId !== undefined) this.port.send({ type: 'bind_tab', tabId });
    if (this.openedConversation !== undefined) this.port.send({ type: 'open_conversation', conversationId: this.openedConversation });
    this.port.send({ type: 'list_conversations' });
  }

  private route(message: WorkerToPanel): void {
    if (message.type === 'mcp_states') return this.mcp.apply(message.servers);
    if (message.type === 'external_agents') return this.codingAgents.apply(message.state);
    this.conversations.apply(message);
    this.conversation.apply(message);
    // The worker names a conversation after its first message and announces it only in the list:
    // without this the header keeps saying "New conversation" for the whole chat.
    if (message.type === 'conversations') {
      const current = message.conversations.find((summary) => summary.id === this.conversation.conversationId.value);
      if (current && current.title !== this.conversation.title.value) this.conversation.title.value = current.title;
    }
  }
}
