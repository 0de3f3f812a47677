/**
 * Conversations as the worker keeps them: bound to tabs, listed for the panels, and saved in order.
 * Writes for one conversation go one after another, so a late write never overwrites a newer one.
 */
import type { ConversationRecord, ConversationStore, RunRecord } from '../storage/conversations.js';
import { totalTokens } from '../runtime/context-window/cost.js';
import { addUsage, emptyUsage } from '../runtime/model/types.js';
import type { ConversationSummary, ConversationTotals } from '../shared/protocol/panel.js';
import type { TranscriptEntry } from '../shared/transcript.js';
import type { Panels } from './panels.js';

export const NEW_CONVERSATION_TITLE = 'New conversation';

/** Conversations, their transcripts and run records, and the panels' list of them. */
export class Conversations {
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    readonly store: ConversationStore,
    private readonly panels: Panels,
    /** Whether a conversation has a run in this worker (the list shows it as running). */
    private readonly isRunning: (conversationId: string) => boolean,
    private readonly now: () => number,
    private readonly newId: () => string,
  ) {}

  get(conversationId: string): Promise<ConversationRecord | undefined> {
    return this.store.getConversation(conversationId);
  }

  /** The tab's latest conversation, or a new one bound to it. */
  async forTab(tabId: number): Promise<ConversationRecord> {
    return (await this.store.latestConversationForTab(tabId)) ?? this.create(tabId);
  }

  async create(tabId: number | undefined): Promise<ConversationRecord> {
    const now = this.now();
    const record: ConversationRecord = {
      id: this.newId(),
      title: NEW_CONVERSATION_TITLE,
      createdAt: now,
      updatedAt: now,
      ...(tabId !== undefined ? { tabId } : {}),
    };
    await this.store.putConversation(record);
    return record;
  }

  async put(record: ConversationRecord): Promise<void> {
    await this.store.putConversation(record);
  }

  /**
   * Adds a finished run to the conversation's totals and marks it as just used; returns the new totals.
   * A run whose model had no price is counted apart, so the cost shown is never a silent underestimate;
   * one that used no tokens costs $0 whatever its model.
   */
  async addRunTotals(conversationId: string, run: RunRecord): Promise<ConversationTotals | undefined> {
    const conversation = await this.store.getConversation(conversationId);
    if (!conversation) return undefined;
    const prior = conversation.totals ?? { runs: 0, usage: emptyUsage(), costUsd: 0, runsWithoutPrice: 0 };
    const usage = run.cost?.usage ?? run.usage;
    const totals: ConversationTotals = {
      runs: prior.runs + 1,
      usage: usage ? addUsage(prior.usage, usage) : prior.usage,
      costUsd: prior.costUsd + (run.cost?.costUsd ?? 0),
      // A run that used no tokens (it failed before the model answered) cost nothing, priced or not.
      runsWithoutPrice: prior.runsWithoutPrice + (usage && totalTokens(usage) > 0 && run.cost?.costUsd === undefined ? 1 : 0),
    };
    await this.store.putConversation({ ...conversation, totals, updatedAt: this.now() });
    return totals;
  }

  /** Binds the conversation to another tab (the agent brought that tab to the front). */
  async moveToTab(conversationId: string, tabId: number): Promise<void> {
    const conversation = await this.store.getConversation(conversationId);
    if (!conversation || conversation.tabId === tabId) return;
    await this.store.putConversation({ ...conversation, tabId, updatedAt: this.now() });
    void this.broadcastList();
  }

  /** Deletes it with its transcript and run; panels showing it show none until they bind again. */
  async delete(conversationId: string): Promise<void> {
    await this.store.deleteConversation(conversationId);
    this.panels.unbind(conversationId);
    await this.broadcastList();
  }

  /**
   * Unbinds conversations from a tab that closed (or from every tab after a browser restart, when
   * `tabId` is undefined): tab ids are reused across sessions, and a new tab must not inherit an old
   * conversation. The conversations stay in the list, and an interrupted run resumes without the tab.
   */
  async forgetTab(tabId: number | undefined): Promise<void> {
    const matches = (bound: number | undefined) => bound !== undefined && (tabId === undefined || bound === tabId);
    for (const conversation of await this.store.listConversations()) {
      if (!matches(conversation.tabId)) continue;
      const { tabId: _dropped, ...unbound } = conversation;
      await this.store.putConversation(unbound);
    }
    for (const record of await this.store.listRuns()) {
      const checkpoint = record.checkpoint;
      if (record.status !== 'interrupted' || !checkpoint || !matches(checkpoint.currentTabId)) continue;
      await this.queue(record.conversationId, () =>
        this.store.updateRun(record.conversationId, (run) => ({ ...run, checkpoint: { ...checkpoint, currentTabId: undefined } })),
      );
    }
  }

  /** How much the conversations keep, by Pagewright's own count (transcripts, messages, stored results). */
  async usage(): Promise<{ conversations: number; bytes: number }> {
    const all = await this.store.listConversations();
    return { conversations: all.length, bytes: all.reduce((sum, c) => sum + (c.storedBytes ?? 0), 0) };
  }

  /**
   * Keeps the conversations under `capBytes` by deleting the least recently used first, never one in
   * `keep` (running, or just used). Returns the titles of those deleted.
   */
  async enforceCap(capBytes: number, keep: ReadonlySet<string>): Promise<string[]> {
    if (capBytes <= 0) return [];
    const oldestFirst = (await this.store.listConversations()).sort((a, b) => a.updatedAt - b.updatedAt);
    let total = oldestFirst.reduce((sum, c) => sum + (c.storedBytes ?? 0), 0);
    const deleted: string[] = [];
    for (const conversation of oldestFirst) {
      if (total <= capBytes) break;
      if (keep.has(conversation.id)) continue;
      await this.store.deleteConversation(conversation.id);
      this.panels.unbind(conversation.id);
      total -= conversation.storedBytes ?? 0;
      deleted.push(conversation.title);
    }
    if (deleted.length > 0) await this.broadcastList();
    return deleted;
  }

  async summaries(): Promise<ConversationSummary[]> {
    const conversations = await this.store.listConversations();
    const runs = new Map((await this.store.listRuns()).map((record) => [record.conversationId, record]));
    return conversations.map((c) => ({
      id: c.id,
      title: c.title,
      ...(c.tabId !== undefined ? { tabId: c.tabId } : {}),
      ...(c.site ? { site: c.site } : {}),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      runStatus: this.isRunning(c.id) ? ('running' as const) : (runs.get(c.id)?.status ?? 'idle'),
      // Opened on a tab but never spoken in: the list leaves these out (a panel makes one per tab it binds).
      ...(c.title === NEW_CONVERSATION_TITLE && !runs.has(c.id) && !this.isRunning(c.id) ? { empty: true } : {}),
    }));
  }

  /** Sends the list to every panel (it changed). */
  async broadcastList(): Promise<void> {
    if (this.panels.size === 0) return;
    this.panels.toAll({ type: 'conversations', conversations: await this.summaries() });
  }

  // ---------- saving, in order ----------

  getRun(conversationId: string): Promise<RunRecord | undefined> {
    return this.store.getRun(conversationId);
  }

  getTranscript(conversationId: string): Promise<TranscriptEntry[]> {
    return this.store.getTranscript(conversationId);
  }

  saveRun(record: RunRecord): Promise<void> {
    return this.queue(record.conversationId, () => this.store.putRun(record));
  }

  saveTranscript(conversationId: string, entries: readonly TranscriptEntry[]): Promise<void> {
    const copy = entries.slice();
    return this.queue(conversationId, () => this.store.putTranscript(conversationId, copy));
  }

  private queue(conversationId: string, write: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(conversationId) ?? Promise.resolve()).then(write).catch((error: unknown) => {
      console.warn('Pagewright: saving the conversation failed', error);
    });
    this.writes.set(conversationId, next);
    return next;
  }
}
