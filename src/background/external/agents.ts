/**
 * Coding agents in this worker: follows Settings → Coding agents (the helper runs only while it is on),
 * takes the connections the helper passes on (one client at a time: a second is refused, naming the
 * first), routes their requests to their sessions, and tells the panels and the toolbar badge who is
 * connected and whether one of them is waiting for the person.
 */
import type { PermissionContext } from '../../runtime/permission-types.js';
import type { Tools } from '../../runtime/tool.js';
import type { Settings } from '../../shared/settings.js';
import { clientDisplayName, externalAgentsSettingsSchema, type ExternalAgentsSettings, type ExternalAgentsState } from '../../shared/external-agents.js';
import type { HostToExtension } from '../../shared/protocol/bridge.js';
import type { GrantStore } from '../../storage/grants.js';
import type { RunManager } from '../run-manager.js';
import type { NativeLink } from './native-link.js';
import { ExternalSession } from './session.js';
import type { TabGroups } from './session-tabs.js';

/** The toolbar badge (chrome.action; a fake in tests). */
export interface Badge {
  show(badge: { text: string; color: string; title: string }): void;
}

export interface ExternalAgentsDeps {
  manager: RunManager;
  grants: GrantStore;
  /** The same pool a run gets (deny → mode → isEnabled). */
  getTools(permissions: PermissionContext, options: { simpleMode: boolean }): Tools | Promise<Tools>;
  groups?: TabGroups;
  badge?: Badge;
  extensionId: string;
  now?: () => number;
  newId?: () => string;
}

type FromHost = Exclude<HostToExtension, { type: 'chunk' | 'host_ready' | 'host_failed' }>;

export class ExternalAgents {
  private link: NativeLink | undefined;
  private settings: Settings | undefined;
  private readonly sessions = new Map<string, ExternalSession>();
  private readonly listeners = new Set<(state: ExternalAgentsState) => void>();
  private shownBadge: string | undefined;

  constructor(private readonly deps: ExternalAgentsDeps) {}

  /** The native link this hub drives (set once at startup: they need each other). */
  attachLink(link: NativeLink): void {
    this.link = link;
  }

  get agentSettings(): ExternalAgentsSettings {
    return this.settings?.externalAgents ?? externalAgentsSettingsSchema.parse({});
  }

  /** The settings changed (or the worker started): the helper runs only while the switch is on. */
  async sync(settings: Settings): Promise<void> {
    const before = this.settings;
    this.settings = settings;
    const on = settings.externalAgents.enabled;
    if (!on) {
      await this.endAll({
        code: 'CODING_AGENTS_OFF',
        message: 'The person turned Coding agents off in Pagewright’s settings.',
        suggestion: 'Ask them to turn it on again (side panel → Settings → Coding agents) if they want you to use the browser.',
      });
      this.link?.stop();
    } else if (this.link?.status.status === 'off' || this.link?.status.status === undefined) this.link?.start();
    const changed =
      before !== undefined &&
      (before.externalAgents.permissionMode !== settings.externalAgents.permissionMode || JSON.stringify(before.rules) !== JSON.stringify(settings.rules));
    if (changed) for (const session of this.sessions.values()) this.link?.send({ type: 'tools_changed', connection: session.connection });
    this.changed();
  }

  /** Try again: connects the helper anew (after `install`, say). */
  retry(): void {
    if (!this.agentSettings.enabled) return;
    this.link?.stop();
    this.link?.start();
    this.changed();
  }

  /** A message from the helper. */
  async receive(message: FromHost): Promise<void> {
    const session = 'connection' in message ? this.sessions.get(message.connection) : undefined;
    switch (message.type) {
      case 'open':
        return this.open(message.connection, message.client);
      case 'request':
        if (!session) return;
        return session.handle(message.id, message.method, message.params, message.progress !== false);
      case 'cancel':
        return session?.cancel(message.id);
      case 'gone':
        if (!session) return;
        this.sessions.delete(message.connection);
        await session.end(undefined);
        return this.changed();
    }
  }

