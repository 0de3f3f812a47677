/**
 * When a shortcut runs on its own: once at a time, every N hours, daily or weekly at a time (the
 * browser's local time). The arithmetic is pure (a clock is passed in) so it is tested without waiting;
 * the worker turns the next time into a `chrome.alarms` alarm (src/background/schedules.ts).
 */
import { z } from 'zod';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A run that starts this long after its time says it was late (the browser was closed, or asleep). */
export const LATE_AFTER_MS = 2 * 60_000;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Enter a time such as 08:30.' });

export const scheduleWhenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('once'), at: z.number().int().min(0) }),
  z.object({ kind: z.literal('hours'), every: z.number().int().min(1).max(168), from: z.number().int().min(0) }),
  z.object({ kind: z.literal('daily'), time: timeOfDay }),
  z.object({ kind: z.literal('weekly'), day: z.number().int().min(0).max(6), time: timeOfDay }),
]);
export type ScheduleWhen = z.infer<typeof scheduleWhenSchema>;

/**
 * The permission mode of an unattended run. Nobody is there to answer a prompt, so in `ask` an act that
 * would ask is refused (not prompted) and the run reports it; `read-only` (the default) only reads.
 */
export const scheduleModeSchema = z.enum(['read-only', 'ask', 'auto']);
export type ScheduleMode = z.infer<typeof scheduleModeSchema>;

export const scheduleSchema = z.object({
  when: scheduleWhenSchema,
  /** The page the run opens in a background tab of its own (closed after). */
  startUrl: z.url({ protocol: /^https?$/ }),
  mode: scheduleModeSchema.default('read-only'),
  paused: z.boolean().default(false),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** What the worker keeps of a schedule between runs (chrome.storage.local, by shortcut id). */
export const scheduleStateSchema = z.object({
  /** The schedule's `when` these times were computed for: a changed schedule starts over. */
  key: z.string(),
  nextRunAt: z.number().optional(),
  lastRunAt: z.number().optional(),
  lastResult: z
    .object({
      status: z.enum(['done', 'error', 'refused']),
      /** The first lines of the answer, or what went wrong. */
      text: z.string(),
      late: z.boolean().optional(),
      conversationId: z.string().optional(),
    })
    .optional(),
});
export type ScheduleState = z.infer<typeof scheduleStateSchema>;

/** The key a state is kept under for this `when`. */
export const scheduleKey = (when: ScheduleWhen): string => JSON.stringify(when);

/** Local midnight-relative time "HH:MM" on the day of `base` (local time). */
function atTime(base: number, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const date = new Date(base);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** The first run time strictly after `after`, or undefined when there is none (a once that has passed). */
export function nextRunAfter(when: ScheduleWhen, after: number): number | undefined {
  switch (when.kind) {
    case 'once':
      return when.at > after ? when.at : undefined;
    case 'hours': {
      const every = when.every * HOUR_MS;
      if (when.from > after) return when.from;
      return when.from + (Math.floor((after - when.from) / every) + 1) * every;
    }
    case 'daily': {
      const today = atTime(after, when.time);
      if (today.getTime() > after) return today.getTime();
      today.setDate(today.getDate() + 1);
      return today.getTime();
    }
    case 'weekly': {
      const date = atTime(after, when.time);
      const ahead = (when.day - date.getDay() + 7) % 7;
      date.setDate(date.getDate() + ahead);
      if (date.getTime() <= after) date.setDate(date.getDate() + 7);
      return date.getTime();
    }
  }
}

/** What to do with a schedule now: run it (late or on time), or wait for `nextRunAt` (none: nothing more). */
export type ScheduleStep = { run: true; late: boolean; nextRunAt: number | undefined } | { run: false; nextRunAt: number | undefined };

/**
 * The decision at `now`, from the stored state. A time that has come runs once, however many times were
 * missed while the browser was closed (a daily schedule after a week away runs once, late); the next time
 * is then counted from now. A new or changed schedule starts with its first time after now. An alarm may
 * fire a moment early or be rounded: a time within a second is due.
 */
export function scheduleStep(schedule: Schedule, state: ScheduleState | undefined, now: number): ScheduleStep {
  const key = scheduleKey(schedule.when);
  if (schedule.paused) return { run: false, nextRunAt: undefined };
  if (!state || state.key !== key) {
    const first = schedule.when.kind === 'once' ? (schedule.when.at > now - LATE_AFTER_MS ? schedule.when.at : undefined) : nextRunAfter(schedule.when, now);
    if (first !== undefined && first <= now + 1_000) return { run: true, late: false, nextRunAt: nextRunAfter(schedule.when, now) };
    return { run: false, nextRunAt: first };
  }
  const due = state.nextRunAt;
  // No time kept: it was paused (a pause drops it) or it was a once that has run. Resumed, it waits for
  // its next time after now — what came due during the pause does not run (a once that has run has none).
  if (due === undefined) return { run: false, nextRunAt: nextRunAfter(schedule.when, now) };
  if (due > now + 1_000) return { run: false, nextRunAt: due };
  return { run: true, late: now - due > LATE_AFTER_MS, nextRunAt: nextRunAfter(schedule.when, now) };
}

/** How a schedule reads in Settings ("Daily at 08:30", "Every 6 hours"). */
export function describeWhen(when: ScheduleWhen, format: (at: number) => string): string {
  const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  switch (when.kind) {
    case 'once':
      return `Once, ${format(when.at)}`;
    case 'hours':
      return when.every === 1 ? 'Every hour' : `Every ${when.every} hours`;
    case 'daily':
      return `Daily at ${when.time}`;
    case 'weekly':
      return `Every ${DAYS[when.day] ?? 'week'} at ${when.time}`;
  }
}

export { DAY_MS, HOUR_MS };
