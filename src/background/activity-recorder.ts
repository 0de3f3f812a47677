/**
 * Writes a run's activity log from its loop events: every call that ran (allowed by someone) and is
 * not read-only — that is, every action that changed something, or may have, when it failed part way —
 * with when, where, what it did and who allowed it. Reads are not logged: they change nothing.
 */
import type { AgentEvent } from '../runtime/events.js';
import { findToolByName } from '../runtime/registry.js';
import type { Tools } from '../runtime/tool.js';
import { allowedByText, type ActivityEntry } from '../shared/activity.js';
import type { ActivityStore } from '../storage/activity.js';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One run's activity log writer. */
export class ActivityRecorder {
  private readonly started = new Map<string, { input: unknown; description: string }>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      conversationId: string;
      runId: string;
      tools: Tools;
      now: () => number;
      store?: ActivityStore;
      /** Who asked for the calls when it was not the person in the panel (a coding agent: "Claude Code"). */
      askedBy?: string;
    },
  ) {}

  /** Folds one loop event; a finished call that changed something becomes an entry. */
  onEvent(event: AgentEvent): void {
    if (!this.options.store) return;
    if (event.type === 'tool_call_started') {
      this.started.set(event.toolUseId, { input: event.input, description: event.description });
      return;
    }
    if (event.type !== 'tool_call_finished') return;
    const started = this.started.get(event.toolUseId);
    this.started.delete(event.toolUseId);
    const reason = event.permission;
    // Only calls that ran: a denial, a validation error or a stop before the call changed nothing.
    if ((event.status !== 'done' && event.status !== 'error') || !reason || reason.type === 'no_ui' || (reason.type === 'person' && reason.choice === 'deny'))
      return;
    if (this.isReadOnly(event.name, started?.input)) return;
    const text = event.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    const entry: ActivityEntry = {
      id: `${this.options.runId}:${event.toolUseId}`,
      conversationId: this.options.conversationId,
      runId: this.options.runId,
      toolUseId: event.toolUseId,
      at: this.options.now(),
      ...(event.site !== undefined ? { site: event.site } : {}),
      tool: event.name,
      did: clip([started?.description ?? event.name, event.effect].filter(Boolean).join(' — '), 600),
      status: event.status,
      outcome: clip(event.error ? `${event.error.code}: ${event.error.message}` : (text.split('\n')[0] ?? ''), 300),
      ...allowedByText(reason),
      ...(this.options.askedBy ? { askedBy: this.options.askedBy } : {}),
    };
    const store = this.options.store;
    this.writes = this.writes.then(() => store.add(entry)).catch((error: unknown) => console.warn('Pagewright: could not write the activity log', error));
  }

  /** Resolves when every entry so far is stored. */
  flushed(): Promise<void> {
    return this.writes;
  }

  private isReadOnly(name: string, input: unknown): boolean {
    const tool = findToolByName(this.options.tools, name);
    if (!tool) return false;
    try {
      return tool.isReadOnly(input as never);
    } catch {
      return false;
    }
  }
}