  private async open(connection: string, client: { name: string; version: string }): Promise<void> {
    const refuse = (code: string, message: string, suggestion: string) =>
      this.link?.send({ type: 'refused', connection, error: { code, message, suggestion } });
    if (!this.agentSettings.enabled)
      return refuse(
        'CODING_AGENTS_OFF',
        'Coding agents is turned off in Pagewright’s settings.',
        'Ask the person to turn it on: Pagewright side panel → Settings → Coding agents.',
      );
    const other = [...this.sessions.values()][0];
    if (other)
      return refuse(
        'CLIENT_BUSY',
        `${other.name} is already connected to Pagewright, and one coding agent at a time may use the browser.`,
        `Quit ${other.name} (or its Pagewright server), or disconnect it in Pagewright’s side panel → Settings → Coding agents; then call the tool again.`,
      );
    const name = clientDisplayName(client.name);
    const session = await ExternalSession.open(
      {
        manager: this.deps.manager,
        send: (message) => this.link?.send({ ...message, connection } as never),
        permissionMode: () => this.agentSettings.permissionMode,
        pool: () => this.pool(),
        ...(this.deps.groups ? { groups: this.deps.groups } : {}),
        onChange: () => this.changed(),
        now: this.deps.now ?? Date.now,
        newId: this.deps.newId ?? (() => crypto.randomUUID()),
      },
      connection,
      client,
      name,
    );
    this.sessions.set(connection, session);
    this.link?.send({ type: 'accepted', connection, name });
    this.changed();
  }

  /** The tools outside sessions get now: the pool in their mode, with the person's rules and grants. */
  private async pool(): Promise<Tools> {
    const settings = this.settings;
    const grants = await this.deps.grants.list().catch(() => []);
    const permissions: PermissionContext = { mode: this.agentSettings.permissionMode, rules: settings?.rules ?? { allow: [], deny: [], ask: [] }, grants };
    return this.deps.getTools(permissions, { simpleMode: false });
  }

  /** The person pressed Disconnect (or Stop on the banner). */
  async disconnect(connection: string): Promise<boolean> {
    const session = this.sessions.get(connection);
    if (!session) return false;
    this.sessions.delete(connection);
    await session.end({
      code: 'DISCONNECTED_BY_PERSON',
      message: `The person disconnected ${session.name} from Pagewright.`,
      suggestion: 'Do not try to reconnect on your own: ask the person. To connect again, restart this MCP server (in Claude Code: /mcp, then reconnect).',
    });
    this.changed();
    return true;
  }

  /** The person shares one of their tabs with the connected client (or takes it back). */
  async share(tabId: number, shared: boolean): Promise<boolean> {
    const session = [...this.sessions.values()][0];
    if (!session) return false;
    if (shared) {
      await session.tabs.share(tabId);
      await this.deps.manager.conversations.moveToTab(session.conversationId, tabId);
    } else await session.tabs.unshare(tabId);
    return true;
  }

  tabClosed(tabId: number): void {
    for (const session of this.sessions.values()) session.tabs.forget(tabId);
  }

  groupRemoved(groupId: number): void {
    for (const session of this.sessions.values()) session.tabs.groupRemoved(groupId);
  }

  /** What the panel shows. */
  state(): ExternalAgentsState {
    return {
      settings: this.agentSettings,
      bridge: this.link?.status ?? { status: 'off' },
      clients: [...this.sessions.values()].map((session) => session.view),
      extensionId: this.deps.extensionId,
    };
  }

  onChange(listener: (state: ExternalAgentsState) => void): void {
    this.listeners.add(listener);
  }

  /** The helper's status changed (or a session did): the panels and the badge follow. */
  changed(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
    const badge = badgeFor(state);
    const key = JSON.stringify(badge);
    if (key !== this.shownBadge) this.deps.badge?.show(badge);
    this.shownBadge = key;
  }

  private async endAll(closing: Parameters<ExternalSession['end']>[0]): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.end(closing)));
  }
}

/** The toolbar badge: nothing; "ON" while a client is connected; "!" while it waits for the person. */
export function badgeFor(state: ExternalAgentsState): { text: string; color: string; title: string } {
  const client = state.clients[0];
  if (!client) return { text: '', color: '#4263eb', title: 'Pagewright' };
  if (client.waiting) return { text: '!', color: '#e8590c', title: `${client.name} is waiting for your answer — open Pagewright's side panel` };
  return { text: 'ON', color: '#4263eb', title: `Pagewright — controlled by ${client.name}` };
}
