/**
 * Writes a run's activity log from its loop events: every call that ran (allowed by someone) and is
 * not read-only — that is, every action that changed something, or may have, when it failed part way —
 * with when, where, what it did and who allowed it. Reads are not logged: they change nothing. A plan
 * the person approved or denied on its card is logged too: it decides what the acts after it may do.
 */
import type { AgentEvent } from '../runtime/events.js';
import { findToolByName } from '../runtime/registry.js';
import type { Plan } from '../runtime/permission-types.js';
import type { Tools } from '../runtime/tool.js';
import { allowedByText, type ActivityEntry } from '../shared/activity.js';
import type { ActivityStore } from '../storage/activity.js';
import { normalizePlan, updatePlan } from '../tools/agent/update-plan.js';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The plan a plan card answered: the tool's own output once approved, else its input as update_plan reads it. */
function planOf(output: unknown, input: unknown): Plan | undefined {
  const approved = (output as { plan?: Plan } | undefined)?.plan;
  if (approved && Array.isArray(approved.steps) && Array.isArray(approved.sites)) return approved;
  try {
    return normalizePlan(input as Plan);
  } catch {
    return undefined;
  }
}

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
    // The plan card's answer (a plan that was already approved, or one outside plan mode, asked nobody).
    if (event.name === updatePlan.name && reason?.type === 'person') {
      const plan = planOf(event.output, started?.input);
      if (plan) this.write(this.planEntry(event.toolUseId, plan, reason.choice === 'deny' ? { denied: reason.reason ?? '' } : {}));
      return;
    }
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
    this.write(entry);
  }

  /** "Plan approved" / "Plan denied", with its steps, its sites and the person's reason. */
  private planEntry(toolUseId: string, plan: Plan, { denied }: { denied?: string }): ActivityEntry {
    const hosts = plan.sites.map((site) => new URL(site).host).join(', ');
    const steps = `${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}`;
    return {
      id: `${this.options.runId}:${toolUseId}`,
      conversationId: this.options.conversationId,
      runId: this.options.runId,
      toolUseId,
      at: this.options.now(),
      tool: updatePlan.name,
      did: clip(`Plan ${denied === undefined ? 'approved' : 'denied'}: ${steps} on ${hosts}`, 600),
      status: denied === undefined ? 'done' : 'denied',
      outcome: clip(
        denied === undefined ? 'Acts on these sites run without asking; the rest still asks.' : `Denied.${denied ? ` Reason: ${denied}` : ''}`,
        300,
      ),
      ...(denied === undefined
        ? { allowedBy: 'the person (approved the plan)', allowedByKind: 'person' as const }
        : { allowedBy: 'no one (the person denied the plan)', allowedByKind: 'person' as const }),
      plan: { decision: denied === undefined ? 'approved' : 'denied', steps: plan.steps, sites: plan.sites, ...(denied ? { reason: clip(denied, 600) } : {}) },
    };
  }

  private write(entry: ActivityEntry): void {
    const store = this.options.store;
    if (!store) return;
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
