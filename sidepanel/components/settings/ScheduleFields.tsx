/** A shortcut's schedule in Settings → Shortcuts: when it runs, the page it opens, and what it may do. */
import type { Schedule, ScheduleWhen } from '../../../src/shared/schedules.js';
import { a11y, Field } from '../settings-fields.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MODES: ReadonlyArray<[Schedule['mode'], string]> = [
  ['read-only', 'Only read (nothing is changed)'],
  ['ask', 'Refuse what would ask (nobody is there to answer)'],
  ['auto', 'Act without asking (destructive acts are still refused)'],
];

/** "YYYY-MM-DDTHH:MM" in local time, as a datetime-local input shows it. */
const localInput = (at: number): string => {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A new `when` of a kind, starting from the hour after now. */
function whenOfKind(kind: ScheduleWhen['kind'] | 'none', previous: ScheduleWhen | undefined): ScheduleWhen | undefined {
  const nextHour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const time = previous && 'time' in previous ? previous.time : '08:00';
  switch (kind) {
    case 'none':
      return undefined;
    case 'once':
      return { kind, at: nextHour };
    case 'hours':
      return { kind, every: 6, from: nextHour };
    case 'daily':
      return { kind, time };
    case 'weekly':
      return { kind, day: 1, time };
  }
}

/** The schedule fields of shortcut `index`; `onChange(undefined)` removes the schedule. */
export function ScheduleFields({
  index,
  schedule,
  errors,
  onChange,
}: {
  index: number;
  schedule: Schedule | undefined;
  errors: Readonly<Record<string, string>>;
  onChange: (schedule: Schedule | undefined) => void;
}) {
  const path = `shortcuts.${index}.schedule`;
  const when = schedule?.when;
  const set = (patch: Partial<Schedule>) => schedule && onChange({ ...schedule, ...patch });
  const setWhen = (next: ScheduleWhen) => set({ when: next });
  return (
    <fieldset class="schedule-fields">
      <legend>Run on a schedule</legend>
      <Field path={`${path}.when.kind`} label="When" errors={errors}>
        <select
          {...a11y(`${path}.when.kind`, errors)}
          value={when?.kind ?? 'none'}
          onChange={(e) => {
            const next = whenOfKind(e.currentTarget.value as ScheduleWhen['kind'] | 'none', when);
            onChange(next ? { startUrl: schedule?.startUrl ?? '', mode: schedule?.mode ?? 'read-only', paused: false, when: next } : undefined);
          }}
        >
          <option value="none">Not scheduled</option>
          <option value="once">Once</option>
          <option value="hours">Every few hours</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
        </select>
      </Field>
      {when?.kind === 'once' && (
        <Field path={`${path}.when.at`} label="At" errors={errors}>
          <input
            type="datetime-local"
            {...a11y(`${path}.when.at`, errors)}
            value={localInput(when.at)}
            onInput={(e) => {
              const at = new Date(e.currentTarget.value).getTime();
              if (Number.isFinite(at)) setWhen({ ...when, at });
            }}
          />
        </Field>
      )}
      {when?.kind === 'hours' && (
        <Field path={`${path}.when.every`} label="Every how many hours" errors={errors}>
          <input
            type="number"
            min={1}
            max={168}
            {...a11y(`${path}.when.every`, errors)}
            value={when.every}
            onInput={(e) => setWhen({ ...when, every: Number(e.currentTarget.value) })}
          />
        </Field>
      )}
      {when?.kind === 'weekly' && (
        <Field path={`${path}.when.day`} label="Day" errors={errors}>
          <select {...a11y(`${path}.when.day`, errors)} value={when.day} onChange={(e) => setWhen({ ...when, day: Number(e.currentTarget.value) })}>
            {DAYS.map((day, n) => (
              <option key={day} value={n}>
                {day}
              </option>
            ))}
          </select>
        </Field>
      )}
      {(when?.kind === 'daily' || when?.kind === 'weekly') && (
        <Field path={`${path}.when.time`} label="Time" errors={errors}>
          <input type="time" {...a11y(`${path}.when.time`, errors)} value={when.time} onInput={(e) => setWhen({ ...when, time: e.currentTarget.value })} />
        </Field>
      )}
      {schedule && (
        <>
          <Field path={`${path}.startUrl`} label="Page to open" errors={errors} hint="It opens in a background tab of its own, closed after the run.">
            <input
              type="url"
              placeholder="https://example.com/inbox"
              {...a11y(`${path}.startUrl`, errors)}
              value={schedule.startUrl}
              onInput={(e) => set({ startUrl: e.currentTarget.value.trim() })}
            />
          </Field>
          <Field path={`${path}.mode`} label="While nobody watches" errors={errors}>
            <select {...a11y(`${path}.mode`, errors)} value={schedule.mode} onChange={(e) => set({ mode: e.currentTarget.value as Schedule['mode'] })}>
              {MODES.map(([mode, label]) => (
                <option key={mode} value={mode}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
    </fieldset>
  );
}
