/**
 * One coding agent's session: a conversation in the person's panel ("Claude Code · 12 calls"), one run
 * at a time in it, and the tabs it may use. Each MCP call becomes a tool call of that run (the call
 * queue is the run's "model"), so it goes through the same registry, executor, permission prompts, data
 * ledger, result budget and activity log as the panel's calls. The session hears how each call goes the
 * way a panel does (a link on the conversation): progress and prompts become progress notifications,
 * the finished event becomes the MCP result.
 */
import { z } from 'zod';
import type { AgentEvent } from '../../runtime/events.js';
import type { Tools } from '../../runtime/tool.js';
import type { PermissionMode } from '../../runtime/permission-types.js';
import { toErrorPayload, type ErrorSummary } from '../../runtime/errors.js';
import { sessionTitle, type ExternalClient } from '../../shared/external-agents.js';
import type { BridgeClient, ExtensionToHost } from '../../shared/protocol/bridge.js';
import type { WorkerToPanel } from '../../shared/protocol/panel.js';
import type { PanelLink } from '../panels.js';
import type { RunManager } from '../run-manager.js';
import { CallQueue } from './call-queue.js';
import { mcpCallResult, mcpToolList, toolsForOutsideSessions } from './mcp-results.js';
import { SessionTabs, type TabGroups } from './session-tabs.js';

type OutgoingMessage = ExtensionToHost extends infer M ? (M extends { connection: string } ? Omit<M, 'connection'> : never) : never;

export interface SessionDeps {
  manager: RunManager;
  /** To this session's server, through the host. */
  send(message: OutgoingMessage): void;
  /** The mode outside sessions' calls are judged in (Settings → Coding agents). */
  permissionMode(): PermissionMode;
  /** The pool as a run in that mode gets it (deny rules, the mode, isEnabled), before this session's filter. */
  pool(): Promise<Tools>;
  groups?: TabGroups;
  /** Something the panel shows changed (calls, tabs, a prompt waiting). */
  onChange(): void;
  now(): number;
  newId(): string;
}

const callParams = z.object({ name: z.string().min(1).max(200), arguments: z.record(z.string(), z.unknown()).optional() });

/** A short line for a tool's progress report (they are the tools' own shapes). */
function progressText(tool: string, progress: unknown): string {
  if (typeof progress === 'string') return `${tool}: ${progress}`.slice(0, 300);
  const text = JSON.stringify(progress) ?? '';
  return `${tool}: ${text.length > 240 ? `${text.slice(0, 239)}…` : text}`;
}

