/**
 * Runs shortcuts on their schedules. The browser's alarms wake the worker at each time (they outlive a
 * stopped worker); the times themselves, and each run's outcome, are kept in storage, so a worker or
 * browser start recomputes every alarm and runs, once, whatever came due while the browser was closed
 * (that run says it was late). Every entry point (an alarm, a start, a settings change) is `sync()`, run
 * one after another, and a due run's next time is stored before it starts: a run is never started twice.
 *
 * Platform-free: the alarms, the storage and the run itself are passed in (unit-tested with a fake clock).
 */
import { messageOf } from '../runtime/errors.js';
import { scheduleStep, scheduleKey, type ScheduleState } from '../shared/schedules.js';
import type { Shortcut } from '../shared/shortcuts.js';

/** The alarm names this module owns. */
export const SCHEDULE_ALARM_PREFIX = 'pagewright-schedule:';

export type ScheduleStates = Record<string, ScheduleState>;

export interface SchedulerDeps {
  now(): number;
  /** The shortcuts as saved; undefined when the settings cannot be read (nothing is changed then). */
  shortcuts(): Promise<readonly Shortcut[] | undefined>;
  readStates(): Promise<ScheduleStates>;
  writeStates(states: ScheduleStates): Promise<void>;
  alarms: {
    create(name: string, when: number): Promise<void> | void;
    clear(name: string): Promise<unknown>;
    names(): Promise<string[]>;
  };
  /** Runs the shortcut unattended and says how it went. */
  run(shortcut: Shortcut & { schedule: NonNullable<Shortcut['schedule']> }, late: boolean): Promise<NonNullable<ScheduleState['lastResult']>>;
  report?(error: unknown): void;
}

export class Scheduler {
  private chain: Promise<void> = Promise.resolve();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: SchedulerDeps) {}

  /** Brings alarms and stored times in line with the saved schedules, and starts what is due. */
  sync(): Promise<void> {
    this.chain = this.chain.then(() => this.syncNow()).catch((error: unknown) => this.deps.report?.(error));
    return this.chain;
  }

  /** Resolves when every run started so far has ended and its result is stored (for tests). */
  async idle(): Promise<void> {
    await this.chain;
    await Promise.all(this.running.values());
  }

  private async syncNow(): Promise<void> {
    const shortcuts = await this.deps.shortcuts();
    if (!shortcuts) return;
    const now = this.deps.now();
    const states = await this.deps.readStates();
    const next: ScheduleStates = {};
    const due: Array<{ shortcut: Shortcut & { schedule: NonNullable<Shortcut['schedule']> }; late: boolean }> = [];
    for (const shortcut of shortcuts) {
      const schedule = shortcut.schedule;
      if (!schedule) continue;
      const previous = states[shortcut.id];
      const key = scheduleKey(schedule.when);
      const kept = previous?.key === key ? previous : undefined;
      const step = this.running.has(shortcut.id) ? { run: false as const, nextRunAt: kept?.nextRunAt } : scheduleStep(schedule, kept, now);
      // An edited schedule's times start over; its last run stays listed (it happened).
      const { nextRunAt: _old, ...rest } = { ...previous, key };
      next[shortcut.id] = { ...rest, ...(step.nextRunAt !== undefined ? { nextRunAt: step.nextRunAt } : {}) };
      if (step.run) due.push({ shortcut: { ...shortcut, schedule }, late: step.late });
    }
    // Stored before anything starts: a sync right after (another alarm, a restart) finds the next time, not this one.
    await this.deps.writeStates(next);
    const wanted = new Set<string>();
    for (const [id, state] of Object.entries(next)) {
      if (state.nextRunAt === undefined) continue;
      wanted.add(SCHEDULE_ALARM_PREFIX + id);
      await this.deps.alarms.create(SCHEDULE_ALARM_PREFIX + id, state.nextRunAt);
    }
    for (const name of await this.deps.alarms.names()) if (name.startsWith(SCHEDULE_ALARM_PREFIX) && !wanted.has(name)) await this.deps.alarms.clear(name);
    for (const { shortcut, late } of due) this.start(shortcut, late, now);
  }

  private start(shortcut: Shortcut & { schedule: NonNullable<Shortcut['schedule']> }, late: boolean, startedAt: number): void {
    const done = (async () => {
      let result: NonNullable<ScheduleState['lastResult']>;
      try {
        result = await this.deps.run(shortcut, late);
      } catch (error) {
        result = { status: 'error', text: messageOf(error), ...(late ? { late } : {}) };
      }
      // The result joins the chain, so it never races a sync's write of the states.
      this.chain = this.chain.then(async () => {
        const states = await this.deps.readStates();
        const state = states[shortcut.id];
        if (!state) return; // deleted while it ran
        await this.deps.writeStates({ ...states, [shortcut.id]: { ...state, lastRunAt: startedAt, lastResult: result } });
      });
      await this.chain;
    })()
      .catch((error: unknown) => this.deps.report?.(error))
      .finally(() => this.running.delete(shortcut.id));
    this.running.set(shortcut.id, done);
  }
}
