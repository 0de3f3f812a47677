import { describe, expect, it } from 'vitest';
import { scheduleKey, type ScheduleState } from '../shared/schedules.js';
import type { Shortcut } from '../shared/shortcuts.js';
import { SCHEDULE_ALARM_PREFIX, Scheduler, type ScheduleStates } from './scheduler.js';

const NOW = Date.parse('2026-12-01T10:15:00Z');

function world(shortcuts: Shortcut[], states: ScheduleStates = {}) {
  const state = { now: NOW, states, alarms: new Map<string, number>(), runs: [] as Array<{ name: string; late: boolean }> };
  const scheduler = new Scheduler({
    now: () => state.now,
    shortcuts: async () => shortcuts,
    readStates: async () => structuredClone(state.states),
    writeStates: async (next) => void (state.states = structuredClone(next)),
    alarms: {
      create: (name, when) => void state.alarms.set(name, when),
      clear: async (name) => state.alarms.delete(name),
      names: async () => [...state.alarms.keys()],
    },
    run: async (shortcut, late) => {
      state.runs.push({ name: shortcut.name, late });
      return { status: 'done', text: `Answer of ${shortcut.name}`, ...(late ? { late } : {}) };
    },
  });
  return { state, scheduler };
}

const shortcut = (id: string, when: NonNullable<Shortcut['schedule']>['when'], paused = false): Shortcut => ({
  id,
  name: id,
  title: '',
  prompt: 'Check {{url}}',
  contexts: [],
  schedule: { when, startUrl: 'https://x.test/', mode: 'read-only', paused },
});

describe('Scheduler', () => {
  it('sets an alarm at the first time, runs when it comes, and sets the next', async () => {
    const daily = shortcut('daily', { kind: 'daily', time: '10:30' });
    const { state, scheduler } = world([daily]);
    await scheduler.sync();
    expect(state.alarms.get(SCHEDULE_ALARM_PREFIX + 'daily')).toBe(Date.parse('2026-12-01T10:30:00Z'));
    expect(state.runs).toEqual([]);
    state.now = Date.parse('2026-12-01T10:30:00Z');
    await scheduler.sync();
    await scheduler.idle();
    expect(state.runs).toEqual([{ name: 'daily', late: false }]);
    expect(state.alarms.get(SCHEDULE_ALARM_PREFIX + 'daily')).toBe(Date.parse('2026-12-02T10:30:00Z'));
    expect(state.states['daily']).toMatchObject({ lastRunAt: state.now, lastResult: { status: 'done', text: 'Answer of daily' } });
  });

  it('an alarm and a worker start at once run it once', async () => {
    const once = shortcut('once', { kind: 'once', at: NOW - 100 });
    const { state, scheduler } = world([once], { once: { key: scheduleKey(once.schedule!.when), nextRunAt: NOW - 100 } });
    await Promise.all([scheduler.sync(), scheduler.sync(), scheduler.sync()]);
    await scheduler.idle();
    expect(state.runs).toEqual([{ name: 'once', late: false }]);
    expect(state.alarms.size).toBe(0);
    expect(state.states['once']?.nextRunAt).toBeUndefined();
  });

  it('after the browser was closed for two days, a daily schedule runs once, late, at the next start', async () => {
    const daily = shortcut('daily', { kind: 'daily', time: '08:00' });
    const stored: ScheduleState = { key: scheduleKey(daily.schedule!.when), nextRunAt: Date.parse('2026-11-29T08:00:00Z') };
    const { state, scheduler } = world([daily], { daily: stored });
    await scheduler.sync();
    await scheduler.idle();
    expect(state.runs).toEqual([{ name: 'daily', late: true }]);
    expect(state.states['daily']).toMatchObject({ nextRunAt: Date.parse('2026-12-02T08:00:00Z'), lastResult: { late: true } });
  });

  it('clears the alarms of paused and removed schedules and keeps their results until removed', async () => {
    const paused = shortcut('paused', { kind: 'daily', time: '11:00' }, true);
    const { state, scheduler } = world([paused], { paused: { key: scheduleKey(paused.schedule!.when), nextRunAt: NOW + 1_000_000, lastRunAt: 1 } });
    state.alarms.set(SCHEDULE_ALARM_PREFIX + 'gone', NOW + 5);
    state.alarms.set('someone-else', NOW + 5);
    await scheduler.sync();
    expect([...state.alarms.keys()]).toEqual(['someone-else']);
    expect(state.states).toEqual({ paused: { key: scheduleKey(paused.schedule!.when), lastRunAt: 1 } });
  });

  it('an edited schedule starts its times over and keeps its last run', async () => {
    const before = shortcut('edited', { kind: 'daily', time: '08:00' });
    const lastResult = { status: 'done' as const, text: 'Two messages need an answer.' };
    const old = { key: scheduleKey(before.schedule!.when), nextRunAt: Date.parse('2026-12-02T08:00:00Z'), lastRunAt: 5, lastResult };
    const { state, scheduler } = world([shortcut('edited', { kind: 'daily', time: '11:45' })], { edited: old });
    await scheduler.sync();
    expect(state.runs).toEqual([]);
    expect(state.alarms.get(SCHEDULE_ALARM_PREFIX + 'edited')).toBe(Date.parse('2026-12-01T11:45:00Z'));
    expect(state.states['edited']).toEqual({
      key: scheduleKey({ kind: 'daily', time: '11:45' }),
      nextRunAt: Date.parse('2026-12-01T11:45:00Z'),
      lastRunAt: 5,
      lastResult,
    });
  });
});
