// A fixed zone with no daylight-saving shifts: the local-time arithmetic is checked against known instants.
process.env.TZ = 'UTC';
import { describe, expect, it } from 'vitest';
import { LATE_AFTER_MS, nextRunAfter, scheduleKey, scheduleStep, type Schedule } from './schedules.js';

const at = (iso: string) => Date.parse(iso);
// Tuesday, 1 December 2026, 10:15 UTC.
const NOW = at('2026-12-01T10:15:00Z');
const schedule = (when: Schedule['when'], extra: Partial<Schedule> = {}): Schedule => ({
  when,
  startUrl: 'https://x.test/',
  mode: 'read-only',
  paused: false,
  ...extra,
});

describe('the next run time', () => {
  it('once: its time while ahead, then none', () => {
    expect(nextRunAfter({ kind: 'once', at: NOW + 5_000 }, NOW)).toBe(NOW + 5_000);
    expect(nextRunAfter({ kind: 'once', at: NOW }, NOW)).toBeUndefined();
  });
  it('every N hours: counted from its start, strictly after', () => {
    const from = at('2026-12-01T06:00:00Z');
    expect(nextRunAfter({ kind: 'hours', every: 3, from }, NOW)).toBe(at('2026-12-01T12:00:00Z'));
    expect(nextRunAfter({ kind: 'hours', every: 3, from }, at('2026-12-01T12:00:00Z'))).toBe(at('2026-12-01T15:00:00Z'));
    expect(nextRunAfter({ kind: 'hours', every: 3, from: NOW + 60_000 }, NOW)).toBe(NOW + 60_000);
  });
  it('daily: today when the time is ahead, else tomorrow', () => {
    expect(nextRunAfter({ kind: 'daily', time: '10:30' }, NOW)).toBe(at('2026-12-01T10:30:00Z'));
    expect(nextRunAfter({ kind: 'daily', time: '10:15' }, NOW)).toBe(at('2026-12-02T10:15:00Z'));
    expect(nextRunAfter({ kind: 'daily', time: '08:00' }, at('2026-12-31T09:00:00Z'))).toBe(at('2027-01-01T08:00:00Z'));
  });
  it('weekly: the next such weekday at the time (Sunday = 0)', () => {
    expect(nextRunAfter({ kind: 'weekly', day: 2, time: '11:00' }, NOW)).toBe(at('2026-12-01T11:00:00Z'));
    expect(nextRunAfter({ kind: 'weekly', day: 2, time: '09:00' }, NOW)).toBe(at('2026-12-08T09:00:00Z'));
    expect(nextRunAfter({ kind: 'weekly', day: 0, time: '09:00' }, NOW)).toBe(at('2026-12-06T09:00:00Z'));
  });
});

describe('what to do at a worker start or an alarm', () => {
  const daily = schedule({ kind: 'daily', time: '08:00' });
  const key = scheduleKey(daily.when);
  it('a new schedule waits for its first time', () => {
    expect(scheduleStep(daily, undefined, NOW)).toEqual({ run: false, nextRunAt: at('2026-12-02T08:00:00Z') });
  });
  it('a time that has come runs, on time, and the next is counted from now', () => {
    const due = at('2026-12-01T10:15:00Z') - 500;
    expect(scheduleStep(daily, { key, nextRunAt: due }, NOW)).toEqual({ run: true, late: false, nextRunAt: at('2026-12-02T08:00:00Z') });
  });
  it('an alarm a moment early still counts as due', () => {
    expect(scheduleStep(daily, { key, nextRunAt: NOW + 800 }, NOW).run).toBe(true);
    expect(scheduleStep(daily, { key, nextRunAt: NOW + 5_000 }, NOW).run).toBe(false);
  });
  it('missed while the browser was closed: runs once, late, however many times were missed', () => {
    const weekAgo = NOW - 7 * 86_400_000;
    expect(scheduleStep(daily, { key, nextRunAt: weekAgo }, NOW)).toEqual({ run: true, late: true, nextRunAt: at('2026-12-02T08:00:00Z') });
    expect(scheduleStep(daily, { key, nextRunAt: NOW - LATE_AFTER_MS - 1 }, NOW)).toMatchObject({ late: true });
  });
  it('a once missed runs late and then has no next time', () => {
    const once = schedule({ kind: 'once', at: NOW - 3_600_000 });
    expect(scheduleStep(once, { key: scheduleKey(once.when), nextRunAt: once.when.kind === 'once' ? once.when.at : 0 }, NOW)).toEqual({
      run: true,
      late: true,
      nextRunAt: undefined,
    });
  });
  it('a changed schedule starts over; a paused one has no next time', () => {
    expect(scheduleStep(daily, { key: 'old', nextRunAt: NOW - 1 }, NOW)).toEqual({ run: false, nextRunAt: at('2026-12-02T08:00:00Z') });
    expect(scheduleStep({ ...daily, paused: true }, { key, nextRunAt: NOW - 1 }, NOW)).toEqual({ run: false, nextRunAt: undefined });
  });
  it('resumed after a pause: waits for its next time after now (what came due meanwhile does not run)', () => {
    expect(scheduleStep(daily, { key }, NOW)).toEqual({ run: false, nextRunAt: at('2026-12-02T08:00:00Z') });
    const later = schedule({ kind: 'once', at: NOW + 60_000 });
    expect(scheduleStep(later, { key: scheduleKey(later.when) }, NOW)).toEqual({ run: false, nextRunAt: NOW + 60_000 });
    // A once that has run keeps no next time.
    const ran = schedule({ kind: 'once', at: NOW - 60_000 });
    expect(scheduleStep(ran, { key: scheduleKey(ran.when), lastRunAt: NOW - 60_000 }, NOW)).toEqual({ run: false, nextRunAt: undefined });
  });
});