export class ExternalSession {
  readonly tabs: SessionTabs;
  readonly connectedAt: number;
  private calls = 0;
  private prompting = new Set<string>();
  private queue: CallQueue | undefined;
  private starting: Promise<CallQueue> | undefined;
  /** toolUseId → the MCP request it answers, and whether its client takes progress. */
  private readonly pending = new Map<string, { requestId: number; name: string; progress: boolean }>();
  private readonly link: PanelLink;
  private nextCall = 0;
  private readonly nonce: string;
  private ended = false;
  private retitleTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    readonly connection: string,
    readonly client: BridgeClient,
    readonly name: string,
    readonly conversationId: string,
    private readonly deps: SessionDeps,
  ) {
    this.connectedAt = deps.now();
    this.nonce = deps
      .newId()
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 8);
    this.tabs = new SessionTabs({
      title: name,
      ...(deps.groups ? { groups: deps.groups } : {}),
      follow: (tabId) => deps.manager.conversations.moveToTab(conversationId, tabId),
      onChange: () => deps.onChange(),
    });
    this.link = { conversationId, post: (message) => this.onWorkerMessage(message) };
    deps.manager.attach(this.link);
  }

  /** Opens a session in a new conversation of its own. */
  static async open(deps: SessionDeps, connection: string, client: BridgeClient, name: string): Promise<ExternalSession> {
    await deps.manager.ready;
    const conversation = await deps.manager.conversations.create(undefined);
    await deps.manager.conversations.put({ ...conversation, title: name });
    void deps.manager.conversations.broadcastList();
    return new ExternalSession(connection, client, name, conversation.id, deps);
  }

  /** What the panel shows of it. */
  get view(): ExternalClient {
    return {
      id: this.connection,
      name: this.name,
      version: this.client.version,
      conversationId: this.conversationId,
      connectedAt: this.connectedAt,
      calls: this.calls,
      tabIds: this.tabs.ids,
      waiting: this.prompting.size > 0,
    };
  }

  /** One MCP request; `progress` false when its client takes no progress notifications. Never throws: every failure is answered. */
  async handle(requestId: number, method: 'tools/list' | 'tools/call', params: unknown, progress = true): Promise<void> {
    try {
      if (method === 'tools/list') {
        this.deps.send({ type: 'response', id: requestId, result: mcpToolList(toolsForOutsideSessions(await this.deps.pool())) });
        return;
      }
      const call = callParams.safeParse(params);
      if (!call.success) {
        this.fail(requestId, {
          code: 'INVALID_PARAMS',
          message: 'A tools/call needs a tool name and an arguments object.',
          suggestion: 'Send {name, arguments}.',
        });
        return;
      }
      const toolUseId = `mcp_${this.nonce}_${++this.nextCall}`;
      this.pending.set(toolUseId, { requestId, name: call.data.name, progress });
      const queue = await this.run();
      queue.push({ type: 'tool_use', id: toolUseId, name: call.data.name, input: call.data.arguments ?? {} });
    } catch (error) {
      // The one wire error, cut to the three fields a client reads (details stay in the worker).
      const { code, message, suggestion } = toErrorPayload(error, { code: 'FAILED', suggestion: 'Try again.' });
      const summary: ErrorSummary = { code, message, suggestion };
      for (const [toolUseId, call] of this.pending) if (call.requestId === requestId) this.pending.delete(toolUseId);
      this.fail(requestId, summary);
    }
  }

  /** The client cancelled a call: one that has not started is dropped (one under way finishes; its result is not read). */
  cancel(requestId: number): void {
    const queued = this.queue?.queued ?? [];
    for (const [toolUseId, call] of this.pending) {
      if (call.requestId !== requestId) continue;
      const index = queued.findIndex((block) => block.id === toolUseId);
      if (index < 0) continue;
      (queued as unknown[]).splice(index, 1);
      this.pending.delete(toolUseId);
      this.fail(requestId, { code: 'CANCELLED', message: `${call.name} was cancelled before it started.`, suggestion: 'Nothing happened in the browser.' });
    }
  }

  /**
   * Ends the session: calls under way stop through the run's abort tree (reads at once, an act already
   * under way finishes), its tabs leave their group, and the server is told why when it is still there.
   */
  async end(closing: ErrorSummary | undefined): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (closing) this.deps.send({ type: 'closed', error: closing });
    this.deps.manager.stop(this.conversationId);
    this.queue?.end();
    await this.deps.manager.settled(this.conversationId);
    this.failPending({ code: 'SESSION_ENDED', message: 'The session ended before this call finished.', suggestion: 'Reconnect to Pagewright to go on.' });
    this.deps.manager.detach(this.link);
    await this.tabs.release();
    clearTimeout(this.retitleTimer);
    this.retitleTimer = undefined;
    await this.retitle();
  }

  /** The run the next call joins: the current one, or a new one once any earlier run has ended. */
  private run(): Promise<CallQueue> {
    if (this.queue && this.deps.manager.isRunning(this.conversationId)) return Promise.resolve(this.queue);
    this.starting ??= this.startRun().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async startRun(): Promise<CallQueue> {
    const { manager } = this.deps;
    await manager.settled(this.conversationId);
    const queue = new CallQueue(this.name);
    const refusal = await manager.startRun(this.conversationId, {
      driven: {
        client: this.name,
        model: queue,
        permissionMode: this.deps.permissionMode(),
        tools: toolsForOutsideSessions,
        browser: (bridge, runId) => this.tabs.bridge(bridge, runId),
        note: `${this.name}, a coding agent on this computer connected over MCP, made the tool calls that follow; it was not the person's request in this panel.`,
      },
    });
    if (refusal) {
      throw Object.assign(new Error(refusal.message), {
        code: refusal.code === 'RUN_ACTIVE' ? 'CONVERSATION_BUSY' : refusal.code,
        suggestion:
          refusal.code === 'RUN_ACTIVE' ? 'The person is using this conversation in Pagewright’s panel; try again when they are done.' : refusal.suggestion,
      });
    }
    this.queue = queue;
    void manager.settled(this.conversationId).then(() => this.runEnded(queue));
    return queue;
  }

  /** The run ended (Stop, the person's Disconnect, an error): calls it did not run are answered. */
  private runEnded(queue: CallQueue): void {
    if (this.queue !== queue) return;
    this.queue = undefined;
    const skipped = new Set(queue.end().map((block) => block.id));
    for (const toolUseId of skipped) {
      const call = this.pending.get(toolUseId);
      this.pending.delete(toolUseId);
      if (call)
        this.fail(call.requestId, {
          code: 'CANCELLED',
          message: `The person stopped this session’s calls in Pagewright; ${call.name} did not run.`,
          suggestion: 'Do not repeat it unless the person asks; check the page state first.',
        });
    }
    this.failPending({
      code: 'CANCELLED',
      message: 'The run stopped before this call finished.',
      suggestion: 'It may have partly happened: read the page before repeating it, and repeat it only if the person asks.',
    });
    this.prompting.clear();
    this.deps.onChange();
    void this.retitle();
  }

  private onWorkerMessage(message: WorkerToPanel): void {
    // The panels' fan-out drops a link whose post throws: this one must not, whatever it is sent.
    try {
      this.onPanelMessage(message);
    } catch (error) {
      console.warn('Pagewright: an outside session could not follow its run', error);
    }
  }

  private onPanelMessage(message: WorkerToPanel): void {
    if (message.type === 'agent_event') this.onEvent(message.event);
    else if (message.type === 'permission_request') {
      const call = this.pending.get(message.request.toolUseId);
      if (!call) return;
      this.prompting.add(message.request.toolUseId);
      if (call.progress)
        this.deps.send({
          type: 'progress',
          id: call.requestId,
          message: `Waiting for the person to answer in Pagewright’s side panel: ${message.request.description}`.slice(0, 2_000),
        });
      this.deps.onChange();
    } else if (message.type === 'permission_resolved') {
      if (this.prompting.delete(message.toolUseId)) this.deps.onChange();
    }
  }

  private onEvent(event: AgentEvent): void {
    if (event.type === 'tool_call_progress') {
      const call = this.pending.get(event.toolUseId);
      if (call?.progress) this.deps.send({ type: 'progress', id: call.requestId, message: progressText(call.name, event.progress) });
    } else if (event.type === 'tool_call_finished') {
      const call = this.pending.get(event.toolUseId);
      if (!call) return;
      this.pending.delete(event.toolUseId);
      this.prompting.delete(event.toolUseId);
      this.calls++;
      this.deps.send({ type: 'response', id: call.requestId, result: mcpCallResult(event) });
      this.deps.onChange();
      this.retitleSoon();
    }
  }

  private fail(requestId: number, error: ErrorSummary): void {
    this.deps.send({ type: 'failure', id: requestId, error });
  }

  private failPending(error: ErrorSummary): void {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) this.fail(call.requestId, error);
  }

  /**
   * Renames the conversation at most once a second while calls come quickly: each rename is a write and a
   * list for every panel, and they must not queue in front of the next call's writes.
   */
  private retitleSoon(): void {
    if (this.retitleTimer !== undefined) return;
    this.retitleTimer = setTimeout(() => {
      this.retitleTimer = undefined;
      void this.retitle();
    }, 1_000);
  }

  /** "Claude Code · 12 calls" in the conversation list. */
  private async retitle(): Promise<void> {
    const conversations = this.deps.manager.conversations;
    const conversation = await conversations.get(this.conversationId).catch(() => undefined);
    const title = sessionTitle(this.name, this.calls);
    if (!conversation || conversation.title === title) return;
    await conversations.put({ ...conversation, title });
    await conversations.broadcastList();
  }
}
