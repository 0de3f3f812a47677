/** Settings → Shortcuts: the scheduled shortcuts, each with its next run and last result, Pause and Delete. */
import { useEffect } from 'preact/hooks';
import { describeWhen, nextRunAfter, scheduleKey } from '../../../src/shared/schedules.js';
import type { AppModel } from '../../models/app-model.js';

const when = (at: number) => new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

const RESULT_WORDS = { done: 'Finished', error: 'Failed', refused: 'Finished, with acts refused' } as const;

/** The schedule list (refreshed every few seconds while shown, so a run that just ended appears). */
export function ScheduleList({ app }: { app: AppModel }) {
  const model = app.schedules;
  useEffect(() => {
    const timer = setInterval(() => void model.refresh(), 5_000);
    return () => clearInterval(timer);
  }, [model]);
  const saved = app.settings.saved.value.shortcuts;
  // Each save (an edit, Pause, Resume, Delete) reads the times again at once, not at the next tick.
  useEffect(() => void model.refresh(), [model, saved]);
  const scheduled = saved.filter((s) => s.schedule !== undefined);
  const states = model.states.value;
  return (
    <section class="schedules" aria-labelledby="schedules-title">
      <h3 id="schedules-title">Schedules</h3>
      {scheduled.length === 0 && <p class="muted">No shortcut runs on a schedule. Choose “When” under a shortcut below.</p>}
      {model.error.value && (
        <p class="field-error" role="alert">
          {model.error.value}
        </p>
      )}
      <ul class="schedule-list">
        {scheduled.map((shortcut) => {
          const schedule = shortcut.schedule;
          if (!schedule) return null;
          const state = states[shortcut.id];
          // A next time kept for the schedule as it was before an edit is not this one's: until the worker's
          // own comes back, the list counts it the way the worker will.
          const nextRunAt = state?.key === scheduleKey(schedule.when) ? state.nextRunAt : nextRunAfter(schedule.when, Date.now());
          const last = state?.lastResult;
          return (
            <li key={shortcut.id} data-schedule={shortcut.name}>
              <strong>/{shortcut.name}</strong>
              <span>
                {describeWhen(schedule.when, when)} · opens {hostOf(schedule.startUrl)}
              </span>
              <span class="muted">{schedule.paused ? 'Paused' : nextRunAt !== undefined ? `Next run: ${when(nextRunAt)}` : 'No run ahead'}</span>
              <span class="muted" data-last-result={last?.status ?? 'none'}>
                {last && state?.lastRunAt !== undefined
                  ? `Last run ${when(state.lastRunAt)}${last.late ? ' (late)' : ''}: ${RESULT_WORDS[last.status]}. ${last.text}`
                  : 'Not run yet.'}
              </span>
              <div class="schedule-actions">
                <button type="button" onClick={() => void model.setPaused(shortcut.id, !schedule.paused)}>
                  {schedule.paused ? 'Resume' : 'Pause'}
                </button>
                <button
                  type="button"
                  class="link-button"
                  aria-label={`Delete the schedule of /${shortcut.name}`}
                  onClick={() => void model.deleteSchedule(shortcut.id)}
                >
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
